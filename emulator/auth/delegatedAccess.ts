// Calls on another tenant's paths, and what a login leaves behind. An MSP's administrator may
// manage its end customers' tenants (the customer's ID in the path, and the header
// x-rks-tenantid naming it, as MSP clients of the service send it); any other tenant's path is
// refused. Which tenant is whose customer is set through the admin API.
import type { IncomingMessage } from "node:http";
import { WIRE_HEADERS } from "../../contract";
import type { Session } from "./auth";
import { ApiError } from "../model/errors";
import type { NmsModel } from "../model/model";

/** Throws unless the session's tenant is the MSP of `pathTenantId` and the tenant header names that customer. */
export function checkDelegatedAccess(
  model: NmsModel,
  session: Session,
  headers: IncomingMessage["headers"],
  pathTenantId: string,
): void {
  if (model.directory.mspOf.get(pathTenantId) !== session.tenantId) {
    throw new ApiError("NMS-FORBIDDEN-TENANT", { object: "tenantId", value: pathTenantId });
  }
  const header = WIRE_HEADERS.tenantId;
  const named = headers[header];
  if (named === undefined || named === "") {
    throw new ApiError("NMS-MISSING-HEADER", {
      message: `header ${header} is required to act on an end customer's tenant`,
      object: header,
    });
  }
  if (named !== pathTenantId) throw new ApiError("NMS-TENANT-HEADER-MISMATCH", { object: header, value: named });
}

/** The administrator's lastLogin (listAdmins, getAdmin). */
export function noteLogin(model: NmsModel, session: Session): void {
  const admin = model.tenant(session.tenantId)?.of("admins").get(session.adminId);
  if (admin) admin.lastLogin = new Date().toISOString();
}
