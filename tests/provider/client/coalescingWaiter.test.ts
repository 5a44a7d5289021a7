import {
  CoalescingRequestWaiter,
  NmsError,
  NmsRequestFailedError,
  NmsWaitTimeoutError,
} from "../../../provider/client";
import { clientFor, rejectionOf, type TestClient } from "./fakeServer";
import { memoryService } from "./memoryRecords";
import { FAIL_PREFIX, recordReadHits, simulatedService, statusListHits, STUCK_PREFIX } from "./simulatedService";

const fast = { maxRequestsPerSecond: 10_000, pollInitialMs: 40, pollMaxMs: 200 };

async function settleAll<T>(promises: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  return await Promise.allSettled(promises);
}

describe("coalesced waiter through the client", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("is the default, and waits for 50 concurrent creates with a handful of status lists and no getRequest read", async () => {
    const sim = simulatedService({ asyncDelayMs: 150 });
    t = await clientFor(sim.handler, fast);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t!.client.execute<{ id: string; name: string }>("createVenue", {}, { body: { name: `venue-${index}` } }),
      ),
    );
    expect(results.map((result) => result.record.status)).toEqual(Array(50).fill("SUCCESS"));
    expect(new Set(results.map((result) => result.record.requestId)).size).toBe(50);
    expect(results.map((result) => result.response?.name)).toEqual(
      Array.from({ length: 50 }, (_, index) => `venue-${index}`),
    );
    const statusCalls = statusListHits(t.server.hits).length;
    expect(statusCalls).toBeLessThan(15);
    expect(recordReadHits(t.server.hits)).toHaveLength(0);
    expect(t.client.stats().requests.getRequest).toBeUndefined();
    expect(t.client.stats().requests.listRequestsByStatus).toBe(statusCalls);
    // The listing asks for big pages from page 0.
    expect(statusListHits(t.server.hits)[0].query.get("page")).toBe("0");
    expect(statusListHits(t.server.hits)[0].query.get("size")).toBe("1000");
  });

  it("rejects the FAIL ones with the record's code and times out a stuck one by name while the others succeed", async () => {
    const sim = simulatedService({ asyncDelayMs: 80 });
    t = await clientFor(sim.handler, { ...fast, waitTimeoutMs: 700 });
    const names = ["a", "b", `${FAIL_PREFIX}c`, "d", `${STUCK_PREFIX}e`, `${FAIL_PREFIX}f`, "g", "h"];
    const started = Date.now();
    const outcomes = await settleAll(names.map((name) => t!.client.execute("createVenue", {}, { body: { name } })));
    const elapsed = Date.now() - started;
    const byName = new Map(names.map((name, index) => [name, outcomes[index]]));
    for (const name of ["a", "b", "d", "g", "h"])
      expect(byName.get(name)).toMatchObject({ status: "fulfilled", value: { record: { status: "SUCCESS" } } });
    for (const name of [`${FAIL_PREFIX}c`, `${FAIL_PREFIX}f`]) {
      const outcome = byName.get(name) as PromiseRejectedResult;
      expect(outcome.status).toBe("rejected");
      expect(outcome.reason).toBeInstanceOf(NmsRequestFailedError);
      expect(outcome.reason.code).toBe("WIFI-10000");
      expect(outcome.reason.record.entityId).toMatch(/^venue-/);
      expect(outcome.reason.message).toContain("WIFI-10000 internal server error of the Wi-Fi component");
    }
    const stuck = byName.get(`${STUCK_PREFIX}e`) as PromiseRejectedResult;
    const stuckId = [...sim.records.values()].find((record) => record.status === "PENDING")!.requestId;
    expect(stuck.reason).toBeInstanceOf(NmsWaitTimeoutError);
    expect(stuck.reason.requestId).toBe(stuckId);
    expect(stuck.reason.lastStatus).toBe("PENDING");
    expect(stuck.reason.message).toContain(`request ${stuckId} did not finish within 700 ms`);
    expect(elapsed).toBeGreaterThanOrEqual(690);
    // Failures are found on the FAIL list, not by reading each record.
    expect(recordReadHits(t.server.hits)).toHaveLength(0);
    // Nothing is tracked any more: the poller stops (after a poll that was already on its way).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const callsAtEnd = statusListHits(t.server.hits).length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(statusListHits(t.server.hits)).toHaveLength(callsAtEnd);
  });

  it("close() stops the ticker and rejects every pending wait", async () => {
    const sim = simulatedService({ asyncDelayMs: 60_000 });
    t = await clientFor(sim.handler, fast);
    const waits = [1, 2, 3].map((n) =>
      rejectionOf(t!.client.execute("createVenue", {}, { body: { name: `slow-${n}` } })),
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(statusListHits(t.server.hits).length).toBeGreaterThan(0);
    await t.client.close();
    const errors = await Promise.all(waits);
    for (const error of errors) {
      expect(error).toBeInstanceOf(NmsError);
      expect(error).not.toBeInstanceOf(NmsWaitTimeoutError);
      expect(error.message).toMatch(/wait for request [0-9a-f-]{36} cancelled \(the client was closed\)/);
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // a poll already on its way may still arrive
    const calls = statusListHits(t.server.hits).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statusListHits(t.server.hits)).toHaveLength(calls);
  });

  it("does not poll a request before it can have finished, by the least time requests took so far", async () => {
    const sim = simulatedService({ asyncDelayMs: 300 });
    t = await clientFor(sim.handler, fast);
    await t.client.execute("createVenue", {}, { body: { name: "first" } }); // the waiter learns: about 300 ms
    const second = t.client.execute("createVenue", {}, { body: { name: "second" } });
    await new Promise((resolve) => setTimeout(resolve, 50)); // its 202 is in
    const before = statusListHits(t.server.hits).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Ticks 40 ms apart (pollInitialMs) would have polled three times by now; it cannot be done before ~225 ms.
    expect(statusListHits(t.server.hits)).toHaveLength(before);
    expect((await second).record.status).toBe("SUCCESS");
  });

  it("reads the outcome from oldest-first lists as well", async () => {
    const sim = simulatedService({ asyncDelayMs: 50, order: "oldest-first" });
    t = await clientFor(sim.handler, fast);
    const outcomes = await settleAll(
      ["x", `${FAIL_PREFIX}y`, "z"].map((name) => t!.client.execute("createVenue", {}, { body: { name } })),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});

describe("CoalescingRequestWaiter alone", () => {
  it("pages through a PENDING list longer than a page, and stops paging once all of its own are seen", async () => {
    const service = memoryService("newest-first");
    for (let index = 0; index < 12; index++) service.add(`other-${index}`, "PENDING"); // other clients' requests
    const mine = service.add("mine", "PENDING");
    const waiter = new CoalescingRequestWaiter(service.readRecord, service.listRecords, {
      waitTimeoutMs: 2_000,
      pollInitialMs: 10,
      pollMaxMs: 20,
      pageSize: 5,
    });
    const waiting = waiter.wait("mine", "createVenue");
    await new Promise((resolve) => setTimeout(resolve, 15));
    // Newest first: "mine" is on page 0, so page 1 is never needed while it is pending.
    expect(service.calls.listRequestsByStatus.every((call) => call === "PENDING:0")).toBe(true);
    service.records.reverse(); // now "mine" is the oldest: on the last page
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(service.calls.listRequestsByStatus).toContain("PENDING:2");
    mine.status = "SUCCESS";
    await expect(waiting).resolves.toMatchObject({ requestId: "mine", status: "SUCCESS" });
    expect(service.calls.getRequest).toBe(0);
    expect(waiter.trackedCount).toBe(0);
  });

  it("finds recent outcomes past the first page of an oldest-first list, reading on from where it last found them", async () => {
    const service = memoryService("oldest-first");
    for (let index = 0; index < 18; index++) service.add(`old-${index}`, "SUCCESS");
    const waiter = new CoalescingRequestWaiter(service.readRecord, service.listRecords, {
      waitTimeoutMs: 2_000,
      pollInitialMs: 5,
      pollMaxMs: 10,
      pageSize: 5,
    });
    const r1 = service.add("r1", "PENDING");
    const first = waiter.wait("r1", "createVenue");
    r1.status = "SUCCESS";
    await expect(first).resolves.toMatchObject({ requestId: "r1" });
    // Page 0 holds the oldest records: the waiter reads on to the last page, where r1 is.
    const successReads = () => service.calls.listRequestsByStatus.filter((call) => call.startsWith("SUCCESS"));
    expect(successReads()).toEqual(["SUCCESS:0", "SUCCESS:1", "SUCCESS:2", "SUCCESS:3"]);
    service.calls.listRequestsByStatus.length = 0;
    const r2 = service.add("r2", "PENDING");
    const second = waiter.wait("r2", "createVenue");
    r2.status = "SUCCESS";
    await expect(second).resolves.toMatchObject({ requestId: "r2" });
    // The second time it goes straight to the page where the newest records were.
    expect(successReads()).toEqual(["SUCCESS:0", "SUCCESS:3"]);
    expect(service.calls.getRequest).toBe(0);
  });

  it("falls back to one getRequest read for what neither list shows, and to getRequest only when listRequestsByStatus is refused", async () => {
    const service = memoryService("newest-first");
    const refusing = async () => {
      throw Object.assign(new Error("HTTP 404"), { status: 404 });
    };
    const waiter = new CoalescingRequestWaiter(service.readRecord, refusing, {
      waitTimeoutMs: 2_000,
      pollInitialMs: 5,
      pollMaxMs: 10,
    });
    const record = service.add("r1", "PENDING");
    const waiting = waiter.wait("r1", "createVenue");
    await new Promise((resolve) => setTimeout(resolve, 30));
    record.status = "SUCCESS";
    await expect(waiting).resolves.toMatchObject({ requestId: "r1", status: "SUCCESS" });
    expect(service.calls.getRequest).toBeGreaterThan(1);
  });
});
