/**
 * Delete-before-replace of a resource first deletes the old state's dependents that would be replaced once the inputs
 * they take from it are unknown (pkg/resource/deploy/step_generator.go calculateDependentReplacements).
 */
import { type PropertyMap, UNKNOWN_VALUE } from "./props";
import type { ProviderHost } from "./providerHost";
import { sortResources } from "./resourceOrder";
import type { ResourceState } from "./resourceState";
import { applyReplaceOnChanges, diffReplaces, settleDiff } from "./stepPlan";
import { urnName } from "./urns";

/** A dependent to delete ahead, with the keys that make its Diff a replace. */
export interface DependentReplacement {
  res: ResourceState;
  keys: string[];
}

/**
 * calculateDependentReplacements: the old state's resources that depend on `root` (directly or not; those step
 * generation already took up excepted) and would be replaced once every input they take from a resource being
 * replaced is unknown, as the provider's Diff answers with those inputs unknown (deletedWith a replaced resource:
 * always). In dependency order.
 */
export async function dependentReplacements(
  root: ResourceState,
  olds: Iterable<ResourceState>,
  alreadyGenerated: ReadonlySet<string>,
  provider: ProviderHost,
): Promise<DependentReplacement[]> {
  const order = sortResources([...olds]);
  const dependentSet = new Set([root.urn]);
  const replaceSet = new Set([root.urn]);
  const found: DependentReplacement[] = [];
  for (const r of order.slice(order.findIndex((x) => x.urn === root.urn) + 1)) {
    if (alreadyGenerated.has(r.urn)) continue;
    const edges = [
      ...r.dependencies,
      ...Object.values(r.propertyDependencies).flat(),
      ...(r.deletedWith ? [r.deletedWith] : []),
    ];
    if (!edges.some((u) => dependentSet.has(u))) continue;
    dependentSet.add(r.urn);
    if (!r.custom) continue;
    let keys: string[] = [];
    let replace = !!r.deletedWith && replaceSet.has(r.deletedWith);
    if (!replace) {
      const inputsForDiff: PropertyMap = {};
      let touched = false;
      for (const [k, v] of Object.entries(r.inputs)) {
        const fromReplaced = (r.propertyDependencies[k] ?? []).some((u) => replaceSet.has(u));
        inputsForDiff[k] = fromReplaced ? UNKNOWN_VALUE : v;
        touched ||= fromReplaced;
      }
      if (!touched) continue;
      const ignore = r.ignoreChanges ?? [];
      const answer = await provider.diff(
        r.urn,
        urnName(r.urn),
        r.type,
        r.id ?? "",
        provider.plain(r.outputs),
        provider.plain(inputsForDiff),
        provider.plain(r.inputs),
        ignore,
      );
      const diff = applyReplaceOnChanges(
        settleDiff(answer, r.inputs, inputsForDiff, ignore),
        r.replaceOnChanges ?? [],
        false,
      );
      replace = diffReplaces(diff);
      keys = diff.replaceKeys;
    }
    if (replace) {
      found.push({ res: r, keys });
      replaceSet.add(r.urn);
    }
  }
  return found;
}
