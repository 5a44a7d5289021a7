/**
 * Step generation's decisions, apart from the provider calls: what a create sets, what an update changes, and how a
 * provider's Diff answer becomes same | update | replace (pkg/resource/deploy/step_generator.go in pulumi/pulumi:
 * diffResource, applyReplaceOnChanges, continueStepsFromDiff).
 */
import type { CheckFailure, DiffResult } from "./providerHost";
import { applyIgnoreChanges } from "./ignoreChanges";
import { type PropertyDiff, diffProperties, uniqueTopLevel } from "./propertyDiff";
import { parsePath, pathContains } from "./propertyPaths";
import {
  PROVIDER_KEY,
  type PropertyMap,
  type PropertyValue,
  clone,
  containsUnknowns,
  stripSecrets,
  stripSecretsMap,
} from "./props";
import type { ResourceState } from "./resourceState";
import type { PlannedStep } from "./types";

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

/** A Diff as the step generator works with it: never "unknown", replaceOnChanges applied. */
export interface EngineDiff {
  changes: "none" | "some";
  /** The engine's ReplaceKeys: top-level keys whose change replaces. */
  replaceKeys: string[];
  /** The engine's ChangedKeys: top-level keys that change. */
  changedKeys: string[];
  /** The engine's DetailedDiff, path -> whether that change replaces. */
  detailedDiff?: Record<string, { replace: boolean }>;
  deleteBeforeReplace: boolean;
}

/**
 * diffResource: a provider answering "unknown" (a dynamic provider without `diff`, or whose `diff` gives no
 * `changes`) is settled by comparing the old inputs with the new ones, ignoreChanges applied and secrets unwrapped;
 * that comparison also fills ChangedKeys and DetailedDiff, which the provider left empty.
 */
export function settleDiff(
  diff: DiffResult,
  oldInputs: PropertyMap,
  newInputs: PropertyMap,
  ignoreChanges: readonly string[],
): EngineDiff {
  const settled: EngineDiff = {
    changes: diff.changes === "some" ? "some" : "none",
    replaceKeys: [...diff.replaces],
    changedKeys: [...diff.changedKeys],
    deleteBeforeReplace: diff.deleteBeforeReplace,
  };
  if (diff.detailedDiff) settled.detailedDiff = { ...diff.detailedDiff };
  if (diff.changes !== "unknown") return settled;
  const news = clone(newInputs);
  applyIgnoreChanges(news, oldInputs, ignoreChanges);
  const inputDiffs = diffProperties(stripSecretsMap(oldInputs), stripSecretsMap(news));
  if (inputDiffs.length === 0) return settled;
  settled.changes = "some";
  settled.changedKeys = uniqueTopLevel(inputDiffs);
  settled.detailedDiff = Object.fromEntries(inputDiffs.map((d) => [d.path, { replace: false }]));
  return settled;
}

/** The key the engine's replaceOnChanges matches against init errors ("#initerror"). */
const INIT_ERROR_KEY = "#initerror";

/**
 * applyReplaceOnChanges: the option only turns changes the Diff reports (ChangedKeys, DetailedDiff) into replaces.
 * The Node.js dynamic-provider host answers Diff with changes, replaces and deleteBeforeReplace alone, so for a
 * dynamic resource whose provider decides (`changes` true or false) the option changes nothing; only when the
 * provider answers "unknown" does the engine's own input comparison give it something to act on.
 */
export function applyReplaceOnChanges(
  diff: EngineDiff,
  replaceOnChanges: readonly string[],
  hasInitErrors: boolean,
): EngineDiff {
  if (diff.changes !== "some" && !hasInitErrors) return diff;
  const paths = replaceOnChanges.map((p) => {
    const parsed = parsePath(p);
    if (!parsed) throw new Error(`invalid replaceOnChanges path ${JSON.stringify(p)}`);
    return parsed;
  });
  const covered = (path: string) => {
    const parsed = parsePath(path);
    return parsed !== undefined && paths.some((p) => pathContains(p, parsed));
  };
  const out: EngineDiff = { ...diff, replaceKeys: [...diff.replaceKeys] };
  if (diff.detailedDiff) {
    out.detailedDiff = {};
    for (const [path, d] of Object.entries(diff.detailedDiff))
      out.detailedDiff[path] = { replace: d.replace || covered(path) };
  }
  for (const k of diff.changedKeys) if (!out.replaceKeys.includes(k) && covered(k)) out.replaceKeys.push(k);
  if (hasInitErrors && covered(INIT_ERROR_KEY)) {
    out.replaceKeys.push(INIT_ERROR_KEY);
    if (out.detailedDiff) out.detailedDiff[INIT_ERROR_KEY] = { replace: true };
    out.changes = "some";
  }
  return out;
}

/**
 * shouldTriggerReplace (step_generator.go): the `replacementTrigger` option replaces the resource when its value
 * differs from the one stored with the old state, secrets unwrapped. An unknown value on either side counts as a
 * change (only a preview has one: an update refuses it); no value on either side (absent or null) never replaces, so
 * the first value set, or one removed, is stored without a replace.
 */
export function shouldTriggerReplace(news: PropertyValue | undefined, olds: PropertyValue | undefined): boolean {
  if (containsUnknowns(news) || containsUnknowns(olds)) return true;
  if (news === undefined || news === null || olds === undefined || olds === null) return false;
  return diffProperties({ trigger: stripSecrets(olds) }, { trigger: stripSecrets(news) }).length > 0;
}

/** DiffResult.Replace(): a replace key, or a replacing entry in the detailed diff. */
export function diffReplaces(diff: EngineDiff): boolean {
  return diff.replaceKeys.length > 0 || Object.values(diff.detailedDiff ?? {}).some((d) => d.replace);
}

/** The top-level fields a replace is shown to be for. */
export function replaceFieldsOf(diff: EngineDiff): string[] {
  const fields = new Set(diff.replaceKeys);
  for (const [path, d] of Object.entries(diff.detailedDiff ?? {}))
    if (d.replace) fields.add(String(parsePath(path)?.[0] ?? path));
  return [...fields];
}

/**
 * The changes the plan shows for an update or replace: the input paths that differ (old against checked), else, when
 * the provider sees a change the inputs do not show (drift in outputs), the fields whose old output differs from the
 * new input, else the paths the Diff named.
 */
export function shownChanges(old: ResourceState, checked: PropertyMap, diff: EngineDiff): PropertyDiff[] {
  const inputDiffs = diffProperties(old.inputs, checked);
  if (inputDiffs.length > 0) return inputDiffs;
  const outs: PropertyMap = {};
  for (const k of Object.keys(checked)) if (k in old.outputs) outs[k] = old.outputs[k];
  const outputDiffs = diffProperties(outs, checked).filter((d) => d.kind !== "delete");
  if (outputDiffs.length > 0) return outputDiffs;
  const named = diff.detailedDiff ? Object.keys(diff.detailedDiff) : [...diff.changedKeys, ...diff.replaceKeys];
  return [...new Set(named)].map((path) => ({ path, kind: "update" as const }));
}
