// What the answer tests hold the emulator's answers to besides the contract's read schemas
// (contract/schemas/*ReadSchema, used as they are wherever they check all a generated client
// would): stricter forms of a few of them, each saying why in one line, and answerProblems, which
// also reports the fields a read form does not know.
import { z } from "zod";
import {
  activationApGroupReadSchemaFor,
  apGroupName,
  apiErrorEntrySchema,
  isoDateTime,
  loginReadSchema,
  mspSchema,
  networkDeepInputSchemaFor,
  networkShallowInputSchemaFor,
  networkVenueReadSchemaFor,
  objectOf,
  requestRecordReadSchema,
  tenantDeepReadSchema,
  tenantDetailsReadSchema,
  type WifiApiVariant,
} from "../../contract";

const id = z.string().min(1);

/** The emulator's tenant IDs: 32 lowercase hex digits (the API documentation says only 32 characters). */
const emulatedTenantId = z.string().regex(/^[0-9a-f]{32}$/, "must be the 32-character tenant ID");

/** login, with the emulator's tenant ID. */
export const strictLoginReadSchema = loginReadSchema.extend({ tenantId: emulatedTenantId });

/**
 * getRequest, listRequestsByStatus and every write's record: a request the tests made names its administrator, at least one
 * object, its HTTP method and a component of the route table (the contract's form leaves them open).
 */
export const strictRequestRecordReadSchema = requestRecordReadSchema.extend({
  admin: z.string().min(1),
  count: z.number().int().min(1),
  method: z.enum(["GET", "POST", "PUT", "DELETE"]),
  serviceName: z.enum(["tenant", "wifi", "switch", "file"]),
  tenantId: emulatedTenantId,
  errors: z.array(apiErrorEntrySchema.omit({ value: true })).optional(),
});

/**
 * getTenant with and without deep=true: the emulator fills every field of its tenants that the contract
 * leaves optional for a real tenant (directory IDs and dates, the MSP part).
 */
export const strictTenantReadSchema = tenantDeepReadSchema
  .partial({ admins: true, delegationsTo: true, notificationRecipients: true })
  .extend({
    id: emulatedTenantId,
    externalId: z.string().min(1),
    externalModifiedDate: isoDateTime,
    maintenanceDate: isoDateTime,
    status: z.string().min(1),
    msp: mspSchema,
    mspEc: z
      .object({ parentMspId: emulatedTenantId, serviceEffectiveDate: isoDateTime, serviceExpirationDate: isoDateTime })
      .optional(),
  });

/** getTenantDetails: the emulator fills every field of the tenant's details. */
export const strictTenantDetailsReadSchema = tenantDetailsReadSchema.required();

/**
 * A network-venue activation whose AP group entries name their group, under the AP group name rule
 * (the tests always name one; the contract's form also reads entries stored without one).
 */
export const strictActivationReadSchemaFor = (variant: WifiApiVariant) =>
  networkVenueReadSchemaFor(variant).extend({
    apGroups: z.array(activationApGroupReadSchemaFor(variant).extend({ apGroupId: id, apGroupName })),
  });

/**
 * Network (shallow) held to the write form's rules plus its ID: the contract's read form
 * (networkShallowReadSchemaFor) drops refinements such as the name's, which an answer must still meet.
 */
export const networkShallowUnderWriteRulesFor = (variant: WifiApiVariant) =>
  objectOf(networkShallowInputSchemaFor(variant)).extend({ id });

const radiusServerReadSchema = z.object({ id, ip: z.string(), port: z.number().int(), sharedSecret: z.string() });
const radiusPairReadSchema = z.object({
  id,
  primary: radiusServerReadSchema,
  secondary: radiusServerReadSchema.optional(),
});

/** Network (deep) held to the write form's rules (as above): RADIUS pairs with their IDs, its activations as venues. */
export const networkDeepUnderWriteRulesFor = (variant: WifiApiVariant) =>
  objectOf(networkDeepInputSchemaFor(variant)).extend({
    id,
    authRadius: radiusPairReadSchema.optional(),
    accountingRadius: radiusPairReadSchema.optional(),
    venues: z.array(strictActivationReadSchemaFor(variant)),
  });

/**
 * What is wrong with an answer for a client that reads it with `schema`: the schema's own
 * failures, and fields the schema does not know (a generated client drops them, so the service
 * should not send them: internal fields leaking out of the emulator show up here).
 */
export function answerProblems(schema: z.ZodTypeAny, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  const failures = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`);
  return [...failures, ...strayFields(schema, body, "").map((path) => `${path}: not a field of the read form`)];
}

function strayFields(schema: z.ZodTypeAny, value: unknown, at: string): string[] {
  if (schema instanceof z.ZodEffects) return strayFields(schema.innerType(), value, at);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return value == null ? [] : strayFields(schema.unwrap(), value, at);
  if (schema instanceof z.ZodDefault) return strayFields(schema.removeDefault(), value, at);
  if (schema instanceof z.ZodArray)
    return Array.isArray(value) ? value.flatMap((item, i) => strayFields(schema.element, item, `${at}[${i}]`)) : [];
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodTypeAny[]).map((option) => strayFields(option, value, at));
    return options.find((stray) => stray.length === 0) ?? options[0];
  }
  if (!(schema instanceof z.ZodObject) || value === null || typeof value !== "object" || Array.isArray(value))
    return [];
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const open = schema._def.unknownKeys === "passthrough";
  return Object.entries(value).flatMap(([key, field]) => {
    const path = at === "" ? key : `${at}.${key}`;
    if (!Object.hasOwn(shape, key)) return open ? [] : [path];
    return strayFields(shape[key], field, path);
  });
}

/** getSwitchPortsByIds: the envelope with the ports asked for (the emulator declares it with getSwitchPortsByIds's handler). */
export const responseEnvelope = (item: z.ZodTypeAny) => z.object({ response: z.array(item) }).strict();
