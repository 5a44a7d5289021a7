/**
 * What the harness leaves and does after failures, as Pulumi's engine does (pkg/resource/deploy/step.go,
 * step_generator.go GenerateDeletes, deployment_executor.go, pkg/engine/update.go in pulumi/pulumi): protected deletes,
 * replaced objects a failed run left behind, init errors and refresh. Each describe block is one stack of the
 * fixture provider (fixtures/engine) taken through a few runs.
 */
import * as fs from "node:fs";
import type { RunResult } from "../../harness";
import { EngineStack, ok, stepOf } from "./engineStack";
import { expectNoChildren } from "./helpers";

jest.setTimeout(180_000);

const PENDING_WARNING = /pending operations from previous deployment/;

describe("a protected resource fails its delete, in a preview too; the other deletes go on, only what it depends on stays (step.go DeleteStep.Apply deleteProtectedError; deployment_executor.go performPostSteps)", () => {
  const stack = new EngineStack();
  let plan: RunResult;
  let removal: RunResult;
  beforeAll(async () => {
    ok(
      await stack.run("up", [
        { name: "base" },
        { name: "guarded", opts: { protect: true, dependsOn: ["base"] } },
        { name: "other" },
      ]),
    );
    plan = await stack.run("preview", []);
    removal = await stack.run("up", []);
  });
  afterAll(() => stack.cleanup());

  test("the preview reports the protected delete as an error and still plans the others", () => {
    expect(plan.failed).toBe(true);
    expect(plan.errors).toEqual([
      expect.stringMatching(/^guarded \[.*\]: resource ".*::guarded" cannot be deleted because it is protected/),
    ]);
    expect(
      plan.steps
        .filter((s) => s.op === "delete")
        .map((s) => s.name)
        .sort(),
    ).toEqual(["guarded", "other"]);
  });

  test("up deletes the unprotected resource and keeps the protected one and the resource it depends on", () => {
    expect(removal.failed).toBe(true);
    expect(stack.calls("delete").map((c) => c.name)).toEqual(["other"]);
    expect(stack.saved("base")).toHaveLength(1);
    expect(stack.saved("guarded")).toHaveLength(1);
    expect(stack.saved("other")).toHaveLength(0);
    expectNoChildren();
  });
});

describe("objects a failed run left behind", () => {
  const stack = new EngineStack();
  const behavior = { x: { replaceOn: ["kind"] }, d: { replaceOn: ["kind"], dbr: true } };
  const program = (kind: string, protect: boolean) => [
    { name: "x", props: { kind }, opts: { protect } },
    { name: "d", props: { kind }, opts: { dependsOn: ["x"] } },
  ];
  let failedRun: RunResult;
  let nextRun: RunResult;
  let firstIds: Record<string, string>;
  let leftBehind: Record<"d" | "x", Record<string, unknown>[]>;
  beforeAll(async () => {
    ok(await stack.run("up", program("a", true), behavior));
    firstIds = Object.fromEntries(stack.calls("create").map((c) => [c.name!, c.id!]));
    // An interrupted run's pending create, as the journal would have left it.
    const state = JSON.parse(fs.readFileSync(stack.state, "utf8"));
    state.pendingOperations = [
      {
        type: "creating",
        urn: "urn:pulumi:test::engine::pulumi-nodejs:dynamic/engine:Thing::ghost",
        resourceType: "pulumi-nodejs:dynamic/engine:Thing",
      },
    ];
    fs.writeFileSync(stack.state, JSON.stringify(state));
    // x is replaced (its old object waits for the deletes); d is deleted first and its replacement fails: the run
    // stops before the deletes.
    failedRun = await stack.run("up", program("b", false), {
      ...behavior,
      d: { ...behavior.d, createFail: "the API refused" },
    });
    leftBehind = { d: stack.saved("d"), x: stack.saved("x") };
    nextRun = await stack.run("up", program("b", false), behavior, { refresh: true });
  });
  afterAll(() => stack.cleanup());

  test("the failed run deleted d before its replacement failed, and kept d's state, pending replacement (step.go DeleteStep, pendingReplacement)", () => {
    expect(failedRun.errors).toEqual([expect.stringMatching(/^d \[.*\]: create: the API refused$/)]);
    expect(leftBehind.d).toEqual([expect.objectContaining({ id: firstIds["d"], pendingReplacement: true })]);
    expect(leftBehind.x.map((r) => [r["id"] === firstIds["x"], !!r["delete"]]).sort()).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  test("the next run replaces d without deleting it again, and refresh does not read it (step_generator.go continueStepsFromDiff; step.go RefreshStep)", () => {
    expect(stepOf(nextRun, "d").op).toBe("replace");
    expect(stack.calls("read").map((c) => c.id)).not.toContain(firstIds["d"]);
    expect(stack.calls("delete").map((c) => c.id)).not.toContain(firstIds["d"]);
    expect(stack.calls("create").map((c) => c.name)).toEqual(["d"]);
  });

  test("x's old object, left for deletion, is deleted as a replaced object: no step, no change, no protect check (step_generator.go GenerateDeletes, NewDeleteReplacementStep)", () => {
    ok(nextRun);
    expect(stack.calls("delete").map((c) => c.id)).toEqual([firstIds["x"]]);
    expect(nextRun.steps.filter((s) => s.op === "delete")).toEqual([]);
    expect(nextRun.changes).toBe(1); // d's replacement
    expect(stack.saved("x")).toHaveLength(1);
  });

  test("the pending-operations warning is printed by an up, and not by an up that refreshes first (deployment_executor.go Execute)", () => {
    expect(failedRun.diagnostics.join("\n")).toMatch(PENDING_WARNING);
    expect(nextRun.diagnostics.join("\n")).not.toMatch(PENDING_WARNING);
    expectNoChildren();
  });
});

describe("init errors and refresh", () => {
  const stack = new EngineStack();
  const program = (v: number) => [
    { name: "r1", props: { v } },
    { name: "r2", props: { v: 1 }, opts: { dependsOn: ["r1"] } },
  ];
  let refreshed: RunResult;
  let plan: RunResult;
  let ids: Record<string, string>;
  let partlyCreated: Record<string, unknown>;
  let partlyUpdated: Record<string, unknown>;
  beforeAll(async () => {
    await stack.run("up", program(1), { r2: { createPartial: "not ready yet" } });
    ids = Object.fromEntries(stack.calls("create").map((c) => [c.name!, c.id!]));
    [partlyCreated] = stack.saved("r2");
    await stack.run("up", program(2), { r1: { updatePartial: "half done" } });
    [partlyUpdated] = stack.saved("r1");
    refreshed = ok(await stack.run("refresh", program(2), { r2: { readNewId: true } }));
    plan = ok(await stack.run("preview", program(2), {}));
  });
  afterAll(() => stack.cleanup());

  test("a partly failed update keeps the old inputs with the new outputs and the init errors (pkg/engine/update.go OnResourceStepPost)", () => {
    expect(partlyCreated).toMatchObject({ id: ids["r2"], initErrors: ["not ready yet"] });
    expect(partlyUpdated).toMatchObject({ inputs: { v: 1 }, outputs: { v: 2 }, initErrors: ["half done"] });
  });

  test("a refresh counts what Diff reports, not a new id alone, and sets init errors to what Read reports (step.go RefreshStep.ResultOp, RefreshStep.Apply)", () => {
    expect(stepOf(refreshed, "r2")).toMatchObject({ op: "same" });
    const [r2] = stack.saved("r2");
    expect(r2["id"]).toBe(`${ids["r2"]}-renamed`);
    expect(r2["initErrors"]).toBeUndefined();
    expect(stack.saved("r1")[0]["initErrors"]).toBeUndefined();
  });

  test("after the refresh cleared them, init errors no longer force an update (step_generator.go continueStepsFromDiff)", () => {
    expect(stepOf(plan, "r2").op).toBe("same");
    expectNoChildren();
  });
});
