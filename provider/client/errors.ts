// The errors the client raises. Every message names the operation (its name says what it does), and what the
// service said (HTTP status, code, message, requestId, request-record details), because that is
// what a user reads in `pulumi up` output. Messages are built by the client and pass through
// secret redaction there (see secrets.ts); the classes only carry the parts.

import { ERROR_CODES, STATUS_OF_CATEGORY, type ApiErrorEntry } from "../../contract/errors";
import type { RequestRecord } from "../../contract/requestRecord";

/** What went wrong, for callers that prefer a switch to instanceof. */
export type NmsErrorKind = "client" | "api" | "network" | "request-failed" | "wait-timeout";

// These classes are written for Pulumi's closure serializer (docs/pulumi-facts.md, "Closure serialization of dynamic providers"), which re-creates a
// class from its constructor and methods: it calls `Error` as a plain function (so nothing is set
// on `this`), loses `new.target`, and links a subclass's prototype to its parent's only when
// the subclass has a method or accessor. Hence every class sets its own name, message, cause and
// stack, and each has a `kind` accessor.

/** Base of every error the client raises (also used alone for misuse, bad options, a closed client). */
export class NmsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NmsError";
    this.message = message;
    if (options?.cause !== undefined && !Object.hasOwn(this, "cause")) {
      Object.defineProperty(this, "cause", {
        value: options.cause,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    }
    if (this.stack === undefined) Error.captureStackTrace?.(this);
  }

  get kind(): NmsErrorKind {
    return "client";
  }
}

export interface NmsApiErrorDetails {
  operation: string;
  status: number;
  errors: ApiErrorEntry[];
  requestId?: string;
  method?: string;
  path?: string;
  /** HTTP attempts made before giving up (1 when the answer was not retryable). */
  attempts?: number;
  /** The Retry-After header of the answer, as sent. */
  retryAfter?: string;
}

/** The service answered with a non-2xx status (after any retries the rules allow). */
export class NmsApiError extends NmsError {
  readonly operation: string;
  readonly status: number;
  /** Code of the first error entry, e.g. "WIFI-10100". */
  readonly code?: string;
  readonly requestId?: string;
  /** Error entries as the service sent them, with secret values replaced by "***". */
  readonly errors: ApiErrorEntry[];
  readonly method?: string;
  readonly path?: string;
  readonly attempts: number;
  readonly retryAfter?: string;

  constructor(message: string, details: NmsApiErrorDetails) {
    super(message);
    this.operation = details.operation;
    this.status = details.status;
    this.errors = details.errors;
    this.code = details.errors[0]?.code;
    this.requestId = details.requestId;
    this.method = details.method;
    this.path = details.path;
    this.attempts = details.attempts ?? 1;
    this.retryAfter = details.retryAfter;
    this.name = "NmsApiError";
  }

  override get kind(): NmsErrorKind {
    return "api";
  }
}

/** No HTTP answer at all (connection refused or reset, timeouts) after every allowed attempt. */
export class NmsNetworkError extends NmsError {
  readonly operation: string;
  readonly attempts: number;
  /** Node or undici error code of the last failure, e.g. "ECONNREFUSED", "UND_ERR_HEADERS_TIMEOUT". */
  readonly errorCode?: string;

  constructor(message: string, details: { operation: string; attempts: number; errorCode?: string; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.operation = details.operation;
    this.attempts = details.attempts;
    this.errorCode = details.errorCode;
    this.name = "NmsNetworkError";
  }

  override get kind(): NmsErrorKind {
    return "network";
  }
}

/** An async request's record ended in FAIL. */
export class NmsRequestFailedError extends NmsError {
  readonly operation: string;
  readonly requestId: string;
  readonly record: RequestRecord;
  /** Code of the record's first error entry, when the record carries one. */
  readonly code?: string;

  constructor(message: string, details: { operation: string; requestId: string; record: RequestRecord }) {
    super(message);
    this.operation = details.operation;
    this.requestId = details.requestId;
    this.record = details.record;
    this.code = details.record.errors?.[0]?.code;
    this.name = "NmsRequestFailedError";
  }

  override get kind(): NmsErrorKind {
    return "request-failed";
  }
}

/** An async request was still not finished when the wait deadline passed. */
export class NmsWaitTimeoutError extends NmsError {
  readonly operation: string;
  readonly requestId: string;
  readonly waitedMs: number;
  /** Status of the last successful poll, or "unknown" when no poll succeeded. */
  readonly lastStatus: string;
  /**
   * The `response` of the 202 that accepted the write, when the wait was for one: for a create it names the object
   * the service will have once the request finishes. Set by NmsClient.execute, not enumerable: it may hold the
   * secrets of the body, and an error is printed whole by util.inspect.
   */
  declare acceptedResponse?: unknown;

  constructor(
    message: string,
    details: { operation: string; requestId: string; waitedMs: number; lastStatus: string },
  ) {
    super(message);
    this.operation = details.operation;
    this.requestId = details.requestId;
    this.waitedMs = details.waitedMs;
    this.lastStatus = details.lastStatus;
    this.name = "NmsWaitTimeoutError";
  }

  override get kind(): NmsErrorKind {
    return "wait-timeout";
  }
}

/**
 * True when the error says the object does not exist: a 404 answer, or an async request that
 * failed with a code of the NotFound category (e.g. deleting what someone else already deleted).
 * Read and delete use it to treat "gone" as a result rather than a failure.
 */
export function isNotFound(e: unknown): boolean {
  if (e instanceof NmsApiError) return e.status === STATUS_OF_CATEGORY.NotFound;
  if (e instanceof NmsRequestFailedError && e.code !== undefined) {
    const def = ERROR_CODES[e.code];
    return def !== undefined && def.category === "NotFound";
  }
  return false;
}

/** One-line text of error entries: "WIFI-10100 PSK passphrase is required [wlan.passphrase]". */
export function formatErrorEntries(entries: readonly ApiErrorEntry[], limit = 5): string {
  const shown = entries.slice(0, limit).map((entry) => {
    const parts = [entry.code, entry.message].filter((part) => typeof part === "string" && part.length > 0);
    let text = parts.join(" ");
    if (entry.object) text += ` [${entry.object}]`;
    if (entry.value !== undefined) text += ` (value: ${truncate(safeJson(entry.value), 120)})`;
    return text;
  });
  if (entries.length > limit) shown.push(`and ${entries.length - limit} more`);
  return shown.join("; ");
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

function safeJson(value: unknown): string {
  try {
    return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}
