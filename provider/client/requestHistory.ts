// Who changed an object: the tenant's request records (listRequestsByStatus), read once and asked per object. Every write leaves a
// record naming the administrator, the object (entityId), the method, the service and the time (the account
// document, getRequest and listRequestsByStatus); refresh and nms-drift name from them who changed or deleted an object outside the stack.
//
// What the records are, as the service keeps them (and the emulator, emulator/operations/requests.ts, does):
// - entityId is the written object's ID: the created object's, the updated or deleted one's, the owner's for settings
//   that belong to an object (a venue's Wi-Fi settings go by the venue's ID), a child's own ID (not its parent's). A
//   write of several objects at once (a bulk create, a bulk delete) names them all, joined by commas.
// - listRequestsByStatus lists the records of one status, newest first in the emulator; the account document says nothing of the order,
//   so the records are ordered here by their timestamps, and a list that is cut short is trusted only newest first.
// - Old records go: the emulator drops finished records from the oldest end once they are older than its retention
//   (and beyond 50,000 per tenant); PENDING ones are never dropped. So what the lists hold is every record since the
//   oldest finished one still held, and nothing before it.
//
// "Reaches back to `since`": every record made after `since` is among those read. That holds when the oldest finished
// record read is at or before `since` (nothing younger than `since` was dropped), and, for a list cut short at the
// page budget, when its oldest record read is at or before `since` too. With no `since` (the stack's last write is
// not known) the lists never provably reach back.
import type { RequestRecord, RequestStatus } from "../../contract/requestRecord";
import type { NmsClient } from "./client";

export interface EntityChange {
  admin: string;
  timestamp: string;
  method: string;
  requestId: string;
  serviceName: string;
  status: string;
}

export interface TenantHistory {
  /** The tenant the records are of. */
  readonly tenantId: string;
  /** listRequestsByStatus pages read for it (the requests this history cost). */
  readonly pagesRead: number;
  /** Records whose entityId is `entityId`, newer than `since` (ISO time, exclusive) when given, minus `exclude` requestIds; most recent first. */
  changesTo(entityId: string, options?: { since?: string; exclude?: ReadonlySet<string> }): EntityChange[];
  /** True when the lists reach back to `since` (nothing older was trimmed away); else the line must say the records do not reach back. */
  reachesBackTo(since: string | undefined): boolean;
}

export interface ReadHistoryOptions {
  /** Records per listRequestsByStatus page (default 1000, the request-record poller's). */
  pageSize?: number;
  /** Pages read per status at most (default 10): the bound of what a history costs. */
  maxPagesPerStatus?: number;
}

const STATUSES: readonly RequestStatus[] = ["SUCCESS", "FAIL", "PENDING"];
const DEFAULT_PAGE_SIZE = 1000;
const DEFAULT_MAX_PAGES = 10;

/** Reads the tenant's request records (listRequestsByStatus, every status, paged), once. */
export async function readTenantHistory(client: NmsClient, options: ReadHistoryOptions = {}): Promise<TenantHistory> {
  const size = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxPages = options.maxPagesPerStatus ?? DEFAULT_MAX_PAGES;
  let pagesRead = 0;
  const byId = new Map<string, RequestRecord>();
  /** The time before which a list cut short at the budget may miss records (+Infinity: it cannot be trusted at all). */
  let cutShortAt = Number.NEGATIVE_INFINITY;
  for (const status of STATUSES) {
    const read: RequestRecord[] = [];
    let complete = false;
    let previousFirst: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const records = await client.requestRecordPage(status, page, size);
      pagesRead += 1;
      // A service that ignores `page` answers the same page again: nothing more to learn.
      if (records.length > 0 && records[0].requestId === previousFirst) {
        complete = true;
        break;
      }
      previousFirst = records[0]?.requestId;
      read.push(...records);
      if (records.length < size) {
        complete = true;
        break;
      }
    }
    // A record seen PENDING on one list and finished on a later one: the finished one tells what became of it.
    for (const record of read) {
      const seen = byId.get(record.requestId);
      if (!seen || seen.status === "PENDING") byId.set(record.requestId, record);
    }
    if (!complete && read.length > 0) {
      const times = read.map((r) => Date.parse(r.timestamp));
      const newestFirst = times.length < 2 || times[0] >= times[times.length - 1];
      cutShortAt = Math.max(cutShortAt, newestFirst ? Math.min(...times) : Number.POSITIVE_INFINITY);
    }
  }
  return tenantHistory(client.tenantId, [...byId.values()], pagesRead, cutShortAt);
}

/** The history of the records read: what changesTo and reachesBackTo answer from. */
export function tenantHistory(
  tenantId: string,
  records: readonly RequestRecord[],
  pagesRead: number,
  cutShortAt = Number.NEGATIVE_INFINITY,
): TenantHistory {
  const ordered = records
    .map((record, index) => ({ record, index, at: Date.parse(record.timestamp) }))
    .sort((a, b) => b.at - a.at || a.index - b.index);
  const byEntity = new Map<string, RequestRecord[]>();
  for (const { record } of ordered) {
    for (const entityId of entityIdsOf(record)) {
      const list = byEntity.get(entityId);
      if (list) list.push(record);
      else byEntity.set(entityId, [record]);
    }
  }
  const finishedTimes = ordered.filter((o) => o.record.status !== "PENDING" && Number.isFinite(o.at)).map((o) => o.at);
  const oldestFinished = finishedTimes.length > 0 ? Math.min(...finishedTimes) : undefined;
  return {
    tenantId,
    pagesRead,
    changesTo(entityId, options = {}) {
      const since = options.since === undefined ? undefined : Date.parse(options.since);
      return (byEntity.get(entityId) ?? [])
        .filter((record) => since === undefined || !(Date.parse(record.timestamp) <= since))
        .filter((record) => !options.exclude?.has(record.requestId))
        .map(changeOf);
    },
    reachesBackTo(since) {
      if (since === undefined || oldestFinished === undefined) return false;
      const at = Date.parse(since);
      return Number.isFinite(at) && oldestFinished <= at && cutShortAt <= at;
    },
  };
}

export interface SharedHistoryOptions extends ReadHistoryOptions {
  /** How long one read serves every later ask of the same tenant view (default 60 s): one run's refresh. */
  maxAgeMs?: number;
}

interface CachedHistory {
  readonly startedAt: number;
  readonly history: Promise<TenantHistory>;
}

/** Histories by tenant view (a view lives as long as its login, one per tenant). */
const cached = new WeakMap<NmsClient, CachedHistory>();

/**
 * The tenant's history, read at most once per `maxAgeMs` per tenant view: every read of a refresh that finds drift asks
 * this, and all of them share one read of the lists (a failed read too, so that a failing listRequestsByStatus costs one try, not one
 * per resource).
 */
export function sharedTenantHistory(client: NmsClient, options: SharedHistoryOptions = {}): Promise<TenantHistory> {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = Date.now();
  const hit = cached.get(client);
  if (hit && now - hit.startedAt < maxAgeMs) return hit.history;
  const history = readTenantHistory(client, options);
  // A rejection is handled by whoever awaits it; the cache's copy must not count as unhandled.
  history.catch(() => undefined);
  cached.set(client, { startedAt: now, history });
  return history;
}

/** The objects a record names: one ID, or several joined by commas (a bulk create or delete). */
function entityIdsOf(record: RequestRecord): string[] {
  if (typeof record.entityId !== "string" || record.entityId === "") return [];
  return record.entityId
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

function changeOf(record: RequestRecord): EntityChange {
  return {
    admin: record.admin,
    timestamp: record.timestamp,
    method: record.method,
    requestId: record.requestId,
    serviceName: record.serviceName,
    status: record.status,
  };
}
