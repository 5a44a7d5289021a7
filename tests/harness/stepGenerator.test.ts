/**
 * The harness decides steps as Pulumi's engine does (pkg/resource/deploy/step_generator.go and step_executor.go in
 * pulumi/pulumi): one stack of the fixture provider (fixtures/engine) goes through up, a preview with changes and an
 * up with them; each test checks one rule of the engine against what the provider was asked and what the harness
 * reported.
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunResult } from "../../harness";
import { ASSET_SIG } from "../../harness/assets";
import { SIG_KEY, UNKNOWN_VALUE } from "../../harness/props";
import { type Behavior, type Call, EngineStack, type Entry, SECRET_PROBE, ok, stepOf } from "./engineStack";
import { expectNoChildren } from "./helpers";

jest.setTimeout(180_000);

const FIXTURE_DIR = path.join(__dirname, "fixtures", "engine");
const ASSET_HASH = crypto
  .createHash("sha256")
  .update(fs.readFileSync(path.join(FIXTURE_DIR, "asset.txt")))
  .digest("hex");

/** The stack before (first) and after (second) the change, per resource. */
function resources(second: boolean, opts: { keepProtectedReplace?: boolean } = {}): Entry[] {
  const pick = <T>(first: T, then: T): T => (second ? then : first);
  return [
    { name: "roc-decides", props: { size: pick(1, 2) }, opts: { replaceOnChanges: ["size"] } },
    { name: "roc-unknown", props: { size: pick(1, 2) }, opts: { replaceOnChanges: ["size"] } },
    {
      name: "ignored",
      props: { tags: pick({ a: 1, b: 2 }, { a: 9, b: 9 }), list: pick([1, 2, 3, 4], [1, 2]) },
      opts: { ignoreChanges: ["tags.*", "list[3]"] },
    },
    { name: "recheck", props: { kind: pick("a", "b"), note: pick("one", "two") }, opts: { ignoreChanges: ["note"] } },
    { name: "asset", props: { file: { $file: "asset.txt" }, n: pick(1, 2) } },
    { name: "secret-later", props: { token: pick<unknown>("tok-1", { $secret: "tok-1" }) }, exports: ["token"] },
    { name: "unprotect", props: { kind: pick("a", "b") }, opts: { protect: !second } },
    {
      name: "stays-protected",
      props: { kind: second && !opts.keepProtectedReplace ? "b" : "a" },
      opts: { protect: true },
    },
    { name: "owner", props: { kind: pick("a", "b") } },
    { name: "follower", props: { v: 1 }, opts: { deletedWith: "owner" } },
  ];
}

const BEHAVIOR: Record<string, Behavior> = {
  "*": { delayMs: 40, createDelayMs: 300 },
  "roc-unknown": { diff: "unknown" },
  recheck: { replaceOn: ["kind"] },
  unprotect: { replaceOn: ["kind"] },
  "stays-protected": { replaceOn: ["kind"] },
  owner: { replaceOn: ["kind"] },
};

const stack = new EngineStack();
let first: RunResult;
let plan: RunResult;
let second: RunResult;
/** Provider calls of each run. */
const calls: Record<"first" | "plan" | "second", Call[]> = { first: [], plan: [], second: [] };
/** Every begin/end marker of all three runs, in order. */
let markers: Call[] = [];

beforeAll(async () => {
  first = ok(await stack.run("up", resources(false), BEHAVIOR));
  calls.first = stack.calls();
  plan = await stack.run("preview", resources(true), BEHAVIOR);
  calls.plan = stack.calls();
  second = ok(await stack.run("up", resources(true, { keepProtectedReplace: true }), BEHAVIOR));
  calls.second = stack.calls();
  markers = stack.allCalls().filter((c) => c.phase !== undefined);
});
afterAll(() => stack.cleanup());

const of = (list: Call[], op: string, name: string) =>
  list.filter((c) => c.op === op && c.phase === undefined && c.name === name);

test("replaceOnChanges turns no provider-decided update into a replace; only a Diff answering 'unknown' lets it act (step_generator.go applyReplaceOnChanges, diffResource; the Node.js host's diff)", () => {
  expect(stepOf(second, "roc-decides")).toMatchObject({ op: "update", changedFields: ["size"] });
  expect(of(calls.second, "update", "roc-decides")).toHaveLength(1);
  // Unknown: the engine compares inputs itself and fills the changed keys replaceOnChanges matches.
  expect(stepOf(second, "roc-unknown")).toMatchObject({ op: "replace", replaceFields: ["size"] });
  expect(of(calls.second, "create", "roc-unknown")).toHaveLength(1);
});

test("ignoreChanges takes `*`, and a path it cannot reset is an info message, not a failure (step_generator.go processIgnoreChanges, PropertyPath.Reset)", () => {
  const [check] = of(calls.second, "check", "ignored");
  expect(check.news).toMatchObject({ tags: { a: 1, b: 2 }, list: [1, 2] });
  expect(stepOf(second, "ignored")).toMatchObject({ op: "update", changedFields: ["list"] });
  expect(second.diagnostics).toContain(
    'info: urn:pulumi:test::engine::pulumi-nodejs:dynamic/engine:Thing::ignored: cannot ignore changes in added or removed elements of the path: "list[3]"',
  );
});

test("a replacement is created from a second Check of the program's own inputs, without the old ones and without ignoreChanges (step_generator.go continueStepsFromDiff)", () => {
  const checks = of(calls.second, "check", "recheck");
  expect(checks.map((c) => [c.olds, c.news])).toEqual([
    [expect.objectContaining({ note: "one" }), expect.objectContaining({ kind: "b", note: "one" })],
    [{}, expect.objectContaining({ kind: "b", note: "two" })],
  ]);
  expect(of(calls.second, "create", "recheck")[0].inputs).toMatchObject({ kind: "b", note: "two" });
  // A preview checks twice too.
  expect(of(calls.plan, "check", "recheck").map((c) => c.olds)).toEqual([expect.objectContaining({ kind: "a" }), {}]);
});

test("a file asset is hashed at registration; Diff and the old side of Update get only its signature and hash (rpc.go ElideAssetContents, source_eval.go ComputeAssetHashes)", () => {
  const whole = { [SIG_KEY]: ASSET_SIG, path: "asset.txt", hash: ASSET_HASH };
  const elided = { [SIG_KEY]: ASSET_SIG, hash: ASSET_HASH };
  expect(of(calls.first, "check", "asset")[0].news!["file"]).toEqual(whole);
  expect(of(calls.first, "create", "asset")[0].inputs!["file"]).toEqual(whole);
  const [diff] = of(calls.second, "diff", "asset");
  expect([diff.olds!["file"], diff.news!["file"]]).toEqual([elided, elided]);
  const [update] = of(calls.second, "update", "asset");
  expect([update.olds!["file"], update.news!["file"]]).toEqual([elided, whole]);
});

test("outputs are re-marked secret on every step, a same step included (step_executor.go continueExecuteStep)", () => {
  expect(first.secretOutputs).not.toContain("secret-later.token");
  expect(stepOf(second, "secret-later").op).toBe("same");
  expect(second.secretOutputs).toContain("secret-later.token");
  const [saved] = stack.saved("secret-later");
  expect((saved["outputs"] as Record<string, Record<string, unknown>>)["token"]["ciphertext"]).toEqual(
    expect.any(String),
  );
});

test("a replace is refused only when the resource is protected before and after; a preview reports it and still shows the plan (step_generator.go continueStepsFromDiff)", () => {
  expect(stepOf(second, "unprotect")).toMatchObject({ op: "replace" });
  expect(of(calls.second, "create", "unprotect")).toHaveLength(1);
  expect(plan.failed).toBe(true);
  expect(plan.errors).toEqual([
    expect.stringMatching(/^stays-protected \[.*\]: resource is protected and would be replaced/),
  ]);
  expect(stepOf(plan, "stays-protected")).toMatchObject({ op: "replace", replaceFields: ["kind"] });
  expect(stepOf(plan, "roc-decides").op).toBe("update");
  expect(stepOf(plan, "owner").op).toBe("replace");
});

test("a resource whose deletedWith target is replaced is replaced too, without its own Diff, and its old object goes with the target's (step_generator.go diff, step.go DeleteStep)", () => {
  expect(stepOf(second, "follower")).toMatchObject({ op: "replace", replaceFields: ["deletedWith"] });
  expect(of(calls.second, "diff", "follower")).toEqual([]);
  expect(of(calls.second, "create", "follower")).toHaveLength(1);
  expect(
    calls.second
      .filter((c) => c.op === "delete")
      .map((c) => c.name)
      .sort(),
  ).toEqual(["owner", "recheck", "roc-unknown", "unprotect"]);
});

test("Check and Diff run one at a time; creates run up to `parallel` at once (step_generator.go, step_executor.go)", () => {
  const spans = (ops: string[]) => {
    const open = new Map<string, number>();
    const out: [number, number][] = [];
    for (const m of markers) {
      if (!ops.includes(m.op)) continue;
      const key = `${m.op} ${m.name}`;
      if (m.phase === "begin") open.set(key, m.at!);
      else out.push([open.get(key)!, m.at!]);
    }
    return out.sort((a, b) => a[0] - b[0]);
  };
  const generation = spans(["check", "diff"]);
  expect(generation.length).toBeGreaterThan(20);
  for (let i = 1; i < generation.length; i++) expect(generation[i][0]).toBeGreaterThanOrEqual(generation[i - 1][1]);
  let most = 0;
  for (const [start] of spans(["create"]))
    most = Math.max(most, spans(["create"]).filter(([s, e]) => s <= start && start < e).length);
  expect(most).toBeGreaterThanOrEqual(2);
  expect(most).toBeLessThanOrEqual(4);
});

test("the program and the provider host run in the directory of the program, Pulumi.yaml's `main` (project.go getPwdMain; plugin.go cmd.Dir)", () => {
  expect(calls.first.filter((c) => c.op === "program").map((c) => c.cwd)).toEqual([FIXTURE_DIR]);
  expect(
    new Set(
      of(calls.first, "create", "asset")
        .concat(of(calls.first, "create", "owner"))
        .map((c) => c.cwd),
    ),
  ).toEqual(new Set([FIXTURE_DIR]));
});

test("a dynamic provider's Configure gets the whole stack config, every namespace, secrets in plaintext (target.go GetPackageConfig, CLI 3.139 and later)", () => {
  expect(calls.first.filter((c) => c.op === "configure")).toEqual([
    { op: "configure", other: "visible to every provider", secret: SECRET_PROBE },
  ]);
  expectNoChildren();
});

describe('the first failed Check stops the deployment (step_generator.go: BailErrorf "resource %s is invalid")', () => {
  const failing = new EngineStack();
  afterAll(() => failing.cleanup());

  test("in a preview too: nothing after it is checked", async () => {
    const r = await failing.run("preview", [{ name: "bad" }, { name: "after-1" }, { name: "after-2" }], {
      bad: { checkFail: "is not allowed" },
    });
    expect(r.errors).toEqual([expect.stringMatching(/^bad \[.*\]: check failed: property name: is not allowed$/)]);
    expect(failing.calls("check").map((c) => c.name)).toEqual(["bad"]);
    expect(stepOf(r, "after-1").error).toMatch(/skipped/);
    expectNoChildren();
  });
});

describe("a delete-before-replace first deletes the dependents it would replace, and they come back when they register (step_generator.go calculateDependentReplacements)", () => {
  const dbr = new EngineStack();
  const program = (kind: string): Entry[] => [
    { name: "root", props: { kind } },
    { name: "dependent", props: { ref: { $ref: "root.out" } } },
    { name: "loose", props: { v: 1 }, opts: { dependsOn: ["root"] } },
  ];
  const behavior: Record<string, Behavior> = {
    root: { replaceOn: ["kind"], dbr: true },
    dependent: { replaceOn: ["ref"] },
  };
  let r: RunResult;
  let ids: Record<string, string>;
  beforeAll(async () => {
    ok(await dbr.run("up", program("a"), behavior));
    ids = Object.fromEntries(dbr.calls("create").map((c) => [c.name!, c.id!]));
    r = ok(await dbr.run("up", program("b"), behavior));
  });
  afterAll(() => dbr.cleanup());

  test("the dependent's Diff sees the inputs it takes from the replaced resource unknown; it is deleted before the resource", () => {
    const diffs = dbr.calls("diff").filter((c) => c.name === "dependent");
    expect(diffs.map((c) => c.news!["ref"])).toEqual([UNKNOWN_VALUE]);
    const writes = dbr
      .calls()
      .filter((c) => (c.op === "delete" || c.op === "create") && c.phase === undefined)
      .map((c) => `${c.op} ${c.name}`);
    expect(writes).toEqual(["delete dependent", "delete root", "create root", "create dependent"]);
    expect(dbr.calls("delete").map((c) => c.id)).toEqual([ids["dependent"], ids["root"]]);
  });

  test("the re-created dependent is a replace without a Diff of its own; a dependent that takes nothing from it stays", () => {
    expect(stepOf(r, "dependent")).toMatchObject({ op: "replace", replaceFields: ["ref"] });
    expect(
      dbr
        .calls("check")
        .filter((c) => c.name === "dependent")
        .map((c) => c.olds),
    ).toEqual([{}]);
    expect(stepOf(r, "loose").op).toBe("same");
    expect(r.changes).toBe(2);
    expectNoChildren();
  });
});
