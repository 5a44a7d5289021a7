// Settings that tests and demos change while the emulator runs (GET/PUT /__admin/config).
// One mutable object is shared by every part that reads it, so a change applies to the next
// request without restarting anything.
import { z } from "zod";
import { OPERATION_NAMES, type OperationName, operationNamed, ROUTES } from "../../contract";

/** Token bucket of one tenant (service calls) or one username (login). */

/** How long the addresses getUploadUrl and getDownloadUrl hand out work (EmulatorConfig's fields of the same names). */
export interface AddressLifetimes {
  uploadAddressTtlMs: number;
  downloadAddressTtlMs: number;
}

export const DEFAULT_ADDRESS_LIFETIMES: Readonly<AddressLifetimes> = {
  uploadAddressTtlMs: 15 * 60 * 1000,
  downloadAddressTtlMs: 5 * 60 * 1000,
};

export interface RateLimit {
  /** Refill rate: sustained requests per second. */
  requestsPerSecond: number;
  /** Bucket size: requests that may come at once after a quiet spell. */
  burst: number;
}

/** Time an async write of one operation stays PENDING: uniform in [baseMs, baseMs + jitterMs]. */
export interface OperationLatency {
  baseMs: number;
  jitterMs: number;
}

export interface EmulatorConfig {
  /** Default base of the time a request record stays PENDING; 0 (with no jitter) applies the write before the 202 is sent. */
  asyncDelayMs: number;
  /** Default jitter added to asyncDelayMs, uniform in [0, asyncJitterMs]. */
  asyncJitterMs: number;
  /** Per-operation latency, overriding asyncDelayMs/asyncJitterMs for the async operations named. */
  asyncLatencyByOp: Partial<Record<OperationName, OperationLatency>>;
  /** Per-tenant (and per-username for login) token bucket; null disables rate limiting. */
  rateLimit: RateLimit | null;
  /** Lifetime of a login token. */
  tokenTtlMs: number;
  /** Consecutive failed logins of one username that lock it; 0 never locks. */
  lockoutThreshold: number;
  /** How long a locked username stays locked. */
  lockoutDurationMs: number;
  /**
   * Retention of finished request records (emulator/README.md "Decisions of crash recovery and retention"): each is
   * kept at least this long after its submission, and past that only while the tenant holds at most
   * requestRecordKeepCount records. PENDING records are never dropped.
   */
  requestRecordKeepMs: number;
  requestRecordKeepCount: number;
  /** How long an upload address of getUploadUrl works (once); emulator/README.md "Files". */
  uploadAddressTtlMs: number;
  /** How long a download address of getDownloadUrl works. */
  downloadAddressTtlMs: number;
}

export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { requestsPerSecond: 50, burst: 100 };

const DEFAULT_CONFIG: Readonly<EmulatorConfig> = {
  asyncDelayMs: 300,
  asyncJitterMs: 0,
  asyncLatencyByOp: {},
  rateLimit: DEFAULT_RATE_LIMIT,
  tokenTtlMs: 60 * 60 * 1000,
  lockoutThreshold: 5,
  lockoutDurationMs: 60 * 1000,
  requestRecordKeepMs: 5 * 60 * 1000,
  requestRecordKeepCount: 1_000,
  ...DEFAULT_ADDRESS_LIFETIMES,
};

/** A fresh, mutable copy of the defaults (the nested objects included). */
export function defaultConfig(): EmulatorConfig {
  return { ...DEFAULT_CONFIG, asyncLatencyByOp: {}, rateLimit: { ...DEFAULT_RATE_LIMIT } };
}

const nonNegativeInt = z.number().int().min(0);

const ASYNC_OPERATIONS = OPERATION_NAMES.filter((op) => ROUTES[op].async);

export const rateLimitSchema = z
  .object({
    requestsPerSecond: z.number().positive(),
    burst: z.number().int().min(1),
  })
  .strict();

export const operationLatencySchema = z
  .object({
    baseMs: nonNegativeInt,
    jitterMs: nonNegativeInt.default(0),
  })
  .strict();

// Latency only matters where there is a PENDING time: an unknown or synchronous operation is refused. An operation
// is named by its name or by its ID in the API documentation.
const asyncOperationName = z.enum(ASYNC_OPERATIONS as [OperationName, ...OperationName[]]);
const latencyByOpSchema = z.preprocess(
  (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([op, latency]) => [operationNamed(op) ?? op, latency]))
      : value,
  z.record(asyncOperationName, operationLatencySchema),
);

/** PUT /__admin/config and the startEmulator options: any subset; asyncLatencyByOp replaces the whole map. */
export const configPatchSchema = z
  .object({
    asyncDelayMs: nonNegativeInt,
    asyncJitterMs: nonNegativeInt,
    asyncLatencyByOp: latencyByOpSchema,
    rateLimit: rateLimitSchema.nullable(),
    tokenTtlMs: nonNegativeInt,
    lockoutThreshold: nonNegativeInt,
    lockoutDurationMs: nonNegativeInt,
    requestRecordKeepMs: nonNegativeInt,
    requestRecordKeepCount: nonNegativeInt,
    uploadAddressTtlMs: nonNegativeInt,
    downloadAddressTtlMs: nonNegativeInt,
  })
  .partial()
  .strict();

/** The PENDING time of one async write of `op`, drawn from its latency model. */
export function asyncDelayOf(config: EmulatorConfig, op: OperationName, random: () => number): number {
  const latency = config.asyncLatencyByOp[op];
  const baseMs = latency ? latency.baseMs : config.asyncDelayMs;
  const jitterMs = latency ? latency.jitterMs : config.asyncJitterMs;
  return jitterMs > 0 ? baseMs + random() * jitterMs : baseMs;
}

/** The settings given to an EmulatorServer, checked: a problem names the field and the rule. */
export function validOptions(settings: Partial<EmulatorConfig>): Partial<EmulatorConfig> {
  const result = configPatchSchema.safeParse(stripUndefined(settings));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; ");
    throw new Error(`invalid emulator options: ${problems}`);
  }
  return result.data;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
