// One way to run a schema and report failures, used by the provider's check and the emulator.
import { z } from "zod";
import { FINITE_NUMBER_RULE, nonFiniteNumberPaths } from "./validators";
import { unwrapSchema } from "./zodWrappers";

export interface FieldFailure {
  /** Property path in Pulumi's form: a.b[0].c */
  path: string;
  /** The rule that failed, in words. */
  message: string;
  /** The service's error code, where the API documentation defines one. */
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
  const reserved = reservedFieldPath(body);
  if (reserved !== undefined) return { ok: false, failures: [{ path: reserved, message: RESERVED_FIELD_RULE }] };
  // Most bodies hold no null: they are read as they are, without a copy (a guest import reads 45,000 of them).
  const parsed = parseFinite(
    schema,
    anyInside(body, (item) => item === null) ? withoutUnsetNulls(schema, body) : body,
    body,
  );
  if (parsed.ok) return parsed;
  return {
    ok: false,
    failures: [
      ...parsed.nonFinite.map((path) => ({ path, message: FINITE_NUMBER_RULE })),
      ...parsed.issues.map(failureOfIssue),
    ],
  };
}

/** Member names that would reach an object's prototype rather than a field of it, in JavaScript that reads bodies. */
export const RESERVED_FIELD_NAMES: readonly string[] = ["__proto__", "constructor", "prototype"];

export const RESERVED_FIELD_RULE =
  "is not a field name the service takes: __proto__, constructor and prototype are refused anywhere in a body";

/**
 * The path of the first member named __proto__, constructor or prototype, at any depth, undefined when there is none.
 * JSON.parse makes such a member an own field, but any copy by assignment (`out[key] = value`) turns `__proto__` into
 * the copy's prototype, whose fields then read as the body's: they are refused before anything reads the body.
 * Walked without recursion, so that no nesting exhausts the stack.
 */
export function reservedFieldPath(value: unknown): string | undefined {
  // The walk below builds the path of every member; most bodies have no reserved name to give the path of.
  if (!anyInside(value, (_item, key) => key !== undefined && RESERVED_FIELD_NAMES.includes(key))) return undefined;
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (Array.isArray(current)) current.forEach((item, i) => pending.push({ value: item, path: [...path, i] }));
    else if (typeof current === "object" && current !== null) {
      for (const key of Object.keys(current)) {
        if (RESERVED_FIELD_NAMES.includes(key)) return formatPath([...path, key]);
        pending.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * Whether `test` holds for the value or anything in it, at any depth (`key`: the member's name in its object): one walk
 * that builds nothing, before a walk that builds paths or copies. Without recursion, so that no nesting exhausts the
 * stack.
 */
function anyInside(value: unknown, test: (item: unknown, key: string | undefined) => boolean): boolean {
  if (test(value, undefined)) return true;
  const pending: unknown[] = [value];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (Array.isArray(current)) {
      for (const item of current) {
        if (test(item, undefined)) return true;
        if (typeof item === "object" && item !== null) pending.push(item);
      }
    } else if (typeof current === "object" && current !== null) {
      for (const key of Object.keys(current)) {
        const item = (current as Record<string, unknown>)[key];
        if (test(item, key)) return true;
        if (typeof item === "object" && item !== null) pending.push(item);
      }
    }
  }
  return false;
}

/** A schema's verdict, with the paths of non-finite numbers apart from the schema's own issues. */
export type FiniteParse<T> = { ok: true; value: T } | { ok: false; nonFinite: string[]; issues: z.ZodIssue[] };

/**
 * Parses `value` with `schema`, refusing NaN and ±Infinity wherever they sit in `original` (the value
 * as the caller got it, before any cleaning). A non-finite number fails the one rule every number has
 * (FINITE_NUMBER_RULE); the field's own rules (a range) would only blur it, so the schema's issues on
 * those paths are left out.
 */
export function parseFinite<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  value: unknown,
  original: unknown = value,
): FiniteParse<T> {
  const result = schema.safeParse(value);
  const nonFinite = anyInside(original, (item) => typeof item === "number" && !Number.isFinite(item))
    ? nonFiniteNumberPaths(original).map(formatPath)
    : [];
  // A set: a body may hold tens of thousands of non-finite numbers, each with an issue to look up.
  const nonFiniteSet = new Set(nonFinite);
  if (result.success && nonFinite.length === 0) return { ok: true, value: result.data };
  const issues = result.success ? [] : result.error.issues.filter((issue) => !nonFiniteSet.has(formatPath(issue.path)));
  return { ok: false, nonFinite, issues };
}

export function failureOfIssue(issue: z.ZodIssue): FieldFailure {
  const code = issue.code === z.ZodIssueCode.custom ? (issue.params?.code as string | undefined) : undefined;
  let message = issue.message;
  if (issue.code === z.ZodIssueCode.invalid_type && issue.received === "undefined") message = "is required";
  return { path: formatPath(issue.path), message, ...(code ? { code } : {}) };
}

/**
 * Fields of `value` that `schema` does not declare, at any depth: what the service ignores. The
 * schemas keep zod's default of stripping unknown keys, because the service does the same (it
 * takes a read form back as an update body, read-only fields and all); the emulator follows it.
 * The provider's check refuses these instead, with the path: a field the service drops can never
 * match what the program asks for, so it would show as a change on every preview. Inside an option
 * of a discriminated union (a network per `type`), a field another option has is named as not
 * applying to this one ("does not apply to type open"). Objects that pass unknown keys through,
 * records, plain unions and the preview's unknown values are not looked into.
 */
export function ignoredFields(
  schema: z.ZodTypeAny,
  value: unknown,
  isUnknownValue: (v: unknown) => boolean = () => false,
): FieldFailure[] {
  const failures: FieldFailure[] = [];
  /** The option of a discriminated union the walk is inside, and the other options' schemas at the same path. */
  type Option = { name: string; others: z.ZodTypeAny[] };
  const walk = (s: z.ZodTypeAny, v: unknown, path: (string | number)[], option: Option | undefined): void => {
    if (v === undefined || v === null || isUnknownValue(v)) return;
    const inner = unwrapSchema(s);
    if (inner instanceof z.ZodArray) {
      if (Array.isArray(v))
        v.forEach((element, i) =>
          walk(inner.element, element, [...path, i], option && { ...option, others: childrenOf(option.others, i) }),
        );
      return;
    }
    if (inner instanceof z.ZodRecord) {
      if (typeof v === "object" && !Array.isArray(v))
        for (const [k, x] of Object.entries(v)) walk(inner.valueSchema, x, [...path, k], undefined);
      return;
    }
    if (inner instanceof z.ZodDiscriminatedUnion) {
      if (typeof v !== "object" || Array.isArray(v)) return;
      const key = (v as Record<string, unknown>)[inner.discriminator];
      const chosen = inner.optionsMap.get(key as z.Primitive);
      // An unknown discriminator value is the schema's own failure; nothing can be said about the rest.
      if (chosen) {
        const others = [...inner.optionsMap.values()].filter((o) => o !== chosen);
        walk(chosen, v, path, { name: `${inner.discriminator} ${String(key)}`, others });
      }
      return;
    }
    if (inner instanceof z.ZodObject) {
      if (typeof v !== "object" || Array.isArray(v)) return;
      const passes = inner._def.unknownKeys === "passthrough" || !(inner._def.catchall instanceof z.ZodNever);
      const shape = inner.shape as Record<string, z.ZodTypeAny>;
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (k in shape) walk(shape[k], x, [...path, k], option && { ...option, others: childrenOf(option.others, k) });
        else if (!passes && x !== undefined) {
          const elsewhere = option !== undefined && childrenOf(option.others, k).length > 0;
          const where = elsewhere ? `does not apply to ${option.name}` : "is not a field the service knows here";
          failures.push({
            path: formatPath([...path, k]),
            message: `${where} (the service ignores it); fields here: ${Object.keys(shape).join(", ")}`,
          });
        }
      }
    }
  };
  walk(schema, value, [], undefined);
  return failures;
}

/** The schemas of a key (or array element) in each of the given object or array schemas that have one. */
function childrenOf(schemas: readonly z.ZodTypeAny[], key: string | number): z.ZodTypeAny[] {
  return schemas.flatMap((schema) => {
    const s = unwrapSchema(schema);
    if (typeof key === "number") return s instanceof z.ZodArray ? [s.element] : [];
    return s instanceof z.ZodObject && key in s.shape ? [(s.shape as Record<string, z.ZodTypeAny>)[key]] : [];
  });
}

/** The body with every null that stands for "not set" taken out (see validateBody); the body itself is not changed. */
export function withoutUnsetNulls(schema: z.ZodTypeAny, value: unknown): unknown {
  const core = unwrapSchema(schema);
  if (core instanceof z.ZodArray)
    return Array.isArray(value) ? value.map((item) => withoutUnsetNulls(core.element, item)) : value;
  if (!isPlainObject(value)) return value;
  if (core instanceof z.ZodDiscriminatedUnion) {
    const option = (core as z.ZodDiscriminatedUnion<string, z.AnyZodObject[]>).optionsMap.get(
      value[core.discriminator] as z.Primitive,
    );
    return option ? withoutUnsetNulls(option, value) : value;
  }
  if (core instanceof z.ZodRecord)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withoutUnsetNulls(core.valueSchema, item)]),
    );
  if (!(core instanceof z.ZodObject)) return value;
  const shape = core.shape as Record<string, z.ZodTypeAny>;
  // Own fields only (Object.fromEntries): assigning a `__proto__` member would set the copy's prototype instead.
  const out: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field === undefined) out.push([key, item]);
    else if (item === null && field.isOptional() && !field.isNullable()) continue;
    else out.push([key, withoutUnsetNulls(field, item)]);
  }
  return Object.fromEntries(out);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
