// The admin API under /__admin: no authentication, no rate limit, loopback clients only (checked
// by the server). For tests, demos and benchmarks: reset, settings, more tenants, the request log
// and counters, token expiry, a tenant's objects, and fault injection.
import { z } from "zod";
import { clientDisconnectSchema, failureOfIssue, WIFI_API_VARIANTS } from "../../contract";
import { addAccountAdminRoutes } from "./accountAdmin";
import type { AdminHandler, AdminTarget } from "./adminHandler";
import { configPatchSchema } from "../settings/config";
import { ApiError, notFound, refuseReservedFieldNames, validationError } from "../model/errors";
import { faultInputSchema } from "../settings/faults";
import { Router } from "../http/router";
import { createDhcpServiceProfile, listDhcpServiceProfiles, setApState } from "../services/wifi/deviceAdmin";
import { connectClient } from "../services/wifi/wifiClients";
import { addUiAdminRoutes } from "./ui";
import type { Answer } from "../http/wire";

const ok = (body: unknown): Answer => ({ status: 200, body });
const created = (body: unknown): Answer => ({ status: 201, body });
const done: Answer = { status: 204, body: undefined };

const settingsInput = z.object({
  wifiApiVariant: z.enum(WIFI_API_VARIANTS).optional(),
  wifiLicenses: z.number().int().min(0).optional(),
});
const tenantInput = settingsInput.extend({ name: z.string().min(2).max(64).optional() });

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): T {
  refuseReservedFieldNames(body);
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error.issues.map(failureOfIssue), body);
  return result.data;
}

export function adminRoutes(emulator: AdminTarget): Router<AdminHandler> {
  return (
    addUiAdminRoutes(addAccountAdminRoutes(new Router<AdminHandler>(), emulator), emulator)
      .add("POST", "/__admin/reset", () => ok(emulator.reset()))
      .add("GET", "/__admin/config", () => ok(emulator.config))
      .add("PUT", "/__admin/config", ({ body }) =>
        ok(Object.assign(emulator.config, parse(configPatchSchema, body ?? {}))),
      )
      .add("POST", "/__admin/tenants", ({ body }) => {
        const { name, ...settings } = parse(tenantInput, body ?? {});
        return created(emulator.createTenant(name, stripUndefined(settings)));
      })
      .add("GET", "/__admin/tenants/{tenantId}/settings", ({ params }) =>
        ok(tenantOf(emulator, params.tenantId).settings),
      )
      .add("PUT", "/__admin/tenants/{tenantId}/settings", ({ params, body }) => {
        const tenant = tenantOf(emulator, params.tenantId);
        Object.assign(tenant.settings, stripUndefined(parse(settingsInput, body ?? {})));
        return ok(tenant.settings);
      })
      .add("GET", "/__admin/tenants/{tenantId}/objects", ({ params }) => {
        return ok(emulator.model.objectsOf(tenantOf(emulator, params.tenantId)));
      })
      // Wi-Fi clients: no operation connects a client, so tests connect one here (disconnectClients disconnects it).
      .add("POST", "/__admin/tenants/{tenantId}/clients", ({ params, body }) => {
        const { apMac, clientMac } = parse(clientDisconnectSchema, body ?? {});
        return created(connectClient(tenantOf(emulator, params.tenantId), apMac, clientMac));
      })
      .add("GET", "/__admin/log", () => ok({ entries: emulator.log.entries() }))
      .add("DELETE", "/__admin/log", () => (emulator.log.clear(), done))
      .add("POST", "/__admin/tokens/expire", () => (emulator.auth.expireAllTokens(), done))
      .add("GET", "/__admin/stats", () => ok(emulator.stats.view()))
      .add("DELETE", "/__admin/stats", () => (emulator.stats.clear(), done))
      .add("GET", "/__admin/faults", () =>
        ok({ faults: emulator.faults.list(), exhausted: emulator.faults.exhausted() }),
      )
      .add("POST", "/__admin/faults", ({ body }) => {
        if (body === undefined)
          throw new ApiError("NMS-BAD-REQUEST", { message: "body must be a JSON object", object: "body" });
        return created(emulator.faults.add(parse(faultInputSchema, body)));
      })
      .add("DELETE", "/__admin/faults", () => (emulator.faults.clear(), done))
      // Wi-Fi devices: what no operation of the service does (services/wifi/deviceAdmin.ts)
      .add("POST", "/__admin/tenants/{tenantId}/dhcp-service-profiles", ({ params, body }) =>
        created(createDhcpServiceProfile(tenantOf(emulator, params.tenantId), body)),
      )
      .add("GET", "/__admin/tenants/{tenantId}/dhcp-service-profiles", ({ params }) =>
        ok(listDhcpServiceProfiles(tenantOf(emulator, params.tenantId))),
      )
      .add("PUT", "/__admin/tenants/{tenantId}/aps/{serialNumber}/state", ({ params, body }) =>
        ok(setApState(tenantOf(emulator, params.tenantId), params.serialNumber, body)),
      )
      .add("GET", "/__admin/memory", () => ok(memoryNow()))
  );
}

/** The process's memory (bytes), after a full collection when node runs with --expose-gc (the soak run does). */
function memoryNow() {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  return { rss, heapTotal, heapUsed, external, afterGc: collect !== undefined };
}

function tenantOf(emulator: AdminTarget, tenantId: string) {
  const tenant = emulator.model.tenant(tenantId);
  if (!tenant) throw notFound("tenant", "tenantId", tenantId);
  return tenant;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
