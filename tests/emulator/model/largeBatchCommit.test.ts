// A large batch of new objects (a guest import of tens of thousands) is written over many turns of
// the event loop, and still all or nothing: no read sees part of it before its last turn, a batch
// refused at that moment leaves nothing behind, and each turn writes a bounded share of it.
import { EmulatorServer } from "../../../emulator/http/server";
import type { AnyRecord } from "../../../emulator/model/collection";
import type { KindDef, PreparedWrite } from "../../../emulator/model/kind";
import type { TenantState } from "../../../emulator/model/tenant";
import { ENTRIES_PER_TURN } from "../../../emulator/model/turns";
import { KINDS } from "../../../emulator/services/registry";
import { venueBody } from "../../support/bodies";

const GUESTS = 3_000;

function kindNamed(name: string): KindDef<AnyRecord, unknown> {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`no kind ${name}`);
  return kind as KindDef<AnyRecord, unknown>;
}

/** An emulator's model (never listening), its demo tenant with one guest network, and a prepared import of GUESTS guests. */
async function preparedImport(
  guests = GUESTS,
): Promise<{ tenant: TenantState; networkId: string; write: PreparedWrite }> {
  const server = new EmulatorServer();
  const tenant = server.model.tenant(server.demo.tenantId)!;
  const networkBody = {
    name: "Guests",
    type: "guest",
    wlan: { ssid: "guests" },
    guestPortal: { guestNetworkType: "GuestPass" },
  };
  server.model.create(kindNamed("networks"), tenant, networkBody).commit();
  const [network] = tenant.of("networks").all();
  const body = Array.from({ length: guests }, (_, i) => ({
    name: `Guest ${i}`,
    mobilePhoneNumber: `+3519${String(i).padStart(8, "0")}`,
    networkId: network.id,
    deliveryMethods: ["PRINT"],
    expiration: { activationType: "Login", duration: 8, unit: "Hour" },
    maxDevices: -1,
  }));
  const write = await server.model.createManyYielding(kindNamed("guestUsers"), tenant, body);
  return { tenant, networkId: network.id, write };
}

/** Counts the turns of the event loop until `work` settles. */
async function turnsOf(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work;
  } finally {
    ticking = false;
  }
  return turns;
}

test("no read sees a large batch before its last turn; then every object of it at once", async () => {
  const { tenant, write } = await preparedImport();
  expect(write.commitYielding).toBeDefined();
  const guests = tenant.of("guestUsers");
  const firstId = write.entityId.split(",")[0];
  const seen: number[] = [];
  let committed = false;
  const committing = write.commitYielding!().then(() => (committed = true));
  // Between the commit's turns: what any other request would read.
  while (!committed) {
    seen.push(guests.size, guests.all().length, guests.filter(() => true).length);
    expect(guests.get(firstId)).toBeUndefined();
    expect(guests.has(firstId)).toBe(false);
    expect(guests.find(() => true)).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await committing;
  expect(seen.length).toBeGreaterThan(2);
  expect(new Set(seen)).toEqual(new Set([0]));
  expect(guests.size).toBe(GUESTS);
  expect(guests.all()).toHaveLength(GUESTS);
  expect(guests.get(firstId)).toMatchObject({ id: firstId, name: "Guest 0" });
});

test("a large batch refused at its last turn (its network deleted meanwhile) leaves nothing, and names the entry", async () => {
  const { tenant, networkId, write } = await preparedImport();
  const committing = write.commitYielding!();
  // The commit has written its first share and given the event loop back: another request deletes the network.
  tenant.of("networks").delete(networkId);
  await expect(committing).rejects.toMatchObject({
    status: 404,
    entries: [expect.objectContaining({ object: "[0].networkId", value: networkId })],
  });
  const guests = tenant.of("guestUsers");
  expect(guests.size).toBe(0);
  expect(guests.all()).toEqual([]);
  for (const id of write.entityId.split(",").slice(0, 10)) expect(guests.get(id)).toBeUndefined();
});

test("each turn of a large batch's commit writes ENTRIES_PER_TURN objects at most", async () => {
  const { write } = await preparedImport();
  const turns = await turnsOf(write.commitYielding!());
  // GUESTS / ENTRIES_PER_TURN shares, with the event loop given back between each two of them.
  expect(turns).toBeGreaterThanOrEqual(GUESTS / ENTRIES_PER_TURN - 1);
});

test("a batch of a few objects, or of objects a unique rule holds, commits in one turn as before", async () => {
  const few = await preparedImport(ENTRIES_PER_TURN);
  expect(few.write.commitYielding).toBeUndefined();
  // APs: a unique name, and an ID the caller gives (the serial number), which other creates may race for.
  const server = new EmulatorServer();
  const tenant = server.model.tenant(server.demo.tenantId)!;
  server.model.create(kindNamed("venues"), tenant, venueBody("AP venue")).commit();
  const [venue] = tenant.of("venues").all();
  const aps = Array.from({ length: ENTRIES_PER_TURN + 1 }, (_, i) => ({
    serialNumber: String(300000000000 + i),
    name: `AP ${i}`,
    venueId: venue.id,
  }));
  const write = await server.model.createManyYielding(kindNamed("aps"), tenant, aps);
  expect(write.count).toBe(ENTRIES_PER_TURN + 1);
  expect(write.commitYielding).toBeUndefined();
});
