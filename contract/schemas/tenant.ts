// The tenant (the account and venues API documentation, "Tenant", "Admin", "Delegation",
// "NotificationRecipient", "Tenant details"; A4, A5). A4 with deep=true adds the sub-entities. The
// API documentation's `vendorUser` travels under its wire name (WIRE_FIELDS in contract/routes.ts).
import { z } from "zod";
import { secret } from "../meta";
import { WIRE_FIELDS } from "../routes";
import { isoDateTime, tenantId } from "../validators";

export const ADMIN_ROLES = ["PRIME_ADMIN", "ADMIN", "READ_ONLY", "OFFICE_ADMIN", "SUPPORT", "DEVOPS"] as const;
export const DATE_FORMATS = ["mm/dd/yyyy", "dd/mm/yyyy", "yyyy/mm/dd"] as const;
export const DETAIL_LEVELS = ["ba", "it", "su", "debug"] as const;
export const DELEGATION_TYPES = ["VAR", "SUPPORT", "MSP", "SUPPORT_EC"] as const;

const id = (what: string) => z.string().min(1, "is required").describe(`The ${what}'s ID.`);
const created = isoDateTime.describe("When it was created (ISO 8601 UTC).");
const updated = isoDateTime.describe("When it last changed (ISO 8601 UTC).");

/** An administrator as A4 embeds it (and A13 answers it). */
export const adminEmbeddedReadSchema = z.object({
  id: id("administrator"),
  username: z.string().min(1, "is required").describe("Login name."),
  externalId: z.string().optional().describe("ID in the support directory."),
  dateFormat: z.enum(DATE_FORMATS).describe("mm/dd/yyyy, dd/mm/yyyy or yyyy/mm/dd."),
  detailLevel: z.enum(DETAIL_LEVELS).describe("ba, it, su or debug."),
  adminRoles: z
    .array(
      z.object({
        id: id("role assignment"),
        role: z.enum(ADMIN_ROLES).describe("PRIME_ADMIN, ADMIN, READ_ONLY, OFFICE_ADMIN, SUPPORT or DEVOPS."),
        delegated: z.string().optional().describe("Whether the role comes from a delegation."),
        createdDate: created,
        updatedDate: updated,
      }),
    )
    .describe("The administrator's roles."),
  createdDate: created,
  updatedDate: updated,
});

export const delegationReadSchema = z.object({
  id: id("delegation"),
  type: z.enum(DELEGATION_TYPES).describe("VAR, SUPPORT, MSP or SUPPORT_EC."),
  status: z.string().describe("INVITED is the one value the API documentation gives."),
  isValid: z.boolean().optional().describe("Whether the delegation is in force."),
  delegatedBy: z.string().optional().describe("Who delegated."),
  delegatedTo: z.string().optional().describe("Tenant delegated to."),
  delegatedToAdmin: z.string().optional().describe("Administrator delegated to."),
  delegatedToName: z.string().optional().describe("Name of who it is delegated to."),
  expiryDate: isoDateTime.optional().describe("When the delegation ends."),
  createdDate: created.optional(),
  updatedDate: updated.optional(),
});

export const notificationRecipientReadSchema = z.object({
  id: id("recipient"),
  description: z.string().describe("What the recipient is."),
  endpoints: z
    .array(
      z.object({
        id: id("endpoint"),
        active: z.boolean().optional().describe("Whether the endpoint receives notifications."),
        destination: z.string().optional().describe("Address notifications go to."),
        type: z.string().optional().describe("Kind of endpoint."),
        status: z.string().optional().describe("OK is the one value the API documentation gives."),
        createdDate: created.optional(),
        updatedDate: updated.optional(),
      }),
    )
    .describe("Where notifications go."),
  createdDate: created.optional(),
  updatedDate: updated.optional(),
});

const text = (what: string) => z.string().optional().describe(what);

/** "Msp" of the account and venues API documentation: an MSP's branding, contacts and support behaviour. */
export const mspSchema = z.object({
  changePasswordUrl: text("Where the MSP's users change their password."),
  contactSupportUrl: text("The MSP's support contact page."),
  contractSupportBehavior: text("How contract support is offered."),
  email: text("The MSP's contact email."),
  mspFQDN: text("The MSP's portal host name."),
  mspLabel: text("The MSP's label."),
  myOpenCaseBehavior: text("How a user's open cases are shown."),
  myOpenCaseUrl: text("Where a user's open cases are listed."),
  openCaseBehavior: text("How a case is opened."),
  openCaseUrl: text("Where a case is opened."),
  phone: text("The MSP's phone number."),
  website: text("The MSP's web site."),
  isDisableNotification: z.boolean().optional().describe("Whether notifications are disabled."),
  logoUUID: text("File ID of the MSP's logo."),
});

/** A4's answer without deep. */
export const tenantReadSchema = z.object({
  id: tenantId.describe("The 32-character tenant ID."),
  name: z.string().min(1, "is required").describe("The tenant's name."),
  externalId: z.string().optional().describe("ID in the support directory."),
  externalModifiedDate: isoDateTime.optional().describe("When the directory entry last changed."),
  createdDate: created,
  updatedDate: updated,
  maintenanceDate: isoDateTime.optional().describe("Next maintenance."),
  maintenanceState: z.boolean().describe("Whether the tenant is in maintenance."),
  [WIRE_FIELDS.vendorUser]: z
    .boolean()
    .describe("Whether the tenant belongs to the vendor (vendorUser in the API documentation)."),
  status: z.string().describe("The API documentation gives the value active."),
  msp: mspSchema.optional().describe("MSP branding and contacts, for an MSP tenant."),
  mspEc: z
    .object({
      parentMspId: z.string().optional().describe("The parent MSP's tenant."),
      serviceEffectiveDate: isoDateTime.optional().describe("When service starts."),
      serviceExpirationDate: isoDateTime.optional().describe("When service ends."),
    })
    .optional()
    .describe("For a customer of an MSP: its parent and service dates."),
});

/** A4's answer with deep=true: the sub-entities are present. */
export const tenantDeepReadSchema = tenantReadSchema.extend({
  admins: z.array(adminEmbeddedReadSchema).describe("The tenant's administrators."),
  delegationsTo: z.array(delegationReadSchema).describe("Delegations of the tenant."),
  notificationRecipients: z.array(notificationRecipientReadSchema).describe("Notification recipients."),
});

/** A5's answer. */
export const tenantDetailsReadSchema = z.object({
  address: z.string().optional().describe("Street address."),
  city: z.string().optional().describe("City."),
  country: z.string().optional().describe("Country."),
  organization: z.string().optional().describe("Organization."),
  stateOrProvince: z.string().optional().describe("State or province."),
  zip: z.string().optional().describe("Postal code."),
});

/** A1's body. The service's sample scripts add a `region`, which it takes and ignores (unknown fields are). */
export const loginBodySchema = z.object({
  username: z.string().min(1, "is required").describe("The administrator's login."),
  password: secret(z.string().min(1, "is required")).describe("The administrator's password (secret)."),
});

/** A1's answer: the token under both names clients read (newer `API-KEY`, older `token`), and its tenant. */
export const loginReadSchema = z.object({
  "API-KEY": secret(z.string().min(1)).describe("The session token, also set as the API-KEY cookie (secret)."),
  token: secret(z.string().min(1)).describe("The same token, as older clients read it (secret)."),
  tenantId: tenantId.describe("The tenant the administrator belongs to."),
});
