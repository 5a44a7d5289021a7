import { NmsClient, sharedTokenBucket, TokenBucket } from "../../../provider/client";
import { clientFor, PASSWORD, TENANT, type TestClient, withLogin } from "./fakeServer";

const ok = withLogin(() => ({ status: 200, body: [] }));

describe("TokenBucket", () => {
  it("serves a burst at once, then one token per 1/rate, in arrival order", async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const bucket = new TokenBucket({ ratePerSecond: 100, burst: 3 });
      const served: { index: number; at: number }[] = [];
      const all = Promise.all(
        Array.from({ length: 8 }, (_, index) => bucket.take().then(() => served.push({ index, at: Date.now() }))),
      );
      await jest.advanceTimersByTimeAsync(1_000);
      await all;
      // 3 at once, then one every 10 ms.
      expect(served).toEqual([0, 0, 0, 10, 20, 30, 40, 50].map((at, index) => ({ index, at })));
    } finally {
      jest.useRealTimers();
    }
  });

  it("lets an aborted taker leave the queue", async () => {
    const bucket = new TokenBucket({ ratePerSecond: 1, burst: 1 });
    await bucket.take();
    const controller = new AbortController();
    const waiting = bucket.take(controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
    expect(bucket.waiting).toBe(0);
  });
});

describe("rate limit through the client", () => {
  let t: TestClient | undefined;
  const extra: NmsClient[] = [];
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((client) => client.close()));
    await t?.close();
    t = undefined;
  });

  const secondClient = (baseUrl: string, tenantId: string, rate: number) => {
    const client = new NmsClient({
      baseUrl,
      tenantId,
      username: "admin@example.com",
      password: PASSWORD,
      maxRequestsPerSecond: rate,
      burst: 1,
    });
    extra.push(client);
    return client;
  };

  it("spaces requests: 20 calls at 50/s with burst 1 take at least ~0.38 s", async () => {
    t = await clientFor(ok, { maxRequestsPerSecond: 50, burst: 1 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => t!.client.call("listVenues")));
    const elapsed = Date.now() - started;
    // 21 tokens (the login takes one) at 20 ms each after the first.
    // Only a lower bound: the server shares this process, so a stalled event loop can bunch its arrival times
    // together, and a loaded machine stretches the whole run.
    expect(elapsed).toBeGreaterThanOrEqual(380);
    const stats = t.client.stats();
    expect(stats.requests).toEqual({ login: 1, listVenues: 20 });
    expect(stats.rateLimitedWaitMs).toBeGreaterThan(2_000); // summed over the 20 queued calls
  });

  it("is shared by two clients of the same tenant, and not across tenants", async () => {
    t = await clientFor(ok, { maxRequestsPerSecond: 50, burst: 1 });
    const sameTenant = secondClient(t.server.baseUrl, TENANT, 50);
    let started = Date.now();
    await Promise.all([
      ...Array.from({ length: 10 }, () => t!.client.call("listVenues")),
      ...Array.from({ length: 10 }, () => sameTenant.call("listVenues")),
    ]);
    const shared = Date.now() - started;
    // 22 tokens (two logins) from one bucket at 50/s.
    expect(shared).toBeGreaterThanOrEqual(400);

    const otherTenant = secondClient(t.server.baseUrl, "another-tenant-0000000000000000", 50);
    await otherTenant.call("listVenues"); // its login and first call, outside the timing
    await new Promise((resolve) => setTimeout(resolve, 100)); // let both buckets refill
    started = Date.now();
    await Promise.all([
      ...Array.from({ length: 8 }, () => t!.client.call("listVenues")),
      ...Array.from({ length: 8 }, () => otherTenant.call("listVenues")),
    ]);
    const separate = Date.now() - started;
    // 8 tokens from each of two buckets at 50/s: at least ~140 ms, whatever the machine's load.
    expect(separate).toBeGreaterThanOrEqual(130);
    // Separate buckets per tenant, one shared per tenant: checked by identity, not by timing.
    const settings = { ratePerSecond: 50, burst: 1 };
    expect(sharedTokenBucket(t.server.baseUrl, TENANT, settings)).toBe(
      sharedTokenBucket(t.server.baseUrl, TENANT, settings),
    );
    expect(sharedTokenBucket(t.server.baseUrl, "another-tenant-0000000000000000", settings)).not.toBe(
      sharedTokenBucket(t.server.baseUrl, TENANT, settings),
    );
  });

  it("a 429 with Retry-After pauses every call of the tenant, not just the refused one", async () => {
    let refused = false;
    t = await clientFor(
      withLogin((hit) => {
        if (!refused && hit.path.endsWith("/venue")) {
          refused = true;
          return {
            status: 429,
            headers: { "retry-after": "1" },
            body: { errors: [{ code: "NMS-RATE-LIMITED", message: "too many requests" }] },
          };
        }
        return { status: 200, body: [] };
      }),
      { maxRequestsPerSecond: 1_000, retryMaxMs: 1_000 },
    );
    await t.client.call("getTenant"); // logged in
    const refusedCall = t.client.call("listVenues");
    await new Promise((resolve) => setTimeout(resolve, 60));
    const others = Array.from({ length: 4 }, () => t!.client.call("getTenant"));
    await Promise.all([refusedCall, ...others]);
    const the429 = t.server.hits.find((hit) => hit.path.endsWith("/venue"))!;
    const after = t.server.hits.filter((hit) => hit.at > the429.at);
    expect(after).toHaveLength(5); // the retried listVenues and the four others
    for (const hit of after) expect(hit.at - the429.at).toBeGreaterThanOrEqual(950);
    expect(t.client.stats().retries).toBe(1);
    expect(t.client.stats().rateLimitedWaitMs).toBeGreaterThan(3 * 800);
  });

  it("validates the new options", () => {
    const base = { baseUrl: "https://x.example", tenantId: "t", username: "u", password: "Secret-pass-1" };
    expect(() => new NmsClient({ ...base, maxRequestsPerSecond: 0 })).toThrow(
      /maxRequestsPerSecond must be a positive number/,
    );
    expect(() => new NmsClient({ ...base, burst: 0.5 })).toThrow(/burst must be a number of at least 1/);
    expect(() => new NmsClient({ ...base, waiter: "fast" as never })).toThrow(
      /waiter must be "coalesced" or "per-request"/,
    );
    expect(() => new NmsClient({ ...base, listCacheTtlMs: -1 })).toThrow(
      /listCacheTtlMs must be a non-negative number/,
    );
  });
});
