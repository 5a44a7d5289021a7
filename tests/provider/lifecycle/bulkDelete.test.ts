// Destroy through the bulk deletes: resources of one kind and path destroyed together share calls,
// a lone one uses its single delete, and a failing entry fails its own resource only. Against the
// in-process emulator; what went over the wire is read from its request log.
import { ROUTES } from "../../../contract/routes";
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { adminApi, demoClient, servedRequests, start } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;

beforeAll(async () => {
  emulator = await start();
  client = demoClient(emulator);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(async () => {
  await adminApi(emulator, "DELETE", "faults");
});

const provider = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client);
let counter = 0;

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  const checked = await provider(kind).check!({}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await provider(kind).create(checked.inputs);
  return { id: created.id, outs: created.outs ?? {} };
}
const venues = (n: number) =>
  Promise.all(Array.from({ length: n }, () => create("Venue", { name: `bulk-${++counter}` })));

/** Destroys the resources at once, as the engine does with independent resources; the operations of the deletes sent meanwhile. */
async function destroyTogether(
  kind: string,
  resources: { id: string; outs: Props }[],
): Promise<{ settled: PromiseSettledResult<void>[]; deletes: string[] }> {
  await adminApi(emulator, "DELETE", "log");
  const settled = await Promise.allSettled(resources.map((r) => provider(kind).delete!(r.id, r.outs)));
  const deletes = (await servedRequests(emulator)).filter((r) => r.method === "DELETE").map((r) => r.op);
  return { settled, deletes };
}
const venueExists = async (venueId: string) => (await provider("Venue").read!(venueId, {})).id !== undefined;

test("every bulk delete of the route table is declared by the resource it deletes", () => {
  const inTable = Object.entries(ROUTES)
    .filter(([, route]) => route.method === "DELETE" && route.body === "array")
    .map(([op]) => op);
  const declared = Object.values(RESOURCE_SPECS).flatMap((spec) => (spec.ops.bulkDelete ? [spec.ops.bulkDelete] : []));
  expect(declared.sort()).toEqual(inTable.sort());
});

test("venues destroyed together make one bulk call (deleteVenues); a lone venue its own delete (deleteVenue)", async () => {
  const made = await venues(6);
  const { settled, deletes } = await destroyTogether("Venue", made);
  expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
  expect(deletes).toEqual(["deleteVenues"]);
  for (const venue of made) expect(await venueExists(venue.id)).toBe(false);
  const [lone] = await venues(1);
  expect((await destroyTogether("Venue", [lone])).deletes).toEqual(["deleteVenue"]);
});

test("VLANs of two profiles destroyed together: one bulk call per profile (deleteVlans names the profile in its path)", async () => {
  const profiles = await Promise.all([1, 2].map(() => create("SwitchProfile", { name: `bulk-profile-${++counter}` })));
  const vlans = await Promise.all(
    profiles.flatMap((profile) =>
      [10, 11, 12].map((vlanId) => create("SwitchVlan", { profileId: profile.id, vlanId, vlanName: `v${vlanId}` })),
    ),
  );
  const { settled, deletes } = await destroyTogether("SwitchVlan", vlans);
  expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
  expect(deletes).toEqual(["deleteVlans", "deleteVlans"]);
  for (const profile of profiles) expect(await client.list("listProfileVlans", { profileId: profile.id })).toEqual([]);
});

test("notification recipients go to deleteNotificationRecipients as objects named by their id", async () => {
  const made = await Promise.all(
    [1, 2, 3].map((n) => create("NotificationRecipient", { description: `bulk ${n}`, endpoints: [] })),
  );
  const { settled, deletes } = await destroyTogether("NotificationRecipient", made);
  expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
  expect(deletes).toEqual(["deleteNotificationRecipients"]);
  expect(await client.list("listNotificationRecipients")).toEqual([]);
});

test("a venue still in use fails alone with the service's code; the others are deleted", async () => {
  const made = await venues(3);
  await client.execute("createApGroup", {}, { body: { name: "Keeps it busy", venueId: made[1].id } });
  const { settled, deletes } = await destroyTogether("Venue", made);
  expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(((settled[1] as PromiseRejectedResult).reason as Error).message).toMatch(
    /deleteVenues.*NMS-IN-USE.*\[venueId\]/,
  );
  expect(deletes).toEqual(["deleteVenues", "deleteVenues"]); // refused naming the entry, then the other two
  expect(await venueExists(made[0].id)).toBe(false);
  expect(await venueExists(made[1].id)).toBe(true);
  expect(await venueExists(made[2].id)).toBe(false);
});

test("a venue already deleted outside the stack counts as deleted, with the others", async () => {
  const made = await venues(3);
  await client.execute("deleteVenue", { venueId: made[2].id });
  const { settled, deletes } = await destroyTogether("Venue", made);
  expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
  expect(deletes).toEqual(["deleteVenues", "deleteVenues"]);
  expect(await venueExists(made[0].id)).toBe(false);
});

test("a bulk request that FAILs: each venue is deleted on its own, and the one whose delete FAILs fails alone", async () => {
  const made = await venues(3);
  await adminApi(emulator, "POST", "faults", { kind: "fail-request", op: "deleteVenues", count: 1 });
  await adminApi(emulator, "POST", "faults", {
    kind: "fail-request",
    op: "deleteVenue",
    count: 1,
    code: "VENUE-10001",
  });
  const { settled, deletes } = await destroyTogether("Venue", made);
  expect(deletes).toEqual(["deleteVenues", "deleteVenue", "deleteVenue", "deleteVenue"]);
  const rejected = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
  expect(rejected).toHaveLength(1);
  expect((rejected[0].reason as Error).message).toMatch(/deleteVenue.*VENUE-10001/);
  const left = await Promise.all(made.map((venue) => venueExists(venue.id)));
  expect(left.filter(Boolean)).toHaveLength(1);
});

test("DPSK passphrases, whose only delete is the bulk one, share it too", async () => {
  const made = await Promise.all(
    ["aa:bb:cc:00:00:01", "aa:bb:cc:00:00:02"].map((mac) =>
      create("DpskPassphrase", { mac, passphrase: "dpsk-passphrase-1" }),
    ),
  );
  const { settled, deletes } = await destroyTogether("DpskPassphrase", made);
  expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
  expect(deletes).toEqual(["deleteDpskPassphrases"]);
});
