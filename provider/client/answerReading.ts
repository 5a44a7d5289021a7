// Reading the service's answers: the JSON of a 2xx answer, and the error a call ends with (a refused call's
// NmsApiError with the service's error entries, a call without answer's NmsNetworkError), every secret kept out of
// their text. The HTTP layer (exchange.ts) hands each answer here.
import type { ApiErrorEntry } from "../../contract/errors";
import { scrubEntry, tryParseJson } from "./answers";
import { formatErrorEntries, NmsApiError, NmsError, NmsNetworkError, truncate } from "./errors";
import type { Reachability } from "./reachability";
import type { PreparedRequest } from "./request";
import { networkErrorCode } from "./retry";
import { scrubSecretFields } from "./secrets";
import { headerValue, HttpAnswerError, type HttpAnswer } from "./transport";
import type { WireSchemas } from "./wire";

/** What reading an answer needs of the exchange. */
export interface AnswerReader {
  readonly schemas: WireSchemas;
  /** Aborted by close(). */
  readonly closing: AbortController;
  readonly reachability: Reachability;
  redact(text: string, extra?: Iterable<string>): string;
  redactEntryText(entry: ApiErrorEntry, secrets: Iterable<string>): ApiErrorEntry;
}

/** The error a call ends with, from the last attempt's failure. */
export function publicErrorOf(
  ex: AnswerReader,
  error: unknown,
  request: PreparedRequest,
  signal: AbortSignal | undefined,
): unknown {
  const label = request.operation;
  const attempts = (error as { attemptNumber?: number } | null)?.attemptNumber ?? 1;
  if (error instanceof HttpAnswerError) return apiErrorOf(ex, request, error.answer, attempts);
  if (ex.closing.signal.aborted)
    return new NmsError(`${label}: cancelled because the client was closed`, { cause: error });
  if (error instanceof NmsError) return error;
  // The caller's own cancellation (e.g. the waiter's deadline) goes back as the caller's reason.
  if (signal?.aborted) return signal.reason;
  const code = networkErrorCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  const unreachable = ex.reachability.unreachable();
  const message =
    `${label} (${request.method} ${request.path}${request.requestId ? `, x-request-id ${request.requestId}` : ""}): no answer from the service after ${attempts} ` +
    `attempt${attempts === 1 ? "" : "s"}: ${code ? `${code} ` : ""}${detail}${unreachable ? `; ${unreachable.description}` : ""}`;
  return new NmsNetworkError(ex.redact(message, request.secrets), {
    operation: request.operation,
    attempts,
    errorCode: code,
    cause: error,
  });
}

/** The error of a refused call, with the service's error entries. */
export function apiErrorOf(
  ex: AnswerReader,
  request: PreparedRequest,
  answer: HttpAnswer,
  attempts: number,
): NmsApiError {
  const secrets = new Set(request.secrets);
  let entries: ApiErrorEntry[] = [];
  let requestId: string | undefined;
  const body = tryParseJson(answer.text);
  const parsed = ex.schemas.errorBody.safeParse(body);
  if (parsed.success) {
    requestId = parsed.data.requestId;
    entries = parsed.data.errors.map((raw) => {
      const { entry, secretValues } = scrubEntry(raw as ApiErrorEntry);
      for (const value of secretValues) secrets.add(value);
      return entry;
    });
    // The service may echo a secret in the text of an entry too.
    entries = entries.map((entry) => ex.redactEntryText(entry, secrets));
  }
  const details =
    entries.length > 0
      ? formatErrorEntries(entries)
      : answer.text.trim() !== ""
        ? `unexpected answer: ${truncate(JSON.stringify(scrubSecretFields(body)) ?? answer.text, 200)}`
        : "no error details";
  const where = `${request.method} ${request.path}${attempts > 1 ? `, ${attempts} attempts` : ""}`;
  const message =
    `${request.operation} failed with HTTP ${answer.status}: ${details}` +
    `${requestId ? ` (requestId ${requestId})` : ""} [${where}]`;
  return new NmsApiError(ex.redact(message, secrets), {
    operation: request.operation,
    status: answer.status,
    errors: entries,
    requestId,
    method: request.method,
    path: request.path,
    attempts,
    retryAfter: headerValue(answer.headers, "retry-after"),
  });
}

/** The JSON of an answer; undefined when it is empty. */
export function parseJsonAnswer(ex: AnswerReader, request: PreparedRequest, answer: HttpAnswer): unknown {
  if (answer.text.trim() === "") return undefined;
  try {
    return JSON.parse(answer.text);
  } catch {
    const contentType = headerValue(answer.headers, "content-type") ?? "no content-type";
    throw new NmsError(
      ex.redact(
        `${request.operation}: HTTP ${answer.status} answer is not JSON (${contentType}): ` +
          truncate(answer.text, 120),
        request.secrets,
      ),
    );
  }
}

/** A failed attempt in a retry notice. */
export function describeFailureOf(ex: AnswerReader, error: unknown, request: PreparedRequest): string {
  if (error instanceof HttpAnswerError) return error.describe();
  const code = networkErrorCode(error);
  return ex.redact(code ?? (error instanceof Error ? error.message : String(error)), request.secrets);
}
