// When to try an HTTP call again, and how long to wait first. The rules live in one table
// (RETRY_RULES) so that every caller, the plain calls, the login, the writes and the waiter's polls
// of the request record, decides the same way; read the table top to bottom, the first matching
// rule wins. A write the service keeps a request record of is never repeated when its outcome is
// unknown: the first rule hands it to writes.ts, which reads what became of it.

import pRetry = require("p-retry");
import { NmsApiError, NmsNetworkError } from "./errors";

/** What one HTTP attempt produced, as far as the retry decision is concerned. */
export type AttemptOutcome =
  | { readonly kind: "answer"; readonly status: number; readonly retryAfter?: string }
  | { readonly kind: "no-answer"; readonly error: unknown };

/** What the rules know of the request besides the attempt's outcome. */
export interface AttemptContext {
  /**
   * A write the service keeps a request record of (an async write, or one answered 201 with a requestId), sent
   * with an x-request-id the provider chose: sent at most once unless the service provably does not hold it.
   */
  readonly sentOnce?: boolean;
}

interface RetryRule {
  readonly name: string;
  readonly matches: (outcome: AttemptOutcome, context: AttemptContext) => boolean;
  readonly retry: boolean;
  /** The outcome is unknown: what became of the request is read from its record (getRequest) instead (writes.ts). */
  readonly resolve?: boolean;
  /** Wait what the server's Retry-After header asks (capped) instead of the computed backoff. */
  readonly honourRetryAfter: boolean;
}

/** Error codes of a failed connection or exchange that another attempt may well not meet. */
const TRANSIENT_NETWORK_CODES: readonly string[] = [
  "ECONNRESET", // the server or a middlebox dropped the connection (also: a stale keep-alive socket)
  "ECONNREFUSED", // nothing listening yet, e.g. a restarting gateway
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE", // the server closed while we were still writing
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN", // temporary DNS failure (ENOTFOUND is not: a mistyped host stays mistyped)
  "NMS_ATTEMPT_TIMEOUT", // our own per-attempt deadline (requestTimeoutMs) fired
];

/**
 * undici codes (UND_ERR_*) that describe our own misuse or shutdown rather than the network;
 * every other UND_ERR_* code (socket, connect/headers/body timeouts, parser, length mismatch of
 * the response) counts as transient.
 */
const NON_TRANSIENT_UNDICI_CODES: readonly string[] = [
  "UND_ERR_INVALID_ARG",
  "UND_ERR_INVALID_RETURN_VALUE",
  "UND_ERR_NOT_SUPPORTED",
  "UND_ERR_ABORT",
  "UND_ERR_ABORTED", // a caller cancelled: never resend behind its back
  "UND_ERR_DESTROYED", // our Agent was closed
  "UND_ERR_CLOSED",
  "UND_ERR_INFO",
  "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH",
  "UND_ERR_MAX_ORIGINS_REACHED",
  "UND_ERR_BPL_MISSING_UPSTREAM",
];

const isStatus = (predicate: (status: number) => boolean) => (outcome: AttemptOutcome) =>
  outcome.kind === "answer" && predicate(outcome.status);

// The rule list. 401 is not here: it is not retried as such, the client logs in again once and
// repeats the call once (see client.ts), which a plain retry could not do.
export const RETRY_RULES: readonly RetryRule[] = [
  {
    // A write the service may have acted on (no answer after the connection was made, or a 5xx):
    // sending it again could apply it twice (a second object of a kind without a unique name, a
    // second factory reset). Its record, under the request ID the provider chose, tells what
    // became of it (writes.ts); it is sent again only once the service provably does not hold it.
    name: "write with a request record, outcome unknown",
    matches: (outcome, context) => context.sentOnce === true && isAmbiguousOutcome(outcome),
    retry: false,
    resolve: true,
    honourRetryAfter: false,
  },
  {
    // No answer at all: the request may or may not have reached the service. A write that keeps
    // a request record is not resent here (the rule above).
    name: "transient network error",
    matches: (outcome) => outcome.kind === "no-answer" && isTransientNetworkError(outcome.error),
    retry: true,
    honourRetryAfter: false,
  },
  {
    // The service is shedding load; it says when to come back.
    name: "429 too many requests",
    matches: isStatus((status) => status === 429),
    retry: true,
    honourRetryAfter: true,
  },
  {
    // Unavailable (maintenance, overload); may say when to come back.
    name: "503 service unavailable",
    matches: isStatus((status) => status === 503),
    retry: true,
    honourRetryAfter: true,
  },
  {
    // Internal errors include "tenant is out of sync" (VENUE-10001, TNT-10001), which heal.
    name: "5xx server error",
    matches: isStatus((status) => status >= 500 && status <= 599),
    retry: true,
    honourRetryAfter: false,
  },
  {
    // Bad request, license, forbidden, not found, conflict, validation, locked: the same request
    // gets the same answer. (A Locked account in particular must not be hammered.)
    name: "other 4xx client error",
    matches: isStatus((status) => status >= 400 && status <= 499),
    retry: false,
    honourRetryAfter: false,
  },
  // Anything else (redirects, programming errors, cancellation) falls through: not retried.
];

export interface RetryDecision {
  readonly retry: boolean;
  /** Not retried because the outcome is unknown: resolved from the request record (writes.ts). */
  readonly resolve?: boolean;
  /** Name of the rule that decided, for log lines. */
  readonly rule: string;
  /** Server-requested wait, already parsed, when the rule honours Retry-After and one was sent. */
  readonly retryAfterMs?: number;
}

export function decideRetry(
  outcome: AttemptOutcome,
  context: AttemptContext = {},
  now: number = Date.now(),
): RetryDecision {
  for (const rule of RETRY_RULES) {
    if (!rule.matches(outcome, context)) continue;
    const retryAfterMs =
      rule.honourRetryAfter && outcome.kind === "answer" ? parseRetryAfterMs(outcome.retryAfter, now) : undefined;
    return { retry: rule.retry, ...(rule.resolve ? { resolve: true } : {}), rule: rule.name, retryAfterMs };
  }
  return { retry: false, rule: "no rule matched" };
}

/**
 * The outcome an error stands for. Besides the client's public errors this accepts any object
 * with a numeric `status` (the transport's internal answer error) and raw network errors.
 */
export function outcomeOf(error: unknown): AttemptOutcome {
  if (error instanceof NmsApiError) return { kind: "answer", status: error.status, retryAfter: error.retryAfter };
  if (error instanceof NmsNetworkError) return { kind: "no-answer", error: error.cause };
  if (error instanceof Error && typeof (error as { status?: unknown }).status === "number") {
    const { status, retryAfter } = error as Error & { status: number; retryAfter?: unknown };
    return { kind: "answer", status, retryAfter: typeof retryAfter === "string" ? retryAfter : undefined };
  }
  return { kind: "no-answer", error };
}

/**
 * Failures that prove the request never reached the service: the connection was never made.
 * Every other failure without an answer (reset, timeout, a body that never arrived) may have
 * come after the service received, and acted on, the request.
 */
const NEVER_SENT_CODES: readonly string[] = [
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
  "UND_ERR_CONNECT_TIMEOUT",
];

/**
 * True when the attempt may have changed something on the service although it failed: no
 * answer after the connection was made, or a 5xx (an internal error, or a gateway's 502/503/504
 * in front of a service that may have acted). A 429 or other 4xx is a clean refusal. A retried
 * write after such an attempt may be applied twice, which is why a write with a request record
 * is resolved from that record instead (the first rule of RETRY_RULES).
 */
export function isAmbiguousOutcome(outcome: AttemptOutcome): boolean {
  if (outcome.kind === "answer") return outcome.status >= 500 && outcome.status <= 599;
  const code = networkErrorCode(outcome.error);
  return code === undefined || !NEVER_SENT_CODES.includes(code);
}

/**
 * True when the request of such an attempt may still reach the service after the attempt ended: the exchange
 * ended without the service's answer (a reset, our own deadline), or a gateway said the service did not answer
 * it in time or properly (502, 504). A service that answered (500, 503) is done with the request.
 */
export function mayStillArrive(outcome: AttemptOutcome): boolean {
  if (outcome.kind === "answer") return outcome.status === 502 || outcome.status === 504;
  return isAmbiguousOutcome(outcome);
}

/** The attempt ended by a deadline (ours, or a gateway's 504): the service may be slower than usual with it. */
export function endedByDeadline(outcome: AttemptOutcome): boolean {
  if (outcome.kind === "answer") return outcome.status === 504;
  const code = networkErrorCode(outcome.error);
  return (
    code === "NMS_ATTEMPT_TIMEOUT" ||
    code === "ETIMEDOUT" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  );
}

/** The rule list applied to an error that has already been raised (used by the waiter). */
export function isRetryableError(error: unknown): boolean {
  return decideRetry(outcomeOf(error)).retry;
}

/** The first Node or undici error code found on the error, its causes or aggregated errors. */
export function networkErrorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || error === null || typeof error !== "object") return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code.length > 0) return code;
  const nested = (error as { errors?: unknown }).errors;
  if (Array.isArray(nested)) {
    for (const inner of nested) {
      const innerCode = networkErrorCode(inner, depth + 1);
      if (innerCode) return innerCode;
    }
  }
  return networkErrorCode((error as { cause?: unknown }).cause, depth + 1);
}

export function isTransientNetworkError(error: unknown): boolean {
  const code = networkErrorCode(error);
  if (code === undefined) return false;
  if (code.startsWith("UND_ERR_")) return !NON_TRANSIENT_UNDICI_CODES.includes(code);
  return TRANSIENT_NETWORK_CODES.includes(code);
}

/** Retry-After as milliseconds: delta-seconds ("120") or an HTTP date. Undefined if absent or unreadable. */
export function parseRetryAfterMs(header: string | undefined, now: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Capped exponential backoff with full jitter: uniform in [0, min(max, base·2^retryIndex)]. */
export function fullJitterBackoffMs(
  retryIndex: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** retryIndex);
  return Math.round(random() * ceiling);
}

export interface RetryPolicy {
  /** Retries after the first attempt (so at most retries + 1 attempts). */
  readonly retries: number;
  readonly baseMs: number;
  readonly maxMs: number;
}

/** A Retry-After longer than this many backoff caps is clamped: a broken header must not stall a deployment. */
export const RETRY_AFTER_CAP_FACTOR = 6;

/** Delay before retry number `retryIndex` (0 for the first retry) after a failure the rules retry. */
export function retryDelayMs(decision: RetryDecision, retryIndex: number, policy: RetryPolicy): number {
  if (decision.retryAfterMs !== undefined)
    return Math.min(decision.retryAfterMs, policy.maxMs * RETRY_AFTER_CAP_FACTOR);
  return fullJitterBackoffMs(retryIndex, policy.baseMs, policy.maxMs);
}

export interface RetryNotice {
  /** Attempt that just failed, from 1. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly delayMs: number;
  readonly rule: string;
  readonly error: unknown;
}

export interface RunWithRetriesOptions {
  readonly policy: RetryPolicy;
  /** What the rules know of the request (a write sent at most once). */
  readonly context?: AttemptContext;
  /** Cancels waiting and further attempts; the abort reason is what the run rejects with. */
  readonly signal?: AbortSignal;
  readonly onRetry?: (notice: RetryNotice) => void;
  /** True when no attempt should follow this failure whatever the rules say (the service unreachable too long). */
  readonly giveUp?: (error: unknown) => boolean;
}

/**
 * Runs `attempt` until it succeeds, the rules say stop, or the retries are used up; rejects with
 * the last attempt's own error (annotated by p-retry with `attemptNumber`). Backoff is applied
 * here rather than by p-retry's timer because the delay depends on the failure (Retry-After).
 */
export function runWithRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RunWithRetriesOptions,
): Promise<T> {
  const { policy, signal, onRetry, giveUp, context = {} } = options;
  const maxAttempts = policy.retries + 1;
  return pRetry(
    async (attemptNumber) => {
      throwIfAborted(signal);
      try {
        return await attempt(attemptNumber);
      } catch (thrown) {
        if (signal?.aborted) throw new pRetry.AbortError(asError(signal.reason));
        const error = asError(thrown);
        if (!decideRetry(outcomeOf(error), context).retry || giveUp?.(error)) {
          annotateAttempts(error, attemptNumber);
          throw new pRetry.AbortError(asError(error));
        }
        throw error;
      }
    },
    {
      retries: policy.retries,
      // p-retry's own timer is switched off (0 ms); onFailedAttempt sleeps for the real delay.
      minTimeout: 0,
      maxTimeout: 0,
      factor: 1,
      randomize: false,
      onFailedAttempt: async (failure) => {
        // Out of retries: reject with this attempt's error (p-retry would pick the most frequent one).
        if (failure.retriesLeft <= 0) throw failure;
        const decision = decideRetry(outcomeOf(failure), context);
        const delayMs = retryDelayMs(decision, failure.attemptNumber - 1, policy);
        onRetry?.({ attempt: failure.attemptNumber, maxAttempts, delayMs, rule: decision.rule, error: failure });
        await sleep(delayMs, signal);
      },
    },
  );
}

function annotateAttempts(error: unknown, attemptNumber: number): void {
  if (error !== null && typeof error === "object") (error as { attemptNumber?: number }).attemptNumber = attemptNumber;
}

/**
 * `value` as an Error of this realm. p-retry rejects anything that fails `instanceof Error`, and
 * errors made by Node itself fail that test when this code runs in another realm (a vm context,
 * as under jest); such an error is wrapped, keeping its code and the original as cause.
 */
function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  const message =
    value !== null && typeof value === "object" && typeof (value as { message?: unknown }).message === "string"
      ? (value as { message: string }).message
      : String(value);
  const wrapped = new Error(message, { cause: value });
  const code = networkErrorCode(value);
  if (code !== undefined) (wrapped as Error & { code?: string }).code = code;
  return wrapped;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new pRetry.AbortError(asError(signal.reason));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(asError(signal.reason));
      return;
    }
    // Declared before the callbacks that use it: Pulumi's closure serializer rejects a function
    // whose inner closures refer to a variable declared later.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(asError(signal?.reason));
    };
    timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
