// The client's reads of request records, for the pollers (waiter.ts, coalescingWaiter.ts) and for attribution
// (requestHistory.ts): getRequest and listRequestsByStatus in a tenant, through the same auth, retries and rate
// limit as every call, and the waiter made of them.
import type { RequestRecord, RequestStatus } from "../../contract/requestRecord";
import { listItemsOf } from "./answers";
import { CoalescingRequestWaiter } from "./coalescingWaiter";
import { NmsError } from "./errors";
import type { Exchange, LogLevel } from "./exchange";
import { PollingRequestWaiter, type RequestWaiter } from "./waiter";
import { parseRequestRecord } from "./writes";

/** How the waiter reads the records of a login's tenants. */
export interface RequestRecordSource {
  read(requestId: string, signal: AbortSignal, tenantId?: string): Promise<RequestRecord>;
  list(
    status: RequestStatus,
    page: number,
    size: number,
    signal: AbortSignal,
    tenantId?: string,
  ): Promise<RequestRecord[]>;
  /** The tenants the login has views of. */
  tenants(): Iterable<string>;
}

/**
 * The waiter behind execute/waitForRequest: one coalesced poller for every pending request of the login, whatever
 * its tenant, or (option waiter "per-request") the naive getRequest poll per request of this view's tenant.
 */
export function newRequestWaiter(ex: Exchange, records: RequestRecordSource): RequestWaiter {
  const common = {
    waitTimeoutMs: ex.settings.waitTimeoutMs,
    pollInitialMs: ex.settings.pollInitialMs,
    pollMaxMs: ex.settings.pollMaxMs,
    signal: ex.closing.signal,
    log: (level: LogLevel, message: string) => ex.log(level, message),
    redact: (text: string) => ex.redact(text),
    unreachable: () => ex.reachability.unreachable(),
  };
  if (ex.settings.waiter === "per-request")
    return new PollingRequestWaiter((requestId, signal) => records.read(requestId, signal), common);
  return new CoalescingRequestWaiter(
    (requestId, signal, tenantId) => records.read(requestId, signal, tenantId),
    (status, page, size, signal, tenantId) => records.list(status, page, size, signal, tenantId),
    {
      ...common,
      // The login's limit holds back every tenant's requests; a tenant's own, that tenant's.
      contended: () => [...records.tenants()].some((tenantId) => ex.isContended(tenantId)),
      requestsPerSecond: () => ex.settings.rateLimit.ratePerSecond,
      queuedRequests: () => ex.loginBucket.queued,
    },
  );
}

/** One getRequest read in `tenantId`. */
export async function readRequestRecord(
  ex: Exchange,
  requestId: string,
  signal: AbortSignal,
  tenantId: string,
): Promise<RequestRecord> {
  const request = ex.prepare("getRequest", { requestId }, undefined, tenantId);
  const answer = await ex.exchange(request, signal);
  const record = parseRequestRecord(ex, ex.parseJson(request, answer));
  if (!record) throw new NmsError(`getRequest: request ${requestId}: the answer is not a request record`);
  return record;
}

/** One page of listRequestsByStatus in `tenantId`. */
export async function listRequestRecords(
  ex: Exchange,
  status: RequestStatus,
  page: number,
  size: number,
  signal: AbortSignal,
  tenantId: string,
): Promise<RequestRecord[]> {
  const request = ex.prepare("listRequestsByStatus", { status }, { query: { page, size } }, tenantId);
  const answer = await ex.exchange(request, signal);
  const items = listItemsOf(ex.parseJson(request, answer))?.items;
  if (!items) throw new NmsError(`listRequestsByStatus: status ${status}: the answer is not a list of request records`);
  return items.map((raw) => {
    const record = parseRequestRecord(ex, raw);
    if (!record) throw new NmsError(`listRequestsByStatus: status ${status}: an entry is not a request record`);
    return record;
  });
}
