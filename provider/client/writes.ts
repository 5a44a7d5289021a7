// Async writes: send, read the 202, and keep a write whose answer was lost from becoming a
// duplicate (recover() before any re-send, and after a 409 to a re-send).
import type { AsyncAccepted, RequestRecord } from "../../contract/requestRecord";
import { describeOperation, isNotFound, NmsApiError, NmsError } from "./errors";
import { Exchange, type PreparedRequest, type SendOutcome, type WriteAttempts } from "./exchange";
import { sleep } from "./retry";

/** A submitted write: accepted (202), or already done as far as recover() could tell. */
export type Submitted<T> = { readonly kind: "accepted"; readonly accepted: AsyncAccepted<T> } | { readonly kind: "recovered"; readonly value: T };


/**
 * Sends an async write and reads its 202. With `recover` (POST only), an ambiguous attempt is
 * followed by recover() before any re-send; a 409 to a re-send (the service keeps the name
 * reserved while the first request is pending) leads to recover() and a re-send with back-off
 * until recover() finds the object or waitTimeoutMs passes.
 */
export async function submitPrepared<T>(ex: Exchange, request: PreparedRequest, recover: (() => Promise<T | undefined>) | undefined): Promise<Submitted<T>> {
  const label = describeOperation(request.operation);
  const write: WriteAttempts = { ambiguous: false, recover: request.method === "POST" ? recover : undefined };
  const startedAt = Date.now();
  const deadlineAt = startedAt + ex.settings.waitTimeoutMs;
  for (let conflictRound = 0; ; conflictRound++) {
    let outcome: SendOutcome;
    try {
      outcome = await ex.exchangeOutcome(request, undefined, write);
    } catch (error) {
      if (!write.ambiguous || ex.closing.signal.aborted) throw error;
      if (error instanceof NmsApiError && error.status === 409 && write.recover) {
        const now = Date.now();
        if (now >= deadlineAt) throw conflictNotRecovered(ex, error, now - startedAt);
        const pauseMs = Math.min(deadlineAt - now, conflictPauseMs(ex, conflictRound));
        ex.log("info", `${label}: HTTP 409 after an earlier attempt may have gone through; looking for the object again in ${pauseMs} ms`);
        await sleep(pauseMs, ex.closing.signal);
        ex.counters.retries += 1;
        continue; // the next attempt calls recover() first, and re-sends only if it finds nothing
      }
      if (write.recover) {
        // Out of retries, but the object may exist all the same: one last look.
        const found = await ex.tryRecover(write, request);
        if (found !== undefined) return { kind: "recovered", value: found as T };
      }
      if (request.method === "DELETE" && isNotFound(error)) {
        ex.log("info", `${label}: HTTP 404 after an earlier attempt may have gone through: that attempt probably deleted it`);
      }
      throw error;
    }
    if (outcome.kind === "recovered") return { kind: "recovered", value: outcome.value as T };
    const { answer } = outcome;
    const parsed = ex.schemas.accepted.safeParse(ex.parseJson(request, answer));
    if (!parsed.success) {
      throw new NmsError(`${label}: expected 202 {requestId, response?}, got HTTP ${answer.status} without a requestId`);
    }
    if (answer.status !== 202) ex.log("warn", `${label}: async operation answered HTTP ${answer.status} instead of 202`);
    const accepted: AsyncAccepted<T> = { requestId: parsed.data.requestId };
    if (parsed.data.response !== undefined) accepted.response = parsed.data.response as T;
    return { kind: "accepted", accepted };
  }
}


/** Pause before re-sending after a 409: pollInitialMs doubling up to pollMaxMs, drawn from [d/2, d]. */
export function conflictPauseMs(ex: Exchange, round: number): number {
  const ceiling = Math.min(ex.settings.pollMaxMs, ex.settings.pollInitialMs * 2 ** Math.min(round, 30));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}


export function conflictNotRecovered(ex: Exchange, error: NmsApiError, waitedMs: number): NmsApiError {
  const message =
    `${error.message}; an earlier attempt may have gone through, but recover() did not find the object ` +
    `within ${waitedMs} ms (waitTimeoutMs ${ex.settings.waitTimeoutMs})`;
  return new NmsApiError(ex.redact(message), {
    operation: error.operation,
    status: error.status,
    errors: error.errors,
    requestId: error.requestId,
    method: error.method,
    path: error.path,
    attempts: error.attempts,
    retryAfter: error.retryAfter,
  });
}


/** What execute() reports for a write recover() found: a SUCCESS record made up by the client. */
export function recoveredRecord(ex: Exchange, request: PreparedRequest, value: unknown): RequestRecord {
  const id = value !== null && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return {
    admin: ex.settings.username,
    count: 1,
    entityId: typeof id === "string" || typeof id === "number" ? String(id) : "",
    method: request.method,
    requestId: "recovered",
    serviceName: request.route.service,
    status: "SUCCESS",
    tenantId: request.tenantId,
    timestamp: new Date().toISOString(),
  };
}
