// The contract's schemas as a whole: every field documented (the SDK's doc comments come from
// the descriptions), secrets marked, the constant exports the newer variant's, and the rules
// that have no golden body of their own.
import { z } from "zod";
import * as contract from "../../contract";
import {
  AP_OPERATIONAL_FIELDS,
  apListItemReadSchema,
  apReadSchema,
  secretFieldsOf,
  switchProfileUpdateSchema,
  switchVlanUpdateSchema,
  validateBody,
  VENUE_RADIO_DEFAULTS,
  venueRadioInputSchema,
  venueRadioReadSchema,
  venueSyslogDefaults,
  WIFI_API_VARIANTS,
} from "../../contract";
import { golden } from "./goldenCases";

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
      for (const variant of WIFI_API_VARIANTS) out.push([`${name}(${variant})`, (value as (v: string) => z.ZodTypeAny)(variant)]);
    }
  }
  return out;
}

describe("descriptions", () => {
  test("the schemas checked here are the kinds' input, update and read schemas", () => {
    const names = documentedSchemas().map(([name]) => name);
    for (const name of ["apInputSchema", "venueRadioReadSchema", "venueSyslogInputSchemaFor(older)", "switchVlanUpdateSchema", "tenantDeepReadSchema"]) {
      expect(names).toContain(name);
    }
  });

  test.each(documentedSchemas())("every field of %s, at any depth, has a description", (_name, schema) => {
    expect(undescribedFields(schema)).toEqual([]);
  });

  test("the walk finds a field without one", () => {
    expect(undescribedFields(z.object({ a: z.string().describe("A."), b: z.object({ c: z.number() }).describe("B.") }))).toEqual(["b.c"]);
  });
});

describe("secrets", () => {
  test.each([
    ["dpskPassphraseInputSchema", ["passphrase"]],
    ["dpskPassphraseReadSchema", ["passphrase"]],
    ["guestUserReadSchema", ["password"]],
    ["networkDeepInputSchema", ["wlan", "authRadius", "accountingRadius"]],
    ["networkDeepReadSchema", ["wlan", "authRadius", "accountingRadius"]],
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

  test("the two syslog defaults differ in the priority only", () => {
    const { priority: older, ...restOlder } = venueSyslogDefaults("older");
    const { priority: newer, ...restNewer } = venueSyslogDefaults("newer");
    expect([older, newer]).toEqual(["ERROR", "INFO"]);
    expect(restOlder).toEqual(restNewer);
  });
});

describe("venue radio defaults", () => {
  test("an empty W44 body is the defaults, and the defaults are a valid answer", () => {
    expect(venueRadioInputSchema.parse({})).toEqual(VENUE_RADIO_DEFAULTS);
    expect(validateBody(venueRadioReadSchema, VENUE_RADIO_DEFAULTS).ok).toBe(true);
  });

  test("an answer must hold every field of both bands", () => {
    const answer = structuredClone(VENUE_RADIO_DEFAULTS) as { radioParams50G: Record<string, unknown> };
    delete answer.radioParams50G.txPower;
    expect(validateBody(venueRadioReadSchema, answer)).toMatchObject({ ok: false, failures: [{ path: "radioParams50G.txPower", message: "is required" }] });
  });
});

describe("updates that name their object in the body (S44, S51)", () => {
  test.each([
    ["S44", switchProfileUpdateSchema, golden("S43").request],
    ["S51", switchVlanUpdateSchema, golden("S50").request],
  ] as [string, z.ZodTypeAny, unknown][])("%s needs the id, and takes the create body with it", (_op, schema, body) => {
    expect(validateBody(schema, body)).toMatchObject({ ok: false, failures: [{ path: "id", message: "is required" }] });
    expect(validateBody(schema, { ...(body as object), id: "7f8091a2b3c44d5e6f708192a3b4c5d6" }).ok).toBe(true);
  });
});

describe("AP list items", () => {
  const ap = () => (golden("W2").response as { response: Record<string, unknown>[] }).response[0];
  const withoutOperational = () => {
    const item = ap();
    for (const field of AP_OPERATIONAL_FIELDS) delete item[field];
    return item;
  };

  test("with operational=false the operational fields may be absent", () => {
    expect(validateBody(apListItemReadSchema(false), withoutOperational()).ok).toBe(true);
  });

  test("otherwise they are required", () => {
    expect(apListItemReadSchema(true)).toBe(apReadSchema);
    const result = validateBody(apReadSchema, withoutOperational());
    expect(result.ok ? [] : result.failures.map((f) => f.path).sort()).toEqual([...AP_OPERATIONAL_FIELDS].sort());
  });
});
