// A short example program per resource, from its schema: the required inputs only, each with a
// value its own field schema accepts (tried from a list of plausible values), parents' and
// other objects' IDs and secrets from the stack's configuration. The examples are TypeScript files
// that tests/docs/reference.test.ts type-checks against the SDK.
import { z } from "zod";
import { holdsSecret, objectOf } from "../../contract/meta";
import { specFields } from "../../provider/fields";
import type { ResourceSpec } from "../../provider/spec";
import { propertyKey, strip } from "../sdkgen/printType";
import { moduleNameOf } from "../sdkgen/resourceFile";

const STRING_CANDIDATES = [
  "Example",
  "example-1",
  "192.0.2.10",
  "192.0.2.0/24",
  "FEK3224R0AB",
  "123456789012",
  "00:11:22:33:44:55",
  "admin@example.com",
  "example.com",
  "2026-01-01T00:00:00Z",
  "1/1/8",
  "ICX7150-24",
  "R550",
  "10",
  "Example passphrase 1",
];
const NUMBER_CANDIDATES = [1, 10, 50, 100, 1000, 0];

interface Config {
  /** Configuration keys the example reads, and whether they are secret. */
  readonly keys: Map<string, boolean>;
}

/** The example's text: a whole program that creates one resource of the kind. */
export function exampleProgram(spec: ResourceSpec): string {
  const fields = specFields(spec);
  const shape = exampleShape(spec.inputSchema("newer"));
  const set = fields.inputs.filter(
    (info) =>
      fields.pathInputs.includes(info.name) ||
      (shape[info.name] !== undefined && !strip(shape[info.name]).optional && !strip(shape[info.name]).hasDefault),
  );
  // A required enumeration (a network's type) takes the first value whose example the input schema accepts as a whole.
  const choice = set.find((info) => strip(shape[info.name] ?? info.schema).core instanceof z.ZodEnum);
  const options = choice
    ? [...(strip(shape[choice.name]).core as z.ZodEnum<[string, ...string[]]>).options]
    : [undefined];
  let built = build(spec, set, shape, choice?.name, options[0]);
  for (const option of options) {
    const attempt = build(spec, set, shape, choice?.name, option);
    if (accepted(spec, attempt.sample)) {
      built = attempt;
      break;
    }
  }
  const name = variableName(spec.kind);
  const args = built.lines.length === 0 ? "" : `, {\n${built.lines.join("\n")}\n}`;
  const needsConfig = built.config.keys.size > 0;
  return (
    `import ${needsConfig ? "* as pulumi" : "type * as pulumi"} from "@pulumi/pulumi";\n` +
    `import * as nms from "pulumi-nms";\n\n` +
    (needsConfig ? "const config = new pulumi.Config();\n" : "") +
    `const ${name}: nms.${spec.kind} = new nms.${spec.kind}("example"${args});\n\n` +
    `export const ${name}Id: pulumi.Output<string> = ${name}.id;\n`
  );
}

/** Whether the provider's check would take the example: its inputs, and the body they make. */
function accepted(spec: ResourceSpec, sample: Record<string, unknown>): boolean {
  if (!spec.inputSchema("newer").safeParse(sample).success) return false;
  return (
    spec.bodySchema === undefined ||
    spec.bodySchema("newer").safeParse(spec.toApi ? spec.toApi(sample) : sample).success
  );
}

/** A variable name for the example's resource; a kind named like a keyword (Switch) gets a suffix. */
function variableName(kind: string): string {
  const name = moduleNameOf(kind);
  try {
    new Function(`"use strict"; let ${name};`);
    return name;
  } catch {
    return `${name}Resource`;
  }
}

interface Built {
  readonly config: Config;
  readonly lines: string[];
  /** The arguments as values, configuration read as a plausible value, to check the whole against the schema. */
  readonly sample: Record<string, unknown>;
}

function build(
  spec: ResourceSpec,
  set: readonly { name: string; schema: z.ZodTypeAny }[],
  shape: Record<string, z.ZodTypeAny>,
  pinned: string | undefined,
  pinnedValue: unknown,
): Built {
  const config: Config = { keys: new Map() };
  const fields = specFields(spec);
  const lines: string[] = [];
  const sample: Record<string, unknown> = {};
  for (const info of set) {
    const schema = shape[info.name] ?? info.schema;
    const isId =
      fields.pathInputs.includes(info.name) || (/Id$/.test(info.name) && strip(schema).core instanceof z.ZodString);
    const value: Value =
      info.name === pinned
        ? { text: JSON.stringify(pinnedValue), sample: pinnedValue }
        : isId
          ? configValue(config, info.name, "string")
          : exampleValueOf(schema, info.name, config, "  ");
    lines.push(`  ${propertyKey(info.name)}: ${value.text},`);
    sample[info.name] = value.sample;
  }
  return { config, lines, sample };
}

/**
 * The fields the example sets: the object's, or for a schema with one form per type (a network),
 * the form that asks for the fewest fields, so that the example is one the service takes.
 */
function exampleShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  let current = schema;
  while (current instanceof z.ZodEffects) current = current.innerType();
  if (!(current instanceof z.ZodDiscriminatedUnion)) return objectOf(schema).shape as Record<string, z.ZodTypeAny>;
  const options = [...current.options] as z.AnyZodObject[];
  const requiredCount = (o: z.AnyZodObject) =>
    Object.values(o.shape as Record<string, z.ZodTypeAny>).filter((f) => !f.isOptional()).length;
  return [...options].sort((a, b) => requiredCount(a) - requiredCount(b))[0].shape as Record<string, z.ZodTypeAny>;
}

/** The configuration keys an example reads, for its page: `pulumi config set` lines. */
export function exampleConfigKeys(spec: ResourceSpec): { key: string; secret: boolean }[] {
  const text = exampleProgram(spec);
  return [...text.matchAll(/config\.require(Secret|Number|Boolean)?\("(\w+)"\)/g)].map((m) => ({
    key: m[2],
    secret: m[1] === "Secret",
  }));
}

type ConfigType = "string" | "secret" | "number" | "boolean";

interface Value {
  readonly text: string;
  readonly sample: unknown;
}

function configValue(config: Config, key: string, type: ConfigType): Value {
  config.keys.set(key, type === "secret");
  const method = { string: "require", secret: "requireSecret", number: "requireNumber", boolean: "requireBoolean" }[
    type
  ];
  return {
    text: `config.${method}(${JSON.stringify(key)})`,
    sample: type === "number" ? 1 : type === "boolean" ? true : "Example secret 1",
  };
}

function exampleValueOf(schema: z.ZodTypeAny, path: string, config: Config, indent: string): Value {
  const stripped = strip(schema);
  const core = stripped.core;
  const leaf = path.split(".").pop()!.replace(/\[\]$/, "");
  if (holdsSecret(schema) && !(core instanceof z.ZodObject || core instanceof z.ZodArray))
    return configValue(config, leaf, "secret");
  if (core instanceof z.ZodObject) {
    const entries = Object.entries(core.shape as Record<string, z.ZodTypeAny>).filter(
      ([, field]) => !strip(field).optional && !strip(field).hasDefault,
    );
    if (entries.length === 0) return { text: "{}", sample: {} };
    const inner = `${indent}  `;
    const values = entries.map(
      ([key, field]) => [key, exampleValueOf(field, `${path}.${key}`, config, inner)] as const,
    );
    return {
      text: `{\n${values.map(([key, value]) => `${inner}${propertyKey(key)}: ${value.text},`).join("\n")}\n${indent}}`,
      sample: Object.fromEntries(values.map(([key, value]) => [key, value.sample])),
    };
  }
  if (core instanceof z.ZodArray) {
    const min = core._def.exactLength?.value ?? core._def.minLength?.value ?? 1;
    // The fewest items the field takes (a rule of its own may ask for exactly two).
    const counts = [Math.max(min, 1), Math.max(min, 1) + 1];
    const itemsOf = (count: number) =>
      Array.from({ length: count }, () => exampleValueOf(core.element, `${path}[]`, config, indent));
    const items = itemsOf(
      counts.find((count) => schema.safeParse(itemsOf(count).map((item) => item.sample)).success) ?? counts[0],
    );
    return { text: `[${items.map((item) => item.text).join(", ")}]`, sample: items.map((item) => item.sample) };
  }
  const candidate = candidates(core).find((value) => schema.safeParse(value).success);
  // No plausible value fits (a pattern of the service's own): the program reads it from its configuration.
  if (candidate !== undefined) return { text: JSON.stringify(candidate), sample: candidate };
  return configValue(
    config,
    leaf,
    core instanceof z.ZodNumber ? "number" : core instanceof z.ZodBoolean ? "boolean" : "string",
  );
}

function candidates(core: z.ZodTypeAny): unknown[] {
  if (core instanceof z.ZodEnum) return [...(core.options as unknown[])];
  if (core instanceof z.ZodLiteral) return [core.value];
  if (core instanceof z.ZodBoolean) return [true];
  if (core instanceof z.ZodNumber) return NUMBER_CANDIDATES;
  if (core instanceof z.ZodString) {
    const min = core._def.checks.find((c) => c.kind === "min" || c.kind === "length");
    const exact = min && "value" in min ? ["x".repeat(min.value)] : [];
    return [...STRING_CANDIDATES, ...exact];
  }
  return [];
}
