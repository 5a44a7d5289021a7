// Writes the service keeps a request record of (every async write, and the 201 writes createGuestUsers and importGuestUsers):
// each is applied once. Every such write carries an x-request-id the provider chose (a create's is
// derived from the create itself, provider/lifecycle/createRequestId.ts; any other write's is a fresh UUID),
// which the service makes the ID of the write's request record (emulator/README.md "Decisions").
//
// When an attempt's outcome is unknown (no answer after the connection was made, or a 5xx: the first
// rule of retry.ts), the write is never sent again blind. Its record (getRequest) tells what became of it:
// - the service holds it: the write was taken; PENDING is waited for (the waiter), SUCCESS and FAIL
//   are its outcome. Nothing is sent again.
// - the service holds no record: it is sent again, with the same request ID, only when getRequest still
//   answers 404 unknownOutcomeGraceMs after the attempt ended (at least requestTimeoutMs when the
//   attempt ended by a deadline, ours or a gateway's 504; at once when the service itself answered
//   500 or 503, which ends its handling of the request).
// Why that is safe: the service makes a write's record when it takes the write, before it answers
// (the 202 names the record), so a write it took has a record by the time getRequest is asked. A request still
// on its way when the connection broke (in a gateway's hands) is taken within the grace or not at all;
// should it come later all the same, the service names the later of the two by a fresh ID, which the
// resend's answer shows (logged as a warning). A record older than the write's first attempt (an ID a
// create used before: the same create made again after a destroy) is not this write's, and then the
// outcome stays unknown: the write fails with that said, never sent again.
import type { AsyncAccepted, RequestRecord } from "../../contract/requestRecord";
import type { RouteDef } from "../../contract/routes";
import { scrubEntry } from "./answers";
import { isNotFound, NmsError } from "./errors";
import type { Exchange, PreparedRequest } from "./exchange";
import {
  decideRetry,
  endedByDeadline,
  fullJitterBackoffMs,
  mayStillArrive,
  networkErrorCode,
  outcomeOf,
  sleep,
  type AttemptOutcome,
} from "./retry";
import { headerValue, type HttpAnswer } from "./transport";

/** A submitted write: accepted (its answer), or held (the answer was lost; the service's record of it, as getRequest gave it). */
export type Submitted<T> =
  | { readonly kind: "accepted"; readonly accepted: AsyncAccepted<T> }
  | { readonly kind: "held"; readonly record: RequestRecord };

/**
 * How far a record's timestamp may sit before the write's first attempt, by the service's clock, and still be the
 * write's: the Date header gives the service's time to the second.
 */
const CLOCK_TOLERANCE_MS = 1_000;

/** A write whose answer carries a requestId the service keeps a record under: async (202), or applied at once (201). */
export function keepsRequestRecord(route: RouteDef): boolean {
  return route.async || route.success === 201;
}

/**
 * Sends a write with a request record (request.requestId set) and reads its answer `{requestId, response?}`;
 * an attempt whose outcome is unknown is resolved from the record (see the top of this file).
 */
export async function submitPrepared<T>(ex: Exchange, request: PreparedRequest): Promise<Submitted<T>> {
  const label = request.operation;
  const requestId = request.requestId;
  if (requestId === undefined) throw new NmsError(`${label}: a write with a request record is sent with a request ID`);
  const firstSentAt = Date.now();
  const maxSends = ex.settings.retry.retries + 1;
  for (let sends = 1; ; sends++) {
    let answer: HttpAnswer;
    try {
      answer = await ex.exchange(request, undefined, true);
    } catch (error) {
      const outcome = outcomeOf(error);
      if (!decideRetry(outcome, { sentOnce: true }).resolve || ex.closing.signal.aborted) throw error;
      const held = await findOwnRecord(ex, request, requestId, firstSentAt, outcome, error);
      if (held) return { kind: "held", record: held };
      if (sends >= maxSends) {
        throw new NmsError(
          ex.redact(
            `${(error as Error).message}; the service holds no request ${requestId}: the write was not applied (sent ${sends} times)`,
            request.secrets,
          ),
          {
            cause: error,
          },
        );
      }
      // The service answered 500 or 503 without taking the write: back off as the retry rules would.
      const pauseMs = mayStillArrive(outcome)
        ? 0
        : fullJitterBackoffMs(sends - 1, ex.settings.retry.baseMs, ex.settings.retry.maxMs);
      ex.log(
        "info",
        `${label}: the service holds no request ${requestId}: it never took the write; sending it again with the same request ID (retrying in ${pauseMs} ms)`,
      );
      ex.counters.retries += 1;
      await sleep(pauseMs, ex.closing.signal);
      continue;
    }
    const parsed = ex.schemas.accepted.safeParse(ex.parseJson(request, answer));
    if (!parsed.success) {
      throw new NmsError(
        `${label}: expected ${request.route.success} {requestId, response?}, got HTTP ${answer.status} without a requestId`,
      );
    }
    if (answer.status !== request.route.success)
      ex.log("warn", `${label}: answered HTTP ${answer.status} instead of ${request.route.success}`);
    if (sends > 1 && parsed.data.requestId !== requestId) {
      ex.log(
        "warn",
        `${label}: sent again after the service held no request ${requestId}, it was named ${parsed.data.requestId}: ` +
          `the first attempt may have reached the service after all, late; request ${requestId} tells`,
      );
    }
    const accepted: AsyncAccepted<T> = { requestId: parsed.data.requestId };
    if (parsed.data.response !== undefined) accepted.response = parsed.data.response as T;
    return { kind: "accepted", accepted };
  }
}

/**
 * The write's own record after an attempt whose outcome is unknown, or undefined when the service provably holds
 * none (404 now and, where the request may still be on its way, again after the grace). Throws when the record
 * under the ID is not this write's (another administrator's, or older than the write), or cannot be read.
 */
async function findOwnRecord(
  ex: Exchange,
  request: PreparedRequest,
  requestId: string,
  firstSentAt: number,
  outcome: AttemptOutcome,
  failure: unknown,
): Promise<RequestRecord | undefined> {
  const label = request.operation;
  const why = describeOutcome(outcome);
  const unknown = (detail: string, cause?: unknown) =>
    new NmsError(
      ex.redact(
        `${label}: ${why}; ${detail}: whether the write was applied cannot be told, and it was not sent again`,
        request.secrets,
      ),
      {
        cause: cause ?? failure,
      },
    );
  let read: OwnRecordRead | undefined;
  try {
    read = await readRequestRecord(ex, requestId, request.tenantId);
    if (!read && mayStillArrive(outcome)) {
      const graceMs = endedByDeadline(outcome)
        ? Math.max(ex.settings.unknownOutcomeGraceMs, ex.settings.requestTimeoutMs)
        : ex.settings.unknownOutcomeGraceMs;
      ex.log(
        "info",
        `${label}: ${why}; the service holds no request ${requestId} yet: looking again in ${graceMs} ms before sending it again`,
      );
      await sleep(graceMs, ex.closing.signal);
      read = await readRequestRecord(ex, requestId, request.tenantId);
    }
  } catch (error) {
    if (ex.closing.signal.aborted) throw error;
    throw unknown(
      `its request record ${requestId} could not be read (${error instanceof Error ? error.message : String(error)})`,
      error,
    );
  }
  if (!read) return undefined;
  const { record, serviceNow } = read;
  if (record.admin !== ex.settings.username)
    throw unknown(`request ${requestId} is another administrator's (${record.admin})`);
  // The service's time when the write was first sent, by its own clock: what this write made is no older.
  const sentAt = serviceNow === undefined ? undefined : serviceNow - (Date.now() - firstSentAt);
  const madeAt = Date.parse(record.timestamp);
  if (sentAt !== undefined && Number.isFinite(madeAt) && madeAt < sentAt - CLOCK_TOLERANCE_MS) {
    throw unknown(
      `request ${requestId} is an earlier request (of ${record.timestamp}), so the service named this one otherwise`,
    );
  }
  ex.log(
    "info",
    `${label}: ${why}, but the service holds request ${requestId} (${record.status}): resolved from its request record, not sent again`,
  );
  return record;
}

interface OwnRecordRead {
  record: RequestRecord;
  /** The service's time when it answered (its Date header), in epoch milliseconds. */
  serviceNow?: number;
}

/** getRequest in the tenant the write was made in (its record is that tenant's), with the client's retries; undefined on 404. */
async function readRequestRecord(
  ex: Exchange,
  requestId: string,
  tenantId: string,
): Promise<OwnRecordRead | undefined> {
  const request = ex.prepare("getRequest", { requestId }, undefined, tenantId);
  let answer: HttpAnswer;
  try {
    answer = await ex.exchange(request);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const record = parseRequestRecord(ex, ex.parseJson(request, answer));
  if (!record) throw new NmsError(`getRequest: request ${requestId}: the answer is not a request record`);
  const date = Date.parse(headerValue(answer.headers, "date") ?? "");
  return { record, serviceNow: Number.isFinite(date) ? date : undefined };
}

/** A request record with secret values scrubbed from its errors; undefined if `raw` is none. */
export function parseRequestRecord(ex: Exchange, raw: unknown): RequestRecord | undefined {
  const parsed = ex.schemas.requestRecord.safeParse(raw);
  if (!parsed.success) return undefined;
  const record = parsed.data as unknown as RequestRecord;
  if (record.errors) {
    record.errors = record.errors.map((entryRaw) => {
      const { entry, secretValues } = scrubEntry(entryRaw);
      return ex.redactEntryText(entry, secretValues);
    });
  }
  return record;
}

function describeOutcome(outcome: AttemptOutcome): string {
  if (outcome.kind === "answer") return `HTTP ${outcome.status} (the service may have acted on it)`;
  const code = networkErrorCode(outcome.error);
  return `no answer${code ? ` (${code})` : ""}`;
}
