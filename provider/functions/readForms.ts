// What the read functions return, as the service's API documentation describes the answers (its
// "Tenant" and "AP (read form)" models). They give the SDK its result types and doc comments; the
// answer itself is returned as the service sent it, unchecked, with any field the documentation omits.
import { z } from "zod";
import { WIRE_FIELDS } from "../../contract/routes";
import { delegationReadSchema, mspSchema, notificationRecipientReadSchema } from "../../contract/schemas/tenant";

const dateTime = z.string().describe("ISO 8601 UTC date-time.");

const adminSchema = z
  .object({
    id: z.string(),
    username: z.string().optional(),
    externalId: z.string().optional(),
    dateFormat: z.enum(["mm/dd/yyyy", "dd/mm/yyyy", "yyyy/mm/dd"]).optional(),
    detailLevel: z.enum(["ba", "it", "su", "debug"]).optional(),
    adminRoles: z
      .array(
        z.object({
          id: z.string().optional(),
          role: z.string().optional().describe("PRIME_ADMIN, ADMIN, READ_ONLY, OFFICE_ADMIN, SUPPORT or DEVOPS."),
          delegated: z.string().optional(),
          createdDate: dateTime.optional(),
          updatedDate: dateTime.optional(),
        }),
      )
      .optional(),
    createdDate: dateTime.optional(),
    updatedDate: dateTime.optional(),
  })
  .passthrough();

/** getTenant with deep=true: the tenant and its sub-entities. */
export const tenantResultSchema = z
  .object({
    id: z.string().describe("The 32-character tenant ID."),
    name: z.string(),
    externalId: z.string().optional(),
    externalModifiedDate: dateTime.optional(),
    createdDate: dateTime.optional(),
    updatedDate: dateTime.optional(),
    maintenanceDate: dateTime.optional(),
    maintenanceState: z.boolean().optional(),
    [WIRE_FIELDS.vendorUser]: z
      .boolean()
      .optional()
      .describe("Whether the tenant belongs to the vendor (vendorUser in the API documentation)."),
    status: z.string().optional().describe("The API documentation gives the value active."),
    admins: z.array(adminSchema).optional().describe("The tenant's administrators."),
    delegationsTo: z
      .array(delegationReadSchema.passthrough())
      .optional()
      .describe("Delegations of the tenant (to a VAR, support, an MSP)."),
    notificationRecipients: z
      .array(notificationRecipientReadSchema.passthrough())
      .optional()
      .describe("Where the tenant's notifications go."),
    msp: mspSchema.passthrough().optional().describe("MSP branding and contacts."),
    mspEc: z
      .object({
        parentMspId: z.string().optional(),
        serviceEffectiveDate: dateTime.optional(),
        serviceExpirationDate: dateTime.optional(),
      })
      .optional()
      .describe("For a customer of an MSP: its parent and service dates."),
  })
  .passthrough();

/** getTenantDetails: the tenant's postal details. */
export const tenantDetailsResultSchema = z
  .object({
    address: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    organization: z.string().optional(),
    stateOrProvince: z.string().optional(),
    zip: z.string().optional(),
  })
  .passthrough();

const bandSchema = z
  .object({
    allowedChannels: z.array(z.string()).optional(),
    changeInterval: z.number().optional(),
    channelBandwidth: z.string().optional(),
    manualChannel: z.number().optional(),
    method: z.string().optional(),
    txPower: z.string().optional(),
    operativeChannel: z.number().optional(),
    operativeTxPower: z.string().optional(),
    snr_dB: z.number().optional(),
  })
  .passthrough();

/** One item of listAps: an access point in its read form. */
export const apResultSchema = z
  .object({
    serialNumber: z.string().describe("12 digits, the first 1 to 9; the AP's key."),
    name: z.string().optional(),
    description: z.string().optional(),
    venueId: z.string().optional(),
    apGroupId: z.string().optional(),
    model: z.string().optional(),
    firmware: z.string().optional(),
    mac: z.string().optional(),
    ip: z.string().optional(),
    externalIp: z.string().optional(),
    meshRole: z.string().optional(),
    indoorModel: z.boolean().optional(),
    clientCount: z.number().int().optional(),
    uptime_seconds: z.number().int().optional(),
    state: z.string().optional(),
    subState: z.string().optional(),
    lastContacted: z.string().optional(),
    lastUpdated: z.string().optional(),
    tags: z.array(z.string()).optional(),
    position: z
      .object({ floorplanId: z.string().optional(), xPercent: z.number().optional(), yPercent: z.number().optional() })
      .optional(),
    radio: z
      .object({
        apRadioParams24G: bandSchema.optional(),
        apRadioParams50G: bandSchema.optional(),
        enable24G: z.boolean().nullable().optional(),
        enable50G: z.boolean().nullable().optional(),
        useVenueSettings: z.boolean().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
