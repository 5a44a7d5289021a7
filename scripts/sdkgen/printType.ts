// Prints a zod schema as a TypeScript type, with doc comments on object fields, for the subset of
// zod the contract uses. Three modes:
// - "input": a resource's inputs, where any value at any depth may be a pulumi.Input and a field
//   with a default may be left out;
// - "args": plain arguments of a function's Promise form (a field with a default may be left out);
// - "output": what the service answers (a field with a default is always there).
import { z } from "zod";
import { isPulumiAsset } from "../../contract/meta";
import { layersOf } from "../../contract/zodWrappers";
import { codeValuesOf, docComment, rulesNotSaid, rulesOf, sentence } from "./docs";

/** What names a shared object shape (sharedTypes.ts): its name to print, or undefined to print it in full. */
export interface ShapeNames {
  use(object: z.AnyZodObject, older: z.AnyZodObject | undefined, mode: Mode, path: string): string | undefined;
}

export type Mode = "input" | "args" | "output";

/** A schema without its optional/nullable/default/refinement wrappers, and what they said. */
export interface Stripped {
  readonly core: z.ZodTypeAny;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue?: unknown;
  readonly description?: string;
}

export function strip(schema: z.ZodTypeAny): Stripped {
  let optional = false;
  let nullable = false;
  let hasDefault = false;
  let defaultValue: unknown;
  let description: string | undefined;
  // Not through a pipeline (printCore prints its input or output side) nor a lazy schema.
  const layers = layersOf(schema, {
    through: ["optional", "nullable", "default", "effects", "readonly", "branded", "catch"],
  });
  for (const layer of layers) {
    description ??= layer.description;
    if (layer instanceof z.ZodOptional) optional = true;
    else if (layer instanceof z.ZodNullable) nullable = true;
    else if (layer instanceof z.ZodDefault) {
      hasDefault = true;
      defaultValue = layer._def.defaultValue();
    }
  }
  return { core: layers[layers.length - 1], optional, nullable, hasDefault, defaultValue, description };
}

/** Whether the field may be left out in this mode. */
export function isOptionalField(stripped: Stripped, mode: Mode): boolean {
  return stripped.optional || (stripped.hasDefault && mode !== "output");
}

/** The older variant's field refuses the value: the field exists in the newer variant only. */
export function isNewerOnly(older: z.ZodTypeAny | undefined): boolean {
  return older !== undefined && strip(older).core instanceof z.ZodUndefined;
}

export interface FieldPrint {
  readonly key: string;
  readonly schema: z.ZodTypeAny;
  readonly mode: Mode;
  readonly indent: string;
  /** The same field in the older Wi-Fi API variant's schema, to mark newer-only fields. */
  readonly older?: z.ZodTypeAny;
  /** Sentences added to the field's doc comment (secret, replacement). */
  readonly extraDoc?: readonly string[];
  /** Absent: the field's own optionality in this mode. */
  readonly optional?: boolean;
  /** Where the field sits, for the generator's error messages. */
  readonly path?: string;
  /** The named types of shapes several resources and functions share (types/input.ts, types/output.ts). */
  readonly names?: ShapeNames;
}

/** One field of an interface or inline object type, with its doc comment. */
export function printField(field: FieldPrint): string {
  const stripped = strip(field.schema);
  const optional = field.optional ?? isOptionalField(stripped, field.mode);
  const doc = fieldDoc(stripped, field.mode, field.older, field.extraDoc ?? []);
  const type = printValue(field.schema, field.mode, field.indent, field.older, field.path ?? field.key, field.names);
  return `${docComment(doc, field.indent)}${field.indent}${propertyKey(field.key)}${optional ? "?" : ""}: ${type};\n`;
}

function fieldDoc(stripped: Stripped, mode: Mode, older: z.ZodTypeAny | undefined, extra: readonly string[]): string[] {
  const doc: string[] = [];
  const description = stripped.description ?? "";
  if (description) doc.push(sentence(description, codeValuesOf(stripped.core)));
  // What a value must be is for those who write it, not for readers of outputs; said once.
  if (mode !== "output") doc.push(...rulesNotSaid(description, rulesOf(stripped.core)).map((rule) => sentence(rule)));
  if (stripped.hasDefault && mode !== "output" && !/\bdefault\b/i.test(description)) {
    doc.push(`Default: ${JSON.stringify(stripped.defaultValue)}.`);
  }
  if (isNewerOnly(older)) doc.push("Newer Wi-Fi API variant only.");
  doc.push(...extra);
  return doc;
}

/**
 * The type of a value position: wrapped in pulumi.Input in input mode. With `names`, an object shape
 * that has a shared name is printed as that name; `inlineTop` prints the outermost object in full
 * even then (a shared type's own declaration).
 */
export function printValue(
  schema: z.ZodTypeAny,
  mode: Mode,
  indent: string,
  older: z.ZodTypeAny | undefined,
  path: string,
  names?: ShapeNames,
  inlineTop = false,
): string {
  const stripped = strip(schema);
  let type = printCore(
    stripped.core,
    mode,
    indent,
    older === undefined ? undefined : strip(older).core,
    path,
    names,
    inlineTop,
  );
  if (stripped.nullable) type += " | null";
  return mode === "input" ? `pulumi.Input<${type}>` : type;
}

/** The type without the Input wrapper (union options, intersection parts). */
function printBare(
  schema: z.ZodTypeAny,
  mode: Mode,
  indent: string,
  path: string,
  names: ShapeNames | undefined,
): string {
  const stripped = strip(schema);
  const type = printCore(stripped.core, mode, indent, undefined, path, names);
  return stripped.nullable ? `${type} | null` : type;
}

function printCore(
  core: z.ZodTypeAny,
  mode: Mode,
  indent: string,
  older: z.ZodTypeAny | undefined,
  path: string,
  names: ShapeNames | undefined,
  inlineTop = false,
): string {
  if (isPulumiAsset(core)) return "pulumi.asset.Asset";
  if (core instanceof z.ZodString) return "string";
  if (core instanceof z.ZodNumber) return "number";
  if (core instanceof z.ZodBigInt) return "bigint";
  if (core instanceof z.ZodBoolean) return "boolean";
  if (core instanceof z.ZodNull) return "null";
  if (core instanceof z.ZodUndefined) return "undefined";
  if (core instanceof z.ZodUnknown) return "unknown";
  if (core instanceof z.ZodAny) return "any";
  if (core instanceof z.ZodNever) return "never";
  if (core instanceof z.ZodLiteral) return literal(core.value);
  if (core instanceof z.ZodEnum) return (core.options as unknown[]).map(literal).join(" | ");
  if (core instanceof z.ZodNativeEnum) {
    const values = Object.entries(core.enum as Record<string, unknown>).filter(([key]) => !/^\d+$/.test(key));
    return values.map(([, value]) => literal(value)).join(" | ");
  }
  if (core instanceof z.ZodArray) {
    const olderElement = older instanceof z.ZodArray ? older.element : undefined;
    const element = printValue(core.element, mode, indent, olderElement, `${path}[]`, names);
    return mode === "input" || !/[|&]/.test(topLevel(element)) ? `${element}[]` : `(${element})[]`;
  }
  if (core instanceof z.ZodTuple) {
    return `[${(core.items as z.ZodTypeAny[]).map((item, i) => printValue(item, mode, indent, undefined, `${path}[${i}]`, names)).join(", ")}]`;
  }
  if (core instanceof z.ZodUnion || core instanceof z.ZodDiscriminatedUnion) {
    const options = [...(core.options as Iterable<z.ZodTypeAny>)];
    return options.map((option) => printBare(option, mode, indent, path, names)).join(" | ");
  }
  if (core instanceof z.ZodIntersection) {
    return `${printBare(core._def.left, mode, indent, path, names)} & ${printBare(core._def.right, mode, indent, path, names)}`;
  }
  if (core instanceof z.ZodRecord)
    return `Record<string, ${printValue(core.valueSchema, mode, indent, undefined, `${path}.*`, names)}>`;
  if (core instanceof z.ZodObject) {
    const olderObject = older instanceof z.ZodObject ? older : undefined;
    const named = inlineTop ? undefined : names?.use(core, olderObject, mode, path);
    return named ?? printObject(core, mode, indent, olderObject, path, names);
  }
  if (core instanceof z.ZodPipeline)
    return printBare(mode === "output" ? core._def.out : core._def.in, mode, indent, path, names);
  throw new Error(
    `${path || "(top)"}: the SDK generator cannot print a ${core._def.typeName ?? core.constructor.name} (scripts/sdkgen/printType.ts)`,
  );
}

/** An object type in full, its fields' shared shapes named when `names` is given. */
export function printObject(
  object: z.AnyZodObject,
  mode: Mode,
  indent: string,
  older: z.AnyZodObject | undefined,
  path: string,
  names?: ShapeNames,
): string {
  const inner = `${indent}  `;
  const olderShape = older?.shape as Record<string, z.ZodTypeAny> | undefined;
  const fields = Object.entries(object.shape as Record<string, z.ZodTypeAny>).map(([key, schema]) =>
    printField({
      key,
      schema,
      mode,
      indent: inner,
      older: olderShape?.[key],
      path: path ? `${path}.${key}` : key,
      names,
    }),
  );
  // The service may answer fields the API documentation does not list; the result types say so.
  if (mode === "output" && object._def.unknownKeys === "passthrough") fields.push(`${inner}[key: string]: unknown;\n`);
  if (fields.length === 0) return "{}";
  return `{\n${fields.join("")}${indent}}`;
}

function literal(value: unknown): string {
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/** The text outside any brackets, to see whether a union or intersection needs parentheses. */
function topLevel(type: string): string {
  let depth = 0;
  let out = "";
  for (const char of type) {
    if ("<({[".includes(char)) depth++;
    else if (">)}]".includes(char)) depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

export function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}
