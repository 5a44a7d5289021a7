// The request poller of an MSP's login with many tenants while the rate limit paces the run (the bench's MSP estate):
// every poll is a call per tenant, taken ahead of the writes waiting at the login's limiter, so a poll is spent only
// where it can be expected to find finished requests.
import { CoalescingRequestWaiter, type RequestRecord } from "../../../provider/client";
import { PollPacing } from "../../../provider/client/pollPacing";
import { venueRequestRecord } from "./memoryRecords";

/** Tenants' request records that end at a set time; each list call is counted by tenant and status. */
function tenantsService() {
  const records: { tenantId: string; record: RequestRecord; endsAt: number }[] = [];
  const calls: { tenantId: string; status: string; at: number }[] = [];
  const listRecords = async (status: string, page: number, size: number, _signal: AbortSignal, tenantId: string) => {
    const now = Date.now();
    calls.push({ tenantId, status, at: now });
    const matching = records
      .filter((entry) => entry.tenantId === tenantId)
      .filter(({ endsAt }) => (status === "SUCCESS" ? endsAt <= now : status === "PENDING" && endsAt > now))
      .map(({ record }) => ({ ...record, status: status as RequestRecord["status"] }))
      .reverse();
    return matching.slice(page * size, page * size + size);
  };
  const add = (tenantId: string, requestId: string, endsInMs: number) =>
    records.push({
      tenantId,
      record: venueRequestRecord(requestId, "PENDING", records.length),
      endsAt: Date.now() + endsInMs,
    });
  return { calls, listRecords, add };
}

function waiterOf(
  service: ReturnType<typeof tenantsService>,
  queuedRequests: () => number = () => 0,
  contended = true,
) {
  return new CoalescingRequestWaiter(
    async () => {
      throw new Error("no getRequest expected");
    },
    service.listRecords,
    {
      waitTimeoutMs: 60_000,
      pollInitialMs: 200,
      pollMaxMs: 5_000,
      contended: () => contended,
      requestsPerSecond: () => 95,
      queuedRequests,
    },
  );
}

describe("request poller of a login with many tenants, at the rate limit", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("until one request was seen finished, polls the tenant of the oldest request alone", async () => {
    jest.useFakeTimers();
    const service = tenantsService();
    const waiter = waiterOf(service);
    const waits: Promise<RequestRecord>[] = [];
    for (let t = 0; t < 20; t++) {
      for (let r = 0; r < 3; r++) {
        const requestId = `t${t}-r${r}`;
        service.add(`tenant-${t}`, requestId, 300 + (((t * 3 + r) * 37) % 200));
        waits.push(waiter.wait(requestId, "createVenue", `tenant-${t}`));
      }
    }
    await jest.advanceTimersByTimeAsync(10_000);
    await Promise.all(waits);
    const beforeFirstEnd = service.calls.filter((call) => call.at < Date.now() - 10_000 + 300);
    // Each tenant's PENDING list at every tick (20 calls a tick) before: now one tenant's.
    expect(new Set(beforeFirstEnd.map((call) => call.tenantId))).toEqual(new Set(["tenant-0"]));
    expect(service.calls.length).toBeLessThanOrEqual(45);
  });

  it("while a quarter second of requests waits at the login's limiter, polls only for overdue requests, one call each", async () => {
    jest.useFakeTimers();
    const service = tenantsService();
    let queued = 0;
    // Not contended by the limiter's own account, so that no other rule spaces the ticks.
    const waiter = waiterOf(service, () => queued, false);
    // The login learns how long requests take.
    service.add("tenant-0", "first", 300);
    const first = waiter.wait("first", "createVenue", "tenant-0");
    await jest.advanceTimersByTimeAsync(1_000);
    await first;
    service.calls.length = 0;
    queued = 30; // 0.32 s of the 95/s budget
    const waits: Promise<RequestRecord>[] = [];
    for (let t = 0; t < 20; t++) {
      service.add(`tenant-${t}`, `t${t}`, 300 + t * 10);
      waits.push(waiter.wait(`t${t}`, "createVenue", `tenant-${t}`));
    }
    const sentAt = Date.now();
    await jest.advanceTimersByTimeAsync(5_000);
    await Promise.all(waits);
    // Twice the usual time passes before a tenant is polled; then the SUCCESS list settles it in one call, with no
    // PENDING list (the full check) for a request that was only polled late.
    expect(Math.min(...service.calls.map((call) => call.at - sentAt))).toBeGreaterThanOrEqual(550);
    expect(service.calls.filter((call) => call.status !== "SUCCESS")).toEqual([]);
    expect(service.calls.length).toBe(20);
  });
});

describe("poll pacing: a tenant's poll is worth a call", () => {
  function learned(): PollPacing {
    const pacing = new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000 });
    pacing.noteFinished(300);
    pacing.noteFinished(500); // running average 360 ms, least 300 ms
    return pacing;
  }

  it("when three of its requests can be expected finished, or one is as old as requests usually take", () => {
    const pacing = learned();
    const now = 10_000;
    const aged = (ms: number, count = 1) => Array.from({ length: count }, () => ({ registeredAt: now - ms }));
    expect(pacing.finishedShare(330)).toBeCloseTo(0.5, 5);
    expect(pacing.worthPolling(aged(330), now, 0)).toBe(false);
    expect(pacing.worthPolling(aged(330, 4), now, 0)).toBe(false);
    expect(pacing.worthPolling(aged(330, 6), now, 0)).toBe(true);
    expect(pacing.worthPolling(aged(360), now, 0)).toBe(true);
    // Polled 10 ms ago and not found: each of the six had a third of a chance then, a half now: 1.5 expected, not 3.
    expect(pacing.expectedFinds(aged(330, 6), now, now - 10)).toBeCloseTo(1.5, 5);
    expect(pacing.worthPolling(aged(330, 6), now, now - 10)).toBe(false);
  });

  it("holds polls while a quarter second of the budget waits at the login's limiter", () => {
    let queued = 0;
    const pacing = new PollPacing({
      pollInitialMs: 200,
      pollMaxMs: 5_000,
      requestsPerSecond: () => 95,
      queuedRequests: () => queued,
    });
    expect(pacing.holdsPolls()).toBe(false);
    queued = 23;
    expect(pacing.holdsPolls()).toBe(false);
    queued = 24;
    expect(pacing.holdsPolls()).toBe(true);
  });
});
