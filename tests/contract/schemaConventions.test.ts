// The contract's schemas as a whole: every field documented (the SDK's doc comments come from
// the descriptions), secrets marked, the constant exports the newer variant's. The rules that have
// no golden body of their own are tested in tests/contract/schemas/, one file per schema file.
import { z } from "zod";
import * as contract from "../../contract";
import { secretFieldsOf, WIFI_API_VARIANTS } from "../../contract";

/** Paths of object fields, at any depth, that carry no description on any of their wrappers. */
function undescribedFields(schema: z.ZodTypeAny, prefix = ""): string[] {
  let current: z.ZodTypeAny = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.removeDefault();
    else if (current instanceof z.ZodEffects) current = current.innerType();
    else break;
  }
  if (current instanceof z.ZodArray) return undescribedFields(current.element, `${prefix}[]`);
  if (!(current instanceof z.ZodObject)) return [];
  return Object.entries(current.shape as Record<string, z.ZodTypeAny>).flatMap(([name, field]) => {
    const path = prefix === "" ? name : `${prefix}.${name}`;
    const own = hasDescription(field) ? [] : [path];
    return [...own, ...undescribedFields(field, path)];
  });
}

function hasDescription(field: z.ZodTypeAny): boolean {
  let current: z.ZodTypeAny | undefined = field;
  while (current) {
    if (current.description) return true;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.removeDefault();
    else if (current instanceof z.ZodEffects) current = current.innerType();
    else current = undefined;
  }
  return false;
}

const exported = contract as unknown as Record<string, unknown>;
const isSchema = (value: unknown): value is z.ZodTypeAny => value instanceof z.ZodType;

/** Every exported input, update and read schema, and each per-variant one in both variants. */
function documentedSchemas(): [string, z.ZodTypeAny][] {
  const out: [string, z.ZodTypeAny][] = [];
  for (const [name, value] of Object.entries(exported)) {
    if (!/(InputSchema|UpdateSchema|ReadSchema)(For)?$/.test(name)) continue;
    if (isSchema(value)) out.push([name, value]);
    else if (typeof value === "function" && name.endsWith("For")) {
      for (const variant of WIFI_API_VARIANTS)
        out.push([`${name}(${variant})`, (value as (v: string) => z.ZodTypeAny)(variant)]);
    }
  }
  return out;
}

describe("descriptions", () => {
  test("the schemas checked here are the kinds' input, update and read schemas", () => {
    const names = documentedSchemas().map(([name]) => name);
    for (const name of [
      "apInputSchema",
      "venueRadioReadSchema",
      "venueSyslogInputSchemaFor(older)",
      "switchVlanUpdateSchema",
      "tenantDeepReadSchema",
    ]) {
      expect(names).toContain(name);
    }
  });

  test.each(documentedSchemas())("every field of %s, at any depth, has a description", (_name, schema) => {
    expect(undescribedFields(schema)).toEqual([]);
  });

  test("the walk finds a field without one", () => {
    expect(
      undescribedFields(z.object({ a: z.string().describe("A."), b: z.object({ c: z.number() }).describe("B.") })),
    ).toEqual(["b.c"]);
  });
});

describe("secrets", () => {
  test.each([
    ["dpskPassphraseInputSchema", ["passphrase"]],
    ["dpskPassphraseReadSchema", ["passphrase"]],
    ["guestUserReadSchema", ["password"]],
    ["networkDeepInputSchema", ["wlan", "authRadius", "accountingRadius", "guestPortal"]],
    ["networkDeepReadSchema", ["wlan", "authRadius", "accountingRadius", "guestPortal"]],
    ["apInputSchema", []],
    ["switchProfileInputSchema", []],
  ])("%s marks %j secret", (name, fields) => {
    expect(secretFieldsOf(exported[name] as z.ZodTypeAny)).toEqual(fields);
  });
});

describe("variants", () => {
  test.each([
    ["networkDeepInputSchema", "networkDeepInputSchemaFor"],
    ["networkShallowInputSchema", "networkShallowInputSchemaFor"],
    ["networkVenueInputSchema", "networkVenueInputSchemaFor"],
    ["venueSyslogInputSchema", "venueSyslogInputSchemaFor"],
    ["wlanSchema", "wlanSchemaFor"],
    ["networkDeepReadSchema", "networkDeepReadSchemaFor"],
    ["networkVenueReadSchema", "networkVenueReadSchemaFor"],
  ])("%s is the newer variant's schema", (constant, factory) => {
    expect(exported[constant]).toBe((exported[factory] as (v: string) => unknown)("newer"));
  });
});
