// One tenant's request records as the poller (coalescingWaiter.ts) reads them: the PENDING list, paged until every
// request of ours is seen, and the SUCCESS and FAIL lists, newest first or oldest first. The service lists records
// per tenant only (listRequestsByStatus's path names the tenant).
import type { RequestRecord, RequestStatus } from "../../contract/requestRecord";

/** Reads one page (from 0) of the tenant's request records with `status` (listRequestsByStatus). */
export type RequestRecordLister = (
  status: RequestStatus,
  page: number,
  size: number,
  signal: AbortSignal,
  tenantId: string,
) => Promise<RequestRecord[]>;

export type FinishedStatus = "SUCCESS" | "FAIL";

/** What the poller keeps per tenant. */
export interface TenantPoll {
  readonly tenantId: string;
  /** False once listRequestsByStatus proved unusable in the tenant (a non-retryable answer): its ticks then read getRequest per request. */
  listingUsable: boolean;
  /** For oldest-first SUCCESS/FAIL lists: the page where the newest records were last seen. */
  readonly resumePage: Record<FinishedStatus, number>;
  /** When the tenant was last polled. */
  polledAt: number;
  /** Requests of ours registered in the tenant so far: a tracked request's `sequence` is this count when it came. */
  registered: number;
  /** How the tenant's SUCCESS and FAIL lists are ordered, once a page of them showed it. */
  order: "newestFirst" | "oldestFirst" | undefined;
}

/** A tenant the poller has not polled yet. */
export function newTenantPoll(tenantId: string): TenantPoll {
  return {
    tenantId,
    listingUsable: true,
    resumePage: { SUCCESS: 1, FAIL: 1 },
    polledAt: 0,
    registered: 0,
    order: undefined,
  };
}

/** Safety bound on the pages of one listing (a server that ignores `page` would loop forever). */
const MAX_PENDING_PAGES = 100;
/** Extra pages read per tick from an oldest-first SUCCESS or FAIL list. */
const MAX_FORWARD_PAGES = 3;

/** IDs on the tenant's PENDING list, paging while full pages come back and some of `ours` are unseen. */
export async function listPendingIds(
  listRecords: RequestRecordLister,
  tenant: TenantPoll,
  ours: readonly { readonly requestId: string }[],
  size: number,
  counter: { calls: number },
  signal: AbortSignal,
): Promise<Set<string>> {
  const ourIds = new Set(ours.map((entry) => entry.requestId));
  const pending = new Set<string>();
  let unseen = ourIds.size;
  let previousFirst: string | undefined;
  for (let page = 0; page < MAX_PENDING_PAGES; page++) {
    counter.calls += 1;
    const records = await listRecords("PENDING", page, size, signal, tenant.tenantId);
    for (const record of records) {
      if (pending.has(record.requestId)) continue;
      pending.add(record.requestId);
      if (ourIds.has(record.requestId)) unseen -= 1;
    }
    // Stop at a short page, when all of ours are seen, or if the server ignores `page`.
    if (records.length < size || unseen === 0) break;
    if (records[0]?.requestId === previousFirst) break;
    previousFirst = records[0]?.requestId;
  }
  return pending;
}

/**
 * The tenant's records of `status` among `candidates` (by request ID): page 0 (the newest records when the service
 * lists newest first); when that page is full, ordered oldest first and misses some candidates, the pages where the
 * newest records were last found.
 */
export async function findFinished(
  listRecords: RequestRecordLister,
  tenant: TenantPoll,
  status: FinishedStatus,
  candidates: ReadonlyMap<string, unknown>,
  size: number,
  counter: { calls: number },
  signal: AbortSignal,
): Promise<RequestRecord[]> {
  const found: RequestRecord[] = [];
  const collect = (records: RequestRecord[]) => {
    for (const record of records) if (candidates.has(record.requestId)) found.push(record);
  };
  counter.calls += 1;
  const first = await listRecords(status, 0, size, signal, tenant.tenantId);
  collect(first);
  tenant.order = orderOf(first) ?? tenant.order;
  if (first.length < size || found.length === candidates.size || tenant.order !== "oldestFirst") return found;
  let page = Math.max(1, tenant.resumePage[status]);
  for (let read = 0; read < MAX_FORWARD_PAGES; read++, page++) {
    counter.calls += 1;
    const records = await listRecords(status, page, size, signal, tenant.tenantId);
    collect(records);
    if (records.length === 0 && page > 1) {
      // Older records were dropped and the list shrank: look from page 1 next time.
      tenant.resumePage[status] = 1;
      break;
    }
    tenant.resumePage[status] = page;
    if (records.length < size || found.length === candidates.size) break;
  }
  return found;
}

/** The order the page's timestamps show from first to last; undefined when they cannot tell (fewer than two, equal). */
function orderOf(records: RequestRecord[]): TenantPoll["order"] {
  if (records.length < 2) return undefined;
  const first = Date.parse(records[0].timestamp);
  const last = Date.parse(records[records.length - 1].timestamp);
  if (!Number.isFinite(first) || !Number.isFinite(last) || first === last) return undefined;
  return first < last ? "oldestFirst" : "newestFirst";
}

/**
 * Records on a newest-first SUCCESS page per request of ours registered since the oldest one looked for, and the
 * margin added for other administrators' requests meanwhile (and 202s that came back out of order).
 */
const PAGE_PER_OWN_REQUEST = 2;
const PAGE_MARGIN = 16;

/**
 * The page size for looking up `candidates` on a newest-first list: the service lists records by submission, so
 * every record above the oldest candidate was submitted after it, and most of those were ours. Sized to them, a page
 * stays small however many records the tenant holds (a 4,000-resource run's SUCCESS list held 1,000 records per full
 * page, parsed at every tick). A candidate pushed further down by others' requests is found when it is overdue: the
 * full check reads whole pages. An oldest-first or unknown order gets the whole page.
 */
export function finishedPageSize(
  tenant: TenantPoll,
  candidates: Iterable<{ readonly sequence: number }>,
  pageSize: number,
): number {
  if (tenant.order !== "newestFirst") return pageSize;
  let oldest = tenant.registered;
  for (const candidate of candidates) oldest = Math.min(oldest, candidate.sequence);
  const ownSince = tenant.registered - oldest;
  return Math.min(pageSize, PAGE_PER_OWN_REQUEST * ownSince + PAGE_MARGIN);
}
