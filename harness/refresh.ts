/** Refresh: the engine's Read of every custom resource, up to `parallel` at once. */
import { ProviderHost } from "./providerHost";
import { annotateSecrets, diffProperties, markSecretKeys, uniqueTopLevel } from "./props";
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
        const diffs = [...diffProperties(r.outputs, outputs), ...diffProperties(r.inputs, inputs)];
        const next: ResourceState = { ...r, id: res.id, inputs, outputs };
        if (diffs.length > 0 || res.id !== r.id) {
          step.op = "update";
          step.changedFields = uniqueTopLevel(diffs);
          step.changedPaths = [...new Set(diffs.map((d) => d.path))];
          step.id = res.id;
          next.modified = timestampNow();
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
