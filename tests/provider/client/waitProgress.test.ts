// Long waits print progress: a request the service keeps PENDING past the threshold is reported
// at info level (the provider host writes such lines to stderr, which Pulumi shows), again at the
// interval, and no more once it finished; quick requests print nothing; many waits at once make
// one summary line.
import type { RunningEmulator } from "../../../emulator";
import { type NmsClient, WaitProgress } from "../../../provider/client";
import { adminApi, demoClient, start } from "../../support/emulatorClient";

type Line = { level: string; message: string; at: number };

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await start();
});

afterAll(async () => {
  await emulator.close();
});

function clientLogging(lines: Line[], startedAt: () => number): NmsClient {
  return demoClient(emulator, {
    progressAfterMs: 300,
    progressEveryMs: 400,
    logger: ({ level, message }) => lines.push({ level, message, at: Date.now() - startedAt() }),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("progress of a slow async request", () => {
  afterEach(async () => {
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: {} });
  });

  it("is reported after the threshold and at the interval, naming operation, request and deadline, and stops when it finishes", async () => {
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: { createVenue: { baseMs: 1_300, jitterMs: 0 } } });
    const lines: Line[] = [];
    let t0 = Date.now();
    const client = clientLogging(lines, () => t0);
    try {
      t0 = Date.now();
      const { response, record } = await client.execute<{ id: string }>(
        "createVenue",
        {},
        { body: { name: "Slow venue" } },
      );
      expect(record.status).toBe("SUCCESS");
      const progress = lines.filter((l) => /still in progress/.test(l.message));
      // ~0.3 s, ~0.7 s, ~1.1 s into a 1.3 s wait: at least two, all at info level, none before the threshold.
      expect(progress.length).toBeGreaterThanOrEqual(2);
      for (const line of progress) {
        expect(line.level).toBe("info");
        expect(line.at).toBeGreaterThanOrEqual(290);
        expect(line.message).toMatch(/^createVenue: request \S+ still in progress after \d+ s \(deadline 600 s\)$/);
      }
      expect(progress[0].message).toContain(record.requestId);
      const count = lines.length;
      await sleep(900);
      expect(lines.length).toBe(count);
      expect(response?.id).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await client.close();
    }
  });

  it("is not reported for a request that finishes before the threshold", async () => {
    const lines: Line[] = [];
    const client = clientLogging(lines, () => 0);
    try {
      await client.execute("createVenue", {}, { body: { name: "Quick venue" } });
      await sleep(400);
      expect(lines.filter((l) => /still in progress|still waiting/.test(l.message))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe("WaitProgress", () => {
  it("reports many waits at once as one summary line naming the longest", async () => {
    const messages: string[] = [];
    const progress = new WaitProgress({
      firstAfterMs: 50,
      everyMs: 10_000,
      waitTimeoutMs: 60_000,
      log: (_level, message) => messages.push(message),
    });
    const ends = ["r1", "r2", "r3", "r4", "r5"].map((id) => progress.begin(id, "createAps"));
    await sleep(120);
    expect(messages).toEqual([
      expect.stringMatching(
        /^still waiting for 5 requests of the service; the longest: createAps.*, request r1 still in progress after 0 s \(deadline 60 s\)$/,
      ),
    ]);
    for (const end of ends) end();
    expect(progress.activeCount).toBe(0);
  });

  it("reports a wait that starts after others were reported once it crosses the threshold itself", async () => {
    const messages: string[] = [];
    const progress = new WaitProgress({
      firstAfterMs: 60,
      everyMs: 10_000,
      waitTimeoutMs: 60_000,
      log: (_level, message) => messages.push(message),
    });
    const first = progress.begin("early", "createVenue");
    await sleep(90);
    const second = progress.begin("late", "createVenue");
    await sleep(100);
    first();
    second();
    expect(messages.map((m) => /request (\S+)/.exec(m)?.[1])).toEqual(["early", "late"]);
  });
});
