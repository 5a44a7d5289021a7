// What an admin API route (admin.ts, accountAdmin.ts, ui.ts) gets: the request, and the running
// emulator's parts it reads and changes, which the server passes in (EmulatorServer is one).
import type { AuthService } from "../auth/auth";
import type { EmulatorConfig } from "../settings/config";
import type { FaultInjector } from "../settings/faults";
import type { RequestLog, RequestStats } from "../http/log";
import type { NmsModel } from "../model/model";
import type { TenantSettings } from "../model/tenant";
import type { TenantCredentials } from "../tenants/tenantSetup";
import type { Answer } from "../http/wire";

export interface AdminRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

export type AdminHandler = (req: AdminRequest) => Answer;

/** The emulator as the admin API sees it. */
export interface AdminTarget {
  readonly config: EmulatorConfig;
  readonly model: NmsModel;
  readonly auth: AuthService;
  readonly faults: FaultInjector;
  readonly log: RequestLog;
  readonly stats: RequestStats;
  readonly demo: TenantCredentials;
  reset(): TenantCredentials;
  createTenant(name?: string, settings?: Partial<TenantSettings>): TenantCredentials;
}
