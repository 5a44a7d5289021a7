// Every resource kind through a stack's life, driven from one table (kindCases/) through one
// shared stack program (fixtures/kinds) under the real @pulumi/pulumi runtime and provider host,
// against the emulator. Each step runs once for all kinds, so the cost grows with the number of
// steps, not of kinds. The whole stack is in an end customer's tenant, reached through delegated
// access: the configured tenant (nms:tenantId) and login are the MSP's (the demo tenant's), and
// every resource names the customer in its `tenantId` (kinds:tenantId). Stacks in the configured
// tenant are what every other stack test runs.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { destroy, type PlannedStep, preview, refresh, type RunResult, type StackOptions, up } from "../../harness";
import type { NmsClient } from "../../provider/client";
import { adminApi, demoClient } from "../support/emulatorClient";
import { type Api, KIND_CASES, type KindCase, type Props, SECRETS, SUPPORT } from "./kindCases";
import { checkFailures, everyField, requiredOnly } from "./kindCases/generate";
import { RESOURCE_SPECS } from "../../provider/resources";

// Each step runs the whole table's stack once or twice; with every kind in it, a loaded 2-core machine needs
// minutes for one step. The limit is a safety net, not a speed goal (speed lives in npm run bench).
jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "fixtures", "kinds", "index.js");

let emulator: RunningEmulator;
/** The MSP's administrator in the customer's tenant: the cases' "other administrator". */
let admin: NmsClient;
/** The end customer's tenant, which the stack's every resource names. */
let customer: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-kinds-"));
const statePath = path.join(dir, "state.json");
let ids: Record<string, string> = {};
/** What the tenant holds before the stack (its seeded administrators): "kind id". */
let before = new Set<string>();

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10 });
  customer = (await adminApi(emulator, "POST", "tenants", { name: "Kinds customer" })).tenantId;
  await adminApi(emulator, "PUT", `tenants/${customer}/msp`, { mspTenantId: emulator.demo.tenantId });
  admin = demoClient(emulator).forTenant(customer);
  before = new Set(heldObjects(await adminApi(emulator, "GET", `tenants/${customer}/objects`)));
});

function heldObjects(held: Record<string, Record<string, unknown>[]>): string[] {
  return Object.entries(held).flatMap(([kind, objects]) =>
    objects
      .filter((o) => !(kind === "apGroups" && o.isDefault))
      .map((o) => `${kind} ${String(o.id ?? o.serialNumber)}`),
  );
}

afterAll(async () => {
  await admin.close();
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A resource of the shared stack program (fixtures/kinds). */
type StackResource = { name: string; kind: string; args: Props; retainOnDelete?: boolean };

function options(
  overrides: Record<string, Record<string, unknown>> = {},
  extra: Partial<StackOptions> = {},
  cases: readonly StackResource[] = KIND_CASES,
): StackOptions {
  const resources = [
    ...SUPPORT,
    ...cases.map(({ name, kind, args, retainOnDelete }) => ({ name, kind, args, retainOnDelete })),
  ];
  return {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "kinds",
    stackName: "kinds",
    statePath,
    passphrase: "kinds passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "kinds:resources": JSON.stringify(resources),
      "kinds:overrides": JSON.stringify(overrides),
      "kinds:tenantId": customer,
    },
    secretConfig: {
      "nms:password": emulator.demo.password,
      ...Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`kinds:${k}`, v])),
    },
    ...extra,
  };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

function changes(steps: PlannedStep[]): Record<string, string> {
  return Object.fromEntries(steps.filter((s) => s.custom && s.op !== "same").map((s) => [s.name, s.op]));
}

function stepOf(steps: PlannedStep[], name: string): PlannedStep {
  const found = steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step ${name} in ${steps.map((s) => s.name).join(", ")}`);
  return found;
}

const api = (c: KindCase): Api => ({
  admin,
  ids,
  id: ids[c.name],
  tenantObjects: () => adminApi(emulator, "GET", `tenants/${customer}/objects`),
});
const byName = (entries: [string, unknown][]) => Object.fromEntries(entries);

/** Each case's generated arguments (kindCases/generate.ts): only the required fields, and every field set. */
const generated = new Map<string, Promise<{ minimal: Props; full: Props }>>();
function argsOf(c: KindCase): Promise<{ minimal: Props; full: Props }> {
  if (!generated.has(c.name))
    generated.set(c.name, (async () => ({ minimal: await requiredOnly(c), full: await everyField(c) }))());
  return generated.get(c.name)!;
}

test.each(KIND_CASES.map((c) => [c.name, c]))(
  "the generated arguments of %s (required only, every field) pass check",
  async (_name, c) => {
    const { minimal, full } = await argsOf(c as KindCase);
    expect(await checkFailures((c as KindCase).kind, minimal)).toEqual([]);
    expect(await checkFailures((c as KindCase).kind, full)).toEqual([]);
  },
);

// A kind may have several cases (one per network type), each under its own resource name.
test.each(KIND_CASES.map((c) => [c.name, c]))("the table covers %s once", (_name, c) => {
  expect(KIND_CASES.filter((other) => other.name === (c as KindCase).name)).toHaveLength(1);
});

describe("every kind through a stack's life", () => {
  it("up creates every kind, and a second preview shows no changes", async () => {
    const result = ok(await up(options()));
    ids = result.outputs as Record<string, string>;
    for (const c of KIND_CASES) expect([c.name, stepOf(result.steps, c.name).op]).toEqual([c.name, "create"]);
    for (const c of KIND_CASES) await c.created?.(api(c));
    expect((await preview(options())).changes).toBe(0);
  });

  it("a change to one field of each kind is an in-place update of exactly that field", async () => {
    const updating = KIND_CASES.filter((c) => c.update);
    const overrides = byName(updating.map((c) => [c.name, { [c.update!.field]: c.update!.value }]));
    const planned = ok(await preview(options(overrides as Record<string, Record<string, unknown>>)));
    for (const c of updating) {
      const step = stepOf(planned.steps, c.name);
      expect([c.name, step.op, step.changedFields]).toEqual([c.name, "update", [c.update!.field]]);
    }
    ok(await up(options(overrides as Record<string, Record<string, unknown>>)));
    expect((await preview(options(overrides as Record<string, Record<string, unknown>>))).changes).toBe(0);
    ok(await up(options()));
  });

  it("a change the service cannot make in place replaces exactly the kinds that need it", async () => {
    const replacing = KIND_CASES.filter((c) => c.replace);
    const overrides = byName(replacing.map((c) => [c.name, { [c.replace!.field]: c.replace!.value }]));
    const planned = ok(await preview(options(overrides as Record<string, Record<string, unknown>>)));
    for (const c of replacing) {
      const step = stepOf(planned.steps, c.name);
      expect([c.name, step.op, step.replaceFields]).toEqual([c.name, "replace", [c.replace!.field]]);
    }
    const result = ok(await up(options(overrides as Record<string, Record<string, unknown>>)));
    for (const c of replacing) expect(stepOf(result.steps, c.name).id).not.toBe(ids[c.name]);
    expect((await preview(options(overrides as Record<string, Record<string, unknown>>))).changes).toBe(0);
    ids = ok(await up(options())).outputs as Record<string, string>;
    expect((await preview(options())).changes).toBe(0);
  });

  it("drift made by another admin is invisible to a plain preview, shown by preview --refresh on exactly its path, and put back by up", async () => {
    const drifting = KIND_CASES.filter((c) => c.drift);
    for (const c of drifting) await c.drift!.make(api(c));
    expect((await preview(options())).changes).toBe(0);
    const drift = ok(await preview({ ...options(), refresh: true }));
    for (const c of KIND_CASES) {
      const step = stepOf(drift.steps, c.name);
      expect([c.name, step.op, step.changedPaths]).toEqual(
        c.drift ? [c.name, "update", [c.drift.path]] : [c.name, "same", []],
      );
    }
    ok(await up({ ...options(), refresh: true }));
    expect(changes(ok(await preview({ ...options(), refresh: true })).steps)).toEqual({});
  });

  it("objects deleted or reset out of band are found by refresh, and up brings them back", async () => {
    for (const c of [...KIND_CASES].reverse()) if ("make" in c.removed) await c.removed.make(api(c));
    const refreshed = ok(await refresh(options()));
    const found = changes(refreshed.steps);
    for (const c of KIND_CASES)
      expect([c.name, found[c.name]]).toEqual([c.name, c.removed.refresh === "unseen" ? undefined : c.removed.refresh]);
    ids = ok(await up(options())).outputs as Record<string, string>;
    expect((await preview({ ...options(), refresh: true })).changes).toBe(0);
  });

  it("keeps no plaintext secret in the state file", () => {
    const text = fs.readFileSync(statePath, "utf8");
    for (const value of [...Object.values(SECRETS), emulator.demo.password]) expect(text).not.toContain(value);
    // The guest's generated password is a secret output: encrypted too.
    const guest = (JSON.parse(text).resources as Record<string, any>[]).find((r) => r.type.endsWith("nms:GuestUser"));
    expect(JSON.stringify(guest!.outputs.password)).toMatch(/ciphertext|secret/i);
  });

  it("a kind removed from the program is destroyed as it documents (deleted, reset, defaults written), checked through the API", async () => {
    const result = ok(await up(options({}, {}, [])));
    for (const c of KIND_CASES) expect([c.name, stepOf(result.steps, c.name).op]).toEqual([c.name, "delete"]);
    for (const c of KIND_CASES) await c.destroyed(api(c));
  });

  // The service answers with every documented field, defaults filled in (nested objects too).
  it("a create of every kind with only its required fields shows no changes on a preview --refresh right after", async () => {
    const minimal = await Promise.all(
      KIND_CASES.map(async (c) => ({ name: c.name, kind: c.kind, args: (await argsOf(c)).minimal })),
    );
    const created = ok(await up(options({}, {}, minimal)));
    for (const c of KIND_CASES) expect([c.name, stepOf(created.steps, c.name).op]).toEqual([c.name, "create"]);
    expect(changes(ok(await preview({ ...options({}, {}, minimal), refresh: true })).steps)).toEqual({});
  });

  it("destroy leaves nothing of the stack in the service", async () => {
    ok(await destroy(options({}, {}, [])));
    const held = await adminApi(emulator, "GET", `tenants/${customer}/objects`);
    // The tenant's recovery PSK exists without the stack (RecoveryPsk's destroy forgets it).
    expect(heldObjects(held).filter((object) => !before.has(object) && !object.startsWith("recoveryPsk "))).toEqual([]);
    // Nothing of the stack was ever made in the MSP's own tenant (its seeded administrators and recovery PSK only).
    const own = heldObjects(await adminApi(emulator, "GET", `tenants/${emulator.demo.tenantId}/objects`));
    expect(own.filter((object) => !object.startsWith("admins ") && !object.startsWith("recoveryPsk "))).toEqual([]);
  });
});

// The service answers with every documented field, defaults filled in (nested objects too). For every kind: a create
// with every field set shows no changes on a preview --refresh right after (one with only the required fields is the
// table's above); and an object that holds a value in every field the program leaves out (made by a stack with every
// field set, which then forgets it), adopted by a program with only the required fields, converges in one up. These
// run after the table above has destroyed its stack, on a stack of their own, each step for every kind at once.
describe("every kind converges against the service's default-filled answers", () => {
  const state = path.join(dir, "convergence.json");
  const stack = (resources: readonly StackResource[]) => options({}, { statePath: state }, resources);
  /** Kinds the service cannot read back (write-only) cannot be adopted: nothing shows what the object holds. */
  const adoptable = KIND_CASES.filter((c) => RESOURCE_SPECS[c.kind].ops.read !== undefined);
  const adopterOf = (name: string) => `${name}-adopted`;
  /** The case's references to other cases, pointed at those cases' adopters. */
  const toAdopters = (value: unknown): unknown => {
    if (typeof value === "string")
      return value.replace(/^\$\{([\w-]+)/, (ref, name: string) =>
        KIND_CASES.some((c) => c.name === name) ? `\${${adopterOf(name)}` : ref,
      );
    if (Array.isArray(value)) return value.map(toAdopters);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toAdopters(v)]));
    return value;
  };
  let fullIds: Record<string, string> = {};

  it("a create with every field set shows no changes on a preview --refresh right after", async () => {
    const full = await Promise.all(
      KIND_CASES.map(async (c) => ({ name: c.name, kind: c.kind, args: (await argsOf(c)).full, retainOnDelete: true })),
    );
    const created = ok(await up(stack(full)));
    for (const c of KIND_CASES) expect([c.name, stepOf(created.steps, c.name).op]).toEqual([c.name, "create"]);
    fullIds = created.outputs as Record<string, string>;
    expect(changes(ok(await preview({ ...stack(full), refresh: true })).steps)).toEqual({});
  });

  it("an object holding a value in every field the program leaves out, adopted with only the required fields, converges in one up", async () => {
    // The stack with every field set forgets its objects (retainOnDelete) as the program drops them; the same run adopts them.
    const adopters = await Promise.all(
      adoptable.map(async (c) => {
        const args = toAdopters((await argsOf(c)).minimal) as Props;
        // A kind that always exists is taken over by its create; the others name the object they adopt.
        return {
          name: adopterOf(c.name),
          kind: c.kind,
          args: RESOURCE_SPECS[c.kind].ops.create ? { ...args, adoptId: fullIds[c.name] } : args,
        };
      }),
    );
    const adopted = ok(await up(stack(adopters)));
    for (const c of adoptable) {
      const step = stepOf(adopted.steps, adopterOf(c.name));
      expect([c.name, step.op, step.id]).toEqual([c.name, "create", fullIds[c.name]]);
    }
    expect(changes(ok(await preview({ ...stack(adopters), refresh: true })).steps)).toEqual({});
  });
});
