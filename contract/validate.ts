// One way to run a schema and report failures, used by the provider's check and the emulator.
import { z } from "zod";

export interface FieldFailure {
  /** Property path in Pulumi's form: a.b[0].c */
  path: string;
  /** The rule that failed, in words. */
  message: string;
  /** The service's error code, where the seeds define one. */
  code?: string;
}

export function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; failures: FieldFailure[] };

/**
 * Runs a body through its schema. A `null` where the schema has an optional field that cannot hold
 * null means "not set", as the service's public clients send it (a field a script blanks out, an
 * AP moved with `apGroupId: null`): it is taken out first, at any depth, so that the field is left
 * out, or takes its default. A null where a field is required, or where null is a value of its own
 * (an AP radio's `enable24G`: "as the venue says"), stays and is judged by the schema. The
 * provider's check and the emulator both read bodies through here, so a program's null means the
 * same as a client's.
 */
export function validateBody<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): Validation<T> {
  const result = schema.safeParse(withoutUnsetNulls(schema, body));
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, failures: result.error.issues.map(failureOfIssue) };
}

export function failureOfIssue(issue: z.ZodIssue): FieldFailure {
  const code = issue.code === z.ZodIssueCode.custom ? (issue.params?.code as string | undefined) : undefined;
  let message = issue.message;
  if (issue.code === z.ZodIssueCode.invalid_type && issue.received === "undefined") message = "is required";
  return { path: formatPath(issue.path), message, ...(code ? { code } : {}) };
}

/** The body with every null that stands for "not set" taken out (see validateBody); the body itself is not changed. */
export function withoutUnsetNulls(schema: z.ZodTypeAny, value: unknown): unknown {
  const core = unwrapped(schema);
  if (core instanceof z.ZodArray) return Array.isArray(value) ? value.map((item) => withoutUnsetNulls(core.element, item)) : value;
  if (!isPlainObject(value)) return value;
  if (core instanceof z.ZodDiscriminatedUnion) {
    const option = (core as z.ZodDiscriminatedUnion<string, z.AnyZodObject[]>).optionsMap.get(value[core.discriminator] as z.Primitive);
    return option ? withoutUnsetNulls(option, value) : value;
  }
  if (core instanceof z.ZodRecord) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutUnsetNulls(core.valueSchema, item)]));
  if (!(core instanceof z.ZodObject)) return value;
  const shape = core.shape as Record<string, z.ZodTypeAny>;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field === undefined) out[key] = item;
    else if (item === null && field.isOptional() && !field.isNullable()) continue;
    else out[key] = withoutUnsetNulls(field, item);
  }
  return out;
}

/** The schema under its optional, nullable, default and refinement wrappers. */
function unwrapped(schema: z.ZodTypeAny): z.ZodTypeAny {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.removeDefault();
    else if (current instanceof z.ZodEffects) current = current.innerType();
    else if (current instanceof z.ZodPipeline) current = current._def.in;
    else if (current instanceof z.ZodLazy) current = current.schema;
    else return current;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
