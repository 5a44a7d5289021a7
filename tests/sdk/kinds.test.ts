// Every resource kind through a stack's life, driven from one table (kindCases/) through one
// shared stack program (fixtures/kinds, set up in kindsStack.ts: the whole stack in an end
// customer's tenant, reached through the MSP's delegated access). Each step runs once for all kinds,
// so the cost grows with the number of steps, not of kinds. The same table against the service's
// default-filled answers (every field set; adoption with only the required fields) is
// kindsConvergence.test.ts, a file of its own so that Jest's two workers run the two at once.
import * as fs from "node:fs";
import { destroy, preview, refresh, up } from "../../harness";
import { KIND_CASES, type KindCase, SECRETS } from "./kindCases";
import { checkFailures } from "./kindCases/generate";
import { argsOf, changes, kindsStack, ok, stepOf } from "./kindsStack";

// Each step runs the whole table's stack once or twice; with every kind in it, a loaded 2-core machine needs
// minutes for one step. The limit is a safety net, not a speed goal (speed lives in npm run bench).
jest.setTimeout(600_000);

const stack = kindsStack();
const options = stack.options;
const api = stack.api;
const byName = (entries: [string, unknown][]) => Object.fromEntries(entries);

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
    stack.ids = result.outputs as Record<string, string>;
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
    // No up back to the plain program here: the next test's up puts these fields back with its replacements (a run
    // of the whole table less), and its last preview shows both undone.
  });

  // Starts from the previous test's updated fields: its plan and up also put those back, which its checks leave aside.
  it("a change the service cannot make in place replaces exactly the kinds that need it", async () => {
    const replacing = KIND_CASES.filter((c) => c.replace);
    const overrides = byName(replacing.map((c) => [c.name, { [c.replace!.field]: c.replace!.value }]));
    const planned = ok(await preview(options(overrides as Record<string, Record<string, unknown>>)));
    for (const c of replacing) {
      const step = stepOf(planned.steps, c.name);
      expect([c.name, step.op, step.replaceFields]).toEqual([c.name, "replace", [c.replace!.field]]);
    }
    const result = ok(await up(options(overrides as Record<string, Record<string, unknown>>)));
    for (const c of replacing) expect(stepOf(result.steps, c.name).id).not.toBe(stack.ids[c.name]);
    expect((await preview(options(overrides as Record<string, Record<string, unknown>>))).changes).toBe(0);
    stack.ids = ok(await up(options())).outputs as Record<string, string>;
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
    stack.ids = ok(await up(options())).outputs as Record<string, string>;
    expect((await preview({ ...options(), refresh: true })).changes).toBe(0);
  });

  it("keeps no plaintext secret in the state file", () => {
    const text = fs.readFileSync(stack.statePath, "utf8");
    for (const value of [...Object.values(SECRETS), stack.emulator.demo.password]) expect(text).not.toContain(value);
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
    const held = await stack.heldObjects(stack.customer);
    // The tenant's recovery PSK exists without the stack (RecoveryPsk's destroy forgets it).
    expect(held.filter((object) => !stack.before.has(object) && !object.startsWith("recoveryPsk "))).toEqual([]);
    // Nothing of the stack was ever made in the MSP's own tenant (its seeded administrators and recovery PSK only).
    const own = await stack.heldObjects(stack.emulator.demo.tenantId);
    expect(own.filter((object) => !object.startsWith("admins ") && !object.startsWith("recoveryPsk "))).toEqual([]);
  });
});
