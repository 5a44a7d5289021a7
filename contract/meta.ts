// What a schema says about its fields beyond their rules: which are secret, which exist only in
// the newer Wi-Fi API variant, their defaults and descriptions. Each field is named once, in its
// schema; the provider (secrets, defaults), the SDK generator (types, docs) and the emulator
// (variant checks) read it from there.
import { z } from "zod";
import { layersOf, unwrapSchema } from "./zodWrappers";

/** The two variants of the Wi-Fi API (docs/service.md): fields marked (newer) exist only in the newer. */
export const WIFI_API_VARIANTS = ["older", "newer"] as const;
export type WifiApiVariant = (typeof WIFI_API_VARIANTS)[number];
export const DEFAULT_WIFI_API_VARIANT: WifiApiVariant = "newer";

/**
 * Marks live in the schema's definition: zod copies the definition when it clones a schema
 * (`.describe()`, `.min()`), so a mark survives whatever is chained after it.
 */
type Marks = { nmsSecret?: true; nmsFilledByService?: true; nmsAsset?: true };
const marksOf = (schema: z.ZodTypeAny): Marks => schema._def as Marks;

/** Marks a field as secret: encrypted in state, never in logs or errors. */
export function secret<T extends z.ZodTypeAny>(schema: T): T {
  marksOf(schema).nmsSecret = true;
  return schema;
}

/**
 * Marks an optional field the service fills in from its own state when it is left out (an AP's
 * group: the venue's default group). A program that leaves it out accepts whatever the service
 * chose, so its value is not compared.
 */
export function filledByService<T extends z.ZodTypeAny>(schema: T): T {
  marksOf(schema).nmsFilledByService = true;
  return schema;
}

/**
 * A Pulumi asset given by the program (FileAsset, StringAsset or RemoteAsset): not a field of the
 * service, but content the provider sends through its own operation (a floor plan's image). The
 * SDK types it as `pulumi.asset.Asset`; what it holds is checked by the resource that reads it.
 */
export function pulumiAsset(): z.ZodUnknown {
  const schema = z.unknown();
  marksOf(schema).nmsAsset = true;
  return schema;
}

export function isPulumiAsset(schema: z.ZodTypeAny): boolean {
  return marksOf(schema).nmsAsset === true;
}

export const NEWER_ONLY_MESSAGE = "exists only in the newer variant of the Wi-Fi API";

/**
 * A field of the newer variant only. The older variant refuses it with the field named; the
 * newer takes `schema`. Use inside a schema built per variant (see perVariant).
 */
export function newerOnly<T extends z.ZodTypeAny>(
  variant: WifiApiVariant,
  schema: T,
): T | z.ZodOptional<z.ZodUndefined> {
  if (variant === "newer") return schema;
  return z.undefined({ errorMap: () => ({ message: NEWER_ONLY_MESSAGE }) }).optional();
}

/** A schema that differs between the variants, built once per variant. */
export function perVariant<T>(build: (variant: WifiApiVariant) => T): (variant?: WifiApiVariant) => T {
  const built = new Map<WifiApiVariant, T>();
  return (variant = DEFAULT_WIFI_API_VARIANT) => {
    let schema = built.get(variant);
    if (schema === undefined) {
      schema = build(variant);
      built.set(variant, schema);
    }
    return schema;
  };
}

export interface FieldInfo {
  readonly name: string;
  /** The program must set it. */
  readonly required: boolean;
  readonly secret: boolean;
  /** The service fills it in from its own state when it is left out (see filledByService). */
  readonly filledByService: boolean;
  /** What the service fills in when the field is left out (zod .default(), with the defaults of the fields inside it). */
  readonly defaultValue?: unknown;
  /** From zod .describe(), for the SDK's doc comments. */
  readonly description?: string;
  /** The field's schema without optional/default wrappers. */
  readonly schema: z.ZodTypeAny;
}

/**
 * The object schema inside refinements (superRefine, refine, transform). A discriminated union
 * (a network per type) reads as one object holding every option's fields: the discriminator is
 * the enumeration of its values, a field is required only when every option requires it, and
 * object fields that differ between options are merged the same way (the SDK's flat Args).
 */
export function objectOf(schema: z.ZodTypeAny): z.AnyZodObject {
  // Refinements only: an optional object is not an object schema.
  const current = unwrapSchema(schema, { through: ["effects"] });
  if (current instanceof z.ZodDiscriminatedUnion) return mergedOptions(current);
  if (!(current instanceof z.ZodObject)) throw new Error("not an object schema");
  return current;
}

const merged = new WeakMap<z.ZodTypeAny, z.AnyZodObject>();

function mergedOptions(union: z.ZodDiscriminatedUnion<string, z.AnyZodObject[]>): z.AnyZodObject {
  let out = merged.get(union);
  if (!out) {
    const options = [...union.options] as z.AnyZodObject[];
    const values = options.map((o) => (o.shape[union.discriminator] as z.ZodLiteral<string>).value) as [
      string,
      ...string[],
    ];
    const discriminator = z
      .enum(values)
      .describe(options[0].shape[union.discriminator].description ?? `One of ${values.join(", ")}.`);
    out = mergeObjects(options).extend({ [union.discriminator]: discriminator });
    merged.set(union, out);
  }
  return out;
}

/** One object holding the fields of every given object (see objectOf). */
export function mergeObjects(objects: z.AnyZodObject[]): z.AnyZodObject {
  const keys = [...new Set(objects.flatMap((o) => Object.keys(o.shape)))];
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const key of keys) {
    const fields = objects
      .map((o) => o.shape[key] as z.ZodTypeAny | undefined)
      .filter((f): f is z.ZodTypeAny => f !== undefined);
    const cores = fields.map((f) => describeField(key, f).schema);
    const distinct = [...new Set(fields)];
    let field =
      distinct.length > 1 && cores.every((c) => c instanceof z.ZodObject)
        ? mergeObjects(cores as z.AnyZodObject[])
        : fields[0];
    if (field !== fields[0] && fields[0].description) field = field.describe(fields[0].description);
    const required = fields.length === objects.length && fields.every((f) => describeField(key, f).required);
    shape[key] =
      required || field !== fields[0]
        ? required
          ? field
          : field.optional()
        : field.isOptional()
          ? field
          : field.optional();
  }
  return z.object(shape);
}

/** The top-level fields of an object schema, in declaration order. */
export function fieldsOf(schema: z.ZodTypeAny): FieldInfo[] {
  const shape = objectOf(schema).shape as Record<string, z.ZodTypeAny>;
  return Object.entries(shape).map(([name, field]) => describeField(name, field));
}

function describeField(name: string, field: z.ZodTypeAny): FieldInfo {
  let required = true;
  let isSecret = false;
  let isFilled = false;
  let defaultValue: unknown;
  let description: string | undefined;
  // Refinements stay on the field's schema: they are part of its rule (mergeObjects merges objects only).
  const layers = layersOf(field, { through: ["optional", "nullable", "default"] });
  for (const layer of layers) {
    if (marksOf(layer).nmsSecret) isSecret = true;
    if (marksOf(layer).nmsFilledByService) isFilled = true;
    description ??= layer.description;
    if (layer instanceof z.ZodOptional || layer instanceof z.ZodNullable) required = false;
    else if (layer instanceof z.ZodDefault) {
      required = false;
      // Parsed, so that an object's default holds the defaults of its own fields.
      defaultValue = layer.parse(undefined);
    }
  }
  const schema = layers[layers.length - 1];
  return { name, required, secret: isSecret, filledByService: isFilled, defaultValue, description, schema };
}

/**
 * Names of the top-level fields that are secret or hold a secret somewhere inside (a RADIUS
 * server pair holds its shared secrets): Pulumi marks secrets per top-level property.
 */
export function secretFieldsOf(schema: z.ZodTypeAny): string[] {
  return fieldsOf(schema)
    .filter((f) => f.secret || holdsSecret(f.schema))
    .map((f) => f.name);
}

/** Whether a secret field sits anywhere inside the schema. */
export function holdsSecret(schema: z.ZodTypeAny, seen = new Set<z.ZodTypeAny>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  if (holdsMark(schema, "nmsSecret")) return true;
  const core = unwrapSchema(schema);
  if (core instanceof z.ZodArray) return holdsSecret(core.element, seen);
  if (core instanceof z.ZodObject)
    return Object.values(core.shape as Record<string, z.ZodTypeAny>).some((f) => holdsSecret(f, seen));
  return false;
}

/**
 * The bounds of a string's length or of a number, as its checks (`.min`, `.max`, `.length`) give them, under
 * its wrappers (optional, nullable, default, refinements...); a string's length is at least 0. Undefined when the schema
 * is neither, or has no bound.
 */
export function boundsOf(schema: z.ZodTypeAny): { min?: number; max?: number; unit: "characters" | "" } | undefined {
  const core = unwrapSchema(schema);
  if (!(core instanceof z.ZodString) && !(core instanceof z.ZodNumber)) return undefined;
  let min: number | undefined;
  let max: number | undefined;
  for (const check of core._def.checks) {
    if (check.kind === "min") min = check.value;
    else if (check.kind === "max") max = check.value;
    else if (check.kind === "length") min = max = check.value;
  }
  if (min === undefined && max === undefined) return undefined;
  return core instanceof z.ZodString ? { min: min ?? 0, max, unit: "characters" } : { min, max, unit: "" };
}

/**
 * A field's range rule in the words its description uses ("8 to 64 characters", "1 to 4094", "at least 0",
 * "32 characters"), so that a description that states the rule takes it from the rule instead of repeating it.
 */
export function rangeRuleOf(schema: z.ZodTypeAny): string {
  const bounds = boundsOf(schema);
  if (!bounds) throw new Error("rangeRuleOf: the schema has no length or range rule");
  const { min, max, unit } = bounds;
  const words =
    min !== undefined && max !== undefined
      ? min === max
        ? `${min}`
        : `${min} to ${max}`
      : min !== undefined
        ? `at least ${min}`
        : `at most ${max}`;
  return unit === "" ? words : `${words} ${unit}`;
}

/** Top-level defaults: what the service stores when the field is left out. */
export function defaultsOf(schema: z.ZodTypeAny): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(schema)) if (field.defaultValue !== undefined) out[field.name] = field.defaultValue;
  return out;
}

/**
 * The read form of an input schema: a field with a default is required in an answer (the service
 * fills it in), optional fields stay optional. Refinements of the input are not repeated.
 */
export function answerOf<T extends z.ZodRawShape>(
  schema: z.ZodObject<T> | z.ZodEffects<z.ZodObject<T>>,
): z.AnyZodObject {
  const shape = objectOf(schema).shape as Record<string, z.ZodTypeAny>;
  const out: Record<string, z.ZodTypeAny> = {};
  for (const [name, field] of Object.entries(shape))
    out[name] = field instanceof z.ZodDefault ? field.removeDefault() : field;
  return z.object(out);
}

/**
 * The form answers take, at any depth: a field with a default is always there (the service fills
 * it in when a write left it out, an object's fields inside it too), other optional fields may be
 * missing, and every field keeps its rule (ranges, lengths, enumerations). Refinements across
 * fields guard writes and are not repeated. A discriminated union stays one, each option read the
 * same way.
 */
export function answerFormOf(schema: z.ZodTypeAny): z.ZodTypeAny {
  const core = answerFormOfCore(schema);
  const form =
    schema.description === undefined || core.description === schema.description
      ? core
      : core.describe(schema.description);
  // A secret stays one in the answer (secretFieldsOf, the OpenAPI document's descriptions).
  if (holdsMark(schema, "nmsSecret")) marksOf(form).nmsSecret = true;
  return form;
}

/** Whether the schema, or a wrapper on the way to its core, carries the mark. */
function holdsMark(schema: z.ZodTypeAny, mark: keyof Marks): boolean {
  return layersOf(schema).some((layer) => marksOf(layer)[mark]);
}

function answerFormOfCore(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodDefault) return answerFormOf(schema.removeDefault());
  if (schema instanceof z.ZodOptional) return answerFormOf(schema.unwrap()).optional();
  if (schema instanceof z.ZodNullable) return answerFormOf(schema.unwrap()).nullable();
  if (schema instanceof z.ZodEffects && schema._def.effect.type === "refinement")
    return answerFormOf(schema.innerType());
  if (schema instanceof z.ZodArray) return z.array(answerFormOf(schema.element));
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const object = z.object(
      Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, answerFormOf(field)])),
    );
    return schema._def.unknownKeys === "passthrough" ? object.passthrough() : object;
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = (schema.options as z.AnyZodObject[]).map((option) => answerFormOf(option) as z.AnyZodObject);
    return z.discriminatedUnion(schema.discriminator, options as [z.AnyZodObject, ...z.AnyZodObject[]]);
  }
  return schema;
}
