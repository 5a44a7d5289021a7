// The rows of a reference page's field table, read from a zod schema: every field at every depth
// (nested objects as `a.b`, items of an array as `a[].b`), with its type, whether it is required,
// its rules, default, secrecy and variant. Nothing here is listed by hand: it all comes from the
// contract's schemas and their marks (contract/meta.ts).
import { z } from "zod";
import { holdsSecret } from "../../contract/meta";
import { unwrapSchema } from "../../contract/zodWrappers";
import { codeValuesOf, rulesNotSaid, rulesOf, sentence } from "../sdkgen/docs";
import { isNewerOnly, strip } from "../sdkgen/printType";

export interface FieldRow {
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
  readonly rules: readonly string[];
  readonly defaultValue?: unknown;
  readonly hasDefault: boolean;
  /** The older Wi-Fi API variant's default, when it differs from the newer's (a syslog priority). */
  readonly olderDefault?: { readonly value: unknown };
  readonly secret: boolean;
  readonly newerOnly: boolean;
  readonly description: string;
  readonly notes: readonly string[];
}

export interface RowOptions {
  /** The same schema in the older Wi-Fi API variant, to mark newer-only fields. */
  readonly older?: z.ZodTypeAny;
  /** Outputs: a field with a default is always there, and rules are for writers only. */
  readonly output?: boolean;
  /** Extra notes for a top-level field (replacement, toggles, triggers). */
  readonly notesOf?: (name: string) => readonly string[];
  /** Top-level fields required or not whatever the schema says (path inputs). */
  readonly requiredOf?: (name: string) => boolean | undefined;
}

/** Every field of an object schema, depth first, in declaration order. */
export function fieldRows(object: z.AnyZodObject, options: RowOptions = {}): FieldRow[] {
  const rows: FieldRow[] = [];
  walkObject(object, options.older instanceof z.ZodObject ? options.older : undefined, "", options, rows, true);
  return rows;
}

function walkObject(
  object: z.AnyZodObject,
  older: z.AnyZodObject | undefined,
  prefix: string,
  options: RowOptions,
  rows: FieldRow[],
  top: boolean,
): void {
  const olderShape = older?.shape as Record<string, z.ZodTypeAny> | undefined;
  for (const [key, schema] of Object.entries(object.shape as Record<string, z.ZodTypeAny>)) {
    const path = `${prefix}${key}`;
    const stripped = strip(schema);
    const olderField = olderShape?.[key];
    const forced = top ? options.requiredOf?.(key) : undefined;
    const olderStripped = olderField === undefined ? undefined : strip(olderField);
    const olderDefault =
      olderStripped?.hasDefault && JSON.stringify(olderStripped.defaultValue) !== JSON.stringify(stripped.defaultValue)
        ? { value: olderStripped.defaultValue }
        : undefined;
    const optional = stripped.optional || (stripped.hasDefault && !options.output);
    rows.push({
      path,
      type: typeName(stripped.core) + (stripped.nullable ? " or null" : ""),
      required: forced ?? !optional,
      rules: options.output
        ? []
        : rulesNotSaid(stripped.description ?? "", [
            ...rulesOf(stripped.core),
            ...refinementRules(schema, stripped.core),
          ]).map((rule) => sentence(rule)),
      defaultValue: stripped.defaultValue,
      hasDefault: stripped.hasDefault,
      olderDefault,
      secret: holdsSecret(schema),
      newerOnly: isNewerOnly(olderField),
      description: stripped.description ? sentence(stripped.description, codeValuesOf(stripped.core)) : "",
      notes: top ? (options.notesOf?.(key) ?? []) : [],
    });
    const nested = nestedObject(stripped.core);
    if (nested) {
      const olderNested = olderField === undefined ? undefined : nestedObject(strip(olderField).core);
      walkObject(nested.object, olderNested?.object, `${path}${nested.suffix}.`, options, rows, false);
    }
  }
}

/** The object a field holds, directly or as the items of an array. */
function nestedObject(core: z.ZodTypeAny): { object: z.AnyZodObject; suffix: string } | undefined {
  if (core instanceof z.ZodObject) return { object: core, suffix: "" };
  if (core instanceof z.ZodArray) {
    const item = strip(core.element).core;
    if (item instanceof z.ZodObject) return { object: item, suffix: "[]" };
  }
  return undefined;
}

/** A short name of a field's type, with the values of an enumeration. */
export function typeName(core: z.ZodTypeAny): string {
  if (core instanceof z.ZodString) return "string";
  if (core instanceof z.ZodNumber) return core._def.checks.some((c) => c.kind === "int") ? "integer" : "number";
  if (core instanceof z.ZodBoolean) return "boolean";
  if (core instanceof z.ZodLiteral) return `\`${JSON.stringify(core.value)}\``;
  if (core instanceof z.ZodEnum)
    return `one of ${(core.options as unknown[]).map((v) => `\`${String(v)}\``).join(", ")}`;
  if (core instanceof z.ZodObject) return "object";
  if (core instanceof z.ZodArray) return `list of ${plural(typeName(strip(core.element).core))}`;
  if (core instanceof z.ZodRecord) return `map of string to ${typeName(strip(core.valueSchema).core)}`;
  if (core instanceof z.ZodUnion || core instanceof z.ZodDiscriminatedUnion) {
    return [...(core.options as Iterable<z.ZodTypeAny>)].map((o) => typeName(strip(o).core)).join(" or ");
  }
  if (core instanceof z.ZodUndefined) return "nothing";
  if (core instanceof z.ZodUnknown || core instanceof z.ZodAny) return "any JSON value";
  return core._def.typeName ?? "value";
}

function plural(type: string): string {
  if (type.startsWith("one of ")) return `values, each ${type}`;
  if (type.startsWith("list of ")) return `lists (${type})`;
  if (type.startsWith("map of ")) return `maps (${type})`;
  return /[a-z]$/.test(type) ? `${type}s` : type;
}

/**
 * Probe values for a field's refinements: a refinement's rule cannot be read back from the schema,
 * only seen failing. Each value that breaks one shows its message; rules no probe breaks stay
 * unlisted (the field's description should then say them).
 */
const STRING_PROBES = [
  "",
  " ",
  " a",
  "a ",
  "`",
  "$(x)",
  "é",
  "a",
  "ab",
  "a b",
  "a".repeat(300),
  "0.0.0.0",
  "256.1.1.1",
  "10.1.2",
  "1.2.3.4",
  "::1",
  "-",
  "a..b",
  "A",
  "x@",
  "AA:BB",
  "aa:bb:cc:dd:ee:ff",
  "1",
  "0",
];
const NUMBER_PROBES = [-1e9, -1, 0, 0.5, 1, 2, 3, 7, 100, 4095, 4096, 65536, 1e9, 2 ** 60];
const ARRAY_PROBES: unknown[][] = [[], ["a", "a"], [1, 1], [{}, {}], ["a", "b", "c"]];

function refinementRules(schema: z.ZodTypeAny, core: z.ZodTypeAny): string[] {
  if (!hasRefinement(schema)) return [];
  const probes: unknown[] =
    core instanceof z.ZodString
      ? STRING_PROBES
      : core instanceof z.ZodNumber
        ? NUMBER_PROBES
        : core instanceof z.ZodArray
          ? ARRAY_PROBES
          : [];
  const messages = new Set<string>();
  for (const probe of probes) {
    const result = schema.safeParse(probe);
    if (result.success) continue;
    for (const issue of result.error.issues)
      if (issue.code === z.ZodIssueCode.custom && issue.path.length === 0) messages.add(sentence(issue.message));
  }
  return [...messages];
}

function hasRefinement(schema: z.ZodTypeAny): boolean {
  const isRefinement = (layer: z.ZodTypeAny) =>
    layer instanceof z.ZodEffects && layer._def.effect.type === "refinement";
  return isRefinement(unwrapSchema(schema, { stopAt: isRefinement }));
}

/** A value written as code. */
export function code(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}
