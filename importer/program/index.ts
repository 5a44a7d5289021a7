// From the objects read to the program that manages them, step by step: which objects get a resource
// (select.ts), in what order (order.ts), under which names (names.ts), with which inputs (the read form shaped
// to the input schema, shape.ts; IDs of objects in the program as references, references.ts; secrets read from
// the stack's config, secrets.ts).
import { RESOURCE_SPECS } from "../../provider/resources";
import type { ImportedObject, TenantRead } from "../read";
import {
  type Declaration,
  HeldId,
  type ProgramModel,
  type ProgramOptions,
  type ProgramSecret,
  Reference,
  type Value,
} from "./model";
import { namesOf } from "./names";
import { dependencyOrder } from "./order";
import { idsIn, looksLikeReference, namedReferencesOf, referencesIn } from "./references";
import { checkFailures, missingSecrets, secretsRead } from "./secrets";
import { indexById, isSettings, selectObjects } from "./select";
import { shapedInputs } from "./shape";

export * from "./model";
export { labelOf } from "./names";
export { idsIn } from "./references";
export { ImportUsageError, venueScope } from "./select";
export { shapeTo, withoutDefaults } from "./shape";

export async function programOf(read: TenantRead, options: ProgramOptions): Promise<ProgramModel> {
  const allById = indexById(read.objects);
  const { chosen, atDefaults } = selectObjects(read, options, allById);

  const shaped = new Map(chosen.map((object) => [object, shapedInputs(object, options.variant)]));
  // Objects a reference can name: those with an ID of their own (not a setting named by its venue's ID).
  const byId = indexById(chosen);
  // A setting's ID is its owner's: naming that ID is a reference to the owner, not to itself.
  const named = new Map(chosen.map((object) => [object, namedReferencesOf(object, chosen)]));
  const referencesOf = (object: ImportedObject) => [
    ...idsIn(shaped.get(object)!)
      .filter((id) => byId.has(id) && byId.get(id) !== object)
      .map((id) => byId.get(id)!),
    ...named.get(object)!,
  ];
  const ordered = dependencyOrder(chosen, referencesOf);

  const declared = namesOf(ordered, allById, options);

  const secrets: ProgramSecret[] = [];
  const outside: ProgramModel["outside"] = [];
  const problems: ProgramModel["problems"] = [];
  const declarations: Declaration[] = [];
  for (const object of ordered) {
    const spec = RESOURCE_SPECS[object.kind];
    const { name, variable, label } = declared.get(object)!;
    const inputs = shaped.get(object)!;
    // A field the service fills in is written when it names an object of the program (an AP's group, but not its venue's default group).
    for (const [field, value] of Object.entries(object.filled)) {
      if (idsIn({ [field]: value }).some((id) => byId.has(id) && declared.has(byId.get(id)!))) inputs[field] = value;
    }
    const missing = await missingSecrets(spec, inputs, options.variant);
    for (const failure of await checkFailures(
      spec,
      { ...inputs, ...(isSettings(spec) ? {} : { adoptId: object.id }) },
      options.variant,
      missing,
    )) {
      problems.push({ resource: name, ...failure });
    }
    const withSecrets = secretsRead(spec, inputs, variable, missing, (path, key, value) =>
      secrets.push({ key, resource: name, kind: object.kind, path, value }),
    );
    const args = referencesIn(withSecrets, "", (id, path) => {
      const target = byId.get(id);
      if (target === object) return undefined;
      if (target && declared.has(target)) return new Reference(declared.get(target)!.variable);
      const known = allById.get(id);
      const holder = known && options.holderOf?.(known);
      if (holder) return new HeldId(id, holder);
      if (known && looksLikeReference(path)) outside.push({ resource: name, path, id, kind: known.kind });
      return undefined;
    }) as Record<string, Value>;
    if (!isSettings(spec)) args.adoptId = object.id;
    if (options.tenant) args.tenantId = options.tenant.id;
    const dependsOn = [...new Set(named.get(object)!.map((target) => declared.get(target)!.variable))];
    declarations.push({
      kind: object.kind,
      id: object.id,
      name,
      variable,
      label,
      args,
      dependsOn,
      settings: isSettings(spec),
      ...(options.tenant ? { tenantId: options.tenant.id } : {}),
    });
  }
  return { declarations, secrets, atDefaults, skipped: read.skipped, unreadable: read.unreadable, outside, problems };
}
