// Ordering: every object after the objects it refers to.
import { RESOURCE_SPECS } from "../../provider/resources";
import { OWNER_KINDS } from "../kinds";
import { ownerFieldOf, type ImportedObject } from "../read";

/**
 * Every object after the objects it refers to, kind by kind: the kinds in an order where each comes after the kinds
 * its objects refer to (owners' kinds first otherwise), the objects of a kind by name. Should the kinds' references
 * form a cycle, objects are placed one by one instead; a cycle among objects (none among the kinds today) is broken
 * by taking the first object left: its references to objects after it stay literal IDs.
 */
export function dependencyOrder(
  objects: ImportedObject[],
  referencesOf: (object: ImportedObject) => ImportedObject[],
): ImportedObject[] {
  const rank = new Map(Object.keys(RESOURCE_SPECS).map((kind, i) => [kind, kindRank(kind, i)]));
  const needs = new Map(objects.map((object) => [object, referencesOf(object)]));
  const kindNeeds = new Map<string, Set<string>>();
  for (const [object, referred] of needs) {
    const set = kindNeeds.get(object.kind) ?? new Set<string>();
    for (const r of referred) if (r.kind !== object.kind) set.add(r.kind);
    kindNeeds.set(object.kind, set);
  }
  const kindOrder = topological(
    [...kindNeeds.keys()],
    (kind) => [...kindNeeds.get(kind)!],
    (a, b) => rank.get(a)! - rank.get(b)! || a.localeCompare(b),
  );
  const position = new Map(kindOrder.map((kind, i) => [kind, i]));
  const before = (a: ImportedObject, b: ImportedObject) =>
    position.get(a.kind)! - position.get(b.kind)! ||
    String(a.inputs.name ?? "").localeCompare(String(b.inputs.name ?? "")) ||
    a.id.localeCompare(b.id);
  const sorted = [...objects].sort(before);
  const index = new Map(sorted.map((object, i) => [object, i]));
  if (sorted.every((object) => needs.get(object)!.every((r) => index.get(r)! < index.get(object)!))) return sorted;
  return topological(sorted, (object) => needs.get(object)!, before);
}

/** Kahn's order: each item after those it needs (items outside the list ignored), ties and cycles by `before`. */
function topological<T>(items: T[], needsOf: (item: T) => T[], before: (a: T, b: T) => number): T[] {
  const members = new Set(items);
  const pending = new Set(items);
  const placed = new Set<T>();
  const out: T[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((item) =>
      needsOf(item).every((n) => !members.has(n) || placed.has(n) || n === item),
    );
    const next = (ready.length > 0 ? ready : [...pending]).sort(before)[0];
    pending.delete(next);
    placed.add(next);
    out.push(next);
  }
  return out;
}

/** Where a kind sorts among kinds that do not refer to each other: settings and children just after their owner's kind. */
function kindRank(kind: string, index: number): number {
  const spec = RESOURCE_SPECS[kind];
  const owner = ownerFieldOf(spec);
  if (!owner) return index;
  const ownerIndex = Object.keys(RESOURCE_SPECS).indexOf(OWNER_KINDS[owner]);
  return ownerIndex + (index + 1) / 1000;
}
