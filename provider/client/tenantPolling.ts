// How the request poller (coalescingWaiter.ts) learns what became of the requests of one tenant: the listings
// by status, the getRequest reads when those cannot tell, and the settling of each wait from the record found.
// The poller itself decides when to tick and which tenants to poll.

import type { RequestRecord } from "../../contract/requestRecord";
import { NmsRequestFailedError } from "./errors";
import { isRetryableError } from "./retry";
import { settleRecord, unreachableWaitError } from "./waiter";
import type { Unreachable } from "./reachability";
import { PollPacing, type PollPacingOptions } from "./pollPacing";
import {
  findFinished,
  finishedPageSize,
  listPendingIds,
  newTenantPoll,
  type RequestRecordLister,
  type TenantPoll,
} from "./tenantRecordLists";

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

export interface Tracked {
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
  /** How many requests of ours the tenant had before this one (tenantRecordLists.ts finishedPageSize). */
  readonly sequence: number;
}

/** getRequest reads in flight at once when falling back to per-request reads. */
const A2_CONCURRENCY = 8;

/** The tracked requests and what settles them; CoalescingRequestWaiter adds the ticks. */
export abstract class TenantPolling {
  /** Every request waited for, by tenant and request ID. */
  protected readonly tracked: Map<string, Tracked>;
  protected readonly tenants: Map<string, TenantPoll>;
  protected stopped: boolean;
  /** What steers the tick interval (pollPacing.ts). */
  protected readonly pacing: PollPacing;

  constructor(
    private readonly readRecord: TenantRecordReader,
    private readonly listRecords: RequestRecordLister,
    protected readonly options: CoalescingWaiterOptions,
  ) {
    this.tracked = new Map();
    this.tenants = new Map();
    this.stopped = false;
    this.pacing = new PollPacing(options);
  }

  /**
   * One tenant's part of a tick. Returns how many finished. Once the poller knows how long requests take, the SUCCESS
   * list alone settles what finished: a request not on it is still PENDING or FAILed, and only a request older than
   * usual (pollPacing.ts overdueAt) is worth the full check that tells which.
   */
  protected async pollTenant(
    tenantId: string,
    entries: Tracked[],
    now: number,
    counter: { calls: number },
    signal: AbortSignal,
  ): Promise<number> {
    const tenant = this.tenantOf(tenantId);
    tenant.polledAt = now;
    if (!tenant.listingUsable) return await this.readEach(entries, counter, signal);
    if (!this.pacing.knowsTimeToFinish()) return await this.checkByListing(tenant, entries, counter, signal);
    const candidates = new Map(entries.map((entry) => [entry.requestId, entry]));
    const size = finishedPageSize(tenant, entries, this.pageSize());
    let finished: number;
    try {
      finished = this.settleFound(
        await findFinished(this.listRecords, tenant, "SUCCESS", candidates, size, counter, signal),
        candidates,
      );
    } catch (error) {
      if (this.stopped) return 0;
      return this.pollFailed(tenant, entries, error, counter, signal);
    }
    // The full check only for a request older than usual that the SUCCESS list did not show: most overdue requests
    // were only polled late (the rate limit spaced the ticks), and the SUCCESS list settles them in the same call.
    const overdue = [...candidates.values()].filter((entry) => this.pacing.overdueAt(entry.registeredAt) <= now);
    if (overdue.length > 0) finished += await this.checkByListing(tenant, overdue, counter, signal);
    return finished;
  }

  /** The full check of a tenant's requests with listRequestsByStatus: the PENDING list, then the outcome of what left it. Returns how many finished. */
  protected async checkByListing(
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
  protected async pollFailed(
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
  protected settleFound(records: RequestRecord[], candidates: Map<string, Tracked>): number {
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
  protected async readEach(entries: Tracked[], counter: { calls: number }, signal: AbortSignal): Promise<number> {
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
  protected settleFromRecord(entry: Tracked, record: RequestRecord): boolean {
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
  protected giveUpIfUnreachable(entries: Tracked[]): boolean {
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

  protected noteFinished(entry: Tracked): void {
    this.pacing.noteFinished(Date.now() - entry.registeredAt);
  }

  protected abstract settle(entry: Tracked, action: () => void): void;

  protected tenantOf(tenantId: string): TenantPoll {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) {
      tenant = newTenantPoll(tenantId);
      this.tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  protected pageSize(): number {
    return this.options.pageSize ?? 1000;
  }

  protected redact(text: string): string {
    return this.options.redact ? this.options.redact(text) : text;
  }

  protected log(level: "debug" | "info" | "warn", message: string): void {
    this.options.log?.(level, message);
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
