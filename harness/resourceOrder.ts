/** The order resources are created in and deleted in: after (and before) what they depend on. */
import type { ResourceState } from "./resourceState";

/** Everything a resource depends on: parent, dependencies, property dependencies, deletedWith. */
export function dependenciesOf(r: ResourceState): Set<string> {
  const out = new Set<string>();
  if (r.parent) out.add(r.parent);
  for (const d of r.dependencies) out.add(d);
  for (const list of Object.values(r.propertyDependencies)) for (const d of list) out.add(d);
  if (r.deletedWith) out.add(r.deletedWith);
  out.delete(r.urn);
  return out;
}

/**
 * Stable topological order: every resource after the resources it depends on (by URN; a pending-delete copy and its
 * replacement share a URN and both count). Cycles, which a valid program cannot produce, are broken by input order.
 */
export function sortResources(resources: readonly ResourceState[]): ResourceState[] {
  const byUrn = new Map<string, ResourceState[]>();
  for (const r of resources) {
    const list = byUrn.get(r.urn) ?? [];
    list.push(r);
    byUrn.set(r.urn, list);
  }
  const out: ResourceState[] = [];
  const state = new Map<ResourceState, 1 | 2>();
  const visit = (r: ResourceState): void => {
    const s = state.get(r);
    if (s !== undefined) return;
    state.set(r, 1);
    for (const dep of dependenciesOf(r)) for (const d of byUrn.get(dep) ?? []) if (d !== r) visit(d);
    state.set(r, 2);
    out.push(r);
  };
  for (const r of resources) visit(r);
  return out;
}

/**
 * Order in which a set of resources can be deleted: a resource only after every resource of the set that depends
 * on it. Returns the resources in deletion order.
 */
export function deletionOrder(condemned: readonly ResourceState[]): ResourceState[] {
  return sortResources(condemned).reverse();
}
