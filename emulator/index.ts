// Local emulator of the Network Management Service. See README.md for what it decides where
// the seeds are silent.
import type { OperationId } from "../contract";
import type { OperationLatency, RateLimit } from "./config";
import { EmulatorServer } from "./server";
import type { SeededTenant } from "./seed";

export type { SeededTenant } from "./seed";
export { DEMO_CREDENTIALS } from "./seed";
export type { EmulatorConfig, OperationLatency, RateLimit } from "./config";
export { DEFAULT_RATE_LIMIT } from "./config";
export type { LogEntry, StatsView } from "./log";
export type { FaultRule, FaultInput, FaultKind } from "./faults";

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default base of the time a request record stays PENDING; default 300, 0 (without jitter) applies writes before the 202. */
  asyncDelayMs?: number;
  /** Default jitter on top of asyncDelayMs, uniform in [0, asyncJitterMs]; default 0. */
  asyncJitterMs?: number;
  /** Per async operation ID, { baseMs, jitterMs } replacing the defaults above. */
  asyncLatencyByOp?: Partial<Record<OperationId, OperationLatency>>;
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
}

export interface RunningEmulator {
  url: string;
  port: number;
  demo: SeededTenant;
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { port = 0, host = "127.0.0.1", ...settings } = opts;
  const server = new EmulatorServer(settings);
  const bound = await server.listen(port, host);
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${bound}`,
    port: bound,
    // The demo tenant keeps its ID and credentials across resets.
    demo: server.demo,
    close: () => server.close(),
  };
}
