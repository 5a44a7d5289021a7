// The values npm run new-kind (scripts/newKind.ts) writes into the kinds-table row and the bad-input generator, from
// the kind's input schema, and how a value reads as TypeScript.
import { z } from "zod";
import { fieldsOf } from "../../contract/meta";
import { unwrapSchema } from "../../contract/zodWrappers";

/** Values the field's rules take, for the kinds-table row: each candidate of its type that the schema accepts. */
export function samplesOf(schema: z.ZodTypeAny): unknown[] {
  const core = unwrapSchema(schema);
  const candidates: unknown[] =
    core instanceof z.ZodEnum
      ? [...core.options]
      : core instanceof z.ZodLiteral
        ? [core.value]
        : core instanceof z.ZodBoolean
          ? [true, false]
          : core instanceof z.ZodNumber
            ? [core.minValue ?? 1, (core.minValue ?? 1) + 1, core.maxValue ?? 7]
            : core instanceof z.ZodString
              ? ["New kind", "New kind changed", "192.0.2.90", "192.0.2.91", "new.example.com", "new@example.com"]
              : core instanceof z.ZodObject
                ? [
                    Object.fromEntries(
                      fieldsOf(core)
                        .filter((f) => f.required)
                        .map((f) => [f.name, samplesOf(f.schema)[0]]),
                    ),
                  ]
                : core instanceof z.ZodArray
                  ? samplesOf(core.element)
                      .slice(0, 1)
                      .map((element) => [element])
                  : [];
  return [...new Set(candidates)].filter((value) => value !== undefined && schema.safeParse(value).success);
}

export function defaultsOf(schema: z.ZodTypeAny): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(schema).flatMap((f) => (f.defaultValue === undefined ? [] : [[f.name, f.defaultValue]])),
  );
}

/** A generator of input of the wrong type on the kind's first field of a plain type: the schema refuses it. */
export function badInputGenerator(
  name: string,
  fields: ReturnType<typeof fieldsOf>,
  args: Record<string, unknown>,
  idParam: string,
  isSettings: boolean,
): string {
  const target = [...fields]
    .filter((f) => f.name !== idParam)
    .sort((a, b) => Number(b.required) - Number(a.required))
    .find((f) =>
      [z.ZodString, z.ZodEnum, z.ZodNumber, z.ZodBoolean].some((type) => unwrapSchema(f.schema) instanceof type),
    );
  if (!target)
    return `  // No field of a plain type: written by npm run new-kind, a generator is the kind's to write.\n  ${name}: null,`;
  const core = unwrapSchema(target.schema);
  const wrong =
    core instanceof z.ZodString || core instanceof z.ZodEnum ? "fc.oneof(fc.integer(), fc.boolean())" : "fc.string()";
  const given = Object.entries(args)
    .filter(([field]) => field !== target.name && field !== idParam)
    .map(([field, value]) => `${field}: ${literal(value)}, `)
    .join("");
  const owner = isSettings ? `${idParam}, ` : "";
  return [
    `  ${name}: () =>`,
    `    ${wrong}.map((${target.name}) => ({ inputs: { ${owner}${given}${target.name} }, path: ${JSON.stringify(target.name)} })),`,
  ].join("\n");
}

/** A value as TypeScript: keys bare where they can be. */
export function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{ ${entries.map(([k, v]) => `${key(k)}: ${literal(v)}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}
