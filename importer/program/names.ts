// Naming: each resource's name in the stack and the program's variable, from the object's label (and its
// owner's where the name is taken).
import { RESOURCE_SPECS } from "../../provider/resources";
import { KIND_IMPORTS, NAME_FIELDS, OWNER_KINDS } from "../kinds";
import { Namer, words } from "../naming";
import type { ImportedObject } from "../read";
import type { ProgramOptions } from "./model";

/** Each object's name, variable and label, given in order (a name taken first keeps it). */
export function namesOf(
  ordered: ImportedObject[],
  allById: Map<string, ImportedObject>,
  options: ProgramOptions,
): Map<ImportedObject, { name: string; variable: string; label: string }> {
  const labelOfId = (id: unknown): string | undefined =>
    typeof id === "string" && allById.has(id) ? labelOf(allById.get(id)!, labelOfId) : undefined;
  const namer = options.tenant ? new Namer(options.tenant.prefix, options.tenant.given) : new Namer("", options.given);
  const declared = new Map<ImportedObject, { name: string; variable: string; label: string }>();
  for (const object of ordered) {
    const label = labelOf(object, labelOfId);
    // A name already taken is tried with the name of what the object belongs to: its owner, else the object an
    // owner-like input names (an AP group's venue).
    const context =
      object.owner ??
      Object.keys(OWNER_KINDS)
        .map((field) => allById.get(String(object.inputs[field])))
        .find((o) => o !== undefined && o !== object);
    const ownerLabel = context ? labelOf(context, labelOfId) : undefined;
    declared.set(object, { ...namer.name(object.kind, label, ownerLabel), label });
  }
  return declared;
}

/** The object's label: its kind's own rule, else its name field, else its owner's label and its kind in words. */
export function labelOf(object: ImportedObject, labelOfId: (id: unknown) => string | undefined): string {
  const custom = KIND_IMPORTS[object.kind]?.label?.(object.inputs, labelOfId);
  if (custom && custom.trim() !== "") return custom;
  for (const field of NAME_FIELDS) {
    const value = object.inputs[field];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  if (typeof object.inputs.serialNumber === "string" && RESOURCE_SPECS[object.kind].ops.create)
    return object.inputs.serialNumber;
  const ownerKind = object.owner?.kind ?? "";
  const own = object.kind.startsWith(ownerKind) ? object.kind.slice(ownerKind.length) : object.kind;
  return object.owner ? `${labelOf(object.owner, labelOfId)} ${words(own)}` : words(object.kind);
}
