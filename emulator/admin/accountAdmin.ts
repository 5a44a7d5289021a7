// Admin API calls for account scenarios (tests and demos): people in the vendor's support
// directory (to add administrators by externalId and invite VARs), the password an added
// administrator logs in with (the service mails an invitation; the emulator has no mail), and
// which tenant is an MSP's end customer (delegated access, getEndCustomerEntitlements).
import { z } from "zod";
import { failureOfIssue } from "../../contract";
import type { AdminHandler, AdminTarget } from "./adminHandler";
import { ApiError, notFound, validationError } from "../model/errors";
import type { Router } from "../http/router";

const supportEntryInput = z.object({
  externalId: z.string().min(1),
  username: z.string().min(1),
  name: z.string().optional(),
  lastName: z.string().optional(),
  supportUser: z.boolean().default(false),
  tenantId: z.string().length(32).optional(),
});
const passwordInput = z.object({ username: z.string().min(1), password: z.string().min(1) });
const mspInput = z.object({ mspTenantId: z.string().length(32) });

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(result.error.issues.map(failureOfIssue), body);
  return result.data;
}

export function addAccountAdminRoutes(router: Router<AdminHandler>, emulator: AdminTarget): Router<AdminHandler> {
  const directory = emulator.model.directory;
  const tenantOf = (id: string) =>
    emulator.model.tenant(id) ??
    (() => {
      throw notFound("tenant", "tenantId", id);
    })();
  return router
    .add("POST", "/__admin/support-directory", ({ body }) => {
      const entry = parse(supportEntryInput, body);
      if (entry.tenantId !== undefined) tenantOf(entry.tenantId);
      directory.support.set(entry.externalId, entry);
      return { status: 201, body: entry };
    })
    .add("GET", "/__admin/support-directory", () => ({
      status: 200,
      body: { entries: [...directory.support.values()] },
    }))
    .add("POST", "/__admin/passwords", ({ body }) => {
      const { username, password } = parse(passwordInput, body);
      const account = directory.accounts.get(username);
      if (!account) throw notFound("administrator", "username", username);
      account.password = password;
      return { status: 204, body: undefined };
    })
    .add("PUT", "/__admin/tenants/{tenantId}/msp", ({ params, body }) => {
      const { mspTenantId } = parse(mspInput, body);
      tenantOf(params.tenantId);
      tenantOf(mspTenantId);
      if (mspTenantId === params.tenantId)
        throw new ApiError("NMS-VALIDATION", { message: "a tenant cannot be its own MSP", object: "mspTenantId" });
      directory.mspOf.set(params.tenantId, mspTenantId);
      return { status: 200, body: { tenantId: params.tenantId, mspTenantId } };
    });
}
