// Null for an optional field means "not set", on every operation: the answer harness drives every
// operation of the route table, and each body a driver sends goes out with null in every optional
// field it leaves out, at any depth, as found from the operation's body schema
// (emulator/operations/operationSchemas.ts). Each call must succeed as the driver's own body does, with its
// record SUCCESS, and answer the contract's answer form (no null where a field cannot hold one,
// the defaults filled in).
import { z } from "zod";
import type { OperationId, WifiApiVariant } from "../../contract";
import { operationSchemas } from "../../emulator/operations/operationSchemas";
import { contractAnswerForms, describeEveryOperation } from "./answerHarness";

/** How many nulls the run sent, by operation: the run must have sent some to almost every body. */
const sent = new Map<OperationId, number>();

function withNulls(schema: z.ZodTypeAny, value: unknown, count: () => void): unknown {
  let core = schema;
  for (;;) {
    if (core instanceof z.ZodOptional || core instanceof z.ZodNullable) core = core.unwrap();
    else if (core instanceof z.ZodDefault) core = core.removeDefault();
    else if (core instanceof z.ZodEffects) core = core.innerType();
    else break;
  }
  if (core instanceof z.ZodArray)
    return Array.isArray(value) ? value.map((item) => withNulls(core.element, item, count)) : value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  if (core instanceof z.ZodDiscriminatedUnion) {
    const option = core.optionsMap.get(object[core.discriminator] as z.Primitive);
    return option ? withNulls(option, value, count) : value;
  }
  if (!(core instanceof z.ZodObject)) return value;
  const out: Record<string, unknown> = { ...object };
  for (const [key, field] of Object.entries(core.shape as Record<string, z.ZodTypeAny>)) {
    if (out[key] !== undefined) out[key] = withNulls(field, out[key], count);
    else if (field.isOptional()) {
      out[key] = null;
      count();
    }
  }
  return out;
}

function nullsForUnset(op: OperationId, variant: WifiApiVariant, body: unknown): unknown {
  const schema = operationSchemas(op).body;
  if (!schema) return body;
  return withNulls(schema(variant), body, () => sent.set(op, (sent.get(op) ?? 0) + 1));
}

describeEveryOperation({ schemas: contractAnswerForms, body: nullsForUnset });

test("the run sent null for the optional fields of the writes' bodies", () => {
  // The creates and updates of the objects real scripts send back, among them; the bodies without an optional field the drivers
  // leave out (ID arrays, W16's one targetHost, W83's psk) send none.
  const expected: OperationId[] = [
    "A7",
    "A10",
    "W2",
    "W6",
    "W24",
    "W27",
    "W44",
    "W48",
    "W50",
    "W52",
    "W55",
    "W58",
    "W59",
    "W62",
    "W19",
    "W14",
    "W87",
    "W89",
    "W92",
    "S10",
    "S11",
    "S43",
    "S44",
    "S50",
    "S51",
    "A13",
    "A26",
    "A29",
  ];
  expect(expected.filter((op) => !sent.has(op))).toEqual([]);
  expect(sent.size).toBeGreaterThanOrEqual(45);
});
