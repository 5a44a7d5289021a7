// Array-bodied creates (createAps) made together share calls: against the emulator, which writes an
// array all or nothing and names the entries at fault.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { NmsApiError, type NmsClient } from "../../../provider/client";
import { adminApi, demoClient, servedRequests } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
let serial = 500000000000;
const ap = (name: string, extra: Props = {}) => ({ serialNumber: String(++serial), name, venueId, ...extra });
const w2Calls = async () => (await servedRequests(emulator)).filter((r) => r.op === "createAps").length;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null });
  client = demoClient(emulator);
  venueId = (await client.execute<Props>("createVenue", {}, { body: { name: "batch-venue" } })).response!.id;
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

beforeEach(() => adminApi(emulator, "DELETE", "faults"));

test("120 creates submitted together go in ceil(120/50) = 3 calls, and each caller gets its own AP", async () => {
  const before = await w2Calls();
  const items = Array.from({ length: 120 }, (_, i) => ap(`batch-${i}`));
  const results = await Promise.all(items.map((item) => client.executeInBatch<Props>("createAps", {}, item)));
  expect(await w2Calls()).toBe(before + 3);
  expect(results.map((r) => r.response!.serialNumber)).toEqual(items.map((i) => i.serialNumber));
  expect(results.every((r) => r.record?.status === "SUCCESS")).toBe(true);
});

test("an entry the service refuses fails alone, with its field (no index) and code; the others are created", async () => {
  const taken = ap("taken-name");
  await client.executeInBatch("createAps", {}, taken);
  const items = [ap("fine-1"), ap("taken-name"), ap("fine-2"), ap("bad", { serialNumber: "0123" })];
  const settled = await Promise.allSettled(items.map((item) => client.executeInBatch<Props>("createAps", {}, item)));
  expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
  const duplicate = (settled[1] as PromiseRejectedResult).reason as NmsApiError;
  expect(duplicate).toBeInstanceOf(NmsApiError);
  expect(duplicate.errors).toEqual([expect.objectContaining({ code: "WIFI-10120", object: "name" })]);
  expect(duplicate.message).toMatch(/createAps.*WIFI-10120.*\[name\]/);
  const badSerial = (settled[3] as PromiseRejectedResult).reason as NmsApiError;
  expect(badSerial.errors[0]).toMatchObject({ object: "serialNumber" });
  for (const i of [0, 2])
    expect((await client.call<Props>("getAp", { serialNumber: items[i].serialNumber })).name).toBe(items[i].name);
});

test("a batch whose answer is lost is resolved from the call's request record: each entry gets its own ID, nothing is sent twice", async () => {
  await adminApi(emulator, "POST", "faults", { kind: "lost-answer", op: "createAps", count: 1 });
  const before = await w2Calls();
  const items = [ap("lost-1"), ap("lost-2")];
  const results = await Promise.all(items.map((item) => client.executeInBatch<Props>("createAps", {}, item)));
  expect(await w2Calls()).toBe(before + 1);
  expect(results.map((r) => r.response)).toEqual([undefined, undefined]);
  expect(results.map((r) => r.record?.entityId)).toEqual(items.map((i) => i.serialNumber));
  expect(results.every((r) => r.record?.status === "SUCCESS")).toBe(true);
  const held = await client.list<Props>("listAps");
  for (const item of items) expect(held.filter((a) => a.serialNumber === item.serialNumber)).toHaveLength(1);
});
