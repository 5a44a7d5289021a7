// A description that states its field's range ("8 to 64 characters", "1 to 4094", "at least 0")
// states the rule the schema enforces: the SDK's doc comments and the reference come from the
// descriptions, check from the rule, and the two drift apart when a rule changes and a description
// written by hand does not. Every contract schema, every resource's inputs (the provider's own
// fields, a network's lifted secrets among them) and every function's arguments.
import { z } from "zod";
import * as contract from "../../contract";
import { boundsOf, rangeRuleOf, WIFI_API_VARIANTS } from "../../contract";
import { FUNCTION_SPECS } from "../../provider/functions";
import { RESOURCE_SPECS } from "../../provider/resources";

function unwrapped(schema: z.ZodTypeAny): { core: z.ZodTypeAny; description?: string } {
  let current = schema;
  let description: string | undefined;
  for (;;) {
    description ??= current.description;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.removeDefault();
    else if (current instanceof z.ZodEffects) current = current.innerType();
    else return { core: current, description: description ?? current.description };
  }
}

/** Where a description states a range its field's rule does not have: "path: description (rule)". */
function disagreements(schema: z.ZodTypeAny, path = "", seen = new Set<z.ZodTypeAny>()): string[] {
  const { core, description } = unwrapped(schema);
  const out: string[] = [];
  if (description !== undefined && (core instanceof z.ZodString || core instanceof z.ZodNumber)) {
    const bounds = boundsOf(core);
    const stated = /(-?\d+(?:\.\d+)?) to (-?\d+(?:\.\d+)?)/.exec(description);
    const atLeast = /at least (-?\d+)/.exec(description);
    const atMost = /(?:at most|up to) (-?\d+)/.exec(description);
    // A string without length checks may hold its range in a pattern ("12 digits, the first 1 to 9"): not judged here.
    const judged = bounds !== undefined || core instanceof z.ZodNumber;
    const wrong =
      (stated !== null && (Number(stated[1]) !== bounds?.min || Number(stated[2]) !== bounds?.max)) ||
      (atLeast !== null && Number(atLeast[1]) !== bounds?.min) ||
      (atMost !== null && Number(atMost[1]) !== bounds?.max);
    if (judged && wrong) out.push(`${path}: ${description} (rule: ${bounds ? rangeRuleOf(core) : "none"})`);
  }
  if (seen.has(core)) return out;
  seen.add(core);
  if (core instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(core.shape as Record<string, z.ZodTypeAny>))
      out.push(...disagreements(field, path ? `${path}.${key}` : key, seen));
  } else if (core instanceof z.ZodArray) {
    out.push(...disagreements(core.element, `${path}[]`, seen));
  } else if (core instanceof z.ZodDiscriminatedUnion) {
    for (const option of core.options as z.AnyZodObject[]) out.push(...disagreements(option, path, seen));
  }
  return out;
}

function everySchema(): [string, z.ZodTypeAny][] {
  const out: [string, z.ZodTypeAny][] = [];
  for (const [name, value] of Object.entries(contract as Record<string, unknown>)) {
    if (value instanceof z.ZodType) out.push([name, value]);
    else if (typeof value === "function" && /SchemaFor$/.test(name)) {
      for (const variant of WIFI_API_VARIANTS)
        out.push([`${name}(${variant})`, (value as (v: string) => z.ZodTypeAny)(variant)]);
    }
  }
  for (const [kind, spec] of Object.entries(RESOURCE_SPECS)) {
    for (const variant of WIFI_API_VARIANTS) out.push([`nms:${kind} (${variant})`, spec.inputSchema(variant)]);
  }
  for (const fn of Object.values(FUNCTION_SPECS))
    for (const variant of WIFI_API_VARIANTS) out.push([`${fn.name} (${variant})`, fn.args(variant)]);
  return out;
}

test.each(everySchema())("%s: every range a description states is its field's rule", (_name, schema) => {
  expect(disagreements(schema)).toEqual([]);
});

test("the check finds a description that disagrees with its rule, and one that states a range the field does not have", () => {
  const schema = z.object({
    backup: z.string().min(8).max(64).describe("Backup passphrase, 8 to 63 characters."),
    vlan: z.number().int().optional().describe("The VLAN ID (1 to 4095)."),
    fine: z.number().min(0).describe("Devices per guest, at least 0."),
    serial: z
      .string()
      .regex(/^[1-9]\d{11}$/)
      .describe("12 digits, the first 1 to 9."),
  });
  expect(disagreements(schema)).toEqual([
    "backup: Backup passphrase, 8 to 63 characters. (rule: 8 to 64 characters)",
    "vlan: The VLAN ID (1 to 4095). (rule: none)",
  ]);
});

test("rangeRuleOf words a rule the way descriptions do", () => {
  expect(rangeRuleOf(z.string().min(8).max(64))).toBe("8 to 64 characters");
  expect(rangeRuleOf(z.string().length(32).optional())).toBe("32 characters");
  expect(rangeRuleOf(z.number().int().min(1).max(4094).default(1))).toBe("1 to 4094");
  expect(rangeRuleOf(z.number().min(0))).toBe("at least 0");
  expect(rangeRuleOf(z.string().max(255))).toBe("0 to 255 characters");
});
