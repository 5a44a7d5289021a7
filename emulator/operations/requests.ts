// Async writes and their request records (getRequest/listRequestsByStatus). A write is validated before the 202, then
// waits PENDING for a time drawn from its operation's latency model, then is applied: SUCCESS,
// or FAIL with the reason when the apply is refused (a conflict that arose meanwhile) or a
// fault says so; a stuck-pending fault leaves it PENDING for ever, or until its releaseAfterMs.
import { type ApiErrorEntry, ERROR_CODES, type OperationName, type RequestRecord, ROUTES } from "../../contract";
import { asyncDelayOf, type EmulatorConfig } from "../settings/config";
import { ApiError } from "../model/errors";
import type { FaultInjector } from "../settings/faults";
import type { IdSource } from "../model/ids";
import type { PreparedWrite } from "../model/kind";
import type { TenantState } from "../model/tenant";

/** Records kept per tenant; the oldest finished ones go first, PENDING ones are never dropped. */
const MAX_RECORDS_PER_TENANT = 50_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Code of a stuck-pending record the service gives up on (releaseAfterMs), unless the rule names one. */
const STUCK_RELEASE_CODE = "NMS-INTERNAL";

export interface Accepted {
  requestId: string;
  response?: unknown;
}

export class RequestTracker {
  /** Writes waiting for their latency (or a stuck one for its release), with what ends them. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  /** Told whenever a write ends (applied or failed): state that persists (emulator/state/persistence.ts) changed. */
  onSettled: () => void = () => undefined;

  constructor(
    private readonly config: EmulatorConfig,
    private readonly ids: IdSource,
    private readonly faults: FaultInjector,
    private readonly random: () => number,
  ) {}

  submit(t: TenantState, op: OperationName, admin: string, write: PreparedWrite, callerRequestId?: string): Accepted {
    const route = ROUTES[op];
    const record = this.keepRecord(t, op, admin, write, callerRequestId, "PENDING");

    // The fault is chosen now, so that "the next n requests" means the next n submitted.
    const fault = this.faults.takeRecordFault(op, route.method, t.id);
    // Never applied. Without releaseAfterMs never ended either: the record stays PENDING and a
    // create keeps its name reserved. With it, the service gives up then: FAIL, name released.
    if (fault?.kind === "stuck-pending") {
      if (fault.releaseAfterMs !== undefined) {
        const code = fault.code ?? STUCK_RELEASE_CODE;
        this.after(fault.releaseAfterMs, () => {
          write.release();
          fail(record, [
            {
              code,
              message: `the request was abandoned after ${fault.releaseAfterMs} ms PENDING; nothing was applied`,
            },
          ]);
        });
      }
      return accepted(record, write);
    }
    const complete = () => {
      if (fault?.kind === "fail-request") {
        write.release();
        return fail(record, [{ code: fault.code, message: ERROR_CODES[fault.code]?.message ?? "injected failure" }]);
      }
      try {
        write.commit();
        record.status = "SUCCESS";
      } catch (error) {
        fail(
          record,
          error instanceof ApiError ? error.entries : [{ code: "NMS-INTERNAL", message: "internal server error" }],
        );
      }
    };

    const delay = asyncDelayOf(this.config, op, this.random);
    if (delay <= 0)
      complete(); // the request itself tells persistence that state changed
    else this.after(delay, complete);
    return accepted(record, write);
  }

  /**
   * A write the service answers as done (201 Created, createGuestUsers): applied now (a large batch over several turns of the event
   * loop, commitYielding), with a request record that is SUCCESS from the start. A refusal at apply is the answer's
   * error.
   */
  applyNow(
    t: TenantState,
    op: OperationName,
    admin: string,
    write: PreparedWrite,
    callerRequestId?: string,
  ): Accepted | Promise<Accepted> {
    if (write.commitYielding)
      return write.commitYielding().then(() => this.recordApplied(t, op, admin, write, callerRequestId));
    write.commit();
    return this.recordApplied(t, op, admin, write, callerRequestId);
  }

  private recordApplied(
    t: TenantState,
    op: OperationName,
    admin: string,
    write: PreparedWrite,
    callerRequestId: string | undefined,
  ): Accepted {
    return accepted(this.keepRecord(t, op, admin, write, callerRequestId, "SUCCESS"), write);
  }

  /** A new request record of the tenant, kept (and the oldest finished ones trimmed). */
  private keepRecord(
    t: TenantState,
    op: OperationName,
    admin: string,
    write: PreparedWrite,
    callerRequestId: string | undefined,
    status: "PENDING" | "SUCCESS",
  ): RequestRecord {
    const route = ROUTES[op];
    const record: RequestRecord = {
      admin,
      count: write.count,
      entityId: write.entityId,
      method: route.method,
      requestId: this.requestIdFor(t, callerRequestId),
      serviceName: route.service,
      status,
      tenantId: t.id,
      timestamp: new Date().toISOString(),
    };
    t.requests.set(record.requestId, record);
    trimRecords(t.requests, this.config);
    return record;
  }

  /**
   * The record's ID: the caller's x-request-id when it is a UUID no record of the tenant holds yet
   * (the gateway's request ID names the request; emulator/README.md "Decisions"), else a new one.
   */
  private requestIdFor(t: TenantState, callerRequestId: string | undefined): string {
    if (callerRequestId !== undefined && UUID.test(callerRequestId) && !t.requests.has(callerRequestId))
      return callerRequestId;
    return this.ids.uuid();
  }

  /** Runs `action` after `delayMs` unless cancelAll() comes first. */
  private after(delayMs: number, action: () => void): void {
    const end = () => {
      this.timers.delete(timer);
      action();
      this.onSettled();
    };
    const timer = setTimeout(end, delayMs);
    timer.unref();
    this.timers.set(timer, end);
  }

  /** Drops every write still waiting (reset, close); their records stay PENDING. */
  cancelAll(): void {
    for (const timer of this.timers.keys()) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Ends every write still waiting now, as if its time had come (applied, or FAIL as its fault says), so that a stop
   * that keeps the state loses no accepted write. A stuck-pending write without a release stays PENDING.
   */
  settleAll(): void {
    for (const [timer, end] of [...this.timers]) {
      clearTimeout(timer);
      end();
    }
  }
}

function accepted(record: RequestRecord, write: PreparedWrite): Accepted {
  return write.response === undefined
    ? { requestId: record.requestId }
    : { requestId: record.requestId, response: write.response };
}

function fail(record: RequestRecord, entries: ApiErrorEntry[]): void {
  record.status = "FAIL";
  // The record keeps code, message and object; a value could be a secret and is not needed here.
  record.errors = entries.map(({ code, message, object }) =>
    object === undefined ? { code, message } : { code, message, object },
  );
}

/** Records looked at per submission at most: trimming stays a constant cost per write. */
const TRIM_SCAN = 32;

/**
 * Drops finished records from the oldest end (a Map iterates in insertion order, which is submission order): those
 * older than requestRecordKeepMs while the tenant holds more than requestRecordKeepCount, and any finished one while
 * it holds more than MAX_RECORDS_PER_TENANT. PENDING records are skipped, never dropped.
 */
function trimRecords(records: Map<string, RequestRecord>, config: EmulatorConfig): void {
  const cutoff = Date.now() - config.requestRecordKeepMs;
  let scanned = 0;
  for (const [id, record] of records) {
    if (records.size <= config.requestRecordKeepCount || scanned++ >= TRIM_SCAN) return;
    if (record.status === "PENDING") continue;
    if (records.size > MAX_RECORDS_PER_TENANT || Date.parse(record.timestamp) <= cutoff) records.delete(id);
    else return; // the rest are younger
  }
}
