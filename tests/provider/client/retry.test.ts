import * as net from "node:net";
import {
  decideRetry,
  isAmbiguousOutcome,
  NmsApiError,
  NmsNetworkError,
  parseRetryAfterMs,
} from "../../../provider/client";
import { endedByDeadline, mayStillArrive } from "../../../provider/client/retry";
import { clientFor, rejectionOf, retryDelaysLogged, type TestClient, withLogin } from "./fakeServer";

describe("retry rules (table)", () => {
  it.each([
    [500, true],
    [502, true],
    [503, true],
    [429, true],
    [400, false],
    [401, false],
    [402, false],
    [403, false],
    [404, false],
    [409, false],
    [422, false],
    [423, false],
  ])("HTTP %i → retry %s", (status, retry) => {
    expect(decideRetry({ kind: "answer", status }).retry).toBe(retry);
  });

  it("retries transient network errors, including nested and undici ones, but not cancellation", () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(decideRetry({ kind: "no-answer", error: withCode("ECONNRESET") }).retry).toBe(true);
    expect(decideRetry({ kind: "no-answer", error: withCode("UND_ERR_HEADERS_TIMEOUT") }).retry).toBe(true);
    expect(
      decideRetry({ kind: "no-answer", error: new Error("wrapped", { cause: withCode("ECONNREFUSED") }) }).retry,
    ).toBe(true);
    expect(decideRetry({ kind: "no-answer", error: withCode("UND_ERR_ABORTED") }).retry).toBe(false);
    expect(decideRetry({ kind: "no-answer", error: withCode("ENOTFOUND") }).retry).toBe(false);
    expect(decideRetry({ kind: "no-answer", error: new TypeError("bug") }).retry).toBe(false);
  });

  it("calls an attempt ambiguous when the service may have acted on it", () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    for (const status of [500, 502, 503, 504]) expect(isAmbiguousOutcome({ kind: "answer", status })).toBe(true);
    for (const status of [400, 401, 404, 409, 422, 429])
      expect(isAmbiguousOutcome({ kind: "answer", status })).toBe(false);
    for (const code of [
      "ECONNRESET",
      "UND_ERR_SOCKET",
      "UND_ERR_HEADERS_TIMEOUT",
      "UND_ERR_BODY_TIMEOUT",
      "NMS_ATTEMPT_TIMEOUT",
      "EPIPE",
    ]) {
      expect(isAmbiguousOutcome({ kind: "no-answer", error: withCode(code) })).toBe(true);
    }
    // Never connected: nothing was sent.
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]) {
      expect(isAmbiguousOutcome({ kind: "no-answer", error: withCode(code) })).toBe(false);
    }
  });

  it("a write with a request record whose outcome is unknown is resolved from its record, never retried; a clean refusal still is", () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    const once = { sentOnce: true };
    for (const outcome of [
      { kind: "answer" as const, status: 500 },
      { kind: "answer" as const, status: 502 },
      { kind: "answer" as const, status: 503 },
      { kind: "no-answer" as const, error: withCode("ECONNRESET") },
      { kind: "no-answer" as const, error: withCode("NMS_ATTEMPT_TIMEOUT") },
    ]) {
      expect(decideRetry(outcome, once)).toMatchObject({
        retry: false,
        resolve: true,
        rule: "write with a request record, outcome unknown",
      });
      expect(decideRetry(outcome).retry).toBe(true); // a read, or a write without a record: retried as before
    }
    // Nothing reached the service, or it refused cleanly: retried as for any call.
    expect(decideRetry({ kind: "no-answer", error: withCode("ECONNREFUSED") }, once)).toMatchObject({ retry: true });
    expect(decideRetry({ kind: "answer", status: 429, retryAfter: "1" }, once)).toMatchObject({
      retry: true,
      retryAfterMs: 1000,
    });
    expect(decideRetry({ kind: "answer", status: 409 }, once)).toMatchObject({ retry: false });
    expect(decideRetry({ kind: "answer", status: 409 }, once).resolve).toBeUndefined();
  });

  it("tells when a request may still reach the service after its attempt ended, and when the attempt ended by a deadline", () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(mayStillArrive({ kind: "no-answer", error: withCode("ECONNRESET") })).toBe(true);
    for (const status of [502, 504]) expect(mayStillArrive({ kind: "answer", status })).toBe(true);
    // The service answered: its handling of the request is over.
    for (const status of [500, 503]) expect(mayStillArrive({ kind: "answer", status })).toBe(false);
    expect(endedByDeadline({ kind: "no-answer", error: withCode("NMS_ATTEMPT_TIMEOUT") })).toBe(true);
    expect(endedByDeadline({ kind: "answer", status: 504 })).toBe(true);
    expect(endedByDeadline({ kind: "no-answer", error: withCode("ECONNRESET") })).toBe(false);
  });

  it("reads Retry-After as seconds or as an HTTP date, only for 429 and 503", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterMs("2", now)).toBe(2000);
    expect(parseRetryAfterMs("Wed, 01 Jan 2025 00:00:03 GMT", now)).toBe(3000);
    expect(parseRetryAfterMs("soon", now)).toBeUndefined();
    expect(decideRetry({ kind: "answer", status: 429, retryAfter: "1" }).retryAfterMs).toBe(1000);
    expect(decideRetry({ kind: "answer", status: 503, retryAfter: "1" }).retryAfterMs).toBe(1000);
    expect(decideRetry({ kind: "answer", status: 500, retryAfter: "1" }).retryAfterMs).toBeUndefined();
  });
});

describe("retries against a server", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("retries a 500 and returns the following 200", async () => {
    t = await clientFor(
      withLogin((_hit, hits) =>
        hits.filter((h) => h.path !== "/token").length === 1
          ? { status: 500, body: { errors: [{ code: "CFGC-10000", message: "internal server error" }] } }
          : { status: 200, body: [{ id: "v1" }] },
      ),
    );
    await expect(t.client.call("listVenues")).resolves.toEqual([{ id: "v1" }]);
    expect(t.server.apiHits()).toHaveLength(2);
    expect(t.logs.some((log) => log.level === "warn" && /listVenues.*HTTP 500.*retrying/.test(log.message))).toBe(true);
  });

  it("waits as long as Retry-After asks on 429", async () => {
    t = await clientFor(
      withLogin((_hit, hits) =>
        hits.filter((h) => h.path !== "/token").length === 1
          ? {
              status: 429,
              headers: { "retry-after": "1" },
              body: { errors: [{ code: "NMS-RATE-LIMITED", message: "too many requests" }] },
            }
          : { status: 200, body: [] },
      ),
      { retryMaxMs: 1_000 }, // the cap (6 × retryMaxMs) is above the 1 s asked for
    );
    await t.client.call("listVenues");
    const [first, second] = t.server.apiHits();
    // The decided delay, from the client's notice; the clock only bounds it from below (a loaded machine stretches it).
    expect(retryDelaysLogged(t)).toEqual([1_000]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it("caps a huge Retry-After at 6 × retryMaxMs", async () => {
    t = await clientFor(
      withLogin((_hit, hits) =>
        hits.filter((h) => h.path !== "/token").length === 1
          ? { status: 503, headers: { "retry-after": "3600" } }
          : { status: 200, body: [] },
      ),
      { retryMaxMs: 20 },
    );
    await t.client.call("listVenues");
    const [first, second] = t.server.apiHits();
    expect(retryDelaysLogged(t)).toEqual([120]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(100);
  });

  it("retries when the connection is reset", async () => {
    t = await clientFor(
      withLogin((_hit, hits) =>
        hits.filter((h) => h.path !== "/token").length === 1 ? "reset" : { status: 200, body: { id: "v1" } },
      ),
    );
    await expect(t.client.call("getVenue", { venueId: "v1" })).resolves.toEqual({ id: "v1" });
    expect(t.server.apiHits()).toHaveLength(2);
  });

  it.each([400, 404, 409, 422])("never retries HTTP %i", async (status) => {
    t = await clientFor(
      withLogin(() => ({ status, body: { errors: [{ code: "X", message: `status ${status}` }], requestId: "r-1" } })),
    );
    const error = await rejectionOf(t.client.call("createVenue", {}, { body: { name: "HQ" } }));
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).status).toBe(status);
    expect((error as NmsApiError).requestId).toBe("r-1");
    expect(t.server.apiHits()).toHaveLength(1);
  });

  it("makes at most maxRetries + 1 attempts", async () => {
    t = await clientFor(
      withLogin(() => ({ status: 502 })),
      { maxRetries: 3 },
    );
    const error = await rejectionOf(t.client.call("listVenues"));
    expect((error as NmsApiError).status).toBe(502);
    expect((error as NmsApiError).attempts).toBe(4);
    expect(t.server.apiHits()).toHaveLength(4);
  });

  it("reports a POST that keeps failing with the operation, status, code and attempts", async () => {
    t = await clientFor(
      withLogin(() => ({
        status: 500,
        body: {
          errors: [{ code: "VENUE-10001", message: "tenant is out of sync and requires repair" }],
          requestId: "req-77",
        },
      })),
      { maxRetries: 2 },
    );
    const error = await rejectionOf(t.client.call("createVenue", {}, { body: { name: "HQ" } }));
    expect(error).toBeInstanceOf(NmsApiError);
    expect(error.message).toContain("createVenue");
    expect(error.message).toContain("HTTP 500");
    expect(error.message).toContain("VENUE-10001 tenant is out of sync");
    expect(error.message).toContain("req-77");
    expect(error.message).toContain("3 attempts");
    expect((error as NmsApiError).code).toBe("VENUE-10001");
    expect((error as NmsApiError).operation).toBe("createVenue");
    expect(t.server.apiHits().every((hit) => hit.method === "POST")).toBe(true);
    expect(t.server.apiHits()).toHaveLength(3);
  });

  it("retries a refused connection, then reports a network error naming the operation", async () => {
    // A port that was just free: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const logs: string[] = [];
    const { NmsClient } = await import("../../../provider/client");
    const client = new NmsClient({
      baseUrl: `http://127.0.0.1:${port}`,
      tenantId: "t",
      username: "u",
      password: "Secret-pass-1",
      maxRetries: 2,
      retryBaseMs: 5,
      retryMaxMs: 10,
      logger: (event) => logs.push(event.message),
    });
    try {
      const error = await rejectionOf(client.call("listVenues"));
      expect(error).toBeInstanceOf(NmsNetworkError);
      expect((error as NmsNetworkError).errorCode).toBe("ECONNREFUSED");
      expect((error as NmsNetworkError).attempts).toBe(3);
      expect(error.message).toContain("login"); // the first call's login is what failed
      expect(logs.filter((message) => message.includes("retrying"))).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it("gives up an attempt at requestTimeoutMs and retries it", async () => {
    let calls = 0;
    t = await clientFor(
      withLogin(async () => {
        calls += 1;
        if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 600));
        return { status: 200, body: { ok: true } };
      }),
      { requestTimeoutMs: 150 },
    );
    await expect(t.client.call("getTenant")).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
