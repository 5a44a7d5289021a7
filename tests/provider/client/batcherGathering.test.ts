// Array-bodied creates that keep coming a few milliseconds apart, as the engine hands them over one Check at a time,
// gather in one call while they come; a batch that would keep gathering forever goes out at its deadline. Against the
// emulator, which counts the createAps calls.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { demoClient, servedRequests } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
let serial = 510000000000;
const ap = (name: string) => ({ serialNumber: String(++serial), name, venueId });
const w2Calls = async () => (await servedRequests(emulator)).filter((r) => r.op === "createAps").length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null });
  // The default window (20 ms) with its default deadline (ten windows).
  client = demoClient(emulator);
  venueId = (await client.execute<Props>("createVenue", {}, { body: { name: "gathering-venue" } })).response!.id;
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

/** `count` creates, each submitted `gapMs` after the one before; every caller gets its own AP. */
async function trickle(count: number, gapMs: number, prefix: string): Promise<number> {
  const started = Date.now();
  const pending: Promise<{ response?: Props }>[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await sleep(gapMs);
    pending.push(client.executeInBatch<Props>("createAps", {}, ap(`${prefix}-${i}`)));
  }
  const elapsed = Date.now() - started;
  const results = await Promise.all(pending);
  expect(results.map((r) => r.response?.name)).toEqual(Array.from({ length: count }, (_, i) => `${prefix}-${i}`));
  return elapsed;
}

test("eight creates 8 ms apart (56 ms from first to last, more than a window) go in one call", async () => {
  const before = await w2Calls();
  await trickle(8, 8, "trickle");
  expect(await w2Calls()).toBe(before + 1);
});

test("creates that never stop coming go out at the batch's deadline, not one window after the last", async () => {
  const before = await w2Calls();
  // 40 creates 8 ms apart: 320 ms or more (timers fire late on a busy machine), more than one deadline (200 ms).
  const elapsed = await trickle(40, 8, "endless");
  const calls = (await w2Calls()) - before;
  expect(calls).toBeGreaterThanOrEqual(2);
  expect(calls).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
});
