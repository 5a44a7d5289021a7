// Selecting: which objects get a resource (the kinds asked for, the venue asked for, settings only where
// they differ from their defaults).
import { RESOURCE_SPECS } from "../../provider/resources";
import type { ResourceSpec } from "../../provider/spec";
import type { ImportedObject, TenantRead } from "../read";
import type { ProgramOptions } from "./model";
import { idsIn } from "./references";

export const isSettings = (spec: ResourceSpec) => spec.ops.create === undefined;

/** The inputs naming a settings object and its parents: a settings object holding nothing else is at its defaults. */
const identityFields = (spec: ResourceSpec) => [
  ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : []),
  ...Object.keys(spec.identity.parents ?? {}),
];

/** The objects that have an ID of their own, by it (a setting goes by its owner's ID and is not one of them). */
export function indexById(objects: ImportedObject[]): Map<string, ImportedObject> {
  const index = new Map<string, ImportedObject>();
  for (const object of objects) {
    const spec = RESOURCE_SPECS[object.kind];
    const idFromParent =
      spec.identity.idFromInput !== undefined &&
      Object.keys(spec.identity.parents ?? {}).includes(spec.identity.idFromInput);
    if (isSettings(spec) || idFromParent) continue;
    if (!index.has(object.id)) index.set(object.id, object);
  }
  return index;
}

/** The venue (by ID or name), what belongs to it (names it, or is found under what does), and what those refer to. */
function inVenue(
  chosen: ImportedObject[],
  all: ImportedObject[],
  venue: string,
  byId: Map<string, ImportedObject>,
): ImportedObject[] {
  const inside = venueScope(all, venue, byId);
  return chosen.filter((object) => inside.has(object));
}

/** The objects `--venue` keeps: the venue (by ID or name), what belongs to it, and what those refer to. */
export function venueScope(
  all: ImportedObject[],
  venue: string,
  byId: Map<string, ImportedObject> = indexById(all),
): Set<ImportedObject> {
  const venues = all.filter((o) => o.kind === "Venue");
  const target = venues.find((v) => v.id === venue) ?? venues.find((v) => v.inputs.name === venue);
  if (!target) throw new ImportUsageError(`--venue ${venue}: the tenant has no venue with that ID or name`);
  const inside = new Set<ImportedObject>([target]);
  const names = (object: ImportedObject, id: string) => idsIn({ ...object.inputs, ...object.filled }).includes(id);
  for (let grown = true; grown; ) {
    grown = false;
    for (const object of all) {
      if (inside.has(object)) continue;
      if ((object.owner && inside.has(object.owner)) || names(object, target.id)) {
        inside.add(object);
        grown = true;
      }
    }
  }
  // What the venue's objects refer to (the networks activated on it, the policies their WLANs name), other venues apart.
  for (let grown = true; grown; ) {
    grown = false;
    for (const object of [...inside]) {
      for (const id of idsIn({ ...object.inputs, ...object.filled })) {
        const referred = byId.get(id);
        if (referred && referred.kind !== "Venue" && !inside.has(referred)) {
          inside.add(referred);
          grown = true;
        }
      }
    }
  }
  return inside;
}

/** The objects that get a resource; settings left out at their defaults are counted by kind. */
export function selectObjects(
  read: TenantRead,
  options: ProgramOptions,
  allById: Map<string, ImportedObject>,
): { chosen: ImportedObject[]; atDefaults: Record<string, number> } {
  const atDefaults: Record<string, number> = {};
  const wanted = new Set(options.kinds);
  const chosen = read.objects.filter((object) => {
    if (!wanted.has(object.kind) || options.leaveOut?.(object)) return false;
    const spec = RESOURCE_SPECS[object.kind];
    if (!isSettings(spec) || options.allSettings) return true;
    const identity = identityFields(spec);
    const atDefault = Object.keys(object.inputs).every((field) => identity.includes(field));
    if (atDefault) atDefaults[object.kind] = (atDefaults[object.kind] ?? 0) + 1;
    return !atDefault;
  });
  if (options.venue === undefined) return { chosen, atDefaults };
  return { chosen: inVenue(chosen, read.objects, options.venue, allById), atDefaults };
}

export class ImportUsageError extends Error {}
