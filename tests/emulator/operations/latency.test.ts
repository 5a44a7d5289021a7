// The async latency model: each write stays PENDING for a time drawn uniformly from
// [baseMs, baseMs + jitterMs] of its operation, or of the defaults (asyncDelayMs, asyncJitterMs).
import { performance } from "node:perf_hooks";
import type { OperationName } from "../../../contract";
import type { RunningEmulator } from "../../../emulator";
import { asyncDelayOf, defaultConfig } from "../../../emulator/settings/config";
import { admin, Client, sleep, start, venueBody } from "../../support/emulatorClient";

describe("asyncDelayOf", () => {
  const config = {
    ...defaultConfig(),
    asyncDelayMs: 40,
    asyncJitterMs: 10,
    asyncLatencyByOp: { createVenue: { baseMs: 100, jitterMs: 50 } },
  };
  const draw = (op: OperationName, random: number) => asyncDelayOf(config, op, () => random);

  test("an operation's own latency: base at the low end, base + jitter at the high end", () => {
    expect(draw("createVenue", 0)).toBe(100);
    expect(draw("createVenue", 0.5)).toBe(125);
    expect(draw("createVenue", 0.999999)).toBeCloseTo(150, 3);
  });

  test("other operations: asyncDelayMs plus up to asyncJitterMs", () => {
    expect(draw("createApGroup", 0)).toBe(40);
    expect(draw("createApGroup", 0.999999)).toBeCloseTo(50, 3);
  });
});

describe("over HTTP", () => {
  const BASE = 100;
  const JITTER = 150;
  let emu: RunningEmulator;
  let client: Client;
  beforeAll(async () => {
    emu = await start({ asyncDelayMs: 0, asyncLatencyByOp: { createVenue: { baseMs: BASE, jitterMs: JITTER } } });
    client = await Client.login(emu);
  });
  afterAll(() => emu.close());

  /**
   * Bounds on the PENDING time of one write, from the client's clock alone: the server's timer
   * starts between sending and receiving the 202, and ends between the last PENDING and the
   * first finished poll.
   */
  async function pendingTimeBounds(name: string): Promise<{ low: number; high: number }> {
    const sent = performance.now();
    const accepted = await client.call("createVenue", {}, venueBody(name));
    const received = performance.now();
    let lastPending = received;
    for (;;) {
      const polled = performance.now();
      const status = (await client.call("getRequest", { requestId: accepted.body.requestId })).body.status;
      if (status !== "PENDING") return { low: lastPending - received, high: performance.now() - sent };
      lastPending = polled;
      await sleep(5);
    }
  }

  test("an operation's writes stay PENDING within [base, base + jitter]", async () => {
    const bounds = await Promise.all(Array.from({ length: 10 }, (_, i) => pendingTimeBounds(`Latency ${i}`)));
    const slackMs = 2; // timers round to whole milliseconds
    for (const { low, high } of bounds) {
      expect(high).toBeGreaterThanOrEqual(BASE - slackMs);
      expect(low).toBeLessThanOrEqual(BASE + JITTER + slackMs);
    }
    // The spread of the draws is pinned by the asyncDelayOf tests above: over HTTP a loaded
    // machine delays the polls, which widens the bounds until they no longer separate the draws.
  });

  test("an operation without its own latency uses the defaults (here 0: done at the 202)", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Group holder"));
    const accepted = await client.call("createApGroup", {}, { name: "Immediate group", venueId: venue.id });
    expect((await client.call("getRequest", { requestId: accepted.body.requestId })).body.status).toBe("SUCCESS");
  });

  test("PUT /__admin/config replaces the per-operation map", async () => {
    await admin(emu, "PUT", "/config", { asyncLatencyByOp: {} });
    const accepted = await client.call("createVenue", {}, venueBody("No latency any more"));
    expect((await client.call("getRequest", { requestId: accepted.body.requestId })).body.status).toBe("SUCCESS");
  });
});
