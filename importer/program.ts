// From the objects read to the program that manages them: which objects get a resource (the kinds
// asked for, the venue asked for, settings only where they differ from their defaults), in what
// order (every object after the objects it refers to), under which names, with which inputs
// (the read form shaped to the input schema, IDs of objects in the program as references, secrets
// read from the stack's config).
import { z } from "zod";
import { fieldsOf, holdsSecret, mergeObjects, type WifiApiVariant } from "../contract/meta";
import { unwrapSchema } from "../contract/zodWrappers";
import { isEmpty, satisfies } from "../provider/compare";
import { specFields } from "../provider/fields";
import { makeLifecycle } from "../provider/lifecycle";
import { RESOURCE_SPECS } from "../provider/resources";
import { isPlainObject } from "../provider/shape";
import type { Props, ResourceSpec } from "../provider/spec";
import { KIND_IMPORTS, NAME_FIELDS, OWNER_KINDS } from "./kinds";
import { Namer, words, type NamesGiven } from "./naming";
import { ownerFieldOf, type ImportedObject, type TenantRead } from "./read";

/** A value of the generated program: JSON, a reference to another resource's ID, or a secret from config. */
export type Value =
  | null
  | boolean
  | number
  | string
  | Value[]
  | { [key: string]: Value }
  | Reference
  | SecretRead
  | HeldId;

/** `<variable>.id`: the ID of another resource of the program. */
export class Reference {
  constructor(readonly variable: string) {}
}

/** An ID left literal because a resource outside the program holds its object: written with a comment naming it. */
export class HeldId {
  constructor(
    readonly id: string,
    readonly holder: string,
  ) {}
}

/** `config.requireSecret("<key>")` (a whole object: requireSecretObject). */
export class SecretRead {
  constructor(
    readonly key: string,
    readonly whole: "string" | "object",
  ) {}
}

export interface Declaration {
  readonly kind: string;
  readonly id: string;
  /** The resource's name in the stack (a slug) and the program's variable holding it. */
  readonly name: string;
  readonly variable: string;
  /** What the name was made from (the object's name, its owner's). */
  readonly label: string;
  readonly args: Record<string, Value>;
  /** Variables of the resources this one names by name or number (a port's VLANs): resource option dependsOn. */
  readonly dependsOn: string[];
  /** The object always exists (settings): the resource takes it over when created, with no adoptId. */
  readonly settings: boolean;
  /** The tenant the resource names (ProgramOptions.tenant), if any. */
  readonly tenantId?: string;
}

export interface ProgramSecret {
  /** The stack config key the program reads (in the project's namespace). */
  readonly key: string;
  readonly resource: string;
  readonly kind: string;
  /** Where the secret sits in the resource's inputs (authRadius.primary.sharedSecret). */
  readonly path: string;
  /** The value the service holds; undefined when the service does not return it (write-only). In memory only. */
  readonly value?: string;
}

export interface ProgramModel {
  readonly declarations: Declaration[];
  readonly secrets: ProgramSecret[];
  /** Settings left out because they hold nothing but their defaults, by kind. */
  readonly atDefaults: Record<string, number>;
  readonly skipped: TenantRead["skipped"];
  readonly unreadable: TenantRead["unreadable"];
  /** IDs the program names literally: objects it does not manage (another venue, a kind not asked for). */
  readonly outside: { resource: string; path: string; id: string; kind: string }[];
  /** What the provider's check says of the generated inputs (none expected): the program would fail preview there. */
  readonly problems: { resource: string; property: string; reason: string }[];
}

export interface ProgramOptions {
  /** Kinds that get resources. */
  readonly kinds: readonly string[];
  /** Only what belongs to this venue (its ID or name), and what that refers to. */
  readonly venue?: string;
  /** Settings objects at their defaults get a resource too. */
  readonly allSettings?: boolean;
  readonly variant: WifiApiVariant;
  /**
   * The tenant the objects were read from, when the program manages several: every resource names it in its
   * `tenantId`, and its name starts with `prefix` (the tenant's own name); `given` is shared by the tenants'
   * programs, so that the one program's resource names and variables stay unique.
   */
  readonly tenant?: { readonly id: string; readonly prefix: string; readonly given: NamesGiven };
  /** Objects that get no resource: those a stack already manages (nms-drift writes code for the others only). */
  readonly leaveOut?: (object: ImportedObject) => boolean;
  /** The resource outside the program that holds an object, by the object's ID: references to it stay literal IDs. */
  readonly holderOf?: (object: ImportedObject) => string | undefined;
  /** Names already taken (a stack's resources), when the program is added to another one. */
  readonly given?: NamesGiven;
}

const isSettings = (spec: ResourceSpec) => spec.ops.create === undefined;

/** The inputs naming a settings object and its parents: a settings object holding nothing else is at its defaults. */
const identityFields = (spec: ResourceSpec) => [
  ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : []),
  ...Object.keys(spec.identity.parents ?? {}),
];

export async function programOf(read: TenantRead, options: ProgramOptions): Promise<ProgramModel> {
  const atDefaults: Record<string, number> = {};
  const wanted = new Set(options.kinds);
  let chosen = read.objects.filter((object) => {
    if (!wanted.has(object.kind) || options.leaveOut?.(object)) return false;
    const spec = RESOURCE_SPECS[object.kind];
    if (!isSettings(spec) || options.allSettings) return true;
    const identity = identityFields(spec);
    const atDefault = Object.keys(object.inputs).every((field) => identity.includes(field));
    if (atDefault) atDefaults[object.kind] = (atDefaults[object.kind] ?? 0) + 1;
    return !atDefault;
  });
  const allById = indexById(read.objects);
  if (options.venue !== undefined) chosen = inVenue(chosen, read.objects, options.venue, allById);

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

  const labelOfId = (id: unknown) =>
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

/** The objects that have an ID of their own, by it (a setting goes by its owner's ID and is not one of them). */
function indexById(objects: ImportedObject[]): Map<string, ImportedObject> {
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

/**
 * The objects an object names by name or number (KindImport.namedReferences). Where several match (a VLAN ID in
 * two profiles), those under an owner that applies to the object's owner's venue (the profiles of the switch's venue).
 */
function namedReferencesOf(object: ImportedObject, chosen: ImportedObject[]): ImportedObject[] {
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
const looksLikeReference = (path: string) =>
  /(Id|Ids|\bid|venues|serialNumber|stackMembers)(\[\d+\])?(\.id)?$/.test(path);

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

/**
 * Every object after the objects it refers to, kind by kind: the kinds in an order where each comes after the kinds
 * its objects refer to (owners' kinds first otherwise), the objects of a kind by name. Should the kinds' references
 * form a cycle, objects are placed one by one instead; a cycle among objects (none among the kinds today) is broken
 * by taking the first object left: its references to objects after it stay literal IDs.
 */
function dependencyOrder(
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

/**
 * The inputs as the program writes them: the fields of the input schema only (a read form's extras, such as a
 * radio's operative channel, are not inputs), nothing set to null.
 */
function shapedInputs(object: ImportedObject, variant: WifiApiVariant): Props {
  const spec = RESOURCE_SPECS[object.kind];
  const fields = specFields(spec);
  const declared = new Map(fieldsOf(spec.inputSchema(variant)).map((f) => [f.name, f.schema]));
  const ofItsType = fieldSchemasOfItsType(spec, variant, object.inputs);
  const out: Props = {};
  for (const [field, value] of Object.entries(object.inputs)) {
    if (!fields.inputNames.includes(field)) continue;
    const schema = declared.get(field);
    const shaped = schema ? shapeTo(schema, value) : value;
    if (shaped === undefined) continue;
    // Inside a field that differs from its default, what still holds its own default is left to the service too;
    // a field with nothing else left keeps its value (left out, it would be compared with its default).
    const stripped = withoutDefaults(ofItsType.get(field) ?? schema, shaped);
    out[field] = isEmpty(stripped) ? shaped : stripped;
  }
  return out;
}

/**
 * The schema of each field for this object's own type, where the body is a union by type (a network's WLAN has
 * per-type defaults: client isolation is on by default for guest networks only); the input schema's otherwise.
 */
function fieldSchemasOfItsType(spec: ResourceSpec, variant: WifiApiVariant, inputs: Props): Map<string, z.ZodTypeAny> {
  const schemas = new Map<string, z.ZodTypeAny>();
  const body = spec.bodySchema ? unwrapSchema(spec.bodySchema(variant)) : undefined;
  if (!(body instanceof z.ZodDiscriminatedUnion)) return schemas;
  const option = body.optionsMap.get(inputs[body.discriminator] as string) as z.AnyZodObject | undefined;
  for (const [name, schema] of Object.entries((option?.shape ?? {}) as Record<string, z.ZodTypeAny>))
    schemas.set(name, schema);
  return schemas;
}

const defaultsByObject = new WeakMap<z.AnyZodObject, Map<string, unknown>>();

/** The value without the fields, at any depth below the top, that hold exactly their schema's default. */
export function withoutDefaults(schema: z.ZodTypeAny | undefined, value: unknown): unknown {
  if (schema === undefined) return value;
  const core = unwrapSchema(schema);
  if (Array.isArray(value)) {
    if (!(core instanceof z.ZodArray)) return value;
    // An element is never dropped, nor emptied: an empty element would be compared as "nothing set".
    return value.map((item) => {
      const stripped = withoutDefaults(core.element, item);
      return isEmpty(stripped) ? item : stripped;
    });
  }
  if (!isPlainObject(value)) return value;
  const object = objectSchemaOf(core, value);
  if (!object) return value;
  let defaults = defaultsByObject.get(object);
  if (!defaults) {
    defaults = new Map(
      fieldsOf(object)
        .filter((f) => f.defaultValue !== undefined)
        .map((f) => [f.name, f.defaultValue]),
    );
    defaultsByObject.set(object, defaults);
  }
  const shape = object.shape as Record<string, z.ZodTypeAny>;
  const out: Props = {};
  for (const [key, item] of Object.entries(value)) {
    const fallback = defaults.get(key);
    if (fallback !== undefined && satisfies(fallback, item) && satisfies(item, fallback)) continue;
    const stripped = withoutDefaults(shape[key], item);
    // A nested object left with nothing but defaults is the service's to fill: not written, not compared.
    if (isEmpty(stripped) && !isEmpty(item)) continue;
    out[key] = stripped;
  }
  return out;
}

/** The value with only what the schema declares, at any depth; null and undefined properties left out. */
export function shapeTo(schema: z.ZodTypeAny, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  const core = unwrapSchema(schema);
  if (Array.isArray(value)) {
    if (!(core instanceof z.ZodArray)) return value;
    return value.map((item) => shapeTo(core.element, item) ?? item);
  }
  if (!isPlainObject(value)) return value;
  if (core instanceof z.ZodRecord)
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, shapeTo(core.valueSchema, v)])
        .filter(([, v]) => v !== undefined),
    );
  const object = objectSchemaOf(core, value);
  if (!object) return value;
  const shape = object.shape as Record<string, z.ZodTypeAny>;
  const passthrough = object._def.unknownKeys === "passthrough";
  const out: Props = {};
  for (const [key, item] of Object.entries(value)) {
    const field = shape[key];
    if (!field && !passthrough) continue;
    const shaped = field ? shapeTo(field, item) : item;
    if (shaped !== undefined && shaped !== null) out[key] = shaped;
  }
  return out;
}

/** The object schema a value is read by: an object's own, a discriminated union's option for its value, every option of a union merged. */
function objectSchemaOf(core: z.ZodTypeAny, value: Props): z.AnyZodObject | undefined {
  if (core instanceof z.ZodObject) return core;
  if (core instanceof z.ZodDiscriminatedUnion) {
    const option = core.optionsMap.get(value[core.discriminator] as string);
    return option ?? mergeObjects([...core.options] as z.AnyZodObject[]);
  }
  if (core instanceof z.ZodUnion) {
    const objects = (core.options as z.ZodTypeAny[])
      .map((schema) => unwrapSchema(schema))
      .filter((o): o is z.AnyZodObject => o instanceof z.ZodObject);
    return objects.length > 0 ? mergeObjects(objects) : undefined;
  }
  return undefined;
}

/** Every string inside a value, the candidates for IDs of other objects. */
export function idsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (isPlainObject(value)) return Object.values(value).flatMap(idsIn);
  return [];
}

/** The value with each string that `refer` turns into a reference replaced by it. */
function referencesIn(
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
 * The secret inputs the program must set that the service did not return (write-only): check refuses their absence.
 * Their values cannot be known; the program reads them from config all the same.
 */
async function missingSecrets(spec: ResourceSpec, inputs: Props, variant: WifiApiVariant): Promise<Set<string>> {
  const fields = specFields(spec);
  const secretsAbsent = fields.secretInputs.filter((f) => inputs[f] === undefined);
  if (secretsAbsent.length === 0) return new Set();
  // What check says with every absent secret still absent: the required ones are named.
  const failures = await checkFailures(spec, inputs, variant, new Set());
  return new Set(
    secretsAbsent.filter((f) =>
      failures.some((failure) => failure.property === f || failure.property.startsWith(`${f}.`)),
    ),
  );
}

const lifecycles = new Map<string, ReturnType<typeof makeLifecycle>>();

/** The provider's own check of the inputs, offline (no previewReads: no call to the service); `assumed` secrets taken as set. */
async function checkFailures(
  spec: ResourceSpec,
  inputs: Props,
  variant: WifiApiVariant,
  assumed: Set<string>,
): Promise<{ property: string; reason: string }[]> {
  const key = `${spec.kind} ${variant}`;
  let lifecycle = lifecycles.get(key);
  if (!lifecycle) {
    lifecycle = makeLifecycle(spec, () => Promise.reject(new Error("nms-import checks inputs without the service")), {
      variant: () => variant,
    });
    lifecycles.set(key, lifecycle);
  }
  const withAssumed = { ...inputs };
  // A value the check takes for the secret the service does not show: its rules are the user's to meet in config.
  for (const field of assumed) withAssumed[field] = "write-only secret";
  return (await lifecycle.check!({}, withAssumed)).failures ?? [];
}

/** The inputs with each secret replaced by a read of the stack's config; `found` is told each one. */
function secretsRead(
  spec: ResourceSpec,
  inputs: Props,
  variable: string,
  missing: Set<string>,
  found: (path: string, key: string, value: string | undefined) => void,
): Props {
  const fields = specFields(spec);
  const info = new Map(fields.inputs.map((f) => [f.name, f]));
  const out: Props = { ...inputs };
  const keyOf = (path: string) =>
    variable +
    path
      .replace(/\[(\d+)\]/g, ".$1")
      .split(".")
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join("");
  const replace = (schema: z.ZodTypeAny, value: unknown, path: string, whole: boolean): unknown => {
    if (whole || !holdsSecretInside(schema)) {
      const key = keyOf(path);
      const text = typeof value === "string" ? value : JSON.stringify(value);
      found(path, key, text);
      return new SecretRead(key, typeof value === "string" ? "string" : "object");
    }
    const core = unwrapSchema(schema);
    if (Array.isArray(value) && core instanceof z.ZodArray)
      return value.map((item, i) =>
        holdsSecret(core.element) ? replace(core.element, item, `${path}[${i}]`, false) : item,
      );
    if (isPlainObject(value)) {
      const object = objectSchemaOf(core, value);
      if (!object) return value;
      const result: Props = {};
      for (const [key, item] of Object.entries(value)) {
        const field = fieldsOf(object).find((f) => f.name === key);
        result[key] =
          field && (field.secret || holdsSecret(field.schema))
            ? replace(field.schema, item, `${path}.${key}`, field.secret && !holdsSecretInside(field.schema))
            : item;
      }
      return result;
    }
    return value;
  };
  for (const field of fields.secretInputs) {
    const f = info.get(field);
    if (!f) continue;
    if (missing.has(field)) {
      const key = keyOf(field);
      found(field, key, undefined);
      out[field] = new SecretRead(key, "string");
      continue;
    }
    if (out[field] === undefined) continue;
    out[field] = replace(f.schema, out[field], field, f.secret && !holdsSecretInside(f.schema));
  }
  return out;
}

/** Whether a secret sits inside an object or array schema (a RADIUS pair holds its shared secrets), not counting the schema's own mark. */
function holdsSecretInside(schema: z.ZodTypeAny): boolean {
  const core = unwrapSchema(schema);
  if (core instanceof z.ZodArray) return holdsSecret(core.element);
  if (core instanceof z.ZodObject)
    return Object.values(core.shape as Record<string, z.ZodTypeAny>).some((f) => holdsSecret(f));
  return false;
}

export class ImportUsageError extends Error {}
