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
import { NmsError } from "./errors";
import { linkedAbort } from "./transport";
import { waitTimeoutError, type RequestWaiter } from "./waiter";
import type { RequestRecordLister } from "./tenantRecordLists";
import {
  type CoalescingWaiterOptions,
  describeError,
  TenantPolling,
  type TenantRecordReader,
  type Tracked,
} from "./tenantPolling";

export type { RequestRecordLister } from "./tenantRecordLists";
export type { CoalescingWaiterOptions, TenantRecordReader } from "./tenantPolling";

export class CoalescingRequestWaiter extends TenantPolling implements RequestWaiter {
  private tickTimer: ReturnType<typeof setTimeout> | undefined;
  private nextTickAt: number;
  private tickInFlight: boolean;

  constructor(readRecord: TenantRecordReader, listRecords: RequestRecordLister, options: CoalescingWaiterOptions) {
    super(readRecord, listRecords, options);
    this.tickTimer = undefined;
    this.nextTickAt = Number.POSITIVE_INFINITY;
    this.tickInFlight = false;
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
      sequence: this.tenantOf(tenantId).registered++,
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

  fewWaiting(): boolean {
    return this.pacing.eager(this.tracked.size);
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
    // While few wait, a step holds one of few slots until its request is seen, and the tick's own round trip would add
    // to every step's wait: the pause then counts from the tick's start.
    const from = this.pacing.eager(this.tracked.size) ? startedAt : now;
    const next = Math.max(from + this.pacing.intervalMs(this.tracked.values()), firstDue);
    this.scheduleTick(Math.min(pending, next));
  }

  /**
   * The tracked requests of each tenant worth a call now. While few requests wait and the budget has room (a step
   * holds one of few slots until its request is seen), a tenant is polled once any of its requests can have finished;
   * otherwise once one is as old as requests usually take (pollPacing.ts ripeAt) and a call can be expected to find
   * several finished (worthPolling), so that polling a tenant whose only requests are young is no call spent for
   * nothing: with many tenants those calls would outnumber the writes. While the login's limiter holds a line of
   * requests, only for an overdue request (holdsPolls); until a request was seen finished, the oldest request's tenant
   * alone. A tenant whose requests are all slow is polled less often, as they age.
   */
  private tenantsToPoll(now: number): Map<string, Tracked[]> {
    const byTenant = new Map<string, Tracked[]>();
    for (const entry of this.tracked.values()) {
      const entries = byTenant.get(entry.tenantId);
      if (entries) entries.push(entry);
      else byTenant.set(entry.tenantId, [entry]);
    }
    const eager = this.pacing.eager(this.tracked.size);
    const held = !eager && this.pacing.holdsPolls();
    // Until one request was seen finished, the tenant of the oldest one alone is polled: its first finish tells the
    // whole login how long requests take (pollPacing.ts waitsForProbe).
    const probe = this.tracked.values().next().value?.tenantId;
    for (const [tenantId, entries] of byTenant) {
      if (tenantId !== probe && this.pacing.waitsForProbe(now - entries[0].registeredAt)) {
        byTenant.delete(tenantId);
        continue;
      }
      let worth = false;
      let youngest = Number.NEGATIVE_INFINITY;
      for (const entry of entries) {
        youngest = Math.max(youngest, entry.registeredAt);
        const due = this.pacing.dueAt(entry.registeredAt);
        const at = eager ? due : Math.max(due, this.pacing.ripeAt(entry.registeredAt));
        if (at <= now) worth = true;
      }
      const polledAt = this.tenants.get(tenantId)?.polledAt ?? 0;
      if (worth && held) worth = entries.some((entry) => this.pacing.overdueAt(entry.registeredAt) <= now);
      else if (worth && !eager) worth = this.pacing.worthPolling(entries, now, polledAt);
      if (!worth || now - polledAt < this.pacing.tenantGapMs(now - youngest, this.tracked.size))
        byTenant.delete(tenantId);
    }
    return byTenant;
  }

  protected settle(entry: Tracked, action: () => void): void {
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
}
