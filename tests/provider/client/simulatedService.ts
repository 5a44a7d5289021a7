// A small stateful stand-in for the service's async writes, for the fake server: venues created
// by createVenue stay PENDING for `asyncDelayMs`, then SUCCESS (or FAIL, or never finish, as the venue's
// name asks), with request records readable by getRequest and listed by status by listRequestsByStatus, and venues listed
// by listVenues. Names are unique, and reserved while their create is pending (409), as in the service.
// A record is named by the caller's x-request-id when no record holds it yet, as the emulator does.

import type { RequestRecord } from "../../../provider/client";
import { type Handler, type Hit, type Reply, TENANT, withLogin } from "./fakeServer";

export interface SimulatedOptions {
  asyncDelayMs: number;
  /** Order of listRequestsByStatus lists; the emulator lists newest first. */
  order?: "newest-first" | "oldest-first";
  /**
   * Answers a hit before the simulation does (faults); undefined lets the simulation answer. "commit-then-reset" and
   * "accept-then-reset" act on the create and drop the answer; `{ resetThenArriveAfterMs }` drops the connection and
   * takes the create that long after (a request a gateway held on to).
   */
  intercept?: (
    hit: Hit,
  ) => Reply | "commit-then-reset" | "accept-then-reset" | { resetThenArriveAfterMs: number } | undefined;
}

export interface Simulated {
  handler: Handler;
  records: Map<string, RequestRecord>;
  venues: Map<string, { id: string; name: string }>;
}

/** Venue names that make the create fail with this code, or never finish. */
export const FAIL_PREFIX = "fail-";
export const STUCK_PREFIX = "stuck-";

export function simulatedService(options: SimulatedOptions): Simulated {
  const records = new Map<string, RequestRecord>();
  const venues = new Map<string, { id: string; name: string }>();
  const reserved = new Set<string>();
  let sequence = 0;

  const create = (name: string, immediately: boolean, callerRequestId?: string): Reply => {
    if (venues.has(name) || reserved.has(name)) {
      return {
        status: 409,
        body: {
          errors: [
            {
              code: "NMS-DUPLICATE-NAME",
              message: "an object with this name already exists in its scope",
              object: "name",
              value: name,
            },
          ],
          requestId: `req-409-${++sequence}`,
        },
      };
    }
    sequence += 1;
    const requestId =
      callerRequestId !== undefined && !records.has(callerRequestId) ? callerRequestId : `req-${sequence}`;
    const id = `venue-${sequence}`;
    const record: RequestRecord = {
      admin: "admin@example.com",
      count: 1,
      entityId: id,
      method: "POST",
      requestId,
      serviceName: "venue",
      status: "PENDING",
      tenantId: TENANT,
      // Distinct, rising timestamps even within one millisecond.
      timestamp: new Date(Date.now() + sequence).toISOString(),
    };
    records.set(requestId, record);
    reserved.add(name);
    const finish = () => {
      reserved.delete(name);
      if (name.startsWith(FAIL_PREFIX)) {
        record.status = "FAIL";
        record.errors = [
          { code: "WIFI-10000", message: "internal server error of the Wi-Fi component", object: "venue" },
        ];
      } else {
        record.status = "SUCCESS";
        venues.set(name, { id, name });
      }
    };
    if (!name.startsWith(STUCK_PREFIX)) {
      if (immediately) finish();
      else setTimeout(finish, options.asyncDelayMs).unref();
    }
    return { status: 202, body: { requestId, response: { id, name } } };
  };

  const page = <T>(items: T[], hit: Hit): T[] => {
    const size = Number(hit.query.get("size") ?? items.length);
    const index = Number(hit.query.get("page") ?? 0);
    return items.slice(index * size, index * size + size);
  };

  const handler: Handler = withLogin((hit) => {
    const intercepted = options.intercept?.(hit);
    const callerRequestId = typeof hit.headers["x-request-id"] === "string" ? hit.headers["x-request-id"] : undefined;
    // The service acts on the create (at once, or after the usual delay), but the answer is lost.
    if (intercepted === "commit-then-reset" || intercepted === "accept-then-reset") {
      create(JSON.parse(hit.body).name, intercepted === "commit-then-reset", callerRequestId);
      return "reset";
    }
    if (intercepted !== undefined && typeof intercepted === "object" && "resetThenArriveAfterMs" in intercepted) {
      setTimeout(
        () => create(JSON.parse(hit.body).name, false, callerRequestId),
        intercepted.resetThenArriveAfterMs,
      ).unref();
      return "reset";
    }
    if (intercepted !== undefined) return intercepted;
    const base = `/api/tenant/${TENANT}`;
    if (hit.method === "POST" && hit.path === `${base}/venue`)
      return create(JSON.parse(hit.body).name, false, callerRequestId);
    if (hit.method === "GET" && hit.path === `${base}/venue`)
      return { status: 200, body: page([...venues.values()], hit) };
    const listed = /\/request\/status\/(\w+)$/.exec(hit.path);
    if (hit.method === "GET" && listed) {
      const matching = [...records.values()].filter((record) => record.status === listed[1]);
      if (options.order !== "oldest-first") matching.reverse();
      return { status: 200, body: page(matching, hit) };
    }
    const single = new RegExp(`^${base}/request/([^/]+)$`).exec(hit.path);
    if (hit.method === "GET" && single) {
      const record = records.get(single[1]);
      return record
        ? { status: 200, body: record }
        : { status: 404, body: { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }] } };
    }
    return { status: 404, body: { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }] } };
  });
  return { handler, records, venues };
}

/** Hits of the request-record operations: listRequestsByStatus (status lists) and getRequest (single records). */
export function statusListHits(hits: Hit[]): Hit[] {
  return hits.filter((hit) => /\/request\/status\//.test(hit.path));
}

export function recordReadHits(hits: Hit[]): Hit[] {
  return hits.filter((hit) => /\/request\/(?!status\/)[^/]+$/.test(hit.path));
}
