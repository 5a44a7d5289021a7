// References: the strings of a value that are IDs of other objects, and the objects an object names by
// name or number, turned into references to the resources of the program.
import { isPlainObject } from "../../provider/shape";
import { KIND_IMPORTS } from "../kinds";
import type { ImportedObject } from "../read";
import { HeldId, Reference, SecretRead, type Value } from "./model";

/** Every string inside a value, the candidates for IDs of other objects. */
export function idsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (isPlainObject(value)) return Object.values(value).flatMap(idsIn);
  return [];
}

/** The value with each string that `refer` turns into a reference replaced by it. */
export function referencesIn(
  value: unknown,
  path: string,
  refer: (id: string, path: string) => Reference | HeldId | undefined,
): Value {
  if (value instanceof SecretRead || value instanceof Reference || value instanceof HeldId) return value;
  if (typeof value === "string") return refer(value, path) ?? value;
  if (Array.isArray(value)) return value.map((item, i) => referencesIn(item, `${path}[${i}]`, refer));
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, referencesIn(v, path ? `${path}.${k}` : k, refer)]),
    );
  return value as Value;
}

/**
 * The objects an object names by name or number (KindImport.namedReferences). Where several match (a VLAN ID in
 * two profiles), those under an owner that applies to the object's owner's venue (the profiles of the switch's venue).
 */
export function namedReferencesOf(object: ImportedObject, chosen: ImportedObject[]): ImportedObject[] {
  const found: ImportedObject[] = [];
  for (const { field, kind, by } of KIND_IMPORTS[object.kind]?.namedReferences ?? []) {
    const value = object.inputs[field];
    for (const named of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      const matches = chosen.filter(
        (o) => o.kind === kind && o.inputs[by] !== undefined && String(o.inputs[by]) === String(named),
      );
      const venueId = object.owner?.inputs.venueId ?? object.inputs.venueId;
      const applying = matches.filter((m) => idsIn(m.owner?.inputs.venues).includes(String(venueId)));
      found.push(...(applying.length > 0 ? applying : matches));
    }
  }
  return [...new Set(found)];
}

/** A path whose value is an object's ID by its name (venueId, wifiCallingIds[0], venues[0].id), for the notes on IDs left literal. */
export const looksLikeReference = (path: string) =>
  /(Id|Ids|\bid|venues|serialNumber|stackMembers)(\[\d+\])?(\.id)?$/.test(path);
