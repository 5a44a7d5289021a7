/** Refresh: the engine's Read of every custom resource, up to `parallel` at once (pkg/resource/deploy/step.go RefreshStep). */
import { AttributionCollector, type ResourceAttribution } from "./attribution";
import { ProviderError, type ProviderHost } from "./providerHost";
import { diffProperties, type PropertyDiff, uniqueTopLevel } from "./propertyDiff";
import { annotateSecrets, markStepSecrets, type PropertyMap } from "./props";
import { settleDiff } from "./stepPlan";
import { Slots } from "./slots";
import { type ResourceState, timestampNow } from "./resourceState";
import type { PlannedStep } from "./types";
import { resourceLabel, urnName } from "./urns";

export interface RefreshOutcome {
  resources: ResourceState[];
  steps: PlannedStep[];
  errors: string[];
  /** Warnings the engine prints (a resource Read found unhealthy). */
  warnings: string[];
  /** Who changed the drifted and deleted resources, as the provider said (harness/attribution.ts). */
  attributions: ResourceAttribution[];
}

/**
 * What the refresh changed, as Pulumi's engine judges it (docs/pulumi-facts.md §8): the provider's Diff of what an
 * `up` of the unchanged program would do right after, with the refreshed outputs and inputs as old and the old inputs
 * as new. Outputs that changed while every input still matches are no change. The paths shown are those of the
 * inputs that differ (old against refreshed) where the object no longer holds the old value, else those of the old
 * inputs against the refreshed outputs.
 */
async function driftOf(
  host: ProviderHost,
  r: ResourceState,
  id: string,
  inputs: PropertyMap,
  outputs: PropertyMap,
): Promise<PropertyDiff[]> {
  const ignore = r.ignoreChanges ?? [];
  const answer = await host.diff(
    r.urn,
    urnName(r.urn),
    r.type,
    id,
    host.plain(outputs),
    host.plain(r.inputs),
    host.plain(inputs),
    ignore,
  );
  const diff = settleDiff(answer, inputs, r.inputs, ignore);
  if (diff.changes === "none") return [];
  const inputDiffs = diffProperties(r.inputs, inputs);
  // An input the refresh returns differently although the object still holds the old value is not the drift.
  const field = (d: PropertyDiff) => uniqueTopLevel([d])[0];
  const holdsOld = (k: string) =>
    diffProperties(k in r.inputs ? { [k]: r.inputs[k] } : {}, k in outputs ? { [k]: outputs[k] } : {}).length === 0;
  const drifted = inputDiffs.filter((d) => !holdsOld(field(d)));
  if (drifted.length > 0) return drifted;
  if (inputDiffs.length > 0) return inputDiffs;
  const refreshedOfInputs: PropertyMap = {};
  for (const k of Object.keys(r.inputs)) if (k in outputs) refreshedOfInputs[k] = outputs[k];
  const outputDiffs = diffProperties(r.inputs, refreshedOfInputs).filter((d) => d.kind !== "delete");
  if (outputDiffs.length > 0) return outputDiffs;
  const named = diff.detailedDiff ? Object.keys(diff.detailedDiff) : diff.changedKeys;
  return (named.length > 0 ? named : ["*"]).map((path) => ({ path, kind: "update" as const }));
}

/**
 * Refresh: Read every custom resource. Gone (empty id) -> dropped from state; otherwise outputs (and inputs, when
 * the provider returns them) replaced, secrets re-marked from the old values and as every step's are, and the init
 * errors set to what Read reports (none after a clean Read). A resource whose delete-before-replace left it
 * pending replacement is not read. The step is a change only when the refresh Diff says so; a new id alone is not.
 */
export async function refreshResources(
  resources: readonly ResourceState[],
  provider: () => Promise<ProviderHost>,
  parallel: number,
  log: (line: string) => void,
): Promise<RefreshOutcome> {
  const steps: PlannedStep[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  const out: (ResourceState | undefined)[] = resources.map((r) => r);
  const work: (() => Promise<void>)[] = [];
  // The provider's attribution lines, by the resource's name and ID (printed on its stderr before it answers the Read).
  const collector = new AttributionCollector();
  let unwatch: (() => void) | undefined;
  const watched = async (): Promise<ProviderHost> => {
    const host = await provider();
    unwatch ??= host.watchLines(collector.take);
    return host;
  };
  resources.forEach((r, i) => {
    if (!r.custom || !r.id || r.pendingReplacement) return;
    const step: PlannedStep = {
      urn: r.urn,
      type: r.type,
      name: urnName(r.urn),
      op: "same",
      changedFields: [],
      changedPaths: [],
      id: r.id,
      custom: true,
    };
    steps.push(step);
    work.push(async () => {
      const host = await watched();
      try {
        let res: { id: string; outputs: PropertyMap; inputs?: PropertyMap };
        let initErrors: string[] = [];
        try {
          res = await host.read(r.urn, urnName(r.urn), r.type, r.id!, host.plain(r.outputs), host.plain(r.inputs));
        } catch (e) {
          // A partial failure does not fail the refresh: the engine warns and keeps the reasons as init errors.
          const partial = e instanceof ProviderError ? e.initFailure : undefined;
          if (!partial) throw e;
          initErrors = partial.reasons.length > 0 ? partial.reasons : [(e as Error).message];
          res = { id: partial.id, outputs: partial.properties };
          warnings.push(
            `warning: ${r.urn}: Refreshed resource is in an unhealthy state:\n* ${initErrors.join("\n* ")}`,
          );
        }
        if (!res.id) {
          step.op = "delete";
          out[i] = undefined;
          log(`refresh: ${r.urn} no longer exists`);
          return;
        }
        const inputs = res.inputs ? annotateSecrets(res.inputs, r.inputs) : r.inputs;
        const outputs = markStepSecrets(annotateSecrets(res.outputs, r.outputs), inputs, r.additionalSecretOutputs);
        const next: ResourceState = { ...r, id: res.id, inputs, outputs };
        if (initErrors.length > 0) next.initErrors = initErrors;
        else delete next.initErrors;
        if (diffProperties(r.outputs, outputs).length > 0 || diffProperties(r.inputs, inputs).length > 0)
          next.modified = timestampNow();
        // An external resource (read with `get`) changed when its outputs did (step.go RefreshStep): no Diff to ask.
        const diffs = r.external ? diffProperties(r.outputs, outputs) : await driftOf(host, r, res.id, inputs, outputs);
        if (diffs.length > 0) {
          step.op = "update";
          step.changedFields = uniqueTopLevel(diffs);
          step.changedPaths = [...new Set(diffs.map((d) => d.path))];
          step.id = res.id;
          log(`refresh: ${r.urn} changed: ${step.changedFields.join(", ")}`);
        }
        out[i] = next;
      } catch (e) {
        step.error = `read: ${(e as Error).message}`;
        errors.push(`${resourceLabel(step.name, r.type)}: ${step.error}`);
      }
    });
  });
  const slots = new Slots(Math.max(1, parallel));
  try {
    await Promise.all(work.map((job) => slots.run(job)));
    const drifted = steps.filter((s) => !s.error && (s.op === "update" || s.op === "delete"));
    await collector.settle(drifted.map((s) => ({ name: s.name, id: s.id ?? "" })));
  } finally {
    unwatch?.();
  }
  const attributions: ResourceAttribution[] = [];
  for (const step of steps) {
    const found = step.id === undefined ? undefined : collector.of(step.name, step.id);
    if (!found) continue;
    step.attribution = `${found.drift} outside the stack: ${found.text}`;
    attributions.push({ urn: step.urn, line: found.line, changes: found.changes });
  }
  return { resources: out.filter((r): r is ResourceState => r !== undefined), steps, errors, warnings, attributions };
}
