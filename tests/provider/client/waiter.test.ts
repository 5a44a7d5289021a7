import {
  NmsApiError,
  NmsError,
  NmsRequestFailedError,
  NmsWaitTimeoutError,
  PollingRequestWaiter,
  isNotFound,
  type RequestRecord,
} from "../../../provider/client";
import {
  clientFor as clientForAny,
  type Hit,
  pollPausesLogged,
  rejectionOf,
  TENANT,
  type TestClient,
  withLogin,
} from "./fakeServer";

function record(requestId: string, status: string, extra: Partial<RequestRecord> = {}): RequestRecord {
  return {
    admin: "admin@example.com",
    count: 1,
    entityId: "v1",
    method: "POST",
    requestId,
    serviceName: "venue",
    status: status as RequestRecord["status"],
    tenantId: TENANT,
    timestamp: "2025-01-01T00:00:00Z",
    ...extra,
  };
}

/**
 * A server accepting createVenue with requestId "req-1" whose record goes through `statuses`, one step per
 * poll (an getRequest read, or an listRequestsByStatus read of the PENDING list); the last step repeats. The SUCCESS and
 * FAIL lists (listRequestsByStatus) show the record when it has that status.
 */
function asyncService(
  statuses: Array<string | { status: number; body?: unknown }>,
  failErrors?: RequestRecord["errors"],
) {
  let polls = 0;
  let current: string | undefined;
  const step = () => {
    const next = statuses[Math.min(polls, statuses.length - 1)];
    polls += 1;
    if (typeof next === "string") current = next;
    return next;
  };
  const recordOf = (status: string) => record("req-1", status, status === "FAIL" ? { errors: failErrors } : {});
  return withLogin((hit: Hit) => {
    if (hit.method === "POST" && hit.path.endsWith("/venue")) {
      return { status: 202, body: { requestId: "req-1", response: { id: "v1", name: "HQ" } } };
    }
    if (hit.method === "GET" && hit.path === `/api/tenant/${TENANT}/request/req-1`) {
      const next = step();
      return typeof next === "string" ? { status: 200, body: recordOf(next) } : next;
    }
    const listed = /\/request\/status\/(\w+)$/.exec(hit.path);
    if (hit.method === "GET" && listed) {
      if (listed[1] === "PENDING") {
        const next = step();
        if (typeof next !== "string") return next;
        return { status: 200, body: next === "PENDING" ? [recordOf(next)] : [] };
      }
      return { status: 200, body: current === listed[1] ? [recordOf(current)] : [] };
    }
    return { status: 404, body: { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }] } };
  });
}

const polls = (t: TestClient) => t.server.apiHits().filter((hit) => hit.path.includes("/request/"));

describe.each(["per-request", "coalesced"] as const)("async requests, %s waiter", (waiter) => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const clientFor = (handler: Parameters<typeof clientForAny>[0], overrides: Parameters<typeof clientForAny>[1] = {}) =>
    clientForAny(handler, { waiter, ...overrides });

  it("execute sends, then polls PENDING, PENDING, SUCCESS and returns the response and the record", async () => {
    t = await clientFor(asyncService(["PENDING", "PENDING", "SUCCESS"]));
    const result = await t.client.execute<{ id: string }>("createVenue", {}, { body: { name: "HQ" } });
    expect(result.response).toEqual({ id: "v1", name: "HQ" });
    expect(result.record.status).toBe("SUCCESS");
    expect(result.record.requestId).toBe("req-1");
    if (waiter === "per-request")
      expect(polls(t).map((hit) => hit.path)).toEqual(Array(3).fill(`/api/tenant/${TENANT}/request/req-1`));
    // Coalesced: PENDING list, PENDING list, PENDING list without req-1, then the SUCCESS list.
    else
      expect(polls(t).map((hit) => hit.path.split("/").slice(-2).join("/"))).toEqual([
        "status/PENDING",
        "status/PENDING",
        "status/PENDING",
        "status/SUCCESS",
      ]);
  });

  it("raises NmsRequestFailedError with the code and requestId when the record ends in FAIL", async () => {
    t = await clientFor(
      asyncService(
        ["PENDING", "FAIL"],
        [{ code: "WIFI-10000", message: "internal server error of the Wi-Fi component", object: "venue" }],
      ),
    );
    const error = await rejectionOf(t.client.execute("createVenue", {}, { body: { name: "HQ" } }));
    expect(error).toBeInstanceOf(NmsRequestFailedError);
    const failed = error as NmsRequestFailedError;
    expect(failed.code).toBe("WIFI-10000");
    expect(failed.requestId).toBe("req-1");
    expect(failed.operation).toBe("createVenue");
    expect(failed.record.status).toBe("FAIL");
    expect(error.message).toContain("createVenue");
    expect(error.message).toContain("req-1");
    expect(error.message).toContain("WIFI-10000 internal server error of the Wi-Fi component");
    expect(error.message).toContain("entity v1");
  });

  it("raises NmsWaitTimeoutError naming the request, operation, time and last status at the deadline", async () => {
    t = await clientFor(asyncService(["PENDING"]), { waitTimeoutMs: 300, pollInitialMs: 20, pollMaxMs: 80 });
    // Always PENDING: without a working deadline this would hang until jest's timeout.
    const error = await rejectionOf(t.client.execute("createVenue", {}, { body: { name: "HQ" } }));
    expect(error).toBeInstanceOf(NmsWaitTimeoutError);
    const timeout = error as NmsWaitTimeoutError;
    expect(timeout.requestId).toBe("req-1");
    expect(timeout.lastStatus).toBe("PENDING");
    expect(timeout.waitedMs).toBeGreaterThanOrEqual(290);
    expect(error.message).toContain("req-1");
    expect(error.message).toContain("createVenue");
    expect(error.message).toContain("300 ms");
    expect(error.message).toContain("last status PENDING");
  });

  // The coalesced waiter paces its ticks differently (see the coalescing tests).
  if (waiter === "per-request") {
    it("backs off between polls: the pauses grow up to the cap", async () => {
      t = await clientFor(asyncService(["PENDING", "PENDING", "PENDING", "PENDING", "PENDING", "SUCCESS"]), {
        pollInitialMs: 20,
        pollMaxMs: 1_000,
      });
      await t.client.waitForRequest("req-1", "createVenue");
      // Pause i is drawn from [d/2, d] with d = 20·2^i (the decided pauses, from the client's log).
      const decided = pollPausesLogged(t);
      expect(decided).toHaveLength(5);
      decided.forEach((pause, index) => {
        const ceiling = 20 * 2 ** index;
        expect(pause).toBeGreaterThanOrEqual(ceiling / 2);
        expect(pause).toBeLessThanOrEqual(ceiling);
      });
      // The clock only bounds the real gaps from below: a loaded machine stretches them.
      const times = polls(t).map((hit) => hit.at);
      const gaps = times.slice(1).map((at, index) => at - times[index]);
      gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(decided[index] - 2));
    });
  }

  it("keeps polling through a poll that fails for a retryable reason", async () => {
    t = await clientFor(asyncService(["PENDING", { status: 503 }, { status: 503 }, "SUCCESS"]), { maxRetries: 0 });
    const finished = await t.client.waitForRequest("req-1", "createVenue");
    expect(finished.status).toBe("SUCCESS");
    expect(t.logs.some((log) => log.level === "warn" && log.message.includes("will poll again"))).toBe(true);
  });

  it("stops waiting when a poll fails for a reason that will not pass (403)", async () => {
    t = await clientFor(
      asyncService([
        "PENDING",
        {
          status: 403,
          body: { errors: [{ code: "NMS-FORBIDDEN-ROLE", message: "role does not allow this operation" }] },
        },
      ]),
    );
    const error = await rejectionOf(t.client.waitForRequest("req-1", "createVenue"));
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).operation).toBe("getRequest");
    // Coalesced: the PENDING list is refused, so the poller falls back to getRequest, which is refused too.
    expect(polls(t)).toHaveLength(waiter === "per-request" ? 2 : 3);
  });

  it("reports a failed delete of something already gone as not found", async () => {
    t = await clientFor(asyncService(["FAIL"], [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }]));
    const error = await rejectionOf(t.client.waitForRequest("req-1", "deleteVenue"));
    expect(isNotFound(error)).toBe(true);
  });

  it("submit refuses a synchronous operation and a 2xx without requestId", async () => {
    t = await clientFor(withLogin(() => ({ status: 200, body: { id: "v1" } })));
    await expect(t.client.submit("getVenue", { venueId: "v1" })).rejects.toThrow(/getVenue is not an async operation/);
    await expect(t.client.submit("updateVenue", { venueId: "v1" }, { body: { name: "HQ" } })).rejects.toThrow(
      /updateVenue: expected 202 \{requestId, response\?\}, got HTTP 200/,
    );
  });

  it("close cancels a wait in flight", async () => {
    t = await clientFor(asyncService(["PENDING"]));
    const waiting = rejectionOf(t.client.waitForRequest("req-1", "createVenue"));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await t.client.close();
    const error = await waiting;
    expect(error).toBeInstanceOf(NmsError);
    expect(error).not.toBeInstanceOf(NmsWaitTimeoutError);
    await expect(t.client.call("listVenues")).rejects.toThrow(/closed/);
  });
});

describe("PollingRequestWaiter alone", () => {
  it("depends only on a record reader, so another waiter can replace it behind the same interface", async () => {
    const statuses = ["PENDING", "SUCCESS"];
    const seen: string[] = [];
    const waiter = new PollingRequestWaiter(
      async (requestId) => {
        seen.push(requestId);
        return record(requestId, statuses.shift() ?? "SUCCESS");
      },
      { waitTimeoutMs: 1_000, pollInitialMs: 5, pollMaxMs: 10 },
    );
    await expect(waiter.wait("r-9", "createApGroup")).resolves.toMatchObject({ status: "SUCCESS", requestId: "r-9" });
    expect(seen).toEqual(["r-9", "r-9"]);
  });
});
