// Local emulator of the Network Management Service. See README.md for what it decides where
// the seeds are silent.
import { EmulatorServer } from "./server";
import type { SeededTenant } from "./seed";

export type { SeededTenant } from "./seed";
export { DEMO_CREDENTIALS } from "./seed";
export type { EmulatorConfig } from "./config";
export type { LogEntry } from "./log";
export type { FaultRule, FaultInput } from "./faults";

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Time a request record stays PENDING; default 300, 0 applies writes before the 202. */
  asyncDelayMs?: number;
  /** Token lifetime; default one hour. */
  tokenTtlMs?: number;
  /** Failed logins that lock a username; default 5, 0 never locks. */
  lockoutThreshold?: number;
  /** Lock duration; default one minute. */
  lockoutDurationMs?: number;
  /** Makes tenant and object IDs reproducible. */
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
