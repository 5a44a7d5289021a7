// Read schemas of the answers the contract has none for (account, venues, AP groups, networks,
// activations, request records, envelopes), written from the documents' field tables the way a
// generated client would model them: the fields the service always fills are required, the rules
// the documents give are checked (an AP group name is 2 to 64 characters, so the default group's name
// is checked too). Answers of the newer kinds are checked against contract/schemas' *ReadSchema.
import { z } from "zod";
import {
  addressSchema,
  apReadSchema,
  delegationReadSchema,
  mspSchema,
  notificationRecipientReadSchema,
  isoDateTime,
  lengthBetween,
  networkDeepInputSchemaFor,
  networkShallowInputSchemaFor,
  objectOf,
  RADIO_BANDS,
  REQUEST_STATUSES,
  schedulerSchema,
  vlanId,
  WifiApiVariant,
} from "../../contract";

/** The account and venues API documentation, the Role enum. */
const ADMIN_ROLES = ["PRIME_ADMIN", "ADMIN", "READ_ONLY", "OFFICE_ADMIN", "SUPPORT", "DEVOPS"] as const;

const id = z.string().min(1);
const tenantId = z.string().regex(/^[0-9a-f]{32}$/, "must be the 32-character tenant ID");
const requestId = z.string().min(1);

/** A1: the token, in the body field the documents name, and the tenant it belongs to. */
export const loginReadSchema = z.object({ "API-KEY": z.string().min(1), token: z.string().min(1), tenantId });

/** The account and venues API documentation, Request record; serviceName is the component of the operation (contract/routes.ts). */
export const requestRecordReadSchema = z.object({
  admin: z.string().min(1),
  count: z.number().int().min(1),
  entityId: z.string(),
  method: z.enum(["GET", "POST", "PUT", "DELETE"]),
  requestId,
  serviceName: z.enum(["tenant", "wifi", "switch", "file"]),
  status: z.enum(REQUEST_STATUSES),
  tenantId,
  timestamp: isoDateTime,
  errors: z.array(z.object({ code: z.string(), message: z.string(), object: z.string().optional() })).optional(),
});

const adminEmbeddedSchema = z.object({
  id,
  username: z.string().min(1),
  externalId: z.string().optional(),
  dateFormat: z.enum(["mm/dd/yyyy", "dd/mm/yyyy", "yyyy/mm/dd"]),
  detailLevel: z.enum(["ba", "it", "su", "debug"]),
  adminRoles: z.array(z.object({ id, role: z.enum(ADMIN_ROLES), delegated: z.string().optional(), createdDate: isoDateTime, updatedDate: isoDateTime })),
  createdDate: isoDateTime,
  updatedDate: isoDateTime,
});

/** A4; with deep=true the sub-entities too. */
export const tenantReadSchema = z.object({
  id: tenantId,
  name: z.string().min(1),
  externalId: z.string().min(1),
  externalModifiedDate: isoDateTime,
  createdDate: isoDateTime,
  updatedDate: isoDateTime,
  maintenanceDate: isoDateTime,
  maintenanceState: z.boolean(),
  // The documents' vendorUser, under its wire name.
  ruckusUser: z.boolean(),
  status: z.string().min(1),
  msp: mspSchema,
  mspEc: z.object({ parentMspId: tenantId, serviceEffectiveDate: isoDateTime, serviceExpirationDate: isoDateTime }).optional(),
  admins: z.array(adminEmbeddedSchema).optional(),
  delegationsTo: z.array(delegationReadSchema).optional(),
  notificationRecipients: z.array(notificationRecipientReadSchema).optional(),
});

/** A5. */
export const tenantDetailsReadSchema = z.object({
  address: z.string(),
  city: z.string(),
  country: z.string(),
  organization: z.string(),
  stateOrProvince: z.string(),
  zip: z.string(),
});

/** The account and venues API documentation, Venue: name 2 to 32 characters, floorPlans read only. */
export const venueReadSchema = z.object({
  id,
  name: lengthBetween(2, 32),
  description: z.string().optional(),
  address: addressSchema.optional(),
  floorPlans: z.array(z.unknown()),
  createdDate: isoDateTime,
  updatedDate: isoDateTime,
});

/** One AP of an AP group's read-only aps list: the documents give the AP read form's fields, none of them required. */
const apOfGroupSchema = apReadSchema.partial();

/** The Wi-Fi API documentation, AP group: name 2 to 64 characters (the default group's too), description 2 to 180. */
export const apGroupReadSchema = z.object({
  id,
  name: lengthBetween(2, 64),
  description: lengthBetween(2, 180).optional(),
  venueId: id,
  isDefault: z.boolean(),
  aps: z.array(apOfGroupSchema),
  apSerialNumbers: z.array(z.object({ serialNumber: z.string() })).optional(),
});

/** The Wi-Fi API documentation, Network-venue activation, as the service fills it in. */
export const activationReadSchemaFor = (variant: WifiApiVariant) =>
  z.object({
    id,
    networkId: id,
    venueId: id,
    isAllAPGroups: z.boolean(),
    allAPGroupsRadio: z.enum(RADIO_BANDS),
    allAPGroupsVlanId: vlanId.optional(),
    apGroups: z.array(
      z.object({
        apGroupId: id,
        apGroupName: lengthBetween(2, 64),
        id,
        isDefault: z.boolean(),
        radio: z.enum(RADIO_BANDS),
        vlanId: vlanId.optional(),
        validationError: z.boolean(),
        validationErrorReachedMaxConnectedCaptiveNetworksLimit: z.boolean(),
        validationErrorReachedMaxConnectedNetworksLimit: z.boolean(),
        validationErrorSsidAlreadyActiveted: z.boolean(),
        ...(variant === "newer" ? { vlanPoolId: z.string().optional(), vlanPoolName: z.string().optional() } : {}),
      }),
    ),
    scheduler: schedulerSchema.optional(),
    ...(variant === "newer" ? { vlanPoolId: z.string().optional() } : {}),
  });

/** Network (shallow): the write form plus id; the variant decides the name's length. */
export const networkShallowReadSchemaFor = (variant: WifiApiVariant) => objectOf(networkShallowInputSchemaFor(variant)).extend({ id });

const radiusServerReadSchema = z.object({ id, ip: z.string(), port: z.number().int(), sharedSecret: z.string() });
const radiusPairReadSchema = z.object({ id, primary: radiusServerReadSchema, secondary: radiusServerReadSchema.optional() });

/** Network (deep): RADIUS pairs with their IDs, and the network's activations as venues. */
export const networkDeepReadSchemaFor = (variant: WifiApiVariant) =>
  objectOf(networkDeepInputSchemaFor(variant)).extend({
    id,
    authRadius: radiusPairReadSchema.optional(),
    accountingRadius: radiusPairReadSchema.optional(),
    venues: z.array(activationReadSchemaFor(variant)),
  });

/** W53: DPSK passphrase format. */
export const dpskFormatReadSchema = z.object({
  id,
  name: z.string().min(1),
  dpskGenerationParams: z.object({ passphraseExpirationEnum: z.string(), passphraseFormatEnum: z.string(), passphraseLength: z.number().int() }),
});

/** W16: the text the AP printed. */
export const pingReadSchema = z.object({ response: z.string() });

/** The account and venues API documentation, section 1: the 202 body of a create or update. */
export const acceptedWith = (response: z.ZodTypeAny) => z.object({ requestId, response });

/** The account and venues API documentation, section 1: the 202 body of a delete or an action, and nothing else. */
export const acceptedBare = z.object({ requestId }).strict();

/** W73: {content, totalElements}. */
export const contentPage = (item: z.ZodTypeAny) => z.object({ content: z.array(item), totalElements: z.number().int().min(0) });

/**
 * What is wrong with an answer for a client that reads it with `schema`: the schema's own
 * failures, and fields the schema does not know (a generated client drops them, so the service
 * should not send them: internal fields leaking out of the emulator show up here).
 */
export function answerProblems(schema: z.ZodTypeAny, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  const failures = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`);
  return [...failures, ...strayFields(schema, body, "").map((path) => `${path}: not a field of the read form`)];
}

function strayFields(schema: z.ZodTypeAny, value: unknown, at: string): string[] {
  if (schema instanceof z.ZodEffects) return strayFields(schema.innerType(), value, at);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return value == null ? [] : strayFields(schema.unwrap(), value, at);
  if (schema instanceof z.ZodDefault) return strayFields(schema.removeDefault(), value, at);
  if (schema instanceof z.ZodArray) return Array.isArray(value) ? value.flatMap((item, i) => strayFields(schema.element, item, `${at}[${i}]`)) : [];
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodTypeAny[]).map((option) => strayFields(option, value, at));
    return options.find((stray) => stray.length === 0) ?? options[0];
  }
  if (!(schema instanceof z.ZodObject) || value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const open = schema._def.unknownKeys === "passthrough";
  return Object.entries(value).flatMap(([key, field]) => {
    const path = at === "" ? key : `${at}.${key}`;
    if (!Object.hasOwn(shape, key)) return open ? [] : [path];
    return strayFields(shape[key], field, path);
  });
}

// Switches
/** S1, S60: the switch reference record of the switch API documentation. */
export const switchReferenceReadSchema = z.object({ coreId: id, szNameId: z.string(), venueId: id });
/** S48: a trusted port, with the ID the service gave it. */
export const trustedPortReadSchema = z.object({
  id,
  model: z.string().optional(),
  trustPorts: z.array(z.string()).optional(),
  trustedPortType: z.string().optional(),
  vlanDemand: z.boolean().optional(),
});
/** S42: the envelope with the ports asked for. */
export const responseEnvelope = (item: z.ZodTypeAny) => z.object({ response: z.array(item) }).strict();
