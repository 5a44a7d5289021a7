// Array-bodied creates, and reads through a list, that keep coming a few milliseconds apart, as the engine hands them
// over one Check at a time, gather in one call while they come; a batch that would keep gathering forever goes out at
// its deadline. Against the emulator, which counts the calls.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { adminApi, demoClient, servedRequests } from "../../support/emulatorClient";

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
  // A window of 20 ms, so that the deadline (ten windows) comes before the batch size (50) in the second test.
  client = demoClient(emulator, { batchWindowMs: 20 });
  venueId = (await client.execute<Props>("createVenue", {}, { body: { name: "gathering-venue" } })).response!.id;
  // Warm: the first batch's work (modules, the waiter) would delay the timers of the first test.
  await client.executeInBatch("createAps", {}, ap("warm-up"));
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

test("eight creates 10 ms apart (70 ms from first to last, three and a half windows) go in one call", async () => {
  const before = await w2Calls();
  await trickle(8, 10, "trickle");
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

test("reads through a list 10 ms apart (two and a half windows from first to last) share one list", async () => {
  const venues: string[] = [];
  for (let i = 0; i < 6; i++)
    venues.push((await client.execute<Props>("createVenue", {}, { body: { name: `gathered-${i}` } })).response!.id);
  await adminApi(emulator, "DELETE", "log");
  const pending: Promise<Props | undefined>[] = [];
  for (const [i, id] of venues.entries()) {
    if (i > 0) await sleep(10);
    pending.push(
      client.readThroughList<Props | undefined>("listVenueWifiSettings", {}, undefined, {
        alone: () => client.call<Props>("getVenueRadio", { venueId: id }),
        fromList: (items) => (items as Props[]).find((venue) => venue.id === id),
      }),
    );
  }
  expect((await Promise.all(pending)).map((venue) => venue?.id)).toEqual(venues);
  const ops = (await servedRequests(emulator)).map((r) => r.op);
  expect([
    ops.filter((op) => op === "listVenueWifiSettings").length,
    ops.filter((op) => op === "getVenueRadio").length,
  ]).toEqual([1, 0]);
});
