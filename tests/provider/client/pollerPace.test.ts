// The request poller at Pulumi's default parallelism (few requests waiting, each a step holding one of few slots):
// how soon it sees a finished request, and what a tick costs once the tenant holds many finished records.
import { CoalescingRequestWaiter, type RequestRecord } from "../../../provider/client";
import { memoryService, venueRequestRecord } from "./memoryRecords";

describe("request poller at the engine's default parallelism", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("sees a finished request ~15 ms after its end on average with 8 in flight (by the test's own clock)", async () => {
    jest.useFakeTimers();
    // Requests end 300 to 500 ms after they are sent (the bench's emulator); a listing is answered 5 ms after it is
    // asked, with what had ended when it arrived. Eight steps, each sending its next request once the last is seen.
    const ROUND_TRIP_MS = 5;
    const records: { record: RequestRecord; endsAt: number }[] = [];
    let sent = 0;
    const listRecords = async (status: string, page: number, size: number) => {
      const now = Date.now();
      const matching = records
        .filter(({ endsAt }) => (status === "SUCCESS" ? endsAt <= now : status === "PENDING" && endsAt > now))
        .map(({ record }) => ({ ...record, status: status as RequestRecord["status"] }))
        .reverse();
      await new Promise((resolve) => setTimeout(resolve, ROUND_TRIP_MS));
      return matching.slice(page * size, page * size + size);
    };
    const waiter = new CoalescingRequestWaiter(
      async () => {
        throw new Error("no getRequest expected");
      },
      listRecords,
      {
        waitTimeoutMs: 60_000,
        pollInitialMs: 200,
        pollMaxMs: 5_000,
        contended: () => false,
        requestsPerSecond: () => 95,
      },
    );
    const lateness: number[] = [];
    const step = async () => {
      while (sent < 400) {
        const index = sent++;
        const requestId = `r${index}`;
        const endsAt = Date.now() + 300 + ((index * 37) % 200);
        records.push({ endsAt, record: venueRequestRecord(requestId, "PENDING", index) });
        await waiter.wait(requestId, "createVenue");
        lateness.push(Date.now() - endsAt);
      }
    };
    const steps = Promise.all(Array.from({ length: 8 }, step));
    await jest.advanceTimersByTimeAsync(60_000);
    await steps;
    const mean = lateness.reduce((sum, ms) => sum + ms, 0) / lateness.length;
    // Ticks every ~21 ms from the start of the last (half of 95 requests a second, one call a tick): ~10 ms to the
    // next tick and the 5 ms answer. A quarter of the budget, counted from the end of the last tick, left ~29 ms.
    expect(lateness).toHaveLength(400);
    expect(mean).toBeLessThan(20);
  });

  it("reads finished requests in a page sized to its own recent ones, and still finds one pushed off it", async () => {
    const service = memoryService("newest-first");
    // An hour of the tenant's work, finished.
    for (let index = 0; index < 300; index++) service.add(`earlier-${index}`, "SUCCESS");
    const waiter = new CoalescingRequestWaiter(service.readRecord, service.listRecords, {
      waitTimeoutMs: 5_000,
      pollInitialMs: 5,
      pollMaxMs: 10,
    });
    const sendAndEnd = async (requestId: string, othersMeanwhile = 0) => {
      const record = service.add(requestId, "PENDING");
      const waiting = waiter.wait(requestId, "createVenue");
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (let index = 0; index < othersMeanwhile; index++) service.add(`${requestId}-other-${index}`, "SUCCESS");
      record.status = "SUCCESS";
      await expect(waiting).resolves.toMatchObject({ requestId, status: "SUCCESS" });
    };
    await sendAndEnd("first"); // learns the list's order and how long requests take, with whole pages
    service.calls.pages.length = 0;
    await sendAndEnd("second");
    await sendAndEnd("third");
    const successPages = service.calls.pages.filter((page) => page.status === "SUCCESS");
    expect(successPages.length).toBeGreaterThan(0);
    // Two requests of its own since the oldest it looks for, and a margin for others' requests: not 300 records.
    for (const page of successPages) {
      expect(page.size).toBeLessThanOrEqual(20);
      expect(page.returned).toBeLessThanOrEqual(20);
    }
    // Forty requests of another administrator land above it on the list: the full check, once it is overdue, reads
    // whole pages and finds it there, without a getRequest read.
    await sendAndEnd("fourth", 40);
    expect(service.calls.getRequest).toBe(0);
  });
});
