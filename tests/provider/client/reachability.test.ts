// A service that cannot be reached: the client says so at warn level (shown by default) within
// 30 s of attempts without any answer, and ends the calls and waits that meet them once that has
// lasted nms:unreachableTimeoutSeconds, with the operation, the request and the reason, instead of
// waiting silently until the wait's deadline. Fake clock for the timings; a closed port and a
// server that never answers for the client as a whole, with short settings.
import * as net from "node:net";
import { NmsNetworkError, NmsWaitTimeoutError, WaitProgress, type ClientOptions } from "../../../provider/client";
import { Reachability, warningTimes } from "../../../provider/client/reachability";
import { resolveSettings } from "../../../provider/client/settings";
import { resolveConfig } from "../../../provider/config";
import { clientFor, rejectionOf, TENANT, withLogin, type TestClient } from "./fakeServer";

const BASE = "https://nms.example.com";
const refused = Object.assign(new Error("connect ECONNREFUSED 192.0.2.1:443"), { code: "ECONNREFUSED" });

function clocked(giveUpAfterMs = 120_000) {
  let now = Date.parse("2025-01-01T12:00:00Z");
  const logs: { level: string; message: string }[] = [];
  const reachability = new Reachability({
    baseUrl: BASE,
    giveUpAfterMs,
    ...warningTimes(giveUpAfterMs),
    log: (level, message) => logs.push({ level, message }),
    now: () => now,
  });
  /** An attempt that starts now, takes `tookMs` and gets no answer. */
  const fail = (tookMs = 0) => {
    const startedAt = now;
    now += tookMs;
    reachability.failed(startedAt, refused);
  };
  return { reachability, logs, fail, wait: (ms: number) => void (now += ms) };
}

describe("the run of attempts without an answer (fake clock, default 120 s)", () => {
  test("is told at warn level within 10 s, with the address, the reason and until when it keeps trying; again every 30 s", () => {
    const { logs, fail, wait } = clocked();
    // Refused connections retried with backoff: an attempt every few seconds.
    for (let i = 0; i < 3; i++) {
      fail();
      wait(2_500);
    }
    expect(logs).toEqual([]);
    fail(); // 7.5 s
    wait(2_000);
    fail(); // 9.5 s
    expect(logs).toEqual([
      {
        level: "warn",
        message: `cannot reach ${BASE}: connect ECONNREFUSED 192.0.2.1:443; still trying until 2025-01-01T12:02:00Z`,
      },
    ]);
    for (let i = 0; i < 10; i++) {
      wait(3_000);
      fail();
    }
    expect(logs.filter((l) => l.level === "warn")).toHaveLength(2); // 9.5 s and 39.5 s
  });

  test("an attempt that hangs until its own timeout (30 s) is told as soon as it ends", () => {
    const { logs, fail } = clocked();
    fail(30_000);
    expect(logs.map((l) => l.level)).toEqual(["warn"]);
  });

  test("gives up after the setting, with a description naming address, duration, setting and reason", () => {
    const { reachability, fail, wait } = clocked();
    for (let i = 0; i < 12; i++) {
      fail();
      wait(9_900);
    }
    fail(); // 118.8 s
    expect(reachability.unreachable()).toBeUndefined();
    wait(1_200);
    fail();
    const gone = reachability.unreachable();
    expect(gone?.description).toBe(
      `cannot reach ${BASE}: no answer for 120 s (since 2025-01-01T12:00:00Z; nms:unreachableTimeoutSeconds is 120): connect ECONNREFUSED 192.0.2.1:443`,
    );
  });

  test("any answer ends the run (and says so once it was told); failures a minute apart with nothing tried between start a new one", () => {
    const { reachability, logs, fail, wait } = clocked();
    fail();
    wait(15_000);
    fail();
    reachability.answered();
    expect(logs.at(-1)).toEqual({ level: "info", message: `reached ${BASE} again after 15 s without an answer` });
    wait(200_000);
    fail();
    expect(reachability.unreachable()).toBeUndefined();
    wait(61_000);
    fail();
    wait(61_000);
    fail();
    expect(reachability.unreachable()).toBeUndefined();
  });
});

test("a progress line of a wait says the service cannot be reached instead of 'still in progress'", async () => {
  const lines: string[] = [];
  let failing: string | undefined =
    "cannot reach https://nms.example.com since 2025-01-01T12:00:00Z: connect ECONNREFUSED 192.0.2.1:443";
  const progress = new WaitProgress({
    firstAfterMs: 20,
    everyMs: 40,
    waitTimeoutMs: 600_000,
    log: (_level, message) => lines.push(message),
    connection: () => failing,
  });
  const done = progress.begin("req-1", "createVenue");
  await new Promise((resolve) => setTimeout(resolve, 50));
  failing = undefined;
  await new Promise((resolve) => setTimeout(resolve, 60));
  done();
  expect(lines[0]).toMatch(
    /^createVenue: request req-1: status unknown after [\d.]+ s \(deadline 600 s\): cannot reach https:\/\/nms\.example\.com since 2025-01-01T12:00:00Z: connect ECONNREFUSED/,
  );
  expect(lines.at(-1)).toMatch(/^createVenue: request req-1 still in progress after/);
});

describe("the setting", () => {
  test("defaults to 120 s; never longer than the wait timeout", () => {
    const creds = { baseUrl: BASE, tenantId: TENANT, username: "u", password: "p" };
    expect(resolveSettings(creds).unreachableTimeoutMs).toBe(120_000);
    expect(resolveSettings({ ...creds, unreachableTimeoutMs: 900_000 }).unreachableTimeoutMs).toBe(600_000);
    expect(resolveSettings({ ...creds, waitTimeoutMs: 60_000 }).unreachableTimeoutMs).toBe(60_000);
    expect(warningTimes(120_000).warnAfterMs).toBeLessThan(10_000);
  });

  test("nms:unreachableTimeoutSeconds (or NMS_UNREACHABLE_TIMEOUT_SECONDS), capped at nms:waitTimeoutSeconds", () => {
    const base = { "nms:tenantId": TENANT, "nms:username": "u", "nms:password": "p", "nms:baseUrl": BASE };
    const of = (extra: Record<string, string>, env: Record<string, string> = {}) =>
      resolveConfig((key) => ({ ...base, ...extra })[key], env);
    expect(of({}).unreachableTimeoutMs).toBe(120_000);
    expect(of({ "nms:unreachableTimeoutSeconds": "30" }).unreachableTimeoutMs).toBe(30_000);
    expect(of({}, { NMS_UNREACHABLE_TIMEOUT_SECONDS: "45" }).unreachableTimeoutMs).toBe(45_000);
    expect(of({ "nms:unreachableTimeoutSeconds": "900", "nms:waitTimeoutSeconds": "300" }).unreachableTimeoutMs).toBe(
      300_000,
    );
    expect(() => of({ "nms:unreachableTimeoutSeconds": "soon" })).toThrow(
      "nms:unreachableTimeoutSeconds must be a positive number of seconds",
    );
  });
});

/** A TCP server that takes every connection and never sends a byte. */
async function silentServer(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const SHORT: Partial<ClientOptions> = {
  unreachableTimeoutMs: 400,
  maxRetries: 1_000,
  retryBaseMs: 10,
  retryMaxMs: 40,
  pollInitialMs: 10,
  pollMaxMs: 40,
};

describe("a client that cannot reach the service (settings in milliseconds)", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test("a call that cannot connect stops retrying at the setting, naming the operation, the address and the reason", async () => {
    const port = await closedPort();
    const logs: { level: string; message: string }[] = [];
    const { NmsClient } = await import("../../../provider/client");
    const client = new NmsClient({
      baseUrl: `http://127.0.0.1:${port}`,
      tenantId: TENANT,
      username: "u",
      password: "Secret-pass-1",
      logger: (e) => logs.push(e),
      ...SHORT,
    });
    try {
      const started = Date.now();
      const error = await rejectionOf(client.call("listVenues"));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error).toBeInstanceOf(NmsNetworkError);
      expect((error as NmsNetworkError).attempts).toBeLessThan(1_000);
      expect(error.message).toContain("login"); // the first call's login is what could not connect
      expect(error.message).toContain(`cannot reach http://127.0.0.1:${port}: no answer for`);
      expect(error.message).toContain("ECONNREFUSED");
      expect(logs).toContainEqual({
        level: "warn",
        message: expect.stringMatching(
          new RegExp(`^cannot reach http://127.0.0.1:${port}: .*ECONNREFUSED.*; still trying until \\d{4}-`),
        ),
      });
    } finally {
      await client.close();
    }
  });

  test.each(["coalesced", "per-request"] as const)(
    "a wait (%s) whose polls get no answer ends with the operation, the request ID and the reason",
    async (waiter) => {
      let server: { close(): Promise<void> } | undefined;
      t = await clientFor(
        withLogin((hit) => {
          if (hit.method === "POST") {
            // The create is accepted, then the service goes away.
            setTimeout(() => void server?.close(), 10);
            return { status: 202, body: { requestId: "req-gone", response: { id: "v1" } } };
          }
          // A poll that comes before the service is gone: still pending.
          const pending = {
            requestId: "req-gone",
            status: "PENDING",
            tenantId: TENANT,
            timestamp: "2025-01-01T00:00:00Z",
            admin: "u",
            count: 1,
          };
          return { status: 200, body: hit.path.includes("/status/") ? [pending] : pending };
        }),
        { ...SHORT, waiter, waitTimeoutMs: 60_000 },
      );
      server = t.server;
      const started = Date.now();
      const error = await rejectionOf(t.client.execute("createVenue", {}, { body: { name: "HQ" } }));
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(error).toBeInstanceOf(NmsWaitTimeoutError);
      expect(error.message).toContain("createVenue: request req-gone: stopped waiting after");
      expect(error.message).toContain("cannot reach http://127.0.0.1:");
      expect(error.message).toContain("ECONNREFUSED");
      expect(error.message).toContain("read request req-gone (getRequest) before repeating the change");
      expect(t.logs.some((l) => l.level === "warn" && l.message.includes("still trying until"))).toBe(true);
    },
  );

  test("a service that accepts connections and never answers: each attempt times out, and the call ends at the setting", async () => {
    t = await clientFor(
      withLogin(() => new Promise(() => undefined)),
      { ...SHORT, requestTimeoutMs: 100 },
    );
    const started = Date.now();
    const error = await rejectionOf(t.client.call("listVenues"));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(NmsNetworkError);
    expect(error.message).toContain("listVenues ");
    expect(error.message).toContain("cannot reach");
  });

  test("a service that accepts connections and never answers, with the default timeouts: told within 10 s while the first attempt still waits, and the call fails at the setting", async () => {
    const silent = await silentServer();
    const logs: { level: string; message: string; at: number }[] = [];
    const started = Date.now();
    const { NmsClient } = await import("../../../provider/client");
    const client = new NmsClient({
      baseUrl: `http://127.0.0.1:${silent.port}`,
      tenantId: TENANT,
      username: "u",
      password: "Secret-pass-1",
      unreachableTimeoutMs: 8_000,
      logger: (e) => logs.push({ ...e, at: Date.now() - started }),
    });
    try {
      const error = await rejectionOf(client.call("listVenues"));
      const tookMs = Date.now() - started;
      // The setting, with slack for a busy machine; the attempts' own timeouts (30 s before) never come into it.
      expect(tookMs).toBeGreaterThanOrEqual(7_900);
      expect(tookMs).toBeLessThan(12_000);
      expect(error).toBeInstanceOf(NmsNetworkError);
      expect(error.message).toContain(`cannot reach http://127.0.0.1:${silent.port}: no answer for`);
      const first = logs.find((l) => l.level === "warn" && l.message.includes("still trying until"));
      expect(first?.message).toMatch(/no answer after [\d.]+ s/);
      expect(first!.at).toBeLessThan(10_000);
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      await client.close();
      await silent.close();
    }
  }, 30_000);

  test("the first byte has a timeout of its own, shorter than the attempt's: each silent attempt ends then and is retried", async () => {
    const silent = await silentServer();
    const logs: { level: string; message: string }[] = [];
    const { NmsClient } = await import("../../../provider/client");
    const client = new NmsClient({
      baseUrl: `http://127.0.0.1:${silent.port}`,
      tenantId: TENANT,
      username: "u",
      password: "Secret-pass-1",
      firstByteTimeoutMs: 300,
      requestTimeoutMs: 30_000,
      maxRetries: 2,
      retryBaseMs: 10,
      retryMaxMs: 20,
      logger: (e) => logs.push(e),
    });
    try {
      const started = Date.now();
      const error = await rejectionOf(client.call("listVenues"));
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(error).toBeInstanceOf(NmsNetworkError);
      expect(logs.filter((l) => /attempt \d of 3 failed .*UND_ERR_HEADERS_TIMEOUT/.test(l.message))).toHaveLength(2);
    } finally {
      await client.close();
      await silent.close();
    }
  });

  test("answers of any status keep the service reachable: a 503 streak is retried by the count as before", async () => {
    t = await clientFor(
      withLogin(() => ({ status: 503 })),
      { ...SHORT, maxRetries: 3 },
    );
    const error = await rejectionOf(t.client.call("listVenues"));
    expect(error.message).not.toContain("cannot reach");
    expect(t.server.apiHits()).toHaveLength(4);
  });
});
