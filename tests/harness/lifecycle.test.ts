/**
 * End-to-end lifecycle of the fixture stack through the harness: real `cmd/run` program processes, a real
 * dynamic-provider host, the harness's monitor. The tests in this file run in order and share one stack.
 */
import * as fs from "node:fs";
import { type PlannedStep, type RunResult, destroy, formatPlan, preview, refresh, up } from "../../harness";
import { API_PASSWORD, NET_PASSWORD, PASSPHRASE, type Scenario, expectNoChildren, scenario } from "./helpers";

jest.setTimeout(60000);

const NET = "net";
const SITE = "g-site";

function step(r: RunResult, name: string): PlannedStep {
  const s = r.steps.find((x) => x.name === name);
  if (!s) throw new Error(`no step for ${name} in ${JSON.stringify(r.steps.map((x) => `${x.op} ${x.name}`))}`);
  return s;
}

function ops(r: RunResult): Record<string, string> {
  return Object.fromEntries(r.steps.map((s) => [s.name, s.op]));
}

function ok(r: RunResult): RunResult {
  if (r.failed) throw new Error(`run failed:\n${r.errors.join("\n")}\n${r.diagnostics.join("\n")}`);
  expectNoChildren();
  return r;
}

describe("harness lifecycle (fixture stack)", () => {
  let s: Scenario;
  // The config of the stack as the tests move it along.
  let config: Record<string, string> = {};

  beforeAll(() => {
    s = scenario("lifecycle");
  });
  afterAll(() => s.cleanup());

  /** Runs a preview and checks it made no writes to the fixture's "cloud". */
  async function dryRun(extra: { refresh?: boolean } = {}): Promise<RunResult> {
    const before = s.writes();
    const stateBefore = fs.existsSync(s.state) ? fs.readFileSync(s.state, "utf8") : undefined;
    const r = ok(await preview({ ...s.opts(config), ...extra }));
    expect(s.writes()).toEqual(before);
    expect(fs.existsSync(s.state) ? fs.readFileSync(s.state, "utf8") : undefined).toEqual(stateBefore);
    return r;
  }

  test("preview of a new stack plans every create and calls no create/update/delete", async () => {
    const r = await dryRun();
    expect(ops(r)).toEqual({ "fixture-test": "create", g: "create", [NET]: "create", [SITE]: "create" });
    expect(step(r, NET).type).toBe("pulumi-nodejs:dynamic/fixture:Network");
    expect(step(r, NET).changedFields).toEqual(expect.arrayContaining(["name", "vlan", "region", "password"]));
    expect(r.changes).toBe(4);
    expect(r.outputs["vlan"]).toBe(10);
    expect(s.calls()).toEqual([]);
    expect(fs.existsSync(s.state)).toBe(false);
    expect(formatPlan(r)).toContain("to create");
  });

  test("up creates in dependency order and returns the stack outputs", async () => {
    const r = ok(await up(s.opts(config)));
    expect(ops(r)).toEqual({ "fixture-test": "create", g: "create", [NET]: "create", [SITE]: "create" });
    expect(s.writes()).toEqual(["create network-1 lan", "create site-2 hq"]);
    expect(r.outputs).toMatchObject({ networkId: "network-1", siteId: "site-2", vlan: 10 });
    const token = s.dbObjects()["network-1"]["token"];
    expect(r.outputs["networkToken"]).toBe(token);
    expect(r.secretOutputs).toEqual(["networkToken"]);
    expect(formatPlan(r)).toContain("networkToken: [secret]");
    expect(formatPlan(r)).not.toContain(String(token));
    // The site got the network's real id.
    expect(s.dbObjects()["site-2"]["networkId"]).toBe("network-1");
    // The provider host's peak memory, read from /proc before it was stopped (Linux only).
    if (process.platform === "linux") {
      expect(r.providerPeakRssMb).toBeGreaterThan(10);
      expect(r.providerPeakRssMb).toBeLessThan(4096);
    }
  });

  test("the state file holds no plaintext secret", () => {
    const text = fs.readFileSync(s.state, "utf8");
    const token = String(s.dbObjects()["network-1"]["token"]);
    for (const secret of [NET_PASSWORD, API_PASSWORD, token, PASSPHRASE]) expect(text).not.toContain(secret);
    const state = JSON.parse(text);
    const net = state.resources.find((r: { urn: string }) => r.urn.endsWith("::net"));
    expect(net.outputs.password.ciphertext).toEqual(expect.any(String));
    expect(net.outputs.token.ciphertext).toEqual(expect.any(String)); // additionalSecretOutputs
    expect(net.inputs.password.ciphertext).toEqual(expect.any(String));
    expect(net.serializedProvider).toContain("exports.handler");
    expect(net.additionalSecretOutputs).toEqual(["token"]);
    const site = state.resources.find((r: { urn: string }) => r.urn.endsWith("::g-site"));
    expect(site.dependencies).toEqual([net.urn]);
    expect(site.parent).toMatch(/fixture:index:Group::g$/);
  });

  test("preview after up shows no changes", async () => {
    const r = await dryRun();
    expect(r.changes).toBe(0);
    expect(new Set(Object.values(ops(r)))).toEqual(new Set(["same"]));
    expect(r.outputs["networkId"]).toBe("network-1");
  });

  test("a config change gives an update of exactly that field", async () => {
    config = { ...config, "fixture:vlan": "20" };
    const p = await dryRun();
    expect(step(p, NET)).toMatchObject({
      op: "update",
      changedFields: ["vlan"],
      changedPaths: ["vlan"],
      id: "network-1",
    });
    expect(step(p, SITE).op).toBe("same");
    expect(p.changes).toBe(1);

    const r = ok(await up(s.opts(config)));
    expect(step(r, NET)).toMatchObject({ op: "update", changedFields: ["vlan"] });
    expect(s.writes().slice(-1)).toEqual(["update network-1 lan"]);
    expect(s.dbObjects()["network-1"]["vlan"]).toBe(20);
    expect(r.outputs["vlan"]).toBe(20);
    expect((await dryRun()).changes).toBe(0);
  });

  test("a change to a replace field replaces: new object first, old one deleted last", async () => {
    config = { ...config, "fixture:region": "us" };
    const p = await dryRun();
    expect(step(p, NET)).toMatchObject({
      op: "replace",
      changedFields: ["region"],
      replaceFields: ["region"],
      deleteBeforeReplace: false,
    });
    // The site's networkId depends on the replacement's id, unknown in a preview.
    expect(step(p, SITE)).toMatchObject({ op: "update", changedFields: ["networkId"] });

    const before = s.writes().length;
    const r = ok(await up(s.opts(config)));
    expect(step(r, NET)).toMatchObject({ op: "replace", id: "network-3" });
    expect(s.writes().slice(before)).toEqual(["create network-3 lan", "update site-2 hq", "delete network-1 lan"]);
    expect(Object.keys(s.dbObjects()).sort()).toEqual(["network-3", "site-2"]);
    expect(r.outputs["networkId"]).toBe("network-3");
    expect((await dryRun()).changes).toBe(0);
  });

  test("deleteBeforeReplace from the provider's diff deletes the old object first", async () => {
    config = { ...config, "fixture:region": "ap", "fixture:dbr": "true" };
    const before = s.writes().length;
    const r = ok(await up(s.opts(config)));
    expect(step(r, NET)).toMatchObject({ op: "replace", deleteBeforeReplace: true, id: "network-4" });
    expect(s.writes().slice(before)).toEqual(["delete network-3 lan", "create network-4 lan", "update site-2 hq"]);
  });

  test("drift: preview --refresh shows it without writing, refresh records it, up puts it back", async () => {
    s.editDb((o) => {
      o["network-4"]["vlan"] = 99;
    });
    const p = await dryRun({ refresh: true });
    const drift = p.refreshSteps!.find((x) => x.name === NET)!;
    expect(drift).toMatchObject({ op: "update", changedFields: ["vlan"] });
    expect(p.refreshSteps!.find((x) => x.name === SITE)!.op).toBe("same");
    expect(step(p, NET)).toMatchObject({ op: "update", changedFields: ["vlan"] });
    expect(p.changes).toBe(1);
    expect(formatPlan(p)).toContain("drift");

    // Without refresh the stored state still matches the program: no drift visible.
    expect((await dryRun()).changes).toBe(0);

    const writes = s.writes();
    const r = ok(await refresh(s.opts(config)));
    expect(r.steps.map((x) => [x.name, x.op, x.changedFields])).toEqual([
      [NET, "update", ["vlan"]],
      [SITE, "same", []],
    ]);
    expect(r.changes).toBe(1);
    expect(s.writes()).toEqual(writes); // refresh only reads

    const u = ok(await up(s.opts(config)));
    expect(step(u, NET)).toMatchObject({ op: "update", changedFields: ["vlan"] });
    expect(s.dbObjects()["network-4"]["vlan"]).toBe(20);
    expect((await dryRun({ refresh: true })).changes).toBe(0);
  });

  test("an object deleted out of band is dropped by refresh and recreated by up", async () => {
    s.editDb((o) => {
      delete o["site-2"];
    });
    const r = ok(await refresh(s.opts(config)));
    expect(step(r, SITE).op).toBe("delete");
    const text = fs.readFileSync(s.state, "utf8");
    for (const secret of [NET_PASSWORD, API_PASSWORD, String(s.dbObjects()["network-4"]["token"])])
      expect(text).not.toContain(secret);
    const state = JSON.parse(text);
    expect(state.resources.some((x: { urn: string }) => x.urn.endsWith("::g-site"))).toBe(false);

    const u = ok(await up(s.opts(config)));
    expect(step(u, SITE).op).toBe("create");
    expect(s.writes().slice(-1)).toEqual(["create site-5 hq"]);
    expect(u.outputs["siteId"]).toBe("site-5");
  });

  test("removing a resource from the program deletes it (and its component)", async () => {
    const p = await dryRun();
    expect(p.changes).toBe(0);
    const removed = { ...config, "fixture:withSite": "false" };
    const pr = ok(await preview(s.opts(removed)));
    expect(ops(pr)).toMatchObject({ [SITE]: "delete", g: "delete", [NET]: "same" });

    const r = ok(await up(s.opts(removed)));
    expect(r.steps.filter((x) => x.op === "delete").map((x) => x.name)).toEqual([SITE, "g"]);
    expect(s.writes().slice(-1)).toEqual(["delete site-5 hq"]);
    expect(Object.keys(s.dbObjects())).toEqual(["network-4"]);
    expect(r.outputs["siteId"]).toBeUndefined();
  });

  test("destroy deletes everything in reverse dependency order", async () => {
    ok(await up(s.opts(config))); // the site again, so there is an order to check
    const before = s.writes().length;
    const r = ok(await destroy(s.opts(config)));
    expect(s.writes().slice(before)).toEqual(["delete site-6 hq", "delete network-4 lan"]);
    const order = r.steps.map((x) => x.name);
    expect(order).toHaveLength(4);
    expect(order.indexOf(SITE)).toBeLessThan(order.indexOf(NET));
    expect(order.indexOf(SITE)).toBeLessThan(order.indexOf("g"));
    expect(order[3]).toBe("fixture-test");
    expect(s.dbObjects()).toEqual({});
    expect(JSON.parse(fs.readFileSync(s.state, "utf8")).resources).toEqual([]);
  });
});

describe("parallel caps the provider steps in flight, like the engine's --parallel", () => {
  /** Most creates in flight at once, from the order of the fixture's "begin" and "create" lines. */
  function mostCreatesInFlight(s: Scenario): number {
    let inFlight = 0;
    let most = 0;
    for (const line of s.writes()) {
      if (line.startsWith("begin ")) most = Math.max(most, ++inFlight);
      else if (line.startsWith("create ")) inFlight--;
    }
    return most;
  }

  /**
   * An up of nine creates that can start at once (eight extra networks and the first; the site waits for it), each
   * taking 0.5 s, at `parallel`: the fixture's call log, and the "creating" lines shown, each with how many creates
   * had finished when it came.
   */
  async function upOfTenCreates(parallel: number): Promise<{ writes: string[]; most: number; creating: number[] }> {
    const s = scenario(`parallel-${parallel}`);
    const creating: number[] = [];
    const log = (line: string) => {
      if (/^\+\s+creating /.test(line)) creating.push(s.writes().filter((l) => l.startsWith("create ")).length);
    };
    try {
      ok(await up(s.opts({ "fixture:extraNetworks": "8", "fixture:createDelayMs": "500" }, { parallel, log })));
      return { writes: s.writes(), most: mostCreatesInFlight(s), creating };
    } finally {
      s.cleanup();
    }
  }
  // One run at parallel 2 serves the cap's test and the creating lines' test (whichever runs first starts it).
  let atTwo: ReturnType<typeof upOfTenCreates> | undefined;
  const upAtTwo = () => (atTwo ??= upOfTenCreates(2));

  test.each([
    [2, (most: number) => expect(most).toBe(2)],
    [16, (most: number) => expect(most).toBeGreaterThan(2)],
  ])("with parallel %i", async (parallel, expectMost) => {
    const run = await (parallel === 2 ? upAtTwo() : upOfTenCreates(parallel));
    expect(run.writes.filter((line) => line.startsWith("create "))).toHaveLength(10);
    expectMost(run.most);
  });

  // The engine shows a step when a worker starts it (step_executor.go executeStep raises OnResourceStepPre), so a
  // count of "creating" lines is a count of steps started: one shown while it waits for a slot made a long queue
  // look like a run that sped up, then stalled (issue: the bench's progress lines at parallel 8).
  test("a step's creating line comes when it starts, not while it waits for a slot", async () => {
    const { creating } = await upAtTwo();
    expect(creating).toHaveLength(10);
    // Lines shown ahead of the creates finished when each came: never more than the slots.
    expect(Math.max(...creating.map((finished, i) => i + 1 - finished))).toBe(2);
  });
});
