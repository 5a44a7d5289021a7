// The one error type of the emulator. Whatever the layer (auth, validation, model, apply), a
// failure is an ApiError carrying codes from the shared catalogue; the server turns it into the
// service's error body, and the async tracker into a FAIL record.
import {
  type ApiErrorEntry,
  ERROR_CODES,
  type FieldFailure,
  mayHoldSecret,
  RESERVED_FIELD_RULE,
  reservedFieldPath,
  statusOfCode,
} from "../../contract";

/**
 * Codes of the emulator's own surfaces (the admin API, the file store behind getUploadUrl and getDownloadUrl, the page),
 * which the service's catalogue has no entry for: each carries its own status (emulator/README.md,
 * "What the emulator protects").
 */
const EMULATOR_ERROR_CODES: Readonly<Record<string, { status: number; message: string }>> = {
  "EMU-MISDIRECTED": {
    status: 421,
    message:
      "the emulator answers only requests addressed to the address it was started on or a loopback name (the admin API: loopback names only)",
  },
  "EMU-FOREIGN-ORIGIN": {
    status: 403,
    message: "the emulator takes no write (and the admin API no call) from a page of another origin",
  },
  "EMU-UNSUPPORTED-MEDIA-TYPE": {
    status: 415,
    message: "a state-changing admin call must be sent as application/json",
  },
  "EMU-METHOD-NOT-ALLOWED": { status: 405, message: "method not allowed here" },
  "EMU-BAD-SIGNATURE": { status: 403, message: "unknown file or wrong signature" },
  "EMU-SERVICE-HEADERS": {
    status: 403,
    message: "the file location must be called without the service's cookie or headers",
  },
  "EMU-UPLOAD-TOO-LARGE": { status: 413, message: "the file is larger than the store takes" },
  "EMU-UPLOAD-QUOTA": { status: 413, message: "the tenant's uploaded files would exceed its quota" },
};

export interface ErrorDetail {
  message?: string;
  object?: string;
  value?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly entries: ApiErrorEntry[];
  /** Extra answer headers (Retry-After of a 429). */
  headers?: Record<string, string>;

  constructor(code: string, detail: ErrorDetail = {}) {
    const own = EMULATOR_ERROR_CODES[code];
    const message = detail.message ?? own?.message ?? ERROR_CODES[code]?.message ?? code;
    super(message);
    this.status = own?.status ?? statusOfCode(code);
    this.entries = [entry(code, message, detail.object, detail.value)];
  }

  /** Several failures in one answer; the status is that of the first. */
  static many(entries: ApiErrorEntry[]): ApiError {
    const error = new ApiError(entries[0].code, entries[0]);
    error.entries.splice(0, 1, ...entries);
    return error;
  }
}

/** The longest string value an error entry repeats; a longer one is cut (a client only needs to recognise it). */
const MAX_ECHOED_STRING = 256;
/** The longest list of plain values an error entry repeats. */
const MAX_ECHOED_ITEMS = 64;

function entry(code: string, message: string, object?: string, value?: unknown): ApiErrorEntry {
  const out: ApiErrorEntry = { code, message };
  if (object !== undefined) out.object = object;
  const echoed = echoable(value);
  // Never a value of a secret field, wherever it sits: at the field, below it, or where an object holding one is
  // expected (authRadius.primary given the shared secret itself).
  if (echoed !== undefined && !mayHoldSecret(object, value)) out.value = echoed;
  return out;
}

/**
 * Only a plain value, or a short list of them, is repeated in an error: an object may hold secrets
 * below the field the error names (a RADIUS server's sharedSecret under authRadius), and a hostile
 * body can nest deeper than JSON.stringify can follow.
 */
function echoable(value: unknown): unknown {
  if (typeof value === "string")
    return value.length > MAX_ECHOED_STRING ? `${value.slice(0, MAX_ECHOED_STRING)}…` : value;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return value;
  if (
    Array.isArray(value) &&
    value.length <= MAX_ECHOED_ITEMS &&
    value.every((item) => item === null || ["string", "number", "boolean"].includes(typeof item))
  ) {
    return value.map(echoable);
  }
  return undefined;
}

/** The value at a path written the way formatPath writes it (a.b[0].c). */
export function valueAtPath(root: unknown, path: string): unknown {
  if (path === "") return root;
  let current: unknown = root;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (current === null || typeof current !== "object") return undefined;
    const index = /^\[(\d+)\]$/.exec(part);
    current = index ? (current as unknown[])[Number(index[1])] : (current as Record<string, unknown>)[part];
  }
  return current;
}

/** One error entry per failed field rule, with the offending value unless it is a secret. */
export function validationError(failures: FieldFailure[], body: unknown): ApiError {
  return ApiError.many(
    failures.map((f) => entry(f.code ?? "NMS-VALIDATION", f.message, f.path, valueAtPath(body, f.path))),
  );
}

export function badRequest(message: string, object?: string): ApiError {
  return new ApiError("NMS-BAD-REQUEST", { message, object });
}

export function notFound(noun: string, object: string, id: string): ApiError {
  return new ApiError("NMS-NOT-FOUND", { message: `${noun} not found`, object, value: id });
}

/** 429 with the whole seconds after which a retry may succeed (HTTP wants an integer, at least 1 here). */
export function rateLimited(retryAfterSeconds: number, message?: string): ApiError {
  const error = new ApiError("NMS-RATE-LIMITED", { message });
  error.headers = { "retry-after": String(retryAfterSeconds) };
  return error;
}

export function relatedNotFound(noun: string, object: string, id: string): ApiError {
  return new ApiError("NMS-RELATED-NOT-FOUND", { message: `related ${noun} not found`, object, value: id });
}

/**
 * Refuses a body with a member named __proto__, constructor or prototype anywhere (400 naming its path): read as a
 * field by any copy of the body, it would set the copy's prototype. Every operation's body passes here first.
 */
export function refuseReservedFieldNames(body: unknown): void {
  const path = reservedFieldPath(body);
  if (path !== undefined) throw badRequest(RESERVED_FIELD_RULE, path);
}
