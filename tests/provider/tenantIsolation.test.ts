// One stack for two end customers of an MSP (the demo tenant's administrator, through the
// service's delegated access), through the real runtime and provider host under the engine
// harness, against the emulator. The same resources (same names, the same AP serial number) in
// customer A and customer B: every request of the run goes to one customer's paths with that
// customer in the tenant header, never two tenants' objects in one call, and each customer's
// request records name only its own objects. A reference to the other customer's object, and a
// tenant the login may not reach, fail at preview; up gets the service's 403. Moving a resource
// to another tenant replaces it; naming the configured tenant explicitly changes nothing.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { destroy, preview, refresh, type RunResult, type StackOptions, up } from "../../harness";
import type { NmsClient } from "../../provider/client";
import { adminApi, demoClient } from "../support/emulatorClient";

jest.setTimeout(300_000);

type Props = Record<string, any>;
type LogEntry = { op: string; status: number; tenantId: string | null; tenantHeader?: string; path: string };

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(ROOT, "tests", "sdk", "fixtures", "kinds", "index.js");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-tenant-isolation-"));

let emulator: RunningEmulator;
let msp: NmsClient;
const tenants: Record<"a" | "b" | "outsider", string> = { a: "", b: "", outsider: "" };
/** What each customer held before the stack (its administrators). */
const seeded: Record<"a" | "b", string[]> = { a: [], b: [] };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10 });
  msp = demoClient(emulator);
  for (const key of ["a", "b", "outsider"] as const)
    tenants[key] = (await adminApi(emulator, "POST", "tenants", { name: `Customer ${key}` })).tenantId;
  for (const key of ["a", "b"] as const) {
    await adminApi(emulator, "PUT", `tenants/${tenants[key]}/msp`, { mspTenantId: emulator.demo.tenantId });
    seeded[key] = Object.values(await heldBy(tenants[key])).flat();
  }
});

afterAll(async () => {
  await msp.close();
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The same set-up in a customer's tenant, every resource named after the customer (`a-hq`), the objects' names equal. */
function customerResources(key: "a" | "b"): Props[] {
  const t = tenants[key];
  const ref = (name: string) => `\${${key}-${name}}`;
  return [
    { name: `${key}-hq`, kind: "Venue", args: { name: "HQ", tenantId: t } },
    { name: `${key}-lobby`, kind: "ApGroup", args: { name: "Lobby", venueId: ref("hq"), tenantId: t } },
    {
      name: `${key}-guests`,
      kind: "Network",
      args: {
        name: "Guests",
        type: "guest",
        wlan: { ssid: "guests" },
        guestPortal: { guestNetworkType: "GuestPass" },
        tenantId: t,
      },
    },
    {
      name: `${key}-guests-at-hq`,
      kind: "NetworkVenueActivation",
      args: { networkId: ref("guests"), venueId: ref("hq"), isAllAPGroups: true, tenantId: t },
    },
    { name: `${key}-radio`, kind: "VenueRadio", args: { venueId: ref("hq"), tenantId: t } },
    // A serial number of each customer's own: a device belongs to one tenant (emulator/README.md, "Roles and devices").
    // APs and guest users made together share array calls, per tenant.
    {
      name: `${key}-ap`,
      kind: "Ap",
      args: {
        serialNumber: key === "a" ? "412345678901" : "412345678911",
        name: "Lobby AP",
        venueId: ref("hq"),
        tenantId: t,
      },
    },
    {
      name: `${key}-ap2`,
      kind: "Ap",
      args: {
        serialNumber: key === "a" ? "412345678902" : "412345678912",
        name: "Desk AP",
        venueId: ref("hq"),
        tenantId: t,
      },
    },
    {
      name: `${key}-visitor`,
      kind: "GuestUser",
      args: {
        name: "Visitor",
        mobilePhoneNumber: "+351910000001",
        networkId: ref("guests"),
        deliveryMethods: ["SMS"],
        expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
        maxDevices: 2,
        tenantId: t,
      },
    },
    {
      name: `${key}-noc`,
      kind: "NotificationRecipient",
      args: { description: "NOC", endpoints: [{ type: "EMAIL", destination: "noc@msp.example" }], tenantId: t },
    },
    { name: `${key}-campus`, kind: "SwitchProfile", args: { name: "Campus", tenantId: t } },
    {
      name: `${key}-users`,
      kind: "SwitchVlan",
      args: { profileId: ref("campus"), vlanId: 100, vlanName: "users", tenantId: t },
    },
  ];
}

function stack(
  resources: Props[],
  config: Record<string, string> = {},
  statePath = path.join(dir, "state.json"),
): StackOptions {
  return {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "kinds",
    stackName: "msp",
    statePath,
    passphrase: "tenant isolation passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "kinds:resources": JSON.stringify(resources),
      ...config,
    },
    secretConfig: { "nms:password": emulator.demo.password },
  };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

const ownResource = { name: "own", kind: "Venue", args: { name: "MSP office" } };
const mover = (key: "a" | "b") => ({ name: "mover", kind: "Venue", args: { name: "Mover", tenantId: tenants[key] } });
const everything = (extra: Props[] = [ownResource, mover("a")]) => [
  ...customerResources("a"),
  ...customerResources("b"),
  ...extra,
];

/** The requests served since the log was cleared, the admin API left out. */
async function served(): Promise<LogEntry[]> {
  return ((await adminApi(emulator, "GET", "log")).entries as LogEntry[]).filter((e) => e.op !== "admin");
}

/** Every service request went to one tenant's paths, named the same tenant in its header when it was not the login's own, and went only to `allowed`. */
async function expectIsolated(allowed: string[]): Promise<LogEntry[]> {
  const entries = await served();
  const calls = entries.filter((e) => e.op !== "login");
  expect(calls.length).toBeGreaterThan(0);
  for (const e of calls) {
    expect(allowed).toContain(e.tenantId);
    if (e.tenantId !== emulator.demo.tenantId)
      expect([e.op, e.tenantId, e.tenantHeader]).toEqual([e.op, e.tenantId, e.tenantId]);
    else expect([e.op, e.tenantHeader ?? e.tenantId]).toEqual([e.op, e.tenantId]);
  }
  return calls;
}

/** The calls went to these tenants only, one or two to each (a customer's two APs in one call, or one each). */
function expectOneOrTwoEach(calls: LogEntry[], expected: string[]): void {
  const counts: Record<string, number> = {};
  for (const call of calls) counts[String(call.tenantId)] = (counts[String(call.tenantId)] ?? 0) + 1;
  expect(Object.keys(counts).sort()).toEqual([...expected].sort());
  for (const [tenant, n] of Object.entries(counts)) expect([tenant, n === 1 || n === 2]).toEqual([tenant, true]);
}

/** Every ID a tenant holds, by kind. */
async function heldBy(tenant: string): Promise<Record<string, string[]>> {
  const held = (await adminApi(emulator, "GET", `tenants/${tenant}/objects`)) as Record<string, Props[]>;
  return Object.fromEntries(
    Object.entries(held).map(([kind, objects]) => [
      kind,
      objects.filter((o) => !(kind === "apGroups" && o.isDefault)).map((o) => String(o.id ?? o.serialNumber)),
    ]),
  );
}

/** The entity IDs every request record of a tenant names. */
async function recordedEntities(tenant: string): Promise<Set<string>> {
  const view = msp.forTenant(tenant);
  const records = (
    await Promise.all(
      ["SUCCESS", "FAIL", "PENDING"].map((status) => view.list<Props>("listRequestsByStatus", { status })),
    )
  ).flat();
  return new Set(records.flatMap((r) => String(r.entityId ?? "").split(",")).filter((id) => id !== ""));
}

describe("one stack, two end customers", () => {
  let outputs: Record<string, string> = {};

  it("up creates each customer's objects in its own tenant, every request in that tenant's path and header", async () => {
    await adminApi(emulator, "DELETE", "log");
    outputs = ok(await up(stack(everything()))).outputs as Record<string, string>;
    await expectIsolated([tenants.a, tenants.b, emulator.demo.tenantId]);
    const idsOf = (key: "a" | "b") => customerResources(key).map((r) => outputs[r.name]);
    for (const [key, other] of [
      ["a", "b"],
      ["b", "a"],
    ] as const) {
      const held = Object.values(await heldBy(tenants[key])).flat();
      // Each customer holds its own resources' objects (and the mover, in A), none of the other's.
      for (const id of idsOf(key)) expect(held).toContain(id);
      for (const id of idsOf(other).filter((id) => !idsOf(key).includes(id))) expect(held).not.toContain(id);
      // Its request records name only objects it holds: no write of the other customer's was recorded (made) here.
      const recorded = await recordedEntities(tenants[key]);
      for (const id of idsOf(other).filter((id) => !idsOf(key).includes(id))) expect(recorded).not.toContain(id);
      expect([...recorded].filter((id) => !held.includes(id) && id !== outputs.mover)).toEqual([]);
    }
    // The MSP's own tenant holds the one resource that leaves tenantId out, and nothing of the customers'.
    const own = Object.values(await heldBy(emulator.demo.tenantId)).flat();
    expect(own).toContain(outputs.own);
    for (const id of [...idsOf("a"), ...idsOf("b")].filter((id) => !/^\d{12}$/.test(id))) expect(own).not.toContain(id);
  });

  it("array creates (APs) went to each customer's own tenant, never two tenants' objects in one call", async () => {
    // Checked on the up's log, which the previous step left.
    // Whether a customer's two APs share one call depends on their registrations meeting within the batch window, which
    // the engine's serial Check and Diff make a matter of timing (the sharing itself: client/tenantViews.test.ts).
    // Here: each call went to one customer, and each customer's APs took one or two calls.
    const creates = (await served()).filter((e) => e.op === "createAps");
    expectOneOrTwoEach(creates, [tenants.a, tenants.b]);
  });

  it("a second preview shows no changes, reading each customer in its own tenant", async () => {
    await adminApi(emulator, "DELETE", "log");
    expect(ok(await preview(stack(everything()))).changes).toBe(0);
    await expectIsolated([tenants.a, tenants.b, emulator.demo.tenantId]);
  });

  it("a move to the other customer replaces the resource; naming the configured tenant explicitly changes nothing", async () => {
    const moved = [{ ...ownResource, args: { ...ownResource.args, tenantId: emulator.demo.tenantId } }, mover("b")];
    const planned = ok(await preview(stack(everything(moved))));
    const changed = planned.steps
      .filter((s) => s.custom && s.op !== "same")
      .map((s) => [s.name, s.op, s.replaceFields]);
    expect(changed).toEqual([["mover", "replace", ["tenantId"]]]);
    await adminApi(emulator, "DELETE", "log");
    const result = ok(await up(stack(everything(moved))));
    const newId = result.outputs.mover as string;
    expect((await heldBy(tenants.b)).venues).toContain(newId);
    expect((await heldBy(tenants.a)).venues).not.toContain(outputs.mover);
    // The create went to B, the delete of the old object to A (the MSP's own tenant is read for the resource that stays there).
    const entries = await expectIsolated([tenants.a, tenants.b, emulator.demo.tenantId]);
    expect(entries.filter((e) => e.op === "createVenue").map((e) => e.tenantId)).toEqual([tenants.b]);
    expect(entries.filter((e) => e.op === "deleteVenue" || e.op === "deleteVenues").map((e) => e.tenantId)).toEqual([
      tenants.a,
    ]);
    // Leaving the configured tenant out again is the same tenant too.
    expect(ok(await preview(stack(everything([ownResource, mover("b")])))).changes).toBe(0);
  });

  it("a refresh reads each object in its tenant and finds nothing changed", async () => {
    await adminApi(emulator, "DELETE", "log");
    const refreshed = ok(await refresh(stack(everything([ownResource, mover("b")]))));
    expect(refreshed.steps.filter((s) => s.custom && s.op !== "same").map((s) => s.name)).toEqual([]);
    await expectIsolated([tenants.a, tenants.b, emulator.demo.tenantId]);
  });

  it("a reference to the other customer's object, and a tenant the login may not reach, fail at preview with the reason", async () => {
    const wrong = [
      { name: "cross", kind: "ApGroup", args: { name: "Cross", venueId: outputs["a-hq"], tenantId: tenants.b } },
      { name: "outside", kind: "Venue", args: { name: "Outside", tenantId: tenants.outsider } },
    ];
    // The engine stops a preview at its first failed Check: each in a preview of its own.
    const failures: Record<string, string[]> = {};
    for (const resource of wrong) {
      const result = await preview(stack([resource], {}, path.join(dir, `wrong-${resource.name}.json`)));
      expect(result.failed).toBe(true);
      for (const step of result.steps.filter((s) => s.failures))
        failures[step.name] = step.failures!.map((f) => `${f.property}: ${f.reason}`);
    }
    expect(failures.cross).toEqual([
      `venueId: no nms:Venue with ID "${outputs["a-hq"]}" exists in tenant ${tenants.b}, so up would be refused`,
    ]);
    expect(failures.outside).toEqual([
      expect.stringMatching(
        new RegExp(
          `^tenantId: tenant ${tenants.outsider} cannot be reached with the configured login .*HTTP 403.*NMS-FORBIDDEN-TENANT`,
        ),
      ),
    ]);
  });

  it("up in a tenant the login may not reach fails with the service's 403 (preview reads off)", async () => {
    const outside = [{ name: "outside", kind: "Venue", args: { name: "Outside", tenantId: tenants.outsider } }];
    const result = await up(stack(outside, { "nms:offlinePreview": "true" }, path.join(dir, "outside.json")));
    expect(result.failed).toBe(true);
    expect(result.errors.join("\n")).toMatch(/outside.*HTTP 403.*NMS-FORBIDDEN-TENANT/s);
    expect((await heldBy(tenants.outsider)).venues).toEqual([]);
  });

  it("destroy deletes each customer's objects in its own tenant", async () => {
    await adminApi(emulator, "DELETE", "log");
    ok(await destroy(stack(everything([ownResource, mover("b")]))));
    const calls = await expectIsolated([tenants.a, tenants.b, emulator.demo.tenantId]);
    // Deletes made together share bulk calls (deleteAps: each customer's two APs), per tenant: never one call for two tenants (one
    // or two calls a customer, as the APs' deletes meet within the batch window or not; one alone is a deleteAp).
    expectOneOrTwoEach(
      calls.filter((e) => e.op === "deleteAps" || e.op === "deleteAp"),
      [tenants.a, tenants.b],
    );
    // What a customer held before the stack: its seeded administrators and recovery PSK.
    for (const key of ["a", "b"] as const)
      expect(
        Object.values(await heldBy(tenants[key]))
          .flat()
          .filter((id) => !seeded[key].includes(id)),
      ).toEqual([]);
  });
});
