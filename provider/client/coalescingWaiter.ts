// Waiting for many async requests with few polls: one poller per login tracks every pending
// request of every tenant the login works in (an MSP's end customers). The service lists request
// records per tenant (listRequestsByStatus's path names the tenant), so one tick polls each tenant that has requests
// worth polling, all at once. Per tenant, once the poller knows how long requests take, the
// SUCCESS list (listRequestsByStatus) alone settles what finished; a request older than usual gets the full check:
// the PENDING list, the outcome of what left it from the SUCCESS and FAIL lists, and one getRequest read
// per request only for what those lists do not show. A per-request poller costs one getRequest call per
// request per poll; this one costs one call per tenant polled, and three for a slow request.

import { setMaxListeners } from "node:events";
import type { RequestRecord } from "../../contract/requestRecord";
import { NmsError, NmsRequestFailedError } from "./errors";
import { isRetryableError } from "./retry";
import { linkedAbort } from "./transport";
import { settleRecord, unreachableWaitError, waitTimeoutError, type RequestWaiter } from "./waiter";
import type { Unreachable } from "./reachability";
import { PollPacing, type PollPacingOptions } from "./pollPacing";
import {
  findFinished,
  listPendingIds,
  newTenantPoll,
  type RequestRecordLister,
  type TenantPoll,
} from "./tenantRecordLists";

export type { RequestRecordLister } from "./tenantRecordLists";

/** Reads one request record of the tenant (getRequest). */
export type TenantRecordReader = (requestId: string, signal: AbortSignal, tenantId: string) => Promise<RequestRecord>;

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
  /** The tenant whose records hold the request's ("" for a waiter of one tenant). */
  readonly tenantId: string;
  /** requestId within tenantId: the tracked map's key. */
  readonly key: string;
  readonly registeredAt: number;
  readonly promise: Promise<RequestRecord>;
  resolve: (record: RequestRecord) => void;
  reject: (reason: unknown) => void;
  deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  lastStatus: string;
}

/** getRequest reads in flight at once when falling back to per-request reads. */
const A2_CONCURRENCY = 8;

export class CoalescingRequestWaiter implements RequestWaiter {
  /** Every request waited for, by tenant and request ID. */
  private readonly tracked: Map<string, Tracked>;
  private readonly tenants: Map<string, TenantPoll>;
  private tickTimer: ReturnType<typeof setTimeout> | undefined;
  private nextTickAt: number;
  private tickInFlight: boolean;
  private stopped: boolean;
  /** What steers the tick interval (pollPacing.ts). */
  private readonly pacing: PollPacing;

  constructor(
    private readonly readRecord: TenantRecordReader,
    private readonly listRecords: RequestRecordLister,
    private readonly options: CoalescingWaiterOptions,
  ) {
    this.tracked = new Map();
    this.tenants = new Map();
    this.tickTimer = undefined;
    this.nextTickAt = Number.POSITIVE_INFINITY;
    this.tickInFlight = false;
    this.stopped = false;
    this.pacing = new PollPacing(options);
    options.signal?.addEventListener("abort", () => this.stop(), { once: true });
  }

  /** Waits for `requestId` of `tenantId` (sent by `operation`); a login's tenants share the poller's ticks. */
  wait(requestId: string, operation: string, tenantId = ""): Promise<RequestRecord> {
    const label = operation;
    if (this.stopped || this.options.signal?.aborted) {
      return Promise.reject(new NmsError(`${label}: wait for request ${requestId} cancelled (the client was closed)`));
    }
    const key = `${tenantId} ${requestId}`;
    const existing = this.tracked.get(key);
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
      tenantId,
      key,
      registeredAt: now,
      promise,
      resolve,
      reject,
      deadlineTimer: undefined,
      lastStatus: "unknown",
    };
    const { waitTimeoutMs } = this.options;
    entry.deadlineTimer = setTimeout(() => {
      if (this.tracked.get(key) !== entry) return;
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
    this.tracked.set(key, entry);
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
    // Only requests tracked before a tenant's listing can be judged by it: their 202 came before the
    // listing was asked for, so a PENDING one is on it.
    const byTenant = this.tenantsToPoll(startedAt);
    const counter = { calls: 0 };
    const call = linkedAbort(this.options.signal ? [this.options.signal] : []);
    // Every tenant's calls of the tick listen to it: twenty tenants are normal here, not a leak.
    setMaxListeners(0, call.signal);
    let finished = 0;
    try {
      const counts = await Promise.all(
        [...byTenant].map(([tenantId, entries]) => this.pollTenant(tenantId, entries, startedAt, counter, call.signal)),
      );
      finished = counts.reduce((sum, count) => sum + count, 0);
    } catch (error) {
      if (!this.stopped) this.log("warn", `request poller: tick failed unexpectedly: ${describeError(error)}`);
    } finally {
      call.dispose();
      this.tickInFlight = false;
    }
    if (this.stopped) return;
    // A tick that polled no tenant (none had a request worth a call yet) teaches nothing about rates.
    if (counter.calls > 0) this.pacing.learn(startedAt, finished, counter.calls);
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

  /**
   * The tracked requests of each tenant worth a call now. While few requests wait and the budget has room (a step
   * holds one of few slots until its request is seen), a tenant is polled once any of its requests can have finished;
   * otherwise once one is as old as requests usually take (pollPacing.ts ripeAt), so that one call finds several
   * finished: polling a tenant whose only requests are young is a call spent for nothing, and with many tenants those
   * calls would outnumber the writes. A tenant whose requests are all slow is polled less often, as they age.
   */
  private tenantsToPoll(now: number): Map<string, Tracked[]> {
    const byTenant = new Map<string, Tracked[]>();
    for (const entry of this.tracked.values()) {
      const entries = byTenant.get(entry.tenantId);
      if (entries) entries.push(entry);
      else byTenant.set(entry.tenantId, [entry]);
    }
    const eager = this.pacing.eager(this.tracked.size);
    for (const [tenantId, entries] of byTenant) {
      let worth = false;
      let youngest = Number.NEGATIVE_INFINITY;
      for (const entry of entries) {
        youngest = Math.max(youngest, entry.registeredAt);
        const at = eager ? this.pacing.dueAt(entry.registeredAt) : this.pacing.ripeAt(entry.registeredAt);
        if (at <= now) worth = true;
      }
      const polledAt = this.tenants.get(tenantId)?.polledAt ?? 0;
      if (!worth || now - polledAt < this.pacing.tenantGapMs(now - youngest)) byTenant.delete(tenantId);
    }
    return byTenant;
  }

  /**
   * One tenant's part of a tick. Returns how many finished. Once the poller knows how long requests take, the SUCCESS
   * list alone settles what finished: a request not on it is still PENDING or FAILed, and only a request older than
   * usual (pollPacing.ts overdueAt) is worth the full check that tells which.
   */
  private async pollTenant(
    tenantId: string,
    entries: Tracked[],
    now: number,
    counter: { calls: number },
    signal: AbortSignal,
  ): Promise<number> {
    const tenant = this.tenantOf(tenantId);
    tenant.polledAt = now;
    if (!tenant.listingUsable) return await this.readEach(entries, counter, signal);
    const overdue = entries.some((entry) => this.pacing.overdueAt(entry.registeredAt) <= now);
    if (overdue || !this.pacing.knowsTimeToFinish()) return await this.checkByListing(tenant, entries, counter, signal);
    const candidates = new Map(entries.map((entry) => [entry.requestId, entry]));
    try {
      return this.settleFound(
        await findFinished(this.listRecords, tenant, "SUCCESS", candidates, this.pageSize(), counter, signal),
        candidates,
      );
    } catch (error) {
      if (this.stopped) return 0;
      return this.pollFailed(tenant, entries, error, counter, signal);
    }
  }

  /** The full check of a tenant's requests with listRequestsByStatus: the PENDING list, then the outcome of what left it. Returns how many finished. */
  private async checkByListing(
    tenant: TenantPoll,
    snapshot: Tracked[],
    counter: { calls: number },
    signal: AbortSignal,
  ): Promise<number> {
    let pending: Set<string>;
    try {
      pending = await listPendingIds(this.listRecords, tenant, snapshot, this.pageSize(), counter, signal);
    } catch (error) {
      if (this.stopped) return 0;
      return this.pollFailed(tenant, snapshot, error, counter, signal);
    }
    const candidates = new Map<string, Tracked>();
    for (const entry of snapshot) {
      if (this.tracked.get(entry.key) !== entry) continue; // settled meanwhile (deadline)
      if (pending.has(entry.requestId)) entry.lastStatus = "PENDING";
      else candidates.set(entry.requestId, entry);
    }
    if (candidates.size === 0) return 0;

    let finished = 0;
    // SUCCESS first: most requests succeed, so the FAIL list is usually not needed at all.
    for (const status of ["SUCCESS", "FAIL"] as const) {
      if (candidates.size === 0) break;
      try {
        finished += this.settleFound(
          await findFinished(this.listRecords, tenant, status, candidates, this.pageSize(), counter, signal),
          candidates,
        );
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

  /** A tenant's listing failed: poll again later when that may help, else read each request (getRequest) from now on. */
  private async pollFailed(
    tenant: TenantPoll,
    entries: Tracked[],
    error: unknown,
    counter: { calls: number },
    signal: AbortSignal,
  ): Promise<number> {
    if (isRetryableError(error)) {
      if (this.giveUpIfUnreachable(entries)) return 0;
      const status = `unknown (last poll failed: ${describeError(error)})`;
      for (const entry of entries) entry.lastStatus = status;
      this.log("warn", `request poller: listing requests failed, will poll again: ${describeError(error)}`);
      return 0;
    }
    // listRequestsByStatus does not work here (not offered, not permitted): per-request reads still may.
    tenant.listingUsable = false;
    this.log(
      "warn",
      `request poller: listing requests by status failed (${describeError(error)}); reading each request (getRequest) from now on`,
    );
    return await this.readEach(entries, counter, signal);
  }

  /** Settles the candidates (one tenant's, by request ID) `records` show finished, and takes them out. Returns how many. */
  private settleFound(records: RequestRecord[], candidates: Map<string, Tracked>): number {
    let finished = 0;
    for (const record of records) {
      const entry = candidates.get(record.requestId);
      if (!entry) continue;
      candidates.delete(record.requestId);
      if (this.settleFromRecord(entry, record)) finished += 1;
    }
    return finished;
  }

  /** One getRequest read per entry, a few at a time. Returns how many finished. */
  private async readEach(entries: Tracked[], counter: { calls: number }, signal: AbortSignal): Promise<number> {
    let finished = 0;
    const queue = entries.filter((entry) => this.tracked.get(entry.key) === entry);
    const worker = async () => {
      for (let entry = queue.shift(); entry && !this.stopped; entry = queue.shift()) {
        if (this.tracked.get(entry.key) !== entry) continue;
        counter.calls += 1;
        try {
          const record = await this.readRecord(entry.requestId, signal, entry.tenantId);
          if (this.settleFromRecord(entry, record)) finished += 1;
        } catch (error) {
          if (this.stopped || this.tracked.get(entry.key) !== entry) continue;
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
    if (this.tracked.get(entry.key) !== entry) return false;
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
      if (this.tracked.get(entry.key) !== entry) continue;
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
    this.tracked.delete(entry.key);
    action();
    if (this.tracked.size === 0 && this.tickTimer !== undefined) {
      clearTimeout(this.tickTimer);
      this.tickTimer = undefined;
      this.nextTickAt = Number.POSITIVE_INFINITY;
    }
  }

  private tenantOf(tenantId: string): TenantPoll {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) {
      tenant = newTenantPoll(tenantId);
      this.tenants.set(tenantId, tenant);
    }
    return tenant;
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

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
