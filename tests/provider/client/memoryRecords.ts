// An in-memory store of one tenant's request records behind a CoalescingRequestWaiter, without HTTP: getRequest and
// listRequestsByStatus calls counted, with the size asked for and the records answered of each listed page.
import type { RequestRecord } from "../../../provider/client";
import { TENANT } from "./fakeServer";

export interface ListedPage {
  status: string;
  size: number;
  returned: number;
}

/** A venue create's request record of the test tenant, its timestamp `offsetMs` after the start of 2025. */
export function venueRequestRecord(
  requestId: string,
  status: RequestRecord["status"],
  offsetMs: number,
): RequestRecord {
  return {
    admin: "a",
    count: 1,
    entityId: requestId,
    method: "POST",
    requestId,
    serviceName: "venue",
    status,
    tenantId: TENANT,
    timestamp: new Date(Date.UTC(2025, 0, 1) + offsetMs).toISOString(),
  } as RequestRecord;
}

/** An in-memory record store behind a waiter, without HTTP, with getRequest and listRequestsByStatus calls counted. */
export function memoryService(order: "newest-first" | "oldest-first") {
  const records: RequestRecord[] = [];
  const calls = { getRequest: 0, listRequestsByStatus: [] as string[], pages: [] as ListedPage[] };
  const add = (requestId: string, status: RequestRecord["status"]) => {
    const record = venueRequestRecord(requestId, status, records.length * 1000);
    records.push(record);
    return record;
  };
  const readRecord = async (requestId: string) => {
    calls.getRequest += 1;
    const record = records.find((candidate) => candidate.requestId === requestId);
    if (!record) throw new Error(`no record ${requestId}`);
    return { ...record };
  };
  const listRecords = async (status: string, page: number, size: number) => {
    calls.listRequestsByStatus.push(`${status}:${page}`);
    const matching = records.filter((record) => record.status === status);
    if (order === "newest-first") matching.reverse();
    const answered = matching.slice(page * size, page * size + size).map((record) => ({ ...record }));
    calls.pages.push({ status, size, returned: answered.length });
    return answered;
  };
  return { records, calls, add, readRecord, listRecords };
}
