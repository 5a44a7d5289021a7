/**
 * `pulumi up` previews first, in an engine run of its own, and applies only after a successful preview; the preview
 * runs with the same options, --refresh included; --skip-preview skips it (pkg/backend/apply.go
 * PreviewThenPromptThenExecute, pkg/cmd/pulumi/operations/up.go). Also: PULUMI_PARALLEL_DIFF runs the Diff calls in
 * step slots, Check still one at a time (step_generator.go diff, step.go DiffStep).
 */
import { type RunResult, up } from "../../harness";
import { SKIP_PREVIEW_ENV } from "../../harness/run";
import { type Call, EngineStack, type Entry, ok, stepOf } from "./engineStack";
import { expectNoChildren } from "./helpers";

jest.setTimeout(180_000);

const stack = new EngineStack();
afterAll(() => stack.cleanup());

const RESOURCES: Entry[] = [
  { name: "first", props: { size: 1 } },
  { name: "second", props: { size: 1 } },
];

const ops = (calls: Call[]) => calls.filter((c) => c.phase === undefined && c.op !== "configure").map((c) => c.op);

describe("up previews first (apply.go PreviewThenPromptThenExecute)", () => {
  let created: RunResult;
  let calls: Call[];
  beforeAll(async () => {
    created = ok(await stack.run("up", RESOURCES, {}, { skipPreview: false }));
    calls = stack.calls();
  });

  test("the program runs twice: a preview (Check only, nothing created), then the update", () => {
    expect(created.preview?.operation).toBe("preview");
    expect(created.preview?.steps.map((s) => `${s.op} ${s.name}`)).toEqual(
      expect.arrayContaining(["create first", "create second"]),
    );
    const sequence = ops(calls);
    expect(sequence.filter((op) => op === "program")).toHaveLength(2);
    const secondProgram = sequence.lastIndexOf("program");
    expect(sequence.slice(0, secondProgram).sort()).toEqual(["check", "check", "program"]);
    expect(sequence.slice(secondProgram).filter((op) => op === "create")).toHaveLength(2);
    expect(created.durationMs).toBeGreaterThanOrEqual(created.preview!.durationMs);
  });

  test("with refresh, the preview refreshes too (in memory), then the update", async () => {
    ok(await stack.run("up", RESOURCES, {}, { skipPreview: false, refresh: true }));
    // The refresh comes before each run's program: two reads before the preview's, two before the update's.
    const sequence = ops(stack.calls());
    const [previewProgram, updateProgram] = [sequence.indexOf("program"), sequence.lastIndexOf("program")];
    const reads = (from: number, to: number) => sequence.slice(from, to).filter((op) => op === "read").length;
    expect(reads(0, previewProgram)).toBe(2);
    expect(reads(previewProgram, updateProgram)).toBe(2);
    expect(reads(updateProgram, sequence.length)).toBe(0);
  });

  test("skipPreview runs the update alone; a failing preview stops the up before any change", async () => {
    // "guarded" would be replaced while protected, which fails the preview; without the preview the update would
    // create "early" before it failed at "guarded".
    const failing: Entry[] = [
      { name: "early", props: { size: 1 } },
      { name: "first", props: { size: 1 }, opts: { protect: true } },
    ];
    const skipped = ok(await stack.run("up", failing, {}, { skipPreview: true }));
    expect(skipped.preview).toBeUndefined();
    expect(ops(stack.calls()).filter((op) => op === "program")).toHaveLength(1);
    const changed: Entry[] = [
      { name: "early", props: { size: 1 } },
      { name: "new-one", props: { size: 1 } },
      { name: "first", props: { size: 2 }, opts: { protect: true } },
    ];
    const stopped = await stack.run("up", changed, { first: { replaceOn: ["size"] } }, { skipPreview: false });
    expect(stopped.failed).toBe(true);
    expect(stopped.preview?.failed).toBe(true);
    expect(stopped.steps).toEqual([]);
    expect(stopped.errors.join("\n")).toMatch(/first.*protected/);
    expect(ops(stack.calls()).filter((op) => op === "create" || op === "delete" || op === "update")).toEqual([]);
    expect(ops(stack.calls()).filter((op) => op === "program")).toHaveLength(1);
    expectNoChildren();
  });
});

test("PULUMI_PARALLEL_DIFF: Diff calls run at once in step slots; Check still one at a time (step_generator.go diff)", async () => {
  const wide = new EngineStack();
  try {
    const names = ["d1", "d2", "d3", "d4"];
    const entries = (size: number): Entry[] => names.map((name) => ({ name, props: { size } }));
    ok(await wide.run("up", entries(1)));
    const changed = ok(
      await wide.run("up", entries(2), { "*": { delayMs: 50, diffDelayMs: 600 } }, { parallelDiff: true }),
    );
    expect(names.map((n) => stepOf(changed, n).op)).toEqual(["update", "update", "update", "update"]);
    const spans = (op: string): [number, number][] => {
      const begun = new Map<string, number>();
      const out: [number, number][] = [];
      for (const c of wide.calls().filter((x) => x.op === op && x.phase !== undefined)) {
        if (c.phase === "begin") begun.set(c.name!, c.at!);
        else out.push([begun.get(c.name!)!, c.at!]);
      }
      return out.sort((a, b) => a[0] - b[0]);
    };
    const overlapping = (list: [number, number][]) =>
      Math.max(...list.map(([start]) => list.filter(([s, e]) => s <= start && start < e).length));
    expect(spans("diff")).toHaveLength(4);
    expect(overlapping(spans("diff"))).toBeGreaterThanOrEqual(2);
    expect(overlapping(spans("check"))).toBe(1);
  } finally {
    wide.cleanup();
  }
});

test("up() previews first unless told otherwise: the CLI's default (jest sets NMS_HARNESS_SKIP_PREVIEW for the rest)", async () => {
  const plain = new EngineStack();
  const saved = process.env[SKIP_PREVIEW_ENV];
  delete process.env[SKIP_PREVIEW_ENV];
  try {
    const { skipPreview: _, ...opts } = plain.options(RESOURCES);
    const result = ok(await up(opts));
    expect(result.preview?.operation).toBe("preview");
  } finally {
    if (saved !== undefined) process.env[SKIP_PREVIEW_ENV] = saved;
    plain.cleanup();
  }
});
