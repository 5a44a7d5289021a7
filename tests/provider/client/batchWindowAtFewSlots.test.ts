// A batch stops waiting for more objects once waiting has not paid (batches in a row closed holding one object) while
// few requests wait at the login (provider/client/batcher.ts BatchWindow). At Pulumi's default parallelism every step
// holds one of few slots, the next objects come only as other steps end, and a batch's wait only holds its own steps'
// slots; with many requests waiting, or once objects gather again, the full window is back. Against the emulator,
// which counts the calls.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { venueBody } from "../../support/bodies";
import { demoClient, servedRequests } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
let serial = 520000000000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const apCalls = async () => (await servedRequests(emulator)).filter((r) => r.op === "createAps").length;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 300, asyncJitterMs: 0, rateLimit: null });
  // A window long enough that two creates 15 ms apart would share a call however loaded the machine.
  client = demoClient(emulator, {
    batchWindowMs: 100,
    pollInitialMs: 200,
    pollMaxMs: 5_000,
    maxRequestsPerSecond: 1_000,
  });
  venueId = (await client.execute<Props>("createVenue", {}, { body: venueBody("few-slots") })).response!.id;
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

/** Two AP creates 15 ms apart; the createAps calls they took. */
async function twoApsApart(prefix: string): Promise<number> {
  const before = await apCalls();
  const first = client.executeInBatch<Props>(
    "createAps",
    {},
    { serialNumber: String(++serial), name: `${prefix}-1`, venueId },
  );
  await sleep(15);
  const second = client.executeInBatch<Props>(
    "createAps",
    {},
    { serialNumber: String(++serial), name: `${prefix}-2`, venueId },
  );
  expect((await Promise.all([first, second])).map((r) => r.response?.name)).toEqual([`${prefix}-1`, `${prefix}-2`]);
  return (await apCalls()) - before;
}

/** Three AP creates one after another, each alone in its batch. */
async function lonelyBatches(prefix: string): Promise<void> {
  for (let i = 0; i < 3; i++)
    await client.executeInBatch("createAps", {}, { serialNumber: String(++serial), name: `${prefix}-${i}`, venueId });
}

test("a batch waits its window while objects gather, and not once batches go out alone while few requests wait", async () => {
  expect(await twoApsApart("first")).toBe(1);
  await lonelyBatches("alone");
  expect(await twoApsApart("after-lonely")).toBe(2);
});

test("with many requests waiting, objects 15 ms apart share one call after lonely batches too", async () => {
  await lonelyBatches("alone-again");
  const venues = Array.from({ length: 20 }, (_, i) =>
    client.execute<Props>("createVenue", {}, { body: venueBody(`busy-${i}`) }),
  );
  // The venues' creates are answered 202 and wait 300 ms for their records.
  await sleep(50);
  expect(await twoApsApart("many")).toBe(1);
  await Promise.all(venues);
});
