// Operations of the tenant itself and of its request records (A2–A5): no kind of object, so
// they are declared here as handlers of their own.
import { REQUEST_STATUSES, RequestRecord, RequestStatus } from "../../../contract";
import { ApiError, notFound } from "../../errors";
import { Handler, listAnswer, ok, pageOf } from "../../handlers";
import { slicePage } from "../../model/model";
import type { TenantState } from "../../model/tenant";

export const ACCOUNT_OPERATIONS: Record<"A2" | "A3" | "A4" | "A5", Handler> = {
  A2: (c) => {
    const record = c.tenant.requests.get(c.params.requestId);
    if (!record) throw notFound("request", "requestId", c.params.requestId);
    return ok(record);
  },
  A3: (c) => {
    const status = c.params.status;
    if (!(REQUEST_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError("NMS-BAD-REQUEST", { message: `status must be one of ${REQUEST_STATUSES.join(", ")}`, object: "status", value: status });
    }
    // Newest first (records are kept in submission order), so page 0 shows the latest requests.
    const matching: RequestRecord[] = [];
    for (const record of c.tenant.requests.values()) if (record.status === (status as RequestStatus)) matching.push(record);
    matching.reverse();
    return listAnswer(c.route, slicePage(matching, pageOf(c.query, c.route)), matching.length);
  },
  A4: (c) => ok(tenantView(c.tenant, c.query.get("deep") === "true")),
  A5: (c) => ok(c.tenant.details),
};

/** A4: the tenant, with its sub-entities when deep. */
export function tenantView(t: TenantState, deep: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: t.id,
    name: t.name,
    createdDate: t.createdDate,
    updatedDate: t.createdDate,
    maintenanceState: false,
    vendorUser: false,
    status: "active",
  };
  if (deep) {
    view.admins = t.admins.map((a) => ({
      id: a.id,
      username: a.username,
      dateFormat: "mm/dd/yyyy",
      detailLevel: "it",
      adminRoles: [{ id: a.roleId, role: a.role, createdDate: a.createdDate, updatedDate: a.createdDate }],
      createdDate: a.createdDate,
      updatedDate: a.createdDate,
    }));
    view.delegationsTo = [];
    view.notificationRecipients = [];
  }
  return view;
}
