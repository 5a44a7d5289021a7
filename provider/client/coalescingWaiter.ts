// Waiting for many async requests with few polls: one poller per client tracks every pending
// request. Per tick it lists the PENDING records (listRequestsByStatus) once; a tracked request missing from that
// list has finished, and its outcome is read from the SUCCESS and FAIL lists (listRequestsByStatus), falling back
// to one getRequest read per request only for what those lists do not show. A per-request poller costs
// one getRequest call per request per poll; this one costs one to three calls per tick for all of them.

import type { RequestRecord, RequestStatus } from "../../contract/requestRecord";
import { NmsError, NmsRequestFailedError } from "./errors";
import { isRetryableError } from "./retry";
import { linkedAbort } from "./transport";
import {
  settleRecord,
  unreachableWaitError,
  waitTimeoutError,
  type RequestRecordReader,
  type RequestWaiter,
} from "./waiter";
import type { Unreachable } from "./reachability";
import { PollPacing, type PollPacingOptions } from "./pollPacing";

/** Reads one page (from 0) of the tenant's request records with `status` (listRequestsByStatus). */
export type RequestRecordLister = (
  status: RequestStatus,
  page: number,
  size: number,
  signal: AbortSignal,
) => Promise<RequestRecord[]>;

export interface CoalescingWaiterOptions extends PollPacingOptions {
  /** Overall deadline of one wait. */
  readonly waitTimeoutMs: number;
  /** Aborts every wait and stops the ticker (client closed). */
  readonly signal?: AbortSignal;
  readonly log?: (level: "debug" | "info" | "warn", message: string) => void;
  /** Removes known secrets from message text. */
  readonly redact?: (text: string) => string;
  /** Page size of the listRequestsByStatus reads, default 1000. */
  readonly pageSize?: number;
  /** Set once the service has given no answer for too long (reachability.ts): the waits then end with the reason. */
  readonly unreachable?: () => Unreachable | undefined;
}

interface Tracked {
  readonly requestId: string;
  readonly operation: string;
  readonly registeredAt: number;
  readonly promise: Promise<RequestRecord>;
  resolve: (record: RequestRecord) => void;
  reject: (reason: unknown) => void;
  deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  lastStatus: string;
}

type FinishedStatus = "SUCCESS" | "FAIL";

/** Safety bound on the pages of one listing (a server that ignores `page` would loop forever). */
const MAX_PENDING_PAGES = 100;
/** Extra pages read per tick from an oldest-first SUCCESS or FAIL list. */
const MAX_FORWARD_PAGES = 3;
/** getRequest reads in flight at once when falling back to per-request reads. */
const A2_CONCURRENCY = 8;

export class CoalescingRequestWaiter implements RequestWaiter {
  private readonly tracked: Map<string, Tracked>;
  private tickTimer: ReturnType<typeof setTimeout> | undefined;
  private nextTickAt: number;
  private tickInFlight: boolean;
  private stopped: boolean;
  /** False once listRequestsByStatus proved unusable (a non-retryable answer): every tick then reads getRequest per request. */
  private listingUsable: boolean;
  /** What steers the tick interval (pollPacing.ts). */
  private readonly pacing: PollPacing;
  /** For oldest-first SUCCESS/FAIL lists: the page where the newest records were last seen. */
  private readonly resumePage: Record<FinishedStatus, number>;

  constructor(
    private readonly readRecord: RequestRecordReader,
    private readonly listRecords: RequestRecordLister,
    private readonly options: CoalescingWaiterOptions,
  ) {
    this.tracked = new Map();
    this.tickTimer = undefined;
    this.nextTickAt = Number.POSITIVE_INFINITY;
    this.tickInFlight = false;
    this.stopped = false;
    this.listingUsable = true;
    this.pacing = new PollPacing(options);
    this.resumePage = { SUCCESS: 1, FAIL: 1 };
    options.signal?.addEventListener("abort", () => this.stop(), { once: true });
  }

  wait(requestId: string, operation: string): Promise<RequestRecord> {
    const label = operation;
    if (this.stopped || this.options.signal?.aborted) {
      return Promise.reject(new NmsError(`${label}: wait for request ${requestId} cancelled (the client was closed)`));
    }
    const existing = this.tracked.get(requestId);
    if (existing) return existing.promise;

    let resolve: (record: RequestRecord) => void = () => undefined;
    let reject: (reason: unknown) => void = () => undefined;
    const promise = new Promise<RequestRecord>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const now = Date.now();
    const entry: Tracked = {
      requestId,
      operation,
      registeredAt: now,
      promise,
      resolve,
      reject,
      deadlineTimer: undefined,
      lastStatus: "unknown",
    };
    const { waitTimeoutMs } = this.options;
    entry.deadlineTimer = setTimeout(() => {
      if (this.tracked.get(requestId) !== entry) return;
      const error = waitTimeoutError(
        requestId,
        operation,
        Date.now() - entry.registeredAt,
        waitTimeoutMs,
        entry.lastStatus,
        (text) => this.redact(text),
      );
      this.settle(entry, () => entry.reject(error));
    }, waitTimeoutMs);
    this.tracked.set(requestId, entry);
    // A newcomer is checked after the usual pause, without the back-off of slow older requests, and not before it
    // can have finished.
    this.scheduleTick(Math.max(now + this.pacing.baseIntervalMs(this.tracked.size), this.pacing.dueAt(now)));
    return promise;
  }

  /** Requests being waited for. */
  get trackedCount(): number {
    return this.tracked.size;
  }

  private scheduleTick(at: number): void {
    if (this.stopped || this.tracked.size === 0) return;
    // While a tick runs, it schedules the next one itself when it ends.
    if (this.tickInFlight) {
      this.nextTickAt = Math.min(this.nextTickAt, at);
      return;
    }
    if (this.tickTimer !== undefined && at >= this.nextTickAt) return;
    if (this.tickTimer !== undefined) clearTimeout(this.tickTimer);
    this.nextTickAt = at;
    this.tickTimer = setTimeout(() => void this.tick(), Math.max(0, at - Date.now()));
  }

  private async tick(): Promise<void> {
    this.tickTimer = undefined;
    this.nextTickAt = Number.POSITIVE_INFINITY;
    if (this.stopped || this.tracked.size === 0) return;
    this.tickInFlight = true;
    const startedAt = Date.now();
    // Only requests tracked before this tick's PENDING listing can be judged by it: their 202
    // came before the listing was asked for, so a PENDING one is on it.
    const snapshot = [...this.tracked.values()];
    const counter = { calls: 0 };
    const call = linkedAbort(this.options.signal ? [this.options.signal] : []);
    let finished = 0;
    try {
      finished = this.listingUsable
        ? await this.tickByListing(snapshot, counter, call.signal)
        : await this.readEach(snapshot, counter, call.signal);
    } catch (error) {
      if (!this.stopped) this.log("warn", `request poller: tick failed unexpectedly: ${describeError(error)}`);
    } finally {
      call.dispose();
      this.tickInFlight = false;
    }
    if (this.stopped) return;
    this.pacing.learn(startedAt, finished, counter.calls);
    if (this.tracked.size === 0) {
      // Idle: the next request starts afresh (the gap would distort the finish rate).
      this.pacing.idle();
      return;
    }
    const now = Date.now();
    const pending = this.nextTickAt; // a newcomer may have asked for an earlier tick meanwhile
    this.nextTickAt = Number.POSITIVE_INFINITY;
    // No sooner than the first tracked request can have finished: a tick before that sees nothing.
    let firstDue = Number.POSITIVE_INFINITY;
    for (const entry of this.tracked.values()) firstDue = Math.min(firstDue, this.pacing.dueAt(entry.registeredAt));
    const next = Math.max(now + this.pacing.intervalMs(this.tracked.values()), firstDue);
    this.scheduleTick(Math.min(pending, next));
  }

  /** One tick with listRequestsByStatus: the PENDING list, then the outcome of what left it. Returns how many finished. */
  private async tickByListing(snapshot: Tracked[], counter: { calls: number }, signal: AbortSignal): Promise<number> {
    let pending: Set<string>;
    try {
      pending = await this.listPending(snapshot, counter, signal);
    } catch (error) {
      if (this.stopped) return 0;
      if (isRetryableError(error)) {
        if (this.giveUpIfUnreachable(snapshot)) return 0;
        const status = `unknown (last poll failed: ${describeError(error)})`;
        for (const entry of snapshot) entry.lastStatus = status;
        this.log("warn", `request poller: listing PENDING requests failed, will poll again: ${describeError(error)}`);
        return 0;
      }
      // listRequestsByStatus does not work here (not offered, not permitted): per-request reads still may.
      this.listingUsable = false;
      this.log(
        "warn",
        `request poller: listing requests by status failed (${describeError(error)}); reading each request (getRequest) from now on`,
      );
      return await this.readEach(snapshot, counter, signal);
    }
    const candidates = new Map<string, Tracked>();
    for (const entry of snapshot) {
      if (this.tracked.get(entry.requestId) !== entry) continue; // settled meanwhile (deadline)
      if (pending.has(entry.requestId)) entry.lastStatus = "PENDING";
      else candidates.set(entry.requestId, entry);
    }
    if (candidates.size === 0) return 0;

    let finished = 0;
    // SUCCESS first: most requests succeed, so the FAIL list is usually not needed at all.
    for (const status of ["SUCCESS", "FAIL"] as const) {
      if (candidates.size === 0) break;
      try {
        for (const record of await this.findFinished(status, candidates, counter, signal)) {
          const entry = candidates.get(record.requestId);
          if (!entry) continue;
          candidates.delete(record.requestId);
          if (this.settleFromRecord(entry, record)) finished += 1;
        }
      } catch (error) {
        if (this.stopped) return finished;
        // The getRequest fallback below settles the rest.
        this.log("warn", `request poller: listing ${status} requests failed: ${describeError(error)}`);
      }
    }
    // Not on either page (many finished at once, an unexpected order, or it was still PENDING
    // but slid to another page while we paged): ask for each one.
    if (candidates.size > 0) finished += await this.readEach([...candidates.values()], counter, signal);
    return finished;
  }

  /** IDs on the PENDING list, paging while full pages come back and some of ours are unseen. */
  private async listPending(
    snapshot: Tracked[],
    counter: { calls: number },
    signal: AbortSignal,
  ): Promise<Set<string>> {
    const size = this.pageSize();
    const ours = new Set(snapshot.map((entry) => entry.requestId));
    const pending = new Set<string>();
    let unseen = ours.size;
    let previousFirst: string | undefined;
    for (let page = 0; page < MAX_PENDING_PAGES; page++) {
      counter.calls += 1;
      const records = await this.listRecords("PENDING", page, size, signal);
      for (const record of records) {
        if (pending.has(record.requestId)) continue;
        pending.add(record.requestId);
        if (ours.has(record.requestId)) unseen -= 1;
      }
      // Stop at a short page, when all of ours are seen, or if the server ignores `page`.
      if (records.length < size || unseen === 0) break;
      if (records[0]?.requestId === previousFirst) break;
      previousFirst = records[0]?.requestId;
    }
    return pending;
  }

  /**
   * Records of `status` among `candidates`: page 0 (the newest records when the service lists
   * newest first); when that page is full, ordered oldest first and misses some candidates, the
   * pages where the newest records were last found.
   */
  private async findFinished(
    status: FinishedStatus,
    candidates: Map<string, Tracked>,
    counter: { calls: number },
    signal: AbortSignal,
  ): Promise<RequestRecord[]> {
    const size = this.pageSize();
    const found: RequestRecord[] = [];
    const collect = (records: RequestRecord[]) => {
      for (const record of records) if (candidates.has(record.requestId)) found.push(record);
    };
    counter.calls += 1;
    const first = await this.listRecords(status, 0, size, signal);
    collect(first);
    if (first.length < size || found.length === candidates.size || !isOldestFirst(first)) return found;
    let page = Math.max(1, this.resumePage[status]);
    for (let read = 0; read < MAX_FORWARD_PAGES; read++, page++) {
      counter.calls += 1;
      const records = await this.listRecords(status, page, size, signal);
      collect(records);
      if (records.length === 0 && page > 1) {
        // Older records were dropped and the list shrank: look from page 1 next time.
        this.resumePage[status] = 1;
        break;
      }
      this.resumePage[status] = page;
      if (records.length < size || found.length === candidates.size) break;
    }
    return found;
  }

  /** One getRequest read per entry, a few at a time. Returns how many finished. */
  private async readEach(entries: Tracked[], counter: { calls: number }, signal: AbortSignal): Promise<number> {
    let finished = 0;
    const queue = entries.filter((entry) => this.tracked.get(entry.requestId) === entry);
    const worker = async () => {
      for (let entry = queue.shift(); entry && !this.stopped; entry = queue.shift()) {
        if (this.tracked.get(entry.requestId) !== entry) continue;
        counter.calls += 1;
        try {
          const record = await this.readRecord(entry.requestId, signal);
          if (this.settleFromRecord(entry, record)) finished += 1;
        } catch (error) {
          if (this.stopped || this.tracked.get(entry.requestId) !== entry) continue;
          if (!isRetryableError(error)) {
            // Polling again cannot help (e.g. 403, or 404 for an unknown requestId).
            this.settle(entry, () => entry.reject(error));
            finished += 1;
            continue;
          }
          if (this.giveUpIfUnreachable([entry])) continue;
          entry.lastStatus = `unknown (last poll failed: ${describeError(error)})`;
          this.log(
            "warn",
            `${entry.operation}: polling request ${entry.requestId} failed, will poll again: ${entry.lastStatus}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(A2_CONCURRENCY, queue.length) }, worker));
    return finished;
  }

  /** Settles `entry` by its record when finished; true if it was. */
  private settleFromRecord(entry: Tracked, record: RequestRecord): boolean {
    if (this.tracked.get(entry.requestId) !== entry) return false;
    entry.lastStatus = record.status;
    let outcome: RequestRecord | undefined;
    try {
      outcome = settleRecord(record, entry.requestId, entry.operation, (text) => this.redact(text));
    } catch (error) {
      if (!(error instanceof NmsRequestFailedError)) throw error;
      this.noteFinished(entry);
      this.settle(entry, () => entry.reject(error));
      return true;
    }
    if (!outcome) return false; // still PENDING (e.g. slid between pages of the PENDING list)
    this.noteFinished(entry);
    const finishedRecord = outcome;
    this.log(
      "debug",
      `${entry.operation}: request ${entry.requestId} SUCCESS after ${Date.now() - entry.registeredAt} ms`,
    );
    this.settle(entry, () => entry.resolve(finishedRecord));
    return true;
  }

  /** Ends the waits of `entries` when the service has given no answer for too long; true if it has. */
  private giveUpIfUnreachable(entries: Tracked[]): boolean {
    const gone = this.options.unreachable?.();
    if (!gone) return false;
    for (const entry of entries) {
      if (this.tracked.get(entry.requestId) !== entry) continue;
      const error = unreachableWaitError(
        entry.requestId,
        entry.operation,
        Date.now() - entry.registeredAt,
        gone,
        (text) => this.redact(text),
      );
      this.settle(entry, () => entry.reject(error));
    }
    return true;
  }

  private noteFinished(entry: Tracked): void {
    this.pacing.noteFinished(Date.now() - entry.registeredAt);
  }

  private settle(entry: Tracked, action: () => void): void {
    if (entry.deadlineTimer !== undefined) clearTimeout(entry.deadlineTimer);
    entry.deadlineTimer = undefined;
    this.tracked.delete(entry.requestId);
    action();
    if (this.tracked.size === 0 && this.tickTimer !== undefined) {
      clearTimeout(this.tickTimer);
      this.tickTimer = undefined;
      this.nextTickAt = Number.POSITIVE_INFINITY;
    }
  }

  private pageSize(): number {
    return this.options.pageSize ?? 1000;
  }

  /** Client closed: stop ticking and reject every wait. */
  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.tickTimer !== undefined) clearTimeout(this.tickTimer);
    this.tickTimer = undefined;
    const cause = this.options.signal?.reason;
    for (const entry of [...this.tracked.values()]) {
      const error = new NmsError(
        `${entry.operation}: wait for request ${entry.requestId} cancelled (the client was closed)`,
        { cause },
      );
      this.settle(entry, () => entry.reject(error));
    }
  }

  private redact(text: string): string {
    return this.options.redact ? this.options.redact(text) : text;
  }

  private log(level: "debug" | "info" | "warn", message: string): void {
    this.options.log?.(level, message);
  }
}

/** True when the page's timestamps rise from first to last (unknown or equal: false). */
function isOldestFirst(records: RequestRecord[]): boolean {
  if (records.length < 2) return false;
  const first = Date.parse(records[0].timestamp);
  const last = Date.parse(records[records.length - 1].timestamp);
  return Number.isFinite(first) && Number.isFinite(last) && first < last;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
