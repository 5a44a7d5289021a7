// Name reservation: a create still PENDING holds its unique key (venue name per tenant, AP group
// name per venue, network name per tenant, activation per network and venue), so a client that
// retries a create whose answer was lost meets 409 instead of making a duplicate. The key is
// released when the create ends FAIL; a stuck create keeps it until the service gives up on it
// (releaseAfterMs), if ever.
import type { RunningEmulator } from "../../../emulator";
import {
  admin,
  apGroupBody,
  Client,
  deepNetworkBody,
  otherTenant,
  pskNetworkBody,
  sleep,
  start,
  venueBody,
} from "../../support/emulatorClient";

const DELAY = 200;

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start({ asyncDelayMs: DELAY });
  client = await Client.login(emu);
});
afterAll(() => emu.close());
afterEach(async () => {
  await admin(emu, "DELETE", "/faults");
});

async function expectConflict(
  reply: Promise<{ status: number; body: any }>,
  code: string,
  object: string,
): Promise<void> {
  const answered = await reply;
  expect({ status: answered.status, errors: answered.body.errors }).toEqual({
    status: 409,
    errors: [expect.objectContaining({ code, object })],
  });
}

test("a create retried after its answer was lost meets 409 while the first is PENDING, and after; one venue exists", async () => {
  await admin(emu, "POST", "/faults", { kind: "lost-answer", op: "createVenue" });
  await expect(client.call("createVenue", {}, venueBody("Lost and retried"))).rejects.toThrow(/fetch failed/);
  await expectConflict(client.call("createVenue", {}, venueBody("Lost and retried")), "NMS-DUPLICATE-NAME", "name");
  // The first create's record: PENDING, unless a loaded machine let its 200 ms pass (the 409 above holds either way).
  const [first] = [
    ...(await client.call("listRequestsByStatus", { status: "PENDING" })).body,
    ...(await client.call("listRequestsByStatus", { status: "SUCCESS" })).body,
  ];
  expect((await client.waitFor(first.requestId)).status).toBe("SUCCESS");
  await expectConflict(client.call("createVenue", {}, venueBody("Lost and retried")), "NMS-DUPLICATE-NAME", "name");
  expect(
    (await client.call("listVenues")).body.filter((v: { name: string }) => v.name === "Lost and retried"),
  ).toHaveLength(1);
});

test("every unique key is reserved: AP group per venue, network per tenant (shallow and deep), activation", async () => {
  const venue = await client.ok("createVenue", {}, venueBody("Reserving venue"));
  const otherVenue = await client.ok("createVenue", {}, venueBody("Other reserving venue"));
  const network = await client.ok("createNetwork", {}, pskNetworkBody("Committed network"));

  const group = await client.call("createApGroup", {}, apGroupBody(venue.id, "Reserved group"));
  await expectConflict(
    client.call("createApGroup", {}, apGroupBody(venue.id, "Reserved group")),
    "NMS-DUPLICATE-NAME",
    "name",
  );
  // The scope is the venue: the same name elsewhere is free.
  expect((await client.call("createApGroup", {}, apGroupBody(otherVenue.id, "Reserved group"))).status).toBe(202);

  const created = await client.call("createNetwork", {}, pskNetworkBody("Reserved network"));
  await expectConflict(
    client.call("createNetworkDeep", {}, deepNetworkBody("Reserved network")),
    "NMS-DUPLICATE-NAME",
    "name",
  );
  // A rename to a reserved name is refused as well.
  await expectConflict(
    client.call("updateNetwork", { networkId: network.id }, pskNetworkBody("Reserved network")),
    "NMS-DUPLICATE-NAME",
    "name",
  );

  const activation = await client.call("activateNetwork", {}, { networkId: network.id, venueId: venue.id });
  await expectConflict(
    client.call("activateNetwork", {}, { networkId: network.id, venueId: venue.id }),
    "NMS-DUPLICATE-ACTIVATION",
    "venueId",
  );

  for (const accepted of [group, created, activation])
    expect((await client.waitFor(accepted.body.requestId)).status).toBe("SUCCESS");
});

test("a create that ends FAIL releases its name", async () => {
  await admin(emu, "POST", "/faults", { kind: "fail-request", op: "createVenue" });
  const failing = await client.call("createVenue", {}, venueBody("Released"));
  await expectConflict(client.call("createVenue", {}, venueBody("Released")), "NMS-DUPLICATE-NAME", "name");
  expect((await client.waitFor(failing.body.requestId)).status).toBe("FAIL");
  const { record } = await client.write("createVenue", {}, venueBody("Released"));
  expect(record.status).toBe("SUCCESS");
});

test("a create refused at apply releases its key too", async () => {
  const venue = await client.ok("createVenue", {}, venueBody("Refused at apply"));
  const group = await client.ok("createApGroup", {}, apGroupBody(venue.id, "Goes first"));
  const network = await client.ok("createNetwork", {}, pskNetworkBody("Refused at apply"));
  await admin(emu, "PUT", "/config", { asyncLatencyByOp: { deleteApGroup: { baseMs: 0, jitterMs: 0 } } });
  try {
    const pair = { networkId: network.id, venueId: venue.id };
    const activation = await client.call(
      "activateNetwork",
      {},
      { ...pair, isAllAPGroups: false, apGroups: [{ apGroupId: group.id }] },
    );
    // The group goes first: the activation naming it is not committed, so nothing guards it.
    expect((await client.write("deleteApGroup", { apGroupId: group.id })).record.status).toBe("SUCCESS");
    expect((await client.waitFor(activation.body.requestId)).errors).toEqual([
      expect.objectContaining({ code: "NMS-RELATED-NOT-FOUND" }),
    ]);
    expect((await client.write("activateNetwork", {}, pair)).record.status).toBe("SUCCESS");
  } finally {
    await admin(emu, "PUT", "/config", { asyncLatencyByOp: {} });
  }
});

test("a stuck create keeps its name reserved", async () => {
  await admin(emu, "POST", "/faults", { kind: "stuck-pending", op: "createVenue" });
  const stuck = await client.call("createVenue", {}, venueBody("Stuck for ever"));
  await sleep(DELAY + 100);
  expect((await client.call("getRequest", { requestId: stuck.body.requestId })).body.status).toBe("PENDING");
  await expectConflict(client.call("createVenue", {}, venueBody("Stuck for ever")), "NMS-DUPLICATE-NAME", "name");
});

test("a stuck create with releaseAfterMs frees its name when the service gives up on it", async () => {
  await admin(emu, "POST", "/faults", { kind: "stuck-pending", op: "createVenue", releaseAfterMs: DELAY });
  const stuck = await client.call("createVenue", {}, venueBody("Stuck for a while"));
  await expectConflict(client.call("createVenue", {}, venueBody("Stuck for a while")), "NMS-DUPLICATE-NAME", "name");
  await sleep(DELAY + 100);
  expect((await client.call("getRequest", { requestId: stuck.body.requestId })).body.status).toBe("FAIL");
  const again = await client.write("createVenue", {}, venueBody("Stuck for a while"));
  expect(again.record.status).toBe("SUCCESS");
  expect(
    (await client.call("listVenues")).body.filter((v: { name: string }) => v.name === "Stuck for a while"),
  ).toHaveLength(1);
});

test("reservations are per tenant", async () => {
  const first = await client.call("createVenue", {}, venueBody("Same name, two tenants"));
  const other = await otherTenant(emu);
  expect((await other.call("createVenue", {}, venueBody("Same name, two tenants"))).status).toBe(202);
  await client.waitFor(first.body.requestId);
});
