// Waiting for an async write's request record (getRequest) to leave PENDING.
//
// Callers depend only on RequestWaiter. The implementation here polls getRequest per request (the naive
// baseline, option waiter "per-request"); the client's default is the coalesced poller of
// coalescingWaiter.ts, which shares settleRecord/waitTimeoutError with it.

import type { RequestRecord } from "../../contract/requestRecord";
import { formatErrorEntries, NmsError, NmsRequestFailedError, NmsWaitTimeoutError } from "./errors";
import { isRetryableError, sleep } from "./retry";
import type { Unreachable } from "./reachability";
import { linkedAbort } from "./transport";

export interface RequestWaiter {
  /**
   * Resolves with the record once its status is SUCCESS. Rejects with NmsRequestFailedError on
   * FAIL, NmsWaitTimeoutError at the deadline, or the poll's own error when the retry rules say
   * polling again cannot help (e.g. 403, 404). `tenantId` names the tenant whose records hold the request, for a
   * waiter that serves a login's several tenants.
   */
  wait(requestId: string, operation: string, tenantId?: string): Promise<RequestRecord>;
  /**
   * Whether few requests wait, so that each is a step holding one of few slots (Pulumi's default parallelism): then
   * nothing gains by waiting for more work to gather. Undefined when the waiter cannot tell.
   */
  fewWaiting?(): boolean;
}

/** Reads one request record (getRequest), with the client's HTTP retries; aborts with the signal. */
export type RequestRecordReader = (requestId: string, signal: AbortSignal) => Promise<RequestRecord>;

export interface PollingWaiterOptions {
  /** Overall deadline of one wait. */
  readonly waitTimeoutMs: number;
  /** First pause between polls; doubles up to pollMaxMs. */
  readonly pollInitialMs: number;
  readonly pollMaxMs: number;
  /** Aborts every wait (client closed). */
  readonly signal?: AbortSignal;
  readonly log?: (level: "debug" | "info" | "warn", message: string) => void;
  /** Removes known secrets from message text. */
  readonly redact?: (text: string) => string;
  readonly random?: () => number;
  /** Set once the service has given no answer for too long (reachability.ts): the wait then ends with the reason. */
  readonly unreachable?: () => Unreachable | undefined;
}

/**
 * The record when it is SUCCESS, undefined while it is not finished; throws
 * NmsRequestFailedError for FAIL.
 */
export function settleRecord(
  record: RequestRecord,
  requestId: string,
  operation: string,
  redact: (text: string) => string = (text) => text,
): RequestRecord | undefined {
  if (record.status === "SUCCESS") return record;
  if (record.status !== "FAIL") return undefined;
  const reason =
    record.errors && record.errors.length > 0 ? formatErrorEntries(record.errors) : "the service gave no reason";
  const context = [
    record.serviceName && `service ${record.serviceName}`,
    record.method && `method ${record.method}`,
    record.entityId && `entity ${record.entityId}`,
    record.timestamp && `at ${record.timestamp}`,
  ]
    .filter(Boolean)
    .join(", ");
  const message = `${operation}: request ${requestId} failed (status FAIL): ${reason}${context ? ` [${context}]` : ""}`;
  throw new NmsRequestFailedError(redact(message), { operation, requestId, record });
}

/**
 * The end of a wait whose polls have had no answer for nms:unreachableTimeoutSeconds. A wait timeout too (the request
 * may have finished, or may still): a create the service accepted stays in state as unfinished (provider/lifecycle/unfinishedCreate.ts).
 */
export function unreachableWaitError(
  requestId: string,
  operation: string,
  waitedMs: number,
  unreachable: Unreachable,
  redact: (text: string) => string = (text) => text,
): NmsWaitTimeoutError {
  const message =
    `${operation}: request ${requestId}: stopped waiting after ${waitedMs} ms: ${unreachable.description}. ` +
    `It may still complete: read request ${requestId} (getRequest) before repeating the change.`;
  return new NmsWaitTimeoutError(redact(message), {
    operation,
    requestId,
    waitedMs,
    lastStatus: `unknown (${unreachable.reason})`,
  });
}

export function waitTimeoutError(
  requestId: string,
  operation: string,
  waitedMs: number,
  waitTimeoutMs: number,
  lastStatus: string,
  redact: (text: string) => string = (text) => text,
): NmsWaitTimeoutError {
  const message =
    `${operation}: request ${requestId} did not finish within ${waitTimeoutMs} ms ` +
    `(waited ${waitedMs} ms; last status ${lastStatus}). It may still complete: read request ${requestId} (getRequest) ` +
    "before repeating the change.";
  return new NmsWaitTimeoutError(redact(message), { operation, requestId, waitedMs, lastStatus });
}

/** Polls getRequest for each request separately, with capped exponential backoff and jitter. */
export class PollingRequestWaiter implements RequestWaiter {
  constructor(
    private readonly readRecord: RequestRecordReader,
    private readonly options: PollingWaiterOptions,
  ) {}

  async wait(requestId: string, operation: string): Promise<RequestRecord> {
    const { waitTimeoutMs, signal } = this.options;
    const redact = this.options.redact ?? ((text: string) => text);
    const label = operation;
    const started = Date.now();
    // One signal for the whole wait: it cuts a poll in flight and the pause between polls.
    const deadline = linkedAbort(
      signal ? [signal] : [],
      waitTimeoutMs,
      () => new NmsError(`${label}: wait deadline reached`),
    );
    // Which signal fired is read from the signals, not from the error: an abort reason may come
    // back wrapped by the layers it passed through.
    const deadlinePassed = () => deadline.signal.aborted && !signal?.aborted;
    let lastStatus = "unknown";
    try {
      for (let pollIndex = 0; ; pollIndex++) {
        try {
          const record = await this.readRecord(requestId, deadline.signal);
          lastStatus = record.status;
          const finished = settleRecord(record, requestId, operation, redact);
          if (finished) {
            this.log("debug", `${label}: request ${requestId} SUCCESS after ${Date.now() - started} ms`);
            return finished;
          }
        } catch (error) {
          if (deadline.signal.aborted) throw deadline.signal.reason;
          if (error instanceof NmsRequestFailedError || !isRetryableError(error)) throw error;
          const gone = this.options.unreachable?.();
          if (gone) throw unreachableWaitError(requestId, operation, Date.now() - started, gone, redact);
          // The poll itself failed even after its HTTP retries, for a reason the rules call
          // transient (e.g. repeated 503): the request may well be progressing, keep waiting.
          lastStatus = `unknown (last poll failed: ${error instanceof Error ? error.message : String(error)})`;
          this.log("warn", `${label}: polling request ${requestId} failed, will poll again: ${lastStatus}`);
        }
        const pauseMs = this.pauseBeforePoll(pollIndex);
        this.log("debug", `${label}: request ${requestId} is ${lastStatus}; next poll in ${pauseMs} ms`);
        await sleep(pauseMs, deadline.signal);
      }
    } catch (error) {
      if (deadlinePassed()) {
        throw waitTimeoutError(requestId, operation, Date.now() - started, waitTimeoutMs, lastStatus, redact);
      }
      if (signal?.aborted) {
        throw new NmsError(`${label}: wait for request ${requestId} cancelled (the client was closed)`, {
          cause: error,
        });
      }
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Pause after poll number `pollIndex` (from 0): d = min(max, initial·2^i), drawn uniformly from
   * [d/2, d] ("equal jitter"). The halves keep successive pauses growing while still spreading
   * many waiters apart; full jitter would allow a pause near zero, i.e. a burst of polls.
   */
  private pauseBeforePoll(pollIndex: number): number {
    const { pollInitialMs, pollMaxMs } = this.options;
    const random = this.options.random ?? Math.random;
    const ceiling = Math.min(pollMaxMs, pollInitialMs * 2 ** Math.min(pollIndex, 30));
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }

  private log(level: "debug" | "info" | "warn", message: string): void {
    this.options.log?.(level, message);
  }
}
