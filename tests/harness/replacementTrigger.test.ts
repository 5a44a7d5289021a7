/**
 * The `replacementTrigger` resource option (@pulumi/pulumi 3.248 sends it) as the engine honours it
 * (pkg/resource/deploy/step_generator.go generateStepsFromDiff, shouldTriggerReplace): the value is stored with the
 * state, a different value replaces without asking the provider's Diff, no value on either side never replaces,
 * secrets are compared unwrapped, and an unknown value (a preview) plans a replace.
 */
import { formatPlan, type RunResult } from "../../harness";
import { shouldTriggerReplace } from "../../harness/stepPlan";
import { SECRET_SIG, SIG_KEY, UNKNOWN_VALUE, makeSecret } from "../../harness/props";
import { type Call, EngineStack, type Entry, ok, stepOf } from "./engineStack";
import { expectNoChildren } from "./helpers";

jest.setTimeout(180_000);

const stack = new EngineStack();
afterAll(() => stack.cleanup());

/** The stack with `trigger` as the replacementTrigger of "gate" (none when undefined), one without, `before` first. */
function resources(trigger?: unknown, before: Entry[] = []): Entry[] {
  return [
    ...before,
    { name: "gate", props: { size: 1 }, opts: trigger === undefined ? {} : { replacementTrigger: trigger } },
    { name: "plain", props: { size: 1 } },
  ];
}

function savedTrigger(name: string): unknown {
  return stack.saved(name)[0]?.["replacementTrigger"];
}

const calledFor = (calls: Call[], op: string, name: string) =>
  calls.filter((c) => c.op === op && c.name === name && c.phase === undefined);

describe("replacementTrigger (step_generator.go shouldTriggerReplace)", () => {
  let created: RunResult;
  beforeAll(async () => {
    created = ok(await stack.run("up", resources("v1")));
  });

  test("the trigger is stored with the resource's state; the first value creates, it does not replace", () => {
    expect(stepOf(created, "gate").op).toBe("create");
    expect(savedTrigger("gate")).toBe("v1");
    expect(savedTrigger("plain")).toBeUndefined();
  });

  test("a new value replaces without asking the provider's Diff, and the plan names the trigger", async () => {
    const replaced = ok(await stack.run("up", resources("v2")));
    const step = stepOf(replaced, "gate");
    expect(step).toMatchObject({ op: "replace", replacementTrigger: true, replaceFields: [] });
    expect(step.deleteBeforeReplace).toBe(false);
    expect(calledFor(stack.calls(), "diff", "gate")).toHaveLength(0);
    expect(calledFor(stack.calls(), "create", "gate")).toHaveLength(1);
    expect(calledFor(stack.calls(), "delete", "gate")).toHaveLength(1);
    expect(stepOf(replaced, "plain").op).toBe("same");
    expect(formatPlan(replaced)).toMatch(
      /\+-\s+pulumi-nodejs:dynamic\/engine:Thing\s+gate\s+replaced\s+replace because of replacementTrigger/,
    );
    expect(savedTrigger("gate")).toBe("v2");
  });

  test("a value removed, then one set where there was none: no replace, the new value is stored", async () => {
    const removed = ok(await stack.run("up", resources(undefined)));
    expect(stepOf(removed, "gate").op).toBe("same");
    expect(savedTrigger("gate")).toBeUndefined();
    const setAgain = ok(await stack.run("up", resources("v3")));
    expect(stepOf(setAgain, "gate").op).toBe("same");
    expect(savedTrigger("gate")).toBe("v3");
  });

  test("an equal value, here made secret, lets the provider's Diff decide; the secret is stored encrypted", async () => {
    const secret = ok(await stack.run("up", resources({ $secret: "v3" })));
    expect(stepOf(secret, "gate").op).toBe("same");
    expect(calledFor(stack.calls(), "diff", "gate")).toHaveLength(1);
    const stored = savedTrigger("gate") as Record<string, unknown>;
    expect(stored[SIG_KEY]).toBe(SECRET_SIG);
    expect(typeof stored["ciphertext"]).toBe("string");
    expect(JSON.stringify(stack.savedResources())).not.toContain('"v3"');
  });

  test("an unknown value, as a preview has it from a resource not created yet, plans a replace", async () => {
    const plan = ok(
      await stack.run("preview", resources({ $ref: "source.out" }, [{ name: "source", props: { size: 1 } }])),
    );
    expect(stepOf(plan, "gate")).toMatchObject({ op: "replace", replacementTrigger: true });
    expect(calledFor(stack.calls(), "diff", "gate")).toHaveLength(0);
    expectNoChildren();
  });
});

test("shouldTriggerReplace: unknown on either side replaces; no value never does; values compare unwrapped", () => {
  expect(shouldTriggerReplace(UNKNOWN_VALUE, "a")).toBe(true);
  expect(shouldTriggerReplace({ at: [UNKNOWN_VALUE] }, { at: ["x"] })).toBe(true);
  expect(shouldTriggerReplace(undefined, "a")).toBe(false);
  expect(shouldTriggerReplace("a", null)).toBe(false);
  expect(shouldTriggerReplace(makeSecret("a"), "a")).toBe(false);
  expect(shouldTriggerReplace({ v: [1, makeSecret(2)] }, { v: [1, 2] })).toBe(false);
  expect(shouldTriggerReplace({ v: [1, 2] }, { v: [1, 3] })).toBe(true);
  expect(shouldTriggerReplace(1, "1")).toBe(true);
});
