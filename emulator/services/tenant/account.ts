// Operations of the tenant itself and of its request records: no kind of object, so
// they are declared here as handlers of their own.
import { z } from "zod";
import {
  REQUEST_STATUSES,
  type RequestRecord,
  requestRecordReadSchema,
  type RequestStatus,
  tenantDeepReadSchema,
  tenantDetailsReadSchema,
  tenantReadSchema,
  WIRE_FIELDS,
} from "../../../contract";
import { ApiError, notFound } from "../../model/errors";
import { listAnswer, ok, pageOf } from "../../operations/handlers";
import type { Handler, OperationSchemas } from "../../model/kind";
import { slicePage } from "../../model/model";
import type { TenantState } from "../../model/tenant";
import { type AdminRecord, embeddedAdmin } from "./admins";

export const ACCOUNT_OPERATIONS: Record<
  "getRequest" | "listRequestsByStatus" | "getTenant" | "getTenantDetails",
  Handler
> = {
  getRequest: (c) => {
    const record = c.tenant.requests.get(c.params.requestId);
    if (!record) throw notFound("request", "requestId", c.params.requestId);
    return ok(record);
  },
  listRequestsByStatus: (c) => {
    const status = c.params.status;
    if (!(REQUEST_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError("NMS-BAD-REQUEST", {
        message: `status must be one of ${REQUEST_STATUSES.join(", ")}`,
        object: "status",
        value: status,
      });
    }
    // Newest first (records are kept in submission order), so page 0 shows the latest requests.
    const matching: RequestRecord[] = [];
    for (const record of c.tenant.requests.values())
      if (record.status === (status as RequestStatus)) matching.push(record);
    matching.reverse();
    return listAnswer(c.route, slicePage(matching, pageOf(c.query, c.route)), matching.length);
  },
  getTenant: (c) => ok(tenantView(c.tenant, c.query.get("deep") === "true")),
  getTenantDetails: (c) => ok(c.tenant.details),
};

export const ACCOUNT_SCHEMAS: Record<keyof typeof ACCOUNT_OPERATIONS, OperationSchemas> = {
  getRequest: { answer: () => requestRecordReadSchema },
  listRequestsByStatus: { answer: () => z.array(requestRecordReadSchema) },
  // deep=true adds the sub-entities.
  getTenant: { answer: () => z.union([tenantDeepReadSchema, tenantReadSchema]) },
  getTenantDetails: { answer: () => tenantDetailsReadSchema },
};

/** getTenant: the tenant, with its sub-entities when deep. */
function tenantView(t: TenantState, deep: boolean): Record<string, unknown> {
  const created = Date.parse(t.createdDate);
  const mspId = t.directory.mspOf.get(t.id);
  const view: Record<string, unknown> = {
    id: t.id,
    name: t.name,
    // The support directory's account ID (18 characters, as its records go) and when it last changed.
    externalId: `0014x${t.id.slice(0, 13).toUpperCase()}`,
    externalModifiedDate: t.createdDate,
    createdDate: t.createdDate,
    updatedDate: t.createdDate,
    // The next maintenance window: the first Sunday 02:00 UTC at least a week after creation.
    maintenanceDate: nextSunday(created + 7 * 86_400_000),
    maintenanceState: false,
    [WIRE_FIELDS.vendorUser]: false,
    status: "active",
    msp: mspBranding(t),
  };
  if (mspId !== undefined) {
    view.mspEc = {
      parentMspId: mspId,
      serviceEffectiveDate: t.createdDate,
      serviceExpirationDate: new Date(created + 365 * 86_400_000).toISOString(),
    };
  }
  if (deep) {
    view.admins = t.of<AdminRecord>("admins").all().map(embeddedAdmin);
    view.delegationsTo = t.of("delegations").all();
    view.notificationRecipients = t.of("notificationRecipients").all();
  }
  return view;
}

/** The branding and contacts the tenant's users see (the account-and-venues API documentation, "Msp"), made from its name. */
function mspBranding(t: TenantState): Record<string, unknown> {
  const host = `${
    t.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "tenant"
  }.nms.example`;
  return {
    mspLabel: t.name,
    mspFQDN: host,
    website: `https://${host}`,
    email: `support@${host}`,
    phone: "+1 555 0100",
    contactSupportUrl: `https://${host}/support`,
    changePasswordUrl: `https://${host}/password`,
    openCaseUrl: `https://${host}/cases/new`,
    myOpenCaseUrl: `https://${host}/cases`,
    openCaseBehavior: "URL",
    myOpenCaseBehavior: "URL",
    contractSupportBehavior: "URL",
    isDisableNotification: false,
    logoUUID: t.id.slice(0, 32),
  };
}

function nextSunday(fromMs: number): string {
  const date = new Date(fromMs);
  date.setUTCHours(2, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
  return date.toISOString();
}
