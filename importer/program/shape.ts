// Shaping values to the schema: the read form cut to the input schema's fields, what holds its default
// left to the service.
import { z } from "zod";
import { fieldsOf, mergeObjects, type WifiApiVariant } from "../../contract/meta";
import { unwrapSchema } from "../../contract/zodWrappers";
import { isEmpty, satisfies } from "../../provider/compare";
import { specFields } from "../../provider/fields";
import { RESOURCE_SPECS } from "../../provider/resources";
import { isPlainObject } from "../../provider/shape";
import type { Props, ResourceSpec } from "../../provider/spec";
import type { ImportedObject } from "../read";

/**
 * The inputs as the program writes them: the fields of the input schema only (a read form's extras, such as a
 * radio's operative channel, are not inputs), nothing set to null.
 */
export function shapedInputs(object: ImportedObject, variant: WifiApiVariant): Props {
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
export function objectSchemaOf(core: z.ZodTypeAny, value: Props): z.AnyZodObject | undefined {
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
