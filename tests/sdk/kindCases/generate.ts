// Arguments of a kind generated from its contract schema, for the kinds table's convergence
// proofs (tests/sdk/kinds.test.ts): the fewest a program may give (the required fields of the
// case's own arguments), and every field set, each optional one the generator fills in with a value
// its rule takes and that differs from the documented default (so that a service which drops or
// rewrites it shows). What only the case knows (references to other objects, cross-field rules)
// comes from the case's `full` overrides; fields that do not apply to the case's variant (another
// network type's) are left out as the provider's check names them.
import { z } from "zod";
import { UNKNOWN } from "../../../contract/validators";
import { specFields } from "../../../provider/fields";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import type { KindCase, Props } from "./types";

/** Strings the generator tries, in order, for a string field: the first its rule takes (and not its default) wins. */
const STRING_CANDIDATES = [
  "generated",
  "Generated value",
  "192.0.2.77",
  "gen.example.com",
  "https://gen.example.com/portal",
  "gen@example.com",
  "aa:bb:cc:dd:ee:0f",
  "0123456789",
  "1234567890123456",
  "1/1/9",
  "+351910000009",
  "2030-01-02T03:04:05Z",
  "17",
];

/** A value of the schema that its rules take and that is not `defaultValue`; undefined when it cannot make one. */
export function sample(schema: z.ZodTypeAny, defaultValue?: unknown): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return sample(schema.unwrap(), defaultValue);
  if (schema instanceof z.ZodDefault) return sample(schema.removeDefault(), defaultValue ?? schema._def.defaultValue());
  if (schema instanceof z.ZodEffects) return fits(schema, candidates(schema.innerType(), defaultValue));
  return fits(schema, candidates(schema, defaultValue));
}

/** The first candidate the schema takes, preferring one that is not the default. */
function fits(schema: z.ZodTypeAny, options: { values: unknown[]; defaultValue?: unknown }): unknown {
  const taken = options.values.filter((v) => v !== undefined && schema.safeParse(v).success);
  return taken.find((v) => JSON.stringify(v) !== JSON.stringify(options.defaultValue)) ?? taken[0];
}

function candidates(schema: z.ZodTypeAny, defaultValue: unknown): { values: unknown[]; defaultValue?: unknown } {
  const core = schema instanceof z.ZodEffects ? schema.innerType() : schema;
  if (
    core instanceof z.ZodOptional ||
    core instanceof z.ZodNullable ||
    core instanceof z.ZodDefault ||
    core instanceof z.ZodEffects
  ) {
    return { values: [sample(core, defaultValue)], defaultValue };
  }
  if (core instanceof z.ZodEnum) return { values: [...core.options], defaultValue };
  if (core instanceof z.ZodLiteral) return { values: [core.value] };
  if (core instanceof z.ZodBoolean) return { values: [defaultValue === undefined ? true : !defaultValue] };
  if (core instanceof z.ZodNumber) {
    const min = core.minValue ?? undefined;
    const max = core.maxValue ?? undefined;
    const near = typeof defaultValue === "number" ? [defaultValue + 1, defaultValue - 1] : [];
    const values = [
      ...near,
      min !== undefined && max !== undefined ? Math.floor((min + max) / 2) : undefined,
      min !== undefined ? min + 1 : undefined,
      7,
      1,
      min,
      max,
    ];
    return { values, defaultValue };
  }
  if (core instanceof z.ZodString) return { values: STRING_CANDIDATES, defaultValue };
  if (core instanceof z.ZodArray) {
    const element = sample(core.element);
    const min = core._def.minLength?.value ?? 1;
    return {
      values: element === undefined ? [[]] : [Array.from({ length: Math.max(1, min) }, () => structuredClone(element))],
    };
  }
  if (core instanceof z.ZodObject) return { values: [fillObject(core, {})] };
  if (core instanceof z.ZodDiscriminatedUnion) return { values: [sample(core.options[0])] };
  if (core instanceof z.ZodUnion) return { values: [sample(core.options[0])] };
  // Records (a hotspot's free-form settings), assets, unknowns: nothing the generator can say.
  return { values: [] };
}

/** The object with every field the schema declares: given ones completed inside, missing ones generated. */
function fillObject(schema: z.AnyZodObject, given: Props): Props {
  const out: Props = { ...given };
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>))
    out[key] = fill(field, given[key]);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** The given value completed with every field it leaves out, or a generated one when nothing is given. */
function fill(schema: z.ZodTypeAny, given: unknown): unknown {
  if (given === undefined) return sample(schema);
  if (typeof given === "string" && given.startsWith("${")) return given; // a reference, resolved by the stack program
  let core = schema;
  while (
    core instanceof z.ZodOptional ||
    core instanceof z.ZodNullable ||
    core instanceof z.ZodDefault ||
    core instanceof z.ZodEffects
  ) {
    core =
      core instanceof z.ZodDefault
        ? core.removeDefault()
        : core instanceof z.ZodEffects
          ? core.innerType()
          : core.unwrap();
  }
  if (core instanceof z.ZodObject && isObject(given)) return fillObject(core, given);
  if (core instanceof z.ZodArray && Array.isArray(given)) return given.map((element) => fill(core.element, element));
  return given;
}

const isObject = (value: unknown): value is Props =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `overrides` laid over `base`, objects merged key by key; null in `overrides` takes the field out. */
export function overlay(base: Props, overrides: Props): Props {
  const out: Props = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) delete out[key];
    else out[key] = isObject(value) && isObject(out[key]) ? overlay(out[key], value) : value;
  }
  return out;
}

/** The case's arguments as check sees them in preview: references to other resources are not known yet. */
function asPreview(value: unknown): unknown {
  if (typeof value === "string" && value.startsWith("${")) return UNKNOWN;
  if (Array.isArray(value)) return value.map(asPreview);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asPreview(v)]));
  return value;
}

/** Takes the property at a check failure's path ("wlan.wlanSecurity", "rules[0].vlan") out of `args`. */
function without(args: Props, path: string): Props {
  const parts = path.split(/\.|\[|\]/).filter((p) => p !== "");
  const copy = structuredClone(args);
  let at: any = copy;
  for (const part of parts.slice(0, -1)) at = at?.[part];
  if (at !== undefined) delete at[parts[parts.length - 1]];
  return copy;
}

/** What check says about the arguments, without any service call (references stand as preview's unknowns). */
export async function checkFailures(kind: string, args: Props): Promise<{ property: string; reason: string }[]> {
  const provider = makeLifecycle(RESOURCE_SPECS[kind], async () =>
    Promise.reject(new Error("check must not call the service")),
  );
  return ((await provider.check!({}, asPreview(args) as Props)).failures ?? []) as {
    property: string;
    reason: string;
  }[];
}

/** Every field of the kind set: the case's arguments, completed by the generator, with the case's `full` overrides. */
export async function everyField(c: KindCase): Promise<Props> {
  const spec = RESOURCE_SPECS[c.kind];
  const inputs = specFields(spec).inputs;
  let args: Props = { ...c.args };
  for (const field of inputs) {
    if (field.name === "imageSha256") continue; // the provider's own, computed at check
    const given = c.args[field.name];
    const value = given === undefined ? sample(field.schema, field.defaultValue) : fill(field.schema, given);
    if (value === undefined) delete args[field.name];
    else args[field.name] = value;
  }
  args = overlay(args, c.full ?? {});
  // Another variant's fields (a network type's that this one lacks) are refused by check: leave them out.
  for (let round = 0; round < 5; round++) {
    const inapplicable = (await checkFailures(c.kind, args)).filter((f) => f.reason.startsWith("does not apply to"));
    if (inapplicable.length === 0) break;
    for (const f of inapplicable) args = without(args, f.property);
  }
  return args;
}

/**
 * The fewest arguments: the case's own, with every field taken out, at any depth, that check does not miss (a field
 * required for the network's type, or by a cross-field rule such as WIFI-10100, stays), then the case's `minimal`.
 */
export async function requiredOnly(c: KindCase): Promise<Props> {
  let args: Props = structuredClone(c.args);
  const paths = (value: unknown, prefix: string): string[] =>
    isObject(value)
      ? Object.entries(value).flatMap(([k, v]) => [
          ...paths(v, prefix === "" ? k : `${prefix}.${k}`),
          prefix === "" ? k : `${prefix}.${k}`,
        ])
      : [];
  // Deepest first, so that an object whose required fields stay is kept with only those.
  for (const path of paths(args, "")) {
    const smaller = without(args, path);
    if ((await checkFailures(c.kind, smaller)).length === 0) args = smaller;
  }
  return overlay(args, c.minimal ?? {});
}
