// Null for an optional field means "not set", on every operation: the answer harness drives every
// operation of the route table, and each body a driver sends goes out with null in every optional
// field it leaves out, at any depth, as found from the operation's body schema
// (emulator/operations/operationSchemas.ts). Each call must succeed as the driver's own body does, with its
// record SUCCESS, and answer the contract's answer form (no null where a field cannot hold one,
// the defaults filled in).
import { z } from "zod";
import type { OperationName, WifiApiVariant } from "../../contract";
import { operationSchemas } from "../../emulator/operations/operationSchemas";
import { contractAnswerForms, describeEveryOperation } from "./answerHarness";

/** How many nulls the run sent, by operation: the run must have sent some to almost every body. */
const sent = new Map<OperationName, number>();

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

function nullsForUnset(op: OperationName, variant: WifiApiVariant, body: unknown): unknown {
  const schema = operationSchemas(op).body;
  if (!schema) return body;
  return withNulls(schema(variant), body, () => sent.set(op, (sent.get(op) ?? 0) + 1));
}

describeEveryOperation({ schemas: contractAnswerForms, body: nullsForUnset });

test("the run sent null for the optional fields of the writes' bodies", () => {
  // The creates and updates of the objects real scripts send back, among them; the bodies without an optional field the drivers
  // leave out (ID arrays, pingFromAp's one targetHost, updateRecoveryPsk's psk) send none.
  const expected: OperationName[] = [
    "createVenue",
    "updateVenue",
    "createAps",
    "updateAp",
    "createApGroup",
    "updateApGroup",
    "updateVenueRadio",
    "updateVenueSyslog",
    "createNetwork",
    "createNetworkDeep",
    "updateNetwork",
    "updateNetworkDeep",
    "activateNetwork",
    "updateNetworkActivation",
    "updateApRadio",
    "updateApLanPorts",
    "createVspot",
    "updateVspot",
    "createWifiCallingProfile",
    "createSwitch",
    "updateSwitch",
    "createSwitchProfile",
    "updateSwitchProfile",
    "createVlan",
    "updateVlan",
    "createAdmin",
    "createNotificationRecipient",
    "updateNotificationRecipient",
  ];
  expect(expected.filter((op) => !sent.has(op))).toEqual([]);
  expect(sent.size).toBeGreaterThanOrEqual(45);
});
