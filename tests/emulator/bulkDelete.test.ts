// Bulk deletes (deleteVenues, deleteAps, deleteVlans...): all or nothing, and every refused entry named by its index in the
// body as sent, at submit (an answer) and at apply (a FAILed record). See emulator/README.md "Bulk deletes".
import type { RunningEmulator } from "../../emulator";
import { admin, Client, pskNetworkBody, start, venueBody } from "../support/emulatorClient";

const UNKNOWN = "f".repeat(32);

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

let counter = 0;
const venue = async (): Promise<string> => (await client.ok("createVenue", {}, venueBody(`Bulk ${++counter}`))).id;
const exists = async (venueId: string) => (await client.call("getVenue", { venueId })).status === 200;

test("every refused entry is named by its index with its own code; the answer has the first one's status; nothing is deleted", async () => {
  const [free, busy] = [await venue(), await venue()];
  const network = await client.ok("createNetwork", {}, pskNetworkBody(`Bulk net ${++counter}`));
  await client.ok("activateNetwork", {}, { networkId: network.id, venueId: busy });
  const reply = await client.call("deleteVenues", {}, [free, UNKNOWN, busy]);
  expect(reply.status).toBe(404);
  expect(reply.body.errors).toEqual([
    expect.objectContaining({ code: "NMS-NOT-FOUND", object: "[1].venueId", value: UNKNOWN }),
    expect.objectContaining({ code: "NMS-IN-USE", object: "[2].venueId", value: busy }),
  ]);
  expect(await exists(free)).toBe(true);
});

test("a repeated ID counts once, and an entry keeps its index in the body as sent", async () => {
  const a = await venue();
  const reply = await client.call("deleteVenues", {}, [a, a, UNKNOWN]);
  expect(reply.body.errors).toEqual([expect.objectContaining({ object: "[2].venueId" })]);
  const { record } = await client.write("deleteVenues", {}, [a, a]);
  expect(record).toMatchObject({ status: "SUCCESS", count: 1, entityId: a });
});

test("an entry refused at apply FAILs the record naming it; nothing is deleted", async () => {
  const [a, b] = [await venue(), await venue()];
  await admin(emu, "PUT", "/config", { asyncDelayMs: 100 });
  try {
    // An AP group of b, still PENDING when the delete is checked at submit: applied first, it puts b in use.
    const group = await client.call("createApGroup", {}, { name: "Arrives first", venueId: b });
    const deletion = await client.call("deleteVenues", {}, [a, b]);
    expect(deletion.status).toBe(202);
    await client.waitFor(group.body.requestId);
    const record = await client.waitFor(deletion.body.requestId);
    expect(record).toMatchObject({ status: "FAIL", errors: [{ code: "NMS-IN-USE", object: "[1].venueId" }] });
    expect(await exists(a)).toBe(true);
  } finally {
    await admin(emu, "PUT", "/config", { asyncDelayMs: 0 });
  }
});

test("a missing parent is about the whole call, not an entry (deleteVlans of an unknown profile)", async () => {
  const reply = await client.call("deleteVlans", { profileId: UNKNOWN }, ["a", "b"]);
  expect(reply.status).toBe(404);
  expect(reply.body.errors).toEqual([expect.objectContaining({ code: "NMS-NOT-FOUND", object: "profileId" })]);
});
