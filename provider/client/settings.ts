// The client's options, their defaults, and the settings resolved from them.
import type { RetryPolicy } from "./retry";
import type { TokenBucketSettings } from "./ratelimit";
import { NmsError } from "./errors";
import { checkedBaseUrl, DEFAULT_MAX_ANSWER_BYTES } from "./transport";

export interface ClientOptions {
  baseUrl: string;
  tenantId: string;
  username: string;
  password: string;
  /** Overall deadline for one async request, default 600_000. */
  waitTimeoutMs?: number;
  /**
   * Attempts that get no answer at all (connection refused, reset, timed out) for this long in a row end the calls
   * and waits that meet them, naming the reason; default 120_000, never more than waitTimeoutMs (reachability.ts).
   */
  unreachableTimeoutMs?: number;
  /** Per HTTP attempt, from sending to the answer's last byte, default 30_000. */
  requestTimeoutMs?: number;
  /** To open the connection (TCP and TLS), default 5_000: a service that takes no connection is told quickly. */
  connectTimeoutMs?: number;
  /**
   * From sending the request to the answer's first byte (its headers), default 10_000: a service that takes the
   * connection and says nothing fails the attempt then, not at requestTimeoutMs.
   */
  firstByteTimeoutMs?: number;
  /** Retries per HTTP call, default 5. */
  maxRetries?: number;
  /** Waiter backoff start, default 200. */
  pollInitialMs?: number;
  /** Waiter backoff cap, default 5_000. */
  pollMaxMs?: number;
  /** HTTP retry backoff start, default 250. */
  retryBaseMs?: number;
  /** HTTP retry backoff cap, default 10_000 (Retry-After is capped at 6× this). */
  retryMaxMs?: number;
  /** Plain http to a non-loopback host is refused (credentials would travel in clear) unless true. */
  allowInsecureHttp?: boolean;
  /**
   * Sustained HTTP requests per second to one (baseUrl, tenantId), shared by every client of the
   * process that talks to it; default 20.
   */
  maxRequestsPerSecond?: number;
  /** Requests that may go out at once after a quiet spell; default maxRequestsPerSecond (at least 1). */
  burst?: number;
  /** How execute() waits for request records: "coalesced" (default, one poller) or "per-request" (getRequest each). */
  waiter?: WaiterKind;
  /** Lifetime of a list() result, default 60_000; 0 caches nothing (concurrent callers still share a fetch). */
  listCacheTtlMs?: number;
  /**
   * How long an array-bodied write (createAps, a bulk delete) or a read through a list waits for another to share its
   * call after the last one came; the first waits at most ten times this. Default 50.
   */
  batchWindowMs?: number;
  /** The most objects in one array-bodied create; default 50. */
  maxBatchSize?: number;
  /**
   * How long after an attempt of a write with a request record ended without its outcome (a reset, a lost answer)
   * the service must still hold no record of it before the write is sent again (writes.ts); default 3_000. An
   * attempt that ended by a deadline (ours, a gateway's 504) waits at least requestTimeoutMs.
   */
  unknownOutcomeGraceMs?: number;
  /** A wait for an async request that lasts this long is reported at info level (a progress line); default 5_000. */
  progressAfterMs?: number;
  /** And again at this interval while it lasts; default 15_000. */
  progressEveryMs?: number;
  /** Largest answer read, in bytes; a larger one fails its call without being read; default 33_554_432 (32 MiB). */
  maxAnswerBytes?: number;
  /** Receives diagnostics; never receives a secret. */
  logger?: (event: { level: "debug" | "info" | "warn"; message: string }) => void;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface CallInit {
  body?: unknown;
  query?: QueryParams;
  /**
   * The x-request-id to send (a UUID) instead of a fresh one, on any route: the service names the
   * request record by it, so the record tells what became of a write whose answer was lost, and a
   * later run can find it again (README "Adopting objects that already exist"). A write with a
   * request record gets a fresh UUID of the client's when none is given.
   */
  requestId?: string;
}

export type WaiterKind = "coalesced" | "per-request";

/** Every default of ClientOptions, in one place. */
export const CLIENT_DEFAULTS = {
  waitTimeoutMs: 600_000,
  unreachableTimeoutMs: 120_000,
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 5_000,
  firstByteTimeoutMs: 10_000,
  maxRetries: 5,
  pollInitialMs: 200,
  pollMaxMs: 5_000,
  retryBaseMs: 250,
  retryMaxMs: 10_000,
  /** Keep-alive connections per origin; Pulumi's default parallelism stays below this. */
  connectionsPerOrigin: 16,
  /** Per (baseUrl, tenantId), for all clients of the process. `burst` defaults to this rate (at least 1). */
  maxRequestsPerSecond: 20,
  /** One poller per client listing requests by status (listRequestsByStatus); "per-request" polls getRequest for each. */
  waiter: "coalesced",
  /**
   * Lifetime of a list() result; any write through the client drops it earlier. Long enough that one refresh reads
   * each list once: a refresh of 4,000 resources lasts a minute or more, and with 5 s every list was read again
   * every 5 s (npm run bench). A provider host lives for one command, so a list is never older than that command.
   */
  listCacheTtlMs: 60_000,
  /**
   * A batch's wait for its next object or read (the first waits at most ten: batcher.ts, readBatcher.ts). The engine
   * hands over a site's APs or a switch's ports one Check at a time: under load, 20 ms split them into 4 AP calls a site
   * and 6 port lists a switch in the MSP estate (npm run bench -- --sizes msp).
   */
  batchWindowMs: 50,
  maxBatchSize: 50,
  unknownOutcomeGraceMs: 3_000,
  progressAfterMs: 5_000,
  progressEveryMs: 15_000,
  maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
  /** Page size of list() (not an option). */
  listPageSize: 500,
} as const satisfies Record<string, number | WaiterKind>;

export interface Settings {
  baseUrl: string;
  tenantId: string;
  username: string;
  waitTimeoutMs: number;
  unreachableTimeoutMs: number;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  firstByteTimeoutMs: number;
  pollInitialMs: number;
  pollMaxMs: number;
  retry: RetryPolicy;
  rateLimit: TokenBucketSettings;
  waiter: WaiterKind;
  listCacheTtlMs: number;
  batchWindowMs: number;
  maxBatchSize: number;
  unknownOutcomeGraceMs: number;
  progressAfterMs: number;
  progressEveryMs: number;
  maxAnswerBytes: number;
  logger?: ClientOptions["logger"];
}

/** The options whose default is a number. */
type NumericOption = {
  [K in keyof typeof CLIENT_DEFAULTS & keyof ClientOptions]: (typeof CLIENT_DEFAULTS)[K] extends number ? K : never;
}[keyof typeof CLIENT_DEFAULTS & keyof ClientOptions];

export function resolveSettings(opts: ClientOptions): Settings {
  if (opts === null || typeof opts !== "object") throw new NmsError("client options are required");
  for (const field of ["baseUrl", "tenantId", "username", "password"] as const) {
    const value = opts[field];
    // Never echo the value: it may be the password.
    if (typeof value !== "string" || value.trim() === "") throw new NmsError(`client option ${field} is required`);
  }
  const positive = (field: NumericOption, allowZero = false): number => {
    const value = opts[field];
    if (value === undefined) return CLIENT_DEFAULTS[field];
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
      throw new NmsError(
        `client option ${field} must be a ${allowZero ? "non-negative" : "positive"} number, got ${String(value)}`,
      );
    }
    return value;
  };
  const maxRetries = positive("maxRetries", true);
  if (!Number.isInteger(maxRetries))
    throw new NmsError(`client option maxRetries must be an integer, got ${maxRetries}`);
  const ratePerSecond = positive("maxRequestsPerSecond");
  let burst = Math.max(1, ratePerSecond);
  if (opts.burst !== undefined) {
    if (typeof opts.burst !== "number" || !Number.isFinite(opts.burst) || opts.burst < 1) {
      throw new NmsError(`client option burst must be a number of at least 1, got ${String(opts.burst)}`);
    }
    burst = opts.burst;
  }
  const waiter = opts.waiter ?? CLIENT_DEFAULTS.waiter;
  if (waiter !== "coalesced" && waiter !== "per-request") {
    throw new NmsError(`client option waiter must be "coalesced" or "per-request", got ${String(waiter)}`);
  }
  return {
    baseUrl: checkedBaseUrl(opts.baseUrl, opts.allowInsecureHttp === true),
    tenantId: opts.tenantId,
    username: opts.username,
    waitTimeoutMs: positive("waitTimeoutMs"),
    unreachableTimeoutMs: Math.min(positive("unreachableTimeoutMs"), positive("waitTimeoutMs")),
    requestTimeoutMs: positive("requestTimeoutMs"),
    // Never longer than the whole attempt.
    connectTimeoutMs: Math.min(positive("connectTimeoutMs"), positive("requestTimeoutMs")),
    firstByteTimeoutMs: Math.min(positive("firstByteTimeoutMs"), positive("requestTimeoutMs")),
    pollInitialMs: positive("pollInitialMs"),
    pollMaxMs: positive("pollMaxMs"),
    retry: { retries: maxRetries, baseMs: positive("retryBaseMs", true), maxMs: positive("retryMaxMs", true) },
    rateLimit: { ratePerSecond, burst },
    waiter,
    listCacheTtlMs: positive("listCacheTtlMs", true),
    batchWindowMs: positive("batchWindowMs", true),
    maxBatchSize: positive("maxBatchSize"),
    unknownOutcomeGraceMs: positive("unknownOutcomeGraceMs", true),
    progressAfterMs: positive("progressAfterMs"),
    progressEveryMs: positive("progressEveryMs"),
    maxAnswerBytes: positive("maxAnswerBytes"),
    logger: opts.logger,
  };
}
