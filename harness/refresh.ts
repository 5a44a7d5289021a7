/** Refresh: the engine's Read of every custom resource, up to `parallel` at once. */
import { ProviderHost } from "./providerHost";
import { annotateSecrets, diffProperties, markSecretKeys, PropertyDiff, PropertyMap, uniqueTopLevel } from "./props";
import { Slots } from "./slots";
import { ResourceState, timestampNow } from "./state";
import { PlannedStep } from "./types";
import { resourceLabel, urnName } from "./urns";

export interface RefreshOutcome {
  resources: ResourceState[];
  steps: PlannedStep[];
  errors: string[];
}

/**
 * What the refresh changed, as Pulumi's engine judges it (docs/pulumi-facts.md §8): the provider's Diff of what an
 * `up` of the unchanged program would do right after, with the refreshed outputs and inputs as old and the old inputs
 * as new. Outputs that changed while every input still matches are no change. The paths shown are those of the
 * inputs that differ (old against refreshed) where the object no longer holds the old value, else those of the old
 * inputs against the refreshed outputs.
 */
async function driftOf(host: ProviderHost, r: ResourceState, id: string, inputs: PropertyMap, outputs: PropertyMap): Promise<PropertyDiff[]> {
  const diff = await host.diff(r.urn, urnName(r.urn), r.type, id, host.plain(outputs), host.plain(r.inputs), host.plain(inputs), r.ignoreChanges ?? []);
  const inputDiffs = diffProperties(r.inputs, inputs);
  if (diff.changes === "none" || (diff.changes === "unknown" && inputDiffs.length === 0)) return [];
  // An input the refresh returns differently although the object still holds the old value is not the drift.
  const field = (d: PropertyDiff) => uniqueTopLevel([d])[0];
  const holdsOld = (k: string) => diffProperties(k in r.inputs ? { [k]: r.inputs[k] } : {}, k in outputs ? { [k]: outputs[k] } : {}).length === 0;
  const drifted = inputDiffs.filter((d) => !holdsOld(field(d)));
  if (drifted.length > 0) return drifted;
  if (inputDiffs.length > 0) return inputDiffs;
  const refreshedOfInputs: PropertyMap = {};
  for (const k of Object.keys(r.inputs)) if (k in outputs) refreshedOfInputs[k] = outputs[k];
  const outputDiffs = diffProperties(r.inputs, refreshedOfInputs).filter((d) => d.kind !== "delete");
  if (outputDiffs.length > 0) return outputDiffs;
  return (diff.diffs.length > 0 ? diff.diffs : ["*"]).map((path) => ({ path, kind: "update" as const }));
}

/**
 * Refresh: Read every custom resource. Gone (empty id) -> dropped from state; otherwise outputs (and inputs, when
 * the provider returns them) replaced, secrets re-marked from the old values and additionalSecretOutputs.
 */
export async function refreshResources(
  resources: readonly ResourceState[],
  provider: () => Promise<ProviderHost>,
  parallel: number,
  log: (line: string) => void,
): Promise<RefreshOutcome> {
  const steps: PlannedStep[] = [];
  const errors: string[] = [];
  const out: (ResourceState | undefined)[] = resources.map((r) => r);
  const work: (() => Promise<void>)[] = [];
  resources.forEach((r, i) => {
    if (!r.custom || !r.id) return;
    const step: PlannedStep = { urn: r.urn, type: r.type, name: urnName(r.urn), op: "same", changedFields: [], changedPaths: [], id: r.id, custom: true };
    steps.push(step);
    work.push(async () => {
      const host = await provider();
      try {
        const res = await host.read(r.urn, urnName(r.urn), r.type, r.id!, host.plain(r.outputs), host.plain(r.inputs));
        if (!res.id) {
          step.op = "delete";
          out[i] = undefined;
          log(`refresh: ${r.urn} no longer exists`);
          return;
        }
        const outputs = markSecretKeys(annotateSecrets(res.outputs, r.outputs), r.additionalSecretOutputs);
        const inputs = res.inputs ? annotateSecrets(res.inputs, r.inputs) : r.inputs;
        const next: ResourceState = { ...r, id: res.id, inputs, outputs };
        if (diffProperties(r.outputs, outputs).length > 0 || diffProperties(r.inputs, inputs).length > 0) next.modified = timestampNow();
        const diffs = await driftOf(host, r, res.id, inputs, outputs);
        if (diffs.length > 0 || res.id !== r.id) {
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
  await Promise.all(work.map((job) => slots.run(job)));
  return { resources: out.filter((r): r is ResourceState => r !== undefined), steps, errors };
}
