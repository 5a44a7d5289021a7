// Local emulator of the Network Management Service. See README.md for what it decides where
// the service's API documentation is silent.
import type { OperationName } from "../contract";
import type { OperationLatency, RateLimit } from "./settings/config";
import { EmulatorServer } from "./http/server";
import type { TenantCredentials } from "./tenants/tenantSetup";
import { checkOptions, type TenantOption } from "./settings/options";
import { Persistence } from "./state/persistence";
import { applyTenants } from "./tenants/tenants";
import { faultInputSchema } from "./settings/faults";

export type { TenantCredentials } from "./tenants/tenantSetup";
/** @deprecated The former name of TenantCredentials, kept for programs that import it. */
export type SeededTenant = TenantCredentials;
export { DEMO_CREDENTIALS } from "./tenants/tenantSetup";
export type { EmulatorConfig, OperationLatency, RateLimit } from "./settings/config";
export { DEFAULT_RATE_LIMIT } from "./settings/config";
export type { LogEntry, StatsView } from "./http/log";
export type { FaultRule, FaultInput, FaultKind } from "./settings/faults";
export type { TenantOption } from "./settings/options";
export { EmulatorOptionsError } from "./settings/options";
export { StateFileError } from "./state/stateFile";

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default base of the time a request record stays PENDING; default 300, 0 (without jitter) applies writes before the 202. */
  asyncDelayMs?: number;
  /** Default jitter on top of asyncDelayMs, uniform in [0, asyncJitterMs]; default 0. */
  asyncJitterMs?: number;
  /** Per async operation name, { baseMs, jitterMs } replacing the defaults above. */
  asyncLatencyByOp?: Partial<Record<OperationName, OperationLatency>>;
  /** Per-tenant token bucket (and per-username for login); default { requestsPerSecond: 50, burst: 100 }, null disables it. */
  rateLimit?: RateLimit | null;
  /** Token lifetime; default one hour. */
  tokenTtlMs?: number;
  /** Failed logins that lock a username; default 5, 0 never locks. */
  lockoutThreshold?: number;
  /** Lock duration; default one minute. */
  lockoutDurationMs?: number;
  /** Makes tenant and object IDs, latency jitter and fault draws reproducible. */
  seed?: number;
  /** The demo tenant's Wi-Fi API variant and licences. */
  demoTenant?: { wifiApiVariant?: "older" | "newer"; wifiLicenses?: number };
  /** Tenants held from the start, with their administrators' credentials (emulator/README.md "Running the emulator"). */
  tenants?: TenantOption[];
  /** Fault rules armed at start, as POST /__admin/faults takes them. */
  faults?: unknown[];
  /** Keeps the state in this file across restarts: restored at start, written after changes and at close(). */
  stateFile?: string;
  /** How long after a change the state file is written; default 200 ms, 0 writes after every change. */
  stateSaveDelayMs?: number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  demo: TenantCredentials;
  /** The tenants of `options.tenants`, in their order, with their credentials. */
  tenants: TenantCredentials[];
  /** Whether the state came from `stateFile`. */
  restored: boolean;
  /** Applies the writes still waiting and writes the state file (with `stateFile`), then stops serving. */
  close(): Promise<void>;
}

export const DEFAULT_STATE_SAVE_DELAY_MS = 200;

/** Throws EmulatorOptionsError for bad options, StateFileError for a state file that is torn or corrupt. */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const options = checkOptions(stripUndefined(opts));
  const {
    port = 0,
    host = "127.0.0.1",
    tenants,
    demoTenant,
    faults = [],
    stateFile,
    stateSaveDelayMs = DEFAULT_STATE_SAVE_DELAY_MS,
    ...settings
  } = options;
  const server = new EmulatorServer(settings);
  const persistence = stateFile === undefined ? undefined : new Persistence(server, stateFile, stateSaveDelayMs);
  const restored = persistence?.load() ?? false;
  const configured = applyTenants(server, { tenants, demoTenant });
  for (const fault of faults) server.faults.add(faultInputSchema.parse(fault));
  // The first save before listening: a state file that cannot be written stops the start, before anyone is served.
  await persistence?.attach();
  const bound = await server.listen(port, host).catch((error: Error) => {
    persistence?.detach();
    throw error;
  });
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${bound}`,
    port: bound,
    // The demo tenant keeps its ID and credentials across resets.
    demo: server.demo,
    tenants: configured,
    restored,
    close: async () => {
      try {
        await persistence?.stop();
      } finally {
        await server.close();
      }
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
