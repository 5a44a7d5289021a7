/** Unit tests of the harness's pure parts: property handling, state file, ordering, formatting. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { PlannedStep, RunResult, UNKNOWN_VALUE, formatPlan, normalizeConfigKey } from "../../harness";
import { deleteInOrder } from "../../harness/deletes";
import { peakRssMbOf } from "../../harness/providerHost";
import { defaultParallel } from "../../harness/options";
import { pwdMain } from "../../harness/project";
import { applyReplaceOnChanges, diffReplaces, settleDiff } from "../../harness/stepPlan";
import { makeUrn } from "../../harness/urns";
import { ASSET_SIG, elideAssets, restoreElidedAssets } from "../../harness/assets";
import { applyIgnoreChanges } from "../../harness/ignoreChanges";
import { diffProperties, uniqueTopLevel } from "../../harness/propertyDiff";
import { joinPath, parsePath } from "../../harness/propertyPaths";
import { PropertyMap, SECRET_SIG, SIG_KEY, annotateSecrets, markStepSecrets, makeSecret, stripSecrets } from "../../harness/props";
import { deletionOrder, sortResources } from "../../harness/resourceOrder";
import { ResourceState } from "../../harness/resourceState";
import { acquireLock, loadState, saveState } from "../../harness/state";
import { SecretsError } from "../../harness/secrets";

const secret = (v: PropertyMap[string]) => makeSecret(v);

describe("URNs", () => {
  test("children of the root stack use their own type; deeper children chain the parent's type", () => {
    const stack = makeUrn("dev", "proj", "", "pulumi:pulumi:Stack", "proj-dev");
    expect(stack).toBe("urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev");
    const comp = makeUrn("dev", "proj", stack, "my:index:Group", "g");
    expect(comp).toBe("urn:pulumi:dev::proj::my:index:Group::g");
    expect(makeUrn("dev", "proj", comp, "pulumi-nodejs:dynamic:Resource", "r")).toBe(
      "urn:pulumi:dev::proj::my:index:Group$pulumi-nodejs:dynamic:Resource::r",
    );
  });
});

describe("secrets in property maps", () => {
  test("annotateSecrets recurses into objects and marks whole values otherwise", () => {
    const inputs: PropertyMap = {
      password: secret("pw"),
      wlan: { psk: secret("k"), vlanId: 10 },
      tags: ["a", secret("b")],
      plain: "x",
    };
    const outputs: PropertyMap = { password: "pw", wlan: { psk: "k", vlanId: 10, extra: 1 }, tags: ["a", "b"], plain: "x", token: "t" };
    annotateSecrets(outputs, inputs);
    expect(outputs).toEqual({
      password: secret("pw"),
      wlan: { psk: secret("k"), vlanId: 10, extra: 1 },
      tags: secret(["a", "b"]),
      plain: "x",
      token: "t",
    });
    markStepSecrets(outputs, {}, ["token", "missing"]);
    expect(outputs["token"]).toEqual({ [SIG_KEY]: SECRET_SIG, value: "t" });
    expect("missing" in outputs).toBe(false);
    expect(stripSecrets(outputs)).toEqual({ password: "pw", wlan: { psk: "k", vlanId: 10, extra: 1 }, tags: ["a", "b"], plain: "x", token: "t" });
  });
});

describe("diffs", () => {
  test("nested paths, arrays, secrets", () => {
    const olds: PropertyMap = { name: "a", wlan: { vlanId: 1, ssid: "s" }, tags: ["x", "y"], psk: secret("1"), gone: 1, same: { a: [1] } };
    const news: PropertyMap = { name: "a", wlan: { vlanId: 2, ssid: "s" }, tags: ["x", "z", "w"], psk: secret("2"), added: true, same: { a: [1] } };
    const d = diffProperties(olds, news);
    expect(d).toEqual([
      { path: "wlan.vlanId", kind: "update" },
      { path: "tags[1]", kind: "update" },
      { path: "tags[2]", kind: "add" },
      { path: "psk", kind: "update" },
      { path: "gone", kind: "delete" },
      { path: "added", kind: "add" },
    ]);
    expect(uniqueTopLevel(d)).toEqual(["wlan", "tags", "psk", "gone", "added"]);
    expect(diffProperties({ a: "1" }, { a: secret("1") })).toEqual([{ path: "a", kind: "update" }]);
    expect(diffProperties({ a: secret("1") }, { a: secret("1") })).toEqual([]);
    expect(diffProperties({ a: null }, {})).toEqual([]);
  });

  test("property paths", () => {
    expect(joinPath(joinPath("", "a"), "b.c")).toBe('a["b.c"]');
    expect(parsePath('a["b.c"][0].d')).toEqual(["a", "b.c", 0, "d"]);
    expect(parsePath("wlan.vlanId")).toEqual(["wlan", "vlanId"]);
    expect(parsePath("a[")).toBeUndefined();
  });

  test("ignoreChanges keeps old values, including nested ones", () => {
    const news: PropertyMap = { a: 2, b: { c: 3, d: 4 }, e: 5 };
    const invalid = applyIgnoreChanges(news, { a: 1, b: { c: 9, d: 4 } }, ["a", "b.c", "e", "x.y"]);
    expect(news).toEqual({ a: 1, b: { c: 9, d: 4 } });
    expect(invalid).toEqual([]);
  });
});

describe("state file", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-units-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const res = (urn: string, extra: Partial<ResourceState> = {}): ResourceState => ({
    urn,
    type: "pulumi-nodejs:dynamic:Resource",
    custom: true,
    id: urn.split("::").pop(),
    inputs: {},
    outputs: {},
    dependencies: [],
    propertyDependencies: {},
    additionalSecretOutputs: [],
    ...extra,
  });

  test("secrets are encrypted, the serialized provider stored once, and everything comes back", () => {
    const file = path.join(dir, "s.json");
    const provider = "exports.handler = () => ({})";
    const r = res("urn:pulumi:s::p::t::a", {
      inputs: { __provider: provider, psk: secret("hunter2-psk"), n: 1 },
      outputs: { __provider: provider, psk: secret("hunter2-psk"), nested: { token: secret({ deep: "tok-abc" }) } },
    });
    const { crypter } = loadState(file, "pass");
    saveState(file, { version: 1, project: "p", stack: "s", resources: [r] }, crypter);
    const text = fs.readFileSync(file, "utf8");
    expect(text).not.toContain("hunter2-psk");
    expect(text).not.toContain("tok-abc");
    expect(text.split(provider).length - 1).toBe(1);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    const back = loadState(file, "pass").state.resources[0];
    expect(back.inputs).toEqual(r.inputs);
    expect(back.outputs).toEqual(r.outputs);

    expect(() => loadState(file, "wrong")).toThrow(/incorrect passphrase/);
    expect(() => loadState(file, undefined)).toThrow(SecretsError);
    expect(() => saveState(file, { version: 1, resources: [r] }, null)).toThrow(/refusing to save secret values without a passphrase/);
  });

  test("topological order and reverse deletion order follow parents and dependencies", () => {
    const stack = res("urn:s", { custom: false });
    const a = res("urn:a", { parent: "urn:s" });
    const b = res("urn:b", { parent: "urn:s", dependencies: ["urn:a"] });
    const c = res("urn:c", { parent: "urn:s", propertyDependencies: { x: ["urn:b"] } });
    const oldA = res("urn:a", { delete: true });
    expect(sortResources([c, b, a, stack]).map((r) => r.urn)).toEqual(["urn:s", "urn:a", "urn:b", "urn:c"]);
    const order = deletionOrder([stack, a, oldA, b, c]);
    expect(order.map((r) => r.urn).slice(0, 2)).toEqual(["urn:c", "urn:b"]);
    expect(order[order.length - 1].urn).toBe("urn:s");
  });

  test("the lock is exclusive", () => {
    const file = path.join(dir, "s.json");
    const release = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(/already in use|locked/);
    release();
    acquireLock(file)();
    fs.writeFileSync(`${file}.lock`, "999999999"); // a dead owner
    acquireLock(file)();
  });
});

describe("formatting and config", () => {
  test("formatPlan masks secrets and unknowns", () => {
    const r: RunResult = {
      operation: "preview",
      steps: [
        { urn: "u1", type: "t:m:A", name: "a", op: "update", changedFields: ["wlan"], changedPaths: ["wlan.vlanId"], custom: true, id: "1" },
        { urn: "u2", type: "t:m:B", name: "b", op: "replace", changedFields: ["region"], changedPaths: ["region"], replaceFields: ["region"], deleteBeforeReplace: true, custom: true },
        { urn: "u3", type: "t:m:C", name: "c", op: "same", changedFields: [], changedPaths: [], custom: true },
      ],
      changes: 2,
      outputs: { token: "tok-plain", id: UNKNOWN_VALUE, n: 1 },
      secretOutputs: ["token"],
      diagnostics: [],
      failed: false,
      errors: [],
      durationMs: 1234,
    };
    const text = formatPlan(r);
    expect(text).toContain("[diff: ~wlan.vlanId]");
    expect(text).toContain("replace because of region (delete before replace)");
    expect(text).toContain("token: [secret]");
    expect(text).toContain("id   : [unknown]");
    expect(text).not.toContain("tok-plain");
    expect(text).toContain("~ 1 to update");
    expect(text).toContain("+- 1 to replace");
    expect(text).toContain("1 unchanged");
  });

  test("formatPlan lists what changed or failed and the stack; its summary counts the completed steps only", () => {
    const step = (name: string, op: PlannedStep["op"], extra: Partial<PlannedStep> = {}): PlannedStep => ({
      urn: `u-${name}`, type: name === "stack" ? "pulumi:pulumi:Stack" : "t:m:R", name, op, changedFields: [], changedPaths: [], custom: name !== "stack", ...extra,
    });
    const r: RunResult = {
      operation: "up",
      steps: [
        step("stack", "same"),
        step("kept", "same"),
        step("made", "create", { id: "1" }),
        step("changed", "update", { id: "2", changedFields: ["vlan"], changedPaths: ["vlan"] }),
        step("refused", "create", { error: "create: HTTP 422" }),
        step("undiffed", "same", { error: "diff: timeout" }),
        step("later", "create", { error: "skipped: an earlier resource failed", skipped: true }),
        step("gone", "delete", { id: "3" }),
      ],
      changes: 4,
      outputs: {},
      secretOutputs: [],
      diagnostics: [],
      failed: true,
      errors: ["refused [t:m:R]: create: HTTP 422"],
      durationMs: 1000,
    };
    const text = formatPlan(r);
    expect(text.split("\n").filter((l) => / t:m:R | pulumi:pulumi:Stack /.test(l)).map((l) => l.replace(/ +/g, " ").trim())).toEqual([
      "pulumi:pulumi:Stack stack same",
      "+ t:m:R made created id=1",
      "~ t:m:R changed updated [diff: ~vlan] id=2",
      "+ t:m:R refused creating failed",
      "t:m:R undiffed failed",
      "- t:m:R gone deleted id=3",
    ]);
    expect(text).toContain("Resources:\n    + 1 created\n    ~ 1 updated\n    - 1 deleted\n    3 changes. 2 unchanged\n    2 errored\n");
    expect(text).toContain("FAILED (3 changes, 1.0s)");
    expect(formatPlan(r, { showSames: true })).toMatch(/^ \+ {3}t:m:R +later +skipped$/m);
    expect(formatPlan({ ...r, operation: "preview" })).toContain("    + 1 to create\n    ~ 1 to update\n    - 1 to delete\n");
  });

  test("config keys get the project namespace", () => {
    expect(normalizeConfigKey("vlan", "proj")).toBe("proj:vlan");
    expect(normalizeConfigKey("nms:tenantId", "proj")).toBe("nms:tenantId");
    expect(normalizeConfigKey("nms:config:tenantId", "proj")).toBe("nms:tenantId");
  });
});

describe("deletes in dependency order, in parallel", () => {
  const res = (urn: string, deps: string[] = [], parent?: string): ResourceState => ({
    urn,
    type: "t:m:R",
    custom: true,
    id: urn,
    inputs: {},
    outputs: {},
    dependencies: deps,
    propertyDependencies: {},
    additionalSecretOutputs: [],
    ...(parent ? { parent } : {}),
  });

  /** Runs deleteInOrder with deletes that take `ms`, recording start/end events and the most in flight at once. */
  async function run(order: ResourceState[], parallel: number, opts: { ms?: number; fail?: string; keep?: string } = {}) {
    const events: string[] = [];
    let inFlight = 0;
    let most = 0;
    await deleteInOrder(order, parallel, async (r) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      events.push(`start ${r.urn}`);
      await new Promise((resolve) => setTimeout(resolve, opts.ms ?? 5));
      inFlight -= 1;
      events.push(`end ${r.urn}`);
      return r.urn === opts.fail ? "failed" : r.urn === opts.keep ? "kept" : "deleted";
    });
    return { events, most };
  }

  test("a resource is deleted only after everything that depends on it; independent ones run together", async () => {
    // Two sites, each: venue <- group <- activation, and a network <- activation.
    const all: ResourceState[] = [];
    for (const site of ["a", "b"]) {
      all.push(res(`venue-${site}`), res(`net-${site}`), res(`group-${site}`, [`venue-${site}`]), res(`act-${site}`, [`group-${site}`, `net-${site}`, `venue-${site}`]));
    }
    const order = deletionOrder(all);
    const { events, most } = await run(order, 8);
    const at = (e: string) => events.indexOf(e);
    for (const site of ["a", "b"]) {
      expect(at(`end act-${site}`)).toBeLessThan(at(`start group-${site}`));
      expect(at(`end act-${site}`)).toBeLessThan(at(`start net-${site}`));
      expect(at(`end group-${site}`)).toBeLessThan(at(`start venue-${site}`));
    }
    expect(events.filter((e) => e.startsWith("start"))).toHaveLength(8);
    expect(most).toBeGreaterThanOrEqual(2); // both activations at once, then groups and networks
    expect((await run(order, 3)).most).toBeLessThanOrEqual(3);
  });

  test("the parallel limit holds, and parallel 1 is the given order", async () => {
    const order = Array.from({ length: 10 }, (_, i) => res(`r${i}`));
    expect((await run(order, 4)).most).toBe(4);
    const sequential = await run(order, 1, { ms: 1 });
    expect(sequential.most).toBe(1);
    expect(sequential.events.filter((e) => e.startsWith("start"))).toEqual(order.map((r) => `start ${r.urn}`));
  });

  test("children go before their parent; a replaced copy and its replacement (same URN) are both handled", async () => {
    const parent = res("comp");
    const child = res("child", [], "comp");
    const old = { ...res("x"), delete: true };
    const repl = res("x");
    const { events } = await run(deletionOrder([parent, child, old, repl]), 8);
    expect(events.indexOf("end child")).toBeLessThan(events.indexOf("start comp"));
    expect(events.filter((e) => e === "end x")).toHaveLength(2);
  });

  test("after a failure nothing new starts, deletes in flight finish", async () => {
    const order = [res("a"), res("b"), res("c"), res("d", ["a"])];
    // parallel 2: a and b start; a fails -> c and d never start; b finishes.
    const { events } = await run(order, 2, { fail: "a" });
    expect(events).toEqual(["start a", "start b", "end a", "end b"]);
  });

  test("a kept (protected) resource leaves what it depends on in place; every other delete goes on (deployment_executor.go performPostSteps)", async () => {
    const order = deletionOrder([res("base"), res("guarded", ["base"]), res("deeper", ["guarded"]), res("other")]);
    const { events } = await run(order, 2, { keep: "guarded" });
    expect(events.filter((e) => e.startsWith("start")).sort()).toEqual(["start deeper", "start guarded", "start other"]);
  });

  test("a dependency cycle (impossible in valid state) does not stall", async () => {
    const order = [res("a", ["b"]), res("b", ["a"])];
    const { events } = await run(order, 4);
    expect(events.filter((e) => e.startsWith("end"))).toHaveLength(2);
  });
});

describe("provider host memory", () => {
  test("peakRssMbOf reads VmHWM of a live process; undefined for no such process", () => {
    if (process.platform !== "linux") return;
    const mb = peakRssMbOf(process.pid)!;
    expect(mb).toBeGreaterThan(10);
    expect(mb).toBeGreaterThanOrEqual(Math.floor(process.memoryUsage().rss / 1024 / 1024 / 2));
    expect(peakRssMbOf(2 ** 22 + 12345)).toBeUndefined();
  });
});

describe("engine rules as pure functions (pkg/resource/deploy in pulumi/pulumi)", () => {
  test("ignoreChanges with `*` resets every key or element; a path through an added or removed element is reported (properties_path.go Reset)", () => {
    const news: PropertyMap = { tags: { a: 2, b: 3, c: 4 }, items: [{ v: 9, w: 1 }, { v: 8 }], list: [1, 2] };
    const olds: PropertyMap = { tags: { a: 1, b: 1 }, items: [{ v: 1, w: 1 }, { v: 2 }], list: [1, 2, 3] };
    expect(applyIgnoreChanges(news, olds, ["tags.*", "items[*].v", "list[2]", "missing.deep"])).toEqual(["list[2]"]);
    expect(news).toEqual({ tags: { a: 1, b: 1 }, items: [{ v: 1, w: 1 }, { v: 2 }], list: [1, 2] });
    const all: PropertyMap = { a: 2, b: 3 };
    expect(applyIgnoreChanges(all, { a: 1, c: 5 }, ["*"])).toEqual([]);
    expect(all).toEqual({ a: 1, c: 5 });
    // An old secret put back into a plain place stays secret.
    const plain: PropertyMap = { psk: "new" };
    applyIgnoreChanges(plain, { psk: secret("old") }, ["psk"]);
    expect(plain).toEqual({ psk: secret("old") });
  });

  test("replaceOnChanges acts only on the changes a Diff names: none from a deciding dynamic provider, the engine's own when it answered unknown (applyReplaceOnChanges, diffResource)", () => {
    const decided = settleDiff({ changes: "some", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] }, { size: 1 }, { size: 2 }, []);
    expect(diffReplaces(applyReplaceOnChanges(decided, ["size"], false))).toBe(false);
    const unknown = settleDiff({ changes: "unknown", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] }, { size: 1, wlan: { vlan: 1 } }, { size: 1, wlan: { vlan: 2 } }, []);
    expect(unknown).toMatchObject({ changes: "some", changedKeys: ["wlan"], detailedDiff: { "wlan.vlan": { replace: false } } });
    expect(diffReplaces(applyReplaceOnChanges(unknown, ["wlan.vlan"], false))).toBe(true);
    expect(applyReplaceOnChanges(unknown, ["wlan.vlan"], false).replaceKeys).toEqual([]);
    expect(applyReplaceOnChanges(unknown, ["wlan"], false).replaceKeys).toEqual(["wlan"]);
    // A secret that only became secret is no change to the engine's own comparison.
    expect(settleDiff({ changes: "unknown", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] }, { a: "x" }, { a: secret("x") }, []).changes).toBe("none");
    // Init errors on a covered path force a replace.
    const none = settleDiff({ changes: "none", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] }, {}, {}, []);
    expect(applyReplaceOnChanges(none, ["*"], true)).toMatchObject({ changes: "some", replaceKeys: ["#initerror"] });
  });

  test("every step marks outputs secret where the same-named input is a secret, and for additionalSecretOutputs except id (step_executor.go)", () => {
    const outputs: PropertyMap = { token: "t", nested: { psk: "k" }, id: "x", plain: 1 };
    markStepSecrets(outputs, { token: secret("t"), nested: { psk: secret("k") } }, ["plain", "id"]);
    expect(outputs).toEqual({ token: secret("t"), nested: { psk: "k" }, id: "x", plain: secret(1) });
  });

  test("assets go to Diff, Read and Delete as signature and hash, and Read's echo gets its fields back (rpc.go ElideAssetContents, restoreElidedAssetContents)", () => {
    const file = { [SIG_KEY]: ASSET_SIG, path: "floor.png", hash: "abc" };
    const elided = elideAssets({ image: file, list: [secret(file)] });
    expect(elided).toEqual({ image: { [SIG_KEY]: ASSET_SIG, hash: "abc" }, list: [secret({ [SIG_KEY]: ASSET_SIG, hash: "abc" })] });
    const echoed: PropertyMap = { image: { [SIG_KEY]: ASSET_SIG, hash: "abc" } };
    restoreElidedAssets({ image: file }, echoed);
    expect(echoed).toEqual({ image: file });
  });

  test("the default parallelism is PULUMI_PARALLEL, else 4 × the CPUs (up.go defaultParallel)", () => {
    const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
    expect(defaultParallel({})).toBe(4 * cpus);
    expect(defaultParallel({ PULUMI_PARALLEL: "3" })).toBe(3);
    expect(defaultParallel({ PULUMI_PARALLEL: "0" })).toBe(4 * cpus);
  });

  test("the program runs in the directory of Pulumi.yaml's main: a file's directory, a directory itself, else the project (project.go getPwdMain)", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "harness-main-"));
    try {
      fs.mkdirSync(path.join(root, "app"));
      fs.writeFileSync(path.join(root, "app", "index.js"), "");
      expect(pwdMain(root, "app/index.js")).toEqual({ pwd: path.join(root, "app"), program: path.join(root, "app", "index.js") });
      expect(pwdMain(root, "app/")).toEqual({ pwd: path.join(root, "app"), program: path.join(root, "app") });
      expect(pwdMain(root, undefined)).toEqual({ pwd: root, program: root });
      expect(() => pwdMain(root, "gone.js")).toThrow(/project 'main' could not be read/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
