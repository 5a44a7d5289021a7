/**
 * Step generation's decisions, apart from the provider calls: what a create sets, what an update changes, and how a
 * provider's Diff answer becomes same | update | replace (pkg/resource/deploy's step generator in pulumi/pulumi).
 */
import { CheckFailure, DiffResult } from "./providerHost";
import { PROVIDER_KEY, PropertyDiff, PropertyMap, diffProperties, parsePath, pathContains, uniqueTopLevel } from "./props";
import { ResourceState } from "./state";
import { PlannedStep } from "./types";

/** Marks `step` as a create of these inputs: the plan lists every input field it sets. */
export function planCreate(step: PlannedStep, inputs: PropertyMap): void {
  step.op = "create";
  step.changedFields = Object.keys(inputs).filter((k) => k !== PROVIDER_KEY);
  step.changedPaths = [...step.changedFields];
}

/** Records the changes `step` shows in the plan. */
export function showChanges(step: PlannedStep, diffs: readonly PropertyDiff[]): void {
  step.changedFields = uniqueTopLevel(diffs);
  step.changedPaths = diffs.map((d) => d.path);
}

export function formatCheckFailures(failures: readonly CheckFailure[]): string {
  return failures.map((f) => (f.property ? `property ${f.property}: ${f.reason}` : f.reason)).join("; ");
}

export interface ChangePlan {
  /** Whether the resource changes; a Diff answering "unknown" is settled by comparing old and new inputs. */
  changes: "none" | "some";
  /** The changes to show in the plan. */
  diffs: PropertyDiff[];
  /** Top-level fields that force a replacement: the provider's, plus changed paths under replaceOnChanges. */
  replaceFields: string[];
  replace: boolean;
}

/** Turns the provider's Diff of an existing resource into what the step does and shows. */
export function planChange(old: ResourceState, checked: PropertyMap, diff: DiffResult, replaceOnChanges: readonly string[]): ChangePlan {
  const inputDiffs = diffProperties(old.inputs, checked);
  let changes = diff.changes;
  if (changes === "unknown") changes = inputDiffs.length > 0 ? "some" : "none";
  let diffs = inputDiffs;
  if (changes === "some" && diffs.length === 0) {
    // The provider sees a change the inputs do not show (drift in outputs): show the fields whose old output
    // differs from the new input.
    const outs: PropertyMap = {};
    for (const k of Object.keys(checked)) if (k in old.outputs) outs[k] = old.outputs[k];
    diffs = diffProperties(outs, checked).filter((d) => d.kind !== "delete");
    if (diffs.length === 0) diffs = diff.diffs.map((p) => ({ path: p, kind: "update" as const }));
  }
  const replaceKeys = new Set(diff.replaces);
  if (changes === "some" && replaceOnChanges.length > 0) {
    const roc = replaceOnChanges.map(parsePath).filter((p): p is (string | number)[] => p !== undefined);
    for (const d of diffs) {
      const p = parsePath(d.path);
      if (p && roc.some((r) => pathContains(r, p))) replaceKeys.add(String(p[0]));
    }
  }
  return { changes, diffs, replaceFields: [...replaceKeys], replace: changes === "some" && replaceKeys.size > 0 };
}
