// The caller's user profile (getUserProfile, updateUserProfile) and the tenant's licences. The profile's date
// format and detail level are the caller's administrator record's (getTenant shows the same values).
// Wi-Fi entitlements are the tenant's wifiLicenses, the count that gates AP additions
// (ENT-10003), so a summary's remaining devices falls as APs are added.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  entitlementReadSchema,
  entitlementSummaryReadSchema,
  LICENSE_TYPES,
  USER_PROFILE_DEFAULTS,
  userProfileReadSchema,
  userProfileUpdateSchema,
  validateBody,
} from "../../../contract";
import { ApiError, badRequest, validationError } from "../../model/errors";
import { listAnswer, ok, pageOf } from "../../operations/handlers";
import type { Handler, OpContext, OperationSchemas } from "../../model/kind";
import { slicePage } from "../../model/model";
import type { TenantState } from "../../model/tenant";
import type { AdminRecord } from "./admins";

/** The two deployments (the account-and-venues API documentation, its introduction); the emulator answers as the North American one. */
const REGIONS = [
  { name: "na", description: "USA & North America", link: "https://na.nms.example", current: true },
  { name: "eu", description: "Europe", link: "https://eu.nms.example", current: false },
];

/** Switch and LTE licences the emulator grants every tenant; only Wi-Fi licences gate additions. */
const FIXED_LICENSES = { SWITCH: 100, LTE: 50 } as const;
const LICENSE_YEARS = 3;

function callerOf(c: OpContext): AdminRecord {
  const admin = c.tenant.of<AdminRecord>("admins").get(c.session.adminId);
  // An MSP administrator acting on a customer's tenant has no record there: its own tenant's serves.
  const own = admin ?? c.model.tenant(c.session.tenantId)?.of<AdminRecord>("admins").get(c.session.adminId);
  if (!own) throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "the administrator no longer exists" });
  return own;
}

function profileOf(
  c: OpContext,
  admin: AdminRecord,
  change: Partial<Pick<AdminRecord, "dateFormat" | "detailLevel">> = {},
) {
  return {
    adminId: admin.id,
    tenantId: c.tenant.id,
    username: admin.username,
    ...(admin.email !== undefined ? { email: admin.email } : {}),
    ...(admin.externalId !== undefined ? { externalId: admin.externalId } : {}),
    ...(admin.name !== undefined ? { firstName: admin.name } : {}),
    ...(admin.lastName !== undefined ? { lastName: admin.lastName } : {}),
    companyName: c.tenant.details.organization,
    dateFormat: change.dateFormat ?? admin.dateFormat ?? USER_PROFILE_DEFAULTS.dateFormat,
    detailLevel: change.detailLevel ?? admin.detailLevel ?? USER_PROFILE_DEFAULTS.detailLevel,
    roles: [admin.role],
    var: false,
    allowedRegions: REGIONS,
  };
}

const paged = (c: OpContext, items: unknown[]) =>
  listAnswer(c.route, slicePage(items, pageOf(c.query, c.route)), items.length);

type LicenseType = (typeof LICENSE_TYPES)[number];

function typeFilter(c: OpContext): readonly LicenseType[] {
  const type = c.query.get("type");
  if (type === null) return LICENSE_TYPES;
  if (!(LICENSE_TYPES as readonly string[]).includes(type)) {
    throw new ApiError("NMS-BAD-REQUEST", {
      message: `type must be one of ${LICENSE_TYPES.join(", ")}`,
      object: "type",
      value: type,
    });
  }
  return [type as LicenseType];
}

function licenseDates(t: TenantState) {
  const effective = t.createdDate;
  const expiration = new Date(Date.parse(effective) + LICENSE_YEARS * 365 * 86_400_000).toISOString();
  return { effective, expiration };
}

function quantityOf(t: TenantState, type: LicenseType): number {
  return type === "WIFI" ? t.settings.wifiLicenses : FIXED_LICENSES[type];
}

function devicesOf(t: TenantState, type: LicenseType): number {
  return type === "WIFI" ? t.of("aps").size : 0;
}

function entitlements(t: TenantState, types: readonly LicenseType[]) {
  const { effective, expiration } = licenseDates(t);
  return types.map((type) => ({
    id: `${t.id.slice(0, 24)}${type.toLowerCase().padEnd(8, "0")}`,
    externalId: `ENT-${t.id.slice(0, 8).toUpperCase()}-${type}`,
    sku: `CLD-${type}-${LICENSE_YEARS}Y`,
    deviceType: type,
    deviceSubType: type === "WIFI" ? "AP" : type === "SWITCH" ? "ICX" : "CBRS",
    quantity: quantityOf(t, type),
    assignedLicense: true,
    historical: false,
    tempLicense: false,
    effectiveDate: effective,
    expirationDate: expiration,
    graceEndDate: new Date(Date.parse(expiration) + 30 * 86_400_000).toISOString(),
    createdDate: effective,
    updatedDate: effective,
  }));
}

function summaries(t: TenantState, types: readonly LicenseType[]) {
  const { effective, expiration } = licenseDates(t);
  const remainingDays = Math.max(0, Math.ceil((Date.parse(expiration) - Date.now()) / 86_400_000));
  return types.map((type) => {
    const quantity = quantityOf(t, type);
    const deviceCount = devicesOf(t, type);
    return {
      deviceType: type,
      sku: `CLD-${type}-${LICENSE_YEARS}Y`,
      quantity,
      deviceCount,
      remainingDevices: Math.max(0, quantity - deviceCount),
      remainingDays,
      effectiveDate: effective,
      expirationDate: expiration,
    };
  });
}

export const PROFILE_OPERATIONS: Record<
  | "getUserProfile"
  | "updateUserProfile"
  | "listEntitlements"
  | "listEntitlementSummaries"
  | "getEndCustomerEntitlements",
  Handler
> = {
  getUserProfile: (c) => ok(profileOf(c, callerOf(c))),
  updateUserProfile: (c) => {
    if (c.body === null || typeof c.body !== "object" || Array.isArray(c.body))
      throw badRequest("body must be a JSON object (user profile)", "body");
    const parsed = validateBody(userProfileUpdateSchema, c.body);
    if (!parsed.ok) throw validationError(parsed.failures, c.body);
    const admin = callerOf(c);
    const change = parsed.value;
    return c.finish(
      c.model.action(admin.id, profileOf(c, admin, change), () => {
        admin.dateFormat = change.dateFormat;
        admin.detailLevel = change.detailLevel;
        admin.updatedDate = new Date().toISOString();
      }),
    );
  },
  listEntitlements: (c) => paged(c, entitlements(c.tenant, typeFilter(c))),
  listEntitlementSummaries: (c) => paged(c, summaries(c.tenant, typeFilter(c))),
  getEndCustomerEntitlements: (c) => {
    const ecId = c.query.get("mspEcTenantId");
    if (ecId === null || ecId === "") throw badRequest("mspEcTenantId is required", "mspEcTenantId");
    const ec = c.model.tenant(ecId);
    if (!ec || c.tenant.directory.mspOf.get(ecId) !== c.tenant.id) {
      throw new ApiError("NMS-FORBIDDEN-TENANT", {
        message: "not an end customer of this MSP",
        object: "mspEcTenantId",
        value: ecId,
      });
    }
    const types = typeFilter(c);
    return ok({ entitlements: entitlements(ec, types), summary: summaries(ec, types) });
  },
};

export const PROFILE_SCHEMAS: Record<keyof typeof PROFILE_OPERATIONS, OperationSchemas> = {
  getUserProfile: { answer: () => userProfileReadSchema },
  updateUserProfile: { body: () => userProfileUpdateSchema, answer: () => acceptedAnswerSchema(userProfileReadSchema) },
  listEntitlements: { answer: () => z.array(entitlementReadSchema) },
  listEntitlementSummaries: { answer: () => z.array(entitlementSummaryReadSchema) },
  getEndCustomerEntitlements: {
    answer: () =>
      z.object({ entitlements: z.array(entitlementReadSchema), summary: z.array(entitlementSummaryReadSchema) }),
  },
};
