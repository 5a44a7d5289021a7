// Retention of finished request records (emulator/operations/requests.ts, emulator/README.md "Decisions of
// crash recovery and retention"): old finished records go once the tenant holds more than the
// count kept; young ones and PENDING ones stay.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { adminApi, Client } from "../../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null });
  client = await Client.login(emu);
});
afterAll(() => emu.close());

async function createVenue(name: string): Promise<string> {
  const reply = await client.call("createVenue", {}, { name });
  expect(reply.status).toBe(202);
  return reply.body.requestId;
}

test("finished records older than requestRecordKeepMs go while the tenant holds more than requestRecordKeepCount", async () => {
  expect(await adminApi(emu, "PUT", "/config", { requestRecordKeepMs: 0, requestRecordKeepCount: 3 })).toMatchObject({
    requestRecordKeepCount: 3,
  });
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push(await createVenue(`retained-${i}`));
  const status = async (id: string) => (await client.call("getRequest", { requestId: id })).status;
  expect(await Promise.all(ids.map(status))).toEqual([404, 404, 404, 200, 200, 200]);
});

test("young finished records stay whatever their count, and so do PENDING ones", async () => {
  await adminApi(emu, "PUT", "/config", {
    requestRecordKeepMs: 60_000,
    requestRecordKeepCount: 1,
    asyncDelayMs: 60_000,
  });
  const pending = await createVenue("pending-kept");
  await adminApi(emu, "PUT", "/config", { asyncDelayMs: 0 });
  const young = [await createVenue("young-1"), await createVenue("young-2")];
  await adminApi(emu, "PUT", "/config", { requestRecordKeepMs: 0 });
  await createVenue("trigger");
  expect((await client.call("getRequest", { requestId: pending })).body.status).toBe("PENDING");
  expect(
    await Promise.all(young.map(async (id) => (await client.call("getRequest", { requestId: id })).status)),
  ).toEqual([404, 404]);
});
