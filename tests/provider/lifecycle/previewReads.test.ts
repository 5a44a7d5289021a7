// What a preview learns from the service (provider/previewReads.ts), through the real runtime and
// provider host under the engine harness, against the emulator: the login and the tenant, names
// already held, references to nothing, what an adoption overwrites, the requests it costs, and
// nms:offlinePreview.
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { preview, type RunResult, type StackOptions, up } from "../../../harness";
import type { NmsClient } from "../../../provider/client";
import { resolveOfflinePreview } from "../../../provider/config";
import { createRequestIdOf } from "../../../provider/lifecycle/createRequestId";
import { RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT } from "../../../provider/spec";
import { REFERENCES } from "../../../provider/lifecycle/previewReads";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { adminApi, demoClient } from "../../support/emulatorClient";

jest.setTimeout(180_000);

type Props = Record<string, any>;

const ROOT = path.resolve(__dirname, "..", "..", "..");
const PROGRAM = path.join(ROOT, "tests", "sdk", "fixtures", "kinds", "index.js");
/** The state's hidden identity resource (provider/stateIdentity.ts), which every stack has besides its own. */
const IDENTITY_TYPE = "pulumi-nodejs:dynamic/nms:StateIdentity";
const PROGRAM_PASSPHRASE = "program-Pass-8e1d";
const HAND_PASSPHRASE = "hand-Made-Pass-31c";
const HAND_PSK = "1234567812345678";
const PROGRAM_PSK = "8765432187654321";

let emulator: RunningEmulator;
let admin: NmsClient;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-preview-reads-"));
let stacks = 0;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null });
  admin = demoClient(emulator);
});

afterAll(async () => {
  await admin.close();
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await adminApi(emulator, "POST", "reset");
  await admin.close();
  admin = demoClient(emulator);
});

/** Options for a fresh stack of the shared kinds program (tests/sdk/fixtures/kinds) holding `resources`. */
function stack(
  resources: Props[],
  config: Record<string, string> = {},
  password = emulator.demo.password,
): StackOptions {
  stacks += 1;
  return {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "kinds",
    stackName: `preview-reads-${stacks}`,
    statePath: path.join(dir, `state-${stacks}.json`),
    passphrase: "preview reads passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "kinds:resources": JSON.stringify(resources),
      ...config,
    },
    secretConfig: { "nms:password": password, "kinds:passphrase": PROGRAM_PASSPHRASE, "kinds:psk": PROGRAM_PSK },
  };
}

/** Service requests the emulator served since the last call, by operation (its admin API, which the test calls, left out). */
async function served(): Promise<Record<string, number>> {
  const stats = await adminApi(emulator, "GET", "stats");
  await adminApi(emulator, "DELETE", "stats");
  const byOp = Object.entries(stats.byOp as Record<string, Record<string, number>>).filter(([op]) => op !== "admin");
  return Object.fromEntries(byOp.map(([op, byStatus]) => [op, Object.values(byStatus).reduce((a, b) => a + b, 0)]));
}

/** Check failures by resource name: "property: reason". */
function failures(result: RunResult): Record<string, string[]> {
  return Object.fromEntries(
    result.steps
      .filter((s) => s.failures?.length)
      .map((s) => [s.name, s.failures!.map((f) => `${f.property}: ${f.reason}`)]),
  );
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

const venues = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${i}`,
    kind: "Venue",
    args: { name: `${prefix} ${i}` },
  }));

async function handMadeVenue(name: string, description?: string): Promise<string> {
  const made = await admin.execute<Props>(
    "createVenue",
    {},
    { body: { name, ...(description ? { description } : {}) } },
  );
  return made.response!.id;
}

describe("the login", () => {
  it("fails the preview with the service's reason when the password is wrong, after one login", async () => {
    await served();
    const result = await preview(stack(venues(3, "site"), {}, "not-the-password"));
    expect(result.failed).toBe(true);
    const byResource = failures(result);
    // The engine stops at the first failed Check (step_generator.go): one resource is reported.
    expect(Object.keys(byResource)).toEqual(["site-0"]);
    for (const reasons of Object.values(byResource))
      expect(reasons.join()).toMatch(/refused the login.*NMS-BAD-CREDENTIALS/);
    expect(JSON.stringify(result)).not.toContain("not-the-password");
    expect((await served()).login).toBe(1);
  });

  it("fails with what to set when the credentials are missing", async () => {
    const options = stack(venues(1, "site"));
    const result = await preview({ ...options, secretConfig: {} });
    expect(failures(result)["site-0"]).toEqual([
      expect.stringMatching(
        /^: nms provider is not configured: set nms:password .*; or set nms:offlinePreview to true/,
      ),
    ]);
  });

  it("reads a tenant whose checks read nothing else, and fails on tenantId when the login cannot reach it", async () => {
    const outsider = "0123456789abcdef0123456789abcdef";
    // The radio's venue is unknown until up creates it: its check reads nothing of the tenant but the tenant itself.
    const resources = [
      ...venues(1, "site"),
      { name: "radio", kind: "VenueRadio", args: { venueId: "${site-0}", tenantId: outsider } },
    ];
    await served();
    const result = await preview(stack(resources));
    expect(failures(result)).toEqual({
      radio: [
        expect.stringMatching(new RegExp(`^tenantId: tenant ${outsider} cannot be reached.*NMS-FORBIDDEN-TENANT`)),
      ],
    });
    expect((await served()).getTenant).toBe(1);
  });

  it("fails on nms:tenantId when the tenant is not the administrator's", async () => {
    const result = await preview(stack(venues(1, "site"), { "nms:tenantId": "0123456789abcdef0123456789abcdef" }));
    expect(failures(result)["site-0"]).toEqual([
      expect.stringMatching(/^nms:tenantId: the tenant cannot be reached.*NMS-FORBIDDEN-TENANT/),
    ]);
  });
});

// Previews of a stack beside objects made by hand. The engine stops a preview at the first failed Check
// (step_generator.go, "resource %s is invalid"), so each refused resource gets a preview of its own, and the
// resources that pass share one.
describe("one preview beside objects made by hand", () => {
  const missing = "0123456789abcdef0123456789abcdef";
  const held: Record<string, string> = {};
  let requestId = "";
  let result: RunResult;
  /** The preview of each refused resource alone, by its name. */
  const alone: Record<string, RunResult> = {};
  /** Check failures of the refused resources, each from its own preview. */
  const refused = () => Object.assign({}, ...Object.values(alone).map(failures)) as Record<string, string[]>;

  beforeAll(async () => {
    await adminApi(emulator, "POST", "reset");
    held.hq = await handMadeVenue("HQ", "made by hand");
    held.taken = await handMadeVenue("Taken");
    held.same = await handMadeVenue("Same", "Kept as it is");
    held.branch = await handMadeVenue("Branch");
    held.lobby = (await admin.execute<Props>("createApGroup", {}, { body: { name: "Lobby", venueId: held.hq } }))
      .response!.id;
    held.staff = (
      await admin.execute<Props>(
        "createNetworkDeep",
        {},
        {
          body: {
            name: "Staff",
            type: "psk",
            wlan: { ssid: "staff", wlanSecurity: "WPA2Personal", passphrase: HAND_PASSPHRASE, vlanId: 10 },
          },
        },
      )
    ).response!.id;
    held.open = (
      await admin.execute<Props>(
        "createNetworkDeep",
        {},
        { body: { name: "Open", type: "open", wlan: { ssid: "open" } } },
      )
    ).response!.id;
    held.activation = (
      await admin.execute<Props>(
        "activateNetwork",
        {},
        { body: { networkId: held.open, venueId: held.hq, isAllAPGroups: true } },
      )
    ).response!.id;
    await admin.execute("updateRecoveryPsk", {}, { body: { psk: HAND_PSK } });
    const refusedResources = [
      { name: "taken", kind: "Venue", args: { name: "Taken" } },
      { name: "lobby-hq", kind: "ApGroup", args: { name: "Lobby", venueId: held.hq } },
      {
        name: "open-at-hq",
        kind: "NetworkVenueActivation",
        args: { networkId: held.open, venueId: held.hq, isAllAPGroups: true },
      },
      { name: "lobby-nowhere", kind: "ApGroup", args: { name: "Lobby", venueId: missing } },
      { name: "ghost", kind: "Venue", args: { name: "Ghost", adoptId: missing } },
    ];
    const options = stack([
      { name: "lobby-branch", kind: "ApGroup", args: { name: "Lobby", venueId: held.branch } },
      { name: "new-site", kind: "Venue", args: { name: "New site" } },
      { name: "new-lobby", kind: "ApGroup", args: { name: "Lobby", venueId: "${new-site}" } },
      { name: "hq", kind: "Venue", args: { name: "HQ", description: "Main office", adoptByName: true } },
      { name: "same", kind: "Venue", args: { name: "Same", description: "Kept as it is", adoptByName: true } },
      {
        name: "staff",
        kind: "Network",
        args: {
          name: "Staff",
          type: "psk",
          wlan: { ssid: "staff", wlanSecurity: "WPA2Personal", vlanId: 10 },
          passphrase: "${secret:passphrase}",
          adoptByName: true,
        },
      },
      { name: "recovery", kind: "RecoveryPsk", args: { psk: "${secret:psk}" } },
      { name: "interrupted", kind: "Venue", args: { name: "Interrupted" } },
      { name: "seed", kind: "Venue", args: { name: "Seed" } },
    ]);
    // The run that was killed had made the state's identity (provider/stateIdentity.ts) with its first resource.
    const seeded = await up({
      ...options,
      config: {
        ...options.config,
        "kinds:resources": JSON.stringify([{ name: "seed", kind: "Venue", args: { name: "Seed" } }]),
      },
    });
    const stateId = seeded.steps.find((s) => s.type === IDENTITY_TYPE)?.id;
    // The create that run sent before it was killed, under the request ID this resource's create derives (provider/lifecycle/interruptedCreate.ts).
    const stackIdentity = `organization/${options.projectName}/${options.stackName}/${stateId}`;
    requestId = createRequestIdOf(
      "Venue",
      emulator.demo.tenantId,
      { name: "Interrupted", [RESOURCE_NAME_INPUT]: "interrupted", [RESOURCE_STACK_INPUT]: stackIdentity },
      [],
    )!;
    held.interrupted = (await admin.execute<Props>("createVenue", {}, { body: { name: "Interrupted" }, requestId }))
      .response!.id;
    result = await preview(options);
    for (const resource of refusedResources) alone[resource.name] = await preview(stack([resource]));
  });

  it("fails exactly the resources up would refuse", () => {
    expect(failures(result)).toEqual({});
    expect(result.failed).toBe(false);
    for (const [name, run] of Object.entries(alone))
      expect([name, run.failed, Object.keys(failures(run))]).toEqual([name, true, [name]]);
  });

  it("refuses a venue name a hand-made venue holds, with the adoption hint", () => {
    expect(refused().taken).toEqual([
      `name: nms:Venue ${held.taken} already holds name "Taken" (unique in the tenant) and no resource of this program adopts it, so up's create would be refused; ` +
        `to take it over, set adoptByName: true or adoptId: "${held.taken}" on this resource`,
    ]);
  });

  it("refuses an AP group name held in its venue, and not the same name in another venue", () => {
    expect(refused()["lobby-hq"]).toEqual([
      expect.stringContaining(
        `name: nms:ApGroup ${held.lobby} already holds name "Lobby", venueId "${held.hq}" (unique in its venue)`,
      ),
    ]);
    expect(failures(result)["lobby-branch"]).toBeUndefined();
  });

  it("refuses a second activation of a network on a venue", () => {
    expect(refused()["open-at-hq"]).toEqual([
      expect.stringContaining(
        `venueId: nms:NetworkVenueActivation ${held.activation} already holds venueId "${held.hq}", networkId "${held.open}"`,
      ),
    ]);
  });

  it("refuses a reference to a venue that does not exist, on the field", () => {
    expect(refused()["lobby-nowhere"]).toEqual([
      `venueId: no nms:Venue with ID "${missing}" exists in the tenant, so up would be refused`,
    ]);
  });

  it("refuses adoptId of an object that does not exist", () => {
    expect(refused().ghost).toEqual([`adoptId: no nms:Venue with ID "${missing}" exists, so up cannot adopt it`]);
  });

  it("does not judge a reference that is unknown until another resource exists", () => {
    expect(result.steps.find((s) => s.name === "new-lobby")).toMatchObject({ op: "create" });
    expect(failures(result)["new-lobby"]).toBeUndefined();
  });

  it("does not refuse the name of an object this stack's interrupted create made: up takes it over", () => {
    expect(failures(result).interrupted).toBeUndefined();
    expect(result.diagnostics).toContain(
      `[provider] nms info: nms:Venue "interrupted": up takes over Venue ${held.interrupted}, which this stack's interrupted create made (request ${requestId})`,
    );
  });

  it("names each adopted object and each field up changes, old → new, secrets as changed without their values", () => {
    expect(result.diagnostics).toEqual(
      expect.arrayContaining([
        `[provider] nms warn: nms:Venue "hq" will adopt Venue ${held.hq}; up changes description: "made by hand" → "Main office"`,
        `[provider] nms warn: nms:Network "staff" will adopt Network ${held.staff}; up changes passphrase: (secret) changed`,
        expect.stringMatching(
          /^\[provider\] nms warn: nms:RecoveryPsk "recovery" takes over RecoveryPsk \w+, which exists already; up changes psk: \(secret\) changed$/,
        ),
      ]),
    );
    const everything = JSON.stringify(result);
    for (const secret of [HAND_PASSPHRASE, PROGRAM_PASSPHRASE, HAND_PSK, PROGRAM_PSK])
      expect(everything).not.toContain(secret);
  });

  it("says so when up changes none of the adopted object's fields", () => {
    expect(result.diagnostics).toContain(
      `[provider] nms info: nms:Venue "same" will adopt Venue ${held.same}; up changes none of its fields`,
    );
  });
});

describe("the requests it costs", () => {
  it("a preview of 40 resources makes one login and one list per kind, which proves the tenant reachable; its update reads none", async () => {
    const existing = await Promise.all([0, 1, 2, 3, 4].map((i) => handMadeVenue(`Existing ${i}`)));
    const groups = Array.from({ length: 20 }, (_, i) => ({
      name: `group-${i}`,
      kind: "ApGroup",
      args: { name: `Group ${i}`, venueId: existing[i % existing.length] },
    }));
    const options = stack([...venues(20, "new-site"), ...groups]);
    await served();
    ok(await preview(options));
    expect(await served()).toEqual({ login: 1, listVenues: 1, listApGroups: 1 });
    // The update that follows logs in once, for its checks and its creates alike, and reads nothing else before
    // its creates: its preview listed the names, and the service refuses a taken one at the create itself.
    const result = ok(await up(options));
    expect(result.steps.filter((s) => s.custom && s.op === "create" && s.type !== IDENTITY_TYPE)).toHaveLength(40);
    const upRequests = await served();
    expect([
      upRequests.login,
      upRequests.getTenant ?? 0,
      upRequests.listVenues ?? 0,
      upRequests.listApGroups ?? 0,
    ]).toEqual([1, 0, 0, 0]);
  });
});

describe("the requests an update's checks cost", () => {
  const corp = (name: string) => ({
    name,
    kind: "Network",
    args: { name, type: "psk", passphrase: "${secret:psk}", wlan: { ssid: name, wlanSecurity: "WPA2Personal" } },
  });

  it("reads no object: no name whose create the service refuses itself, no tenant, no reference; a taken name is met at the create", async () => {
    const adopted = await handMadeVenue("Adopted");
    await admin.execute("createApGroup", { venueId: adopted }, { body: { name: "Held", venueId: adopted } });
    const made = [
      ...venues(2, "fresh"),
      ...[0, 1].map((i) => ({
        name: `aps-${i}`,
        kind: "ApGroup",
        args: { name: "Access points", venueId: `\${fresh-${i}}` },
      })),
      corp("corp"),
      ...[0, 1].map((i) => ({
        name: `corp-on-${i}`,
        kind: "NetworkVenueActivation",
        args: { networkId: "${corp}", venueId: `\${fresh-${i}}` },
      })),
    ];
    await served();
    ok(await up(stack(made)));
    // Reads of objects, not of the creates' request records.
    const records = ["getRequest", "listRequestsByStatus"];
    const reads = Object.keys(await served()).filter((op) => /^(list|get)/.test(op) && !records.includes(op));
    expect(reads).toEqual([]);
    // A venue taken over by adoptByName may hold groups of its own, which no preview can look for (the venue's ID is
    // known once up adopted it): the service refuses the group's create for its name, and the error says how to take
    // the group over.
    const refusing = [
      { name: "adopted", kind: "Venue", args: { name: "Adopted", adoptByName: true } },
      { name: "held", kind: "ApGroup", args: { name: "Held", venueId: "${adopted}" } },
    ];
    const updated = await up(stack(refusing));
    expect(updated.failed).toBe(true);
    expect(updated.errors.find((error) => error.includes("ApGroup"))).toMatch(
      /createApGroup failed with HTTP 409: .*; if this object already exists .*set adoptByName: true or adoptId/,
    );
    expect(failures(updated)).toEqual({});
  });
});

describe("nms:offlinePreview", () => {
  it("makes no request at all: the preview passes with nothing listening at the service's address", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const resources = [
      { name: "hq", kind: "Venue", args: { name: "HQ", adoptByName: true } },
      { name: "lobby", kind: "ApGroup", args: { name: "Lobby", venueId: "0123456789abcdef0123456789abcdef" } },
    ];
    const offline = ok(
      await preview(
        stack(resources, { "nms:offlinePreview": "true", "nms:baseUrl": `http://127.0.0.1:${closedPort}` }),
      ),
    );
    expect(offline.steps.filter((s) => s.custom && s.type !== IDENTITY_TYPE).map((s) => s.op)).toEqual([
      "create",
      "create",
    ]);
    await handMadeVenue("HQ", "made by hand");
    await served();
    ok(await preview(stack(resources, { "nms:offlinePreview": "true" })));
    expect(await served()).toEqual({});
  });

  it("is true or false, from config or NMS_OFFLINE_PREVIEW", () => {
    expect(resolveOfflinePreview(() => undefined, {})).toBe(false);
    expect(resolveOfflinePreview(() => "true", {})).toBe(true);
    expect(resolveOfflinePreview(() => undefined, { NMS_OFFLINE_PREVIEW: "true" })).toBe(true);
    expect(resolveOfflinePreview(() => "false", { NMS_OFFLINE_PREVIEW: "true" })).toBe(false);
    expect(() => resolveOfflinePreview(() => "yes", {})).toThrow('nms:offlinePreview must be true or false, got "yes"');
  });
});

describe("the tables", () => {
  it("say, for every kind that adopts by name, whether its name is checked at preview", () => {
    for (const spec of Object.values(RESOURCE_SPECS).filter((s) => s.findByName && s.ops.create)) {
      expect([spec.kind, spec.takenName !== undefined]).toEqual([spec.kind, true]);
    }
    for (const spec of Object.values(RESOURCE_SPECS).filter((s) => s.takenName !== undefined))
      expect([spec.kind, spec.ops.create]).toEqual([spec.kind, expect.any(String)]);
  });

  it("name referenced kinds whose IDs the service generates, and that a list and a read can find", () => {
    for (const kind of Object.values(REFERENCES)) {
      const spec = RESOURCE_SPECS[kind];
      expect([
        kind,
        spec?.identity.idFromInput,
        spec?.readFromList?.op !== undefined,
        spec?.ops.read !== undefined,
      ]).toEqual([kind, undefined, true, true]);
    }
  });
});
