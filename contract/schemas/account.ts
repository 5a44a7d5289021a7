// Account resources of the account and venues API documentation: administrators (A12–A17),
// delegations (A18–A24), notification recipients (A25–A30), the user profile (A31, A32) and licence
// entitlements (A33–A35). The tenant itself and the forms A4 embeds are in tenant.ts.
import { z } from "zod";
import { issueWithCode, isoDateTime } from "../validators";
import { ADMIN_ROLES, DATE_FORMATS, DETAIL_LEVELS } from "./tenant";

const role = z.enum(ADMIN_ROLES).describe("PRIME_ADMIN, ADMIN, READ_ONLY, OFFICE_ADMIN, SUPPORT or DEVOPS.");
const detailLevel = z.enum(DETAIL_LEVELS).describe("How much detail the administrator sees: ba, it, su or debug.");
const dateFormat = z.enum(DATE_FORMATS).describe("mm/dd/yyyy, dd/mm/yyyy or yyyy/mm/dd.");

// ---- Administrators ----

/**
 * A13 and A14 (add, change role). `email` names a person with no support account, `externalId`
 * one who has one: one of the two is required. The emulator's default detail level is "it".
 */
export const adminInputSchema = z
  .object({
    role,
    email: z
      .string()
      .email("must be an email address")
      .optional()
      .describe("The person's email, required when they have no support account (it is then their login)."),
    externalId: z
      .string()
      .min(1, "must not be empty")
      .optional()
      .describe("The person's ID in the support directory, required when they have a support account."),
    detailLevel: detailLevel.default("it"),
  })
  .superRefine((admin, ctx) => {
    if (admin.email === undefined && admin.externalId === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "is required when the person has no support account (externalId)",
        path: ["email"],
      });
    }
  });
export type AdminInput = z.infer<typeof adminInputSchema>;

/** A12 and A16: the list form of an administrator. */
export const adminListReadSchema = z.object({
  id: z.string().min(1).describe("The administrator's ID."),
  role,
  detailLevel,
  email: z.string().optional().describe("Email (login) of the administrator."),
  externalId: z.string().optional().describe("ID in the support directory."),
  name: z.string().optional().describe("First name."),
  lastName: z.string().optional().describe("Last name."),
  lastLogin: z
    .string()
    .optional()
    .describe("When the administrator last logged in (ISO 8601 UTC); absent before the first login."),
});

// ---- Delegations ----

/** A19: the VAR to invite, by its username in the support directory. */
export const varDelegationInputSchema = z.object({
  username: z.string().min(1, "is required").describe("The VAR's username in the support directory."),
});

/** A23: accept or reject a delegation another tenant asked for. */
export const delegationAnswerSchema = z.object({
  accept: z.boolean().describe("true accepts the delegation, false rejects it."),
  fromTenantId: z.string().min(1, "is required").describe("The tenant that requested the delegation."),
});

// ---- Notification recipients ----

export const notificationEndpointInputSchema = z.object({
  type: z.string().min(1, "is required").describe("Kind of endpoint (EMAIL, SMS, ...)."),
  destination: z.string().min(1, "is required").describe("Address notifications go to."),
  active: z.boolean().default(true).describe("Whether the endpoint receives notifications."),
  status: z.string().optional().describe("OK is the one value the API documentation gives."),
});

/** Two endpoints are the same when they send the same kind of notification to the same place. */
export const endpointKey = (endpoint: { type: string; destination: string }): string =>
  `${endpoint.type.toUpperCase()} ${endpoint.destination.toLowerCase()}`;

/** A26, A29: description and endpoints required; an endpoint named twice is TNT-10100. */
export const notificationRecipientInputSchema = z
  .object({
    description: z.string().min(1, "is required").describe("What the recipient is (on-call team, NOC)."),
    endpoints: z.array(notificationEndpointInputSchema).describe("Where notifications go."),
  })
  .superRefine((recipient, ctx) => {
    const seen = new Set<string>();
    recipient.endpoints.forEach((endpoint, i) => {
      const key = endpointKey(endpoint);
      if (seen.has(key))
        issueWithCode(ctx, "TNT-10100", "duplicate notification endpoint", ["endpoints", i, "destination"]);
      seen.add(key);
    });
  });
export type NotificationRecipientInput = z.infer<typeof notificationRecipientInputSchema>;

// ---- User profile ----

/** What a user profile holds before its user changes it, and what destroy writes back. */
export const USER_PROFILE_DEFAULTS = { dateFormat: "mm/dd/yyyy", detailLevel: "it" } as const;

/** A32's body: both fields required, as the API documentation says. */
export const userProfileUpdateSchema = z.object({ dateFormat, detailLevel });

/** The program's form: both fields default to USER_PROFILE_DEFAULTS, which destroy writes back. */
export const userProfileInputSchema = z.object({
  dateFormat: dateFormat.default(USER_PROFILE_DEFAULTS.dateFormat),
  detailLevel: detailLevel.default(USER_PROFILE_DEFAULTS.detailLevel),
});

/** A31's answer. */
export const userProfileReadSchema = z.object({
  adminId: z.string().describe("The user's administrator ID."),
  tenantId: z.string().describe("The user's tenant."),
  username: z.string().describe("Login name."),
  email: z.string().optional().describe("Email."),
  externalId: z.string().optional().describe("ID in the support directory."),
  firstName: z.string().optional().describe("First name."),
  lastName: z.string().optional().describe("Last name."),
  companyName: z.string().optional().describe("The tenant's organization."),
  varTenantId: z.string().optional().describe("The VAR tenant the user acts for, if any."),
  dateFormat,
  detailLevel,
  roles: z.array(z.string()).describe("The user's roles."),
  var: z.boolean().describe("Whether the user is a VAR."),
  allowedRegions: z
    .array(
      z.object({
        name: z.string().describe("Region name."),
        description: z.string().optional().describe("Region description."),
        link: z.string().optional().describe("The region's base address."),
        current: z.boolean().describe("Whether this is the region answering."),
      }),
    )
    .describe("Regions the user may use."),
});

// ---- Licences ----

export const LICENSE_TYPES = ["WIFI", "LTE", "SWITCH"] as const;

const date = (what: string) => isoDateTime.describe(`${what} (ISO 8601 UTC).`);
const licenceType = z.string().describe("WIFI, LTE or SWITCH.");

/** A33's items. */
export const entitlementReadSchema = z.object({
  id: z.string().describe("The entitlement's ID."),
  externalId: z.string().optional().describe("Its ID in the vendor's licensing system."),
  sku: z.string().describe("The licence's stock-keeping unit."),
  deviceType: licenceType,
  deviceSubType: z.string().optional().describe("The kind of device within the type (AP, ICX, CBRS)."),
  quantity: z.number().int().describe("How many devices it licenses."),
  assignedLicense: z.boolean().describe("Whether it is assigned to the tenant."),
  historical: z.boolean().describe("Whether it has ended."),
  tempLicense: z.boolean().describe("Whether it is a temporary licence."),
  effectiveDate: date("When it starts"),
  expirationDate: date("When it ends"),
  graceEndDate: date("When the grace period after it ends").optional(),
  createdDate: date("When it was created"),
  updatedDate: date("When it last changed"),
});

/** A34's items. */
export const entitlementSummaryReadSchema = z.object({
  deviceType: licenceType,
  deviceSubType: z.string().optional().describe("The kind of device within the type."),
  sku: z.string().optional().describe("The licence's stock-keeping unit."),
  quantity: z.number().int().describe("How many devices the tenant may have."),
  deviceCount: z.number().int().describe("How many it has."),
  remainingDevices: z.number().int().describe("How many it may still add."),
  remainingDays: z.number().int().describe("Days until the licences end."),
  effectiveDate: date("When the licences start"),
  expirationDate: date("When the licences end"),
  errorCode: z.string().optional().describe("Why the summary could not be made, if it could not."),
  internalMessage: z.string().optional().describe("The service's explanation of errorCode."),
});
