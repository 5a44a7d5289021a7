// The stack's last write in each resource's outputs (__nmsLastWrite) and the one line refresh prints for an object
// changed or deleted outside the stack (provider/lifecycle/attribution.ts): whose records it names, which it leaves
// out, and what it says when it cannot know. Through the lifecycle against the in-process emulator.
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { makeLifecycle } from "../../../provider/lifecycle";
import { LAST_WRITE } from "../../../provider/lifecycle/stateFields";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { adminApi, Client, demoClient, start, venueBody } from "../../support/emulatorClient";

type Props = Record<string, any>;

const SECOND = "weekend@demo.example";
let emulator: RunningEmulator;
let client: NmsClient;
let second: Client;
let lines: string[] = [];

/** A fresh client each run (the history is shared per client for a minute, as within one provider process). */
const freshClient = () =>
  demoClient(emulator, { logger: ({ level, message }) => void lines.push(`${level}: ${message}`) });

beforeAll(async () => {
  emulator = await start();
  const demo = await Client.login(emulator);
  await demo.ok("createAdmin", {}, { email: SECOND, role: "PRIME_ADMIN" });
  await adminApi(emulator, "POST", "/passwords", { username: SECOND, password: "weekend-password" });
  second = await Client.login(emulator, SECOND, "weekend-password");
});
afterAll(async () => {
  await client?.close();
  await emulator.close();
});
beforeEach(async () => {
  await client?.close();
  client = freshClient();
  lines = [];
});

const venues = () => makeLifecycle(RESOURCE_SPECS.Venue, async () => client);
const attributions = () => lines.filter((line) => line.includes("outside the stack"));

async function createVenue(name: string): Promise<{ id: string; outs: Props }> {
  const checked = await venues().check!({}, { name, __nmsName: name });
  const created = await venues().create(checked.inputs);
  return { id: created.id, outs: created.outs ?? {} };
}

test("create records its request as the last write; an update that writes records its own; one that writes nothing keeps it", async () => {
  const { id, outs } = await createVenue("lw-one");
  const created = outs[LAST_WRITE];
  expect(created).toEqual({ requestId: expect.any(String), timestamp: expect.any(String) });
  const record = await (await Client.login(emulator)).call("getRequest", { requestId: created.requestId });
  expect(record.body).toMatchObject({ entityId: id, method: "POST", timestamp: created.timestamp });

  const news = { ...outs, name: "lw-one renamed" };
  const updated = (await venues().update!(id, outs, news)).outs!;
  expect(updated[LAST_WRITE].requestId).not.toBe(created.requestId);
  expect(Date.parse(updated[LAST_WRITE].timestamp)).toBeGreaterThanOrEqual(Date.parse(created.timestamp));
  // Not an input: the diff never sees it, and a read keeps it.
  expect(await venues().diff!(id, updated, { ...news })).toMatchObject({ changes: false });
  const read = await venues().read!(id, updated);
  expect(read.props?.[LAST_WRITE]).toEqual(updated[LAST_WRITE]);
  expect(read.inputs).not.toHaveProperty(LAST_WRITE);
  expect(attributions()).toEqual([]); // nobody else touched it: no line
});

test("an object another administrator changed: its records after the stack's write, most recent first", async () => {
  const { id, outs } = await createVenue("lw-two");
  const a = await second.write("updateVenue", { venueId: id }, venueBody("weekend one"));
  const b = await second.write("updateVenue", { venueId: id }, venueBody("weekend two"));
  await venues().read!(id, outs);
  expect(attributions()).toEqual([
    `info: nms:Venue "lw-two" ${id} changed outside the stack: ` +
      `by ${SECOND} at ${b.record.timestamp} (PUT, request ${b.accepted.body.requestId}); ` +
      `by ${SECOND} at ${a.record.timestamp} (PUT, request ${a.accepted.body.requestId})`,
  ]);
});

test("state without a last write (an older pulumi-nms): the records of other administrators, and the line says why", async () => {
  const { id, outs } = await createVenue("lw-old");
  const { [LAST_WRITE]: _dropped, ...older } = outs;
  const removed = await second.write("deleteVenue", { venueId: id });
  expect(await venues().read!(id, older)).toEqual({});
  expect(attributions()).toEqual([
    `info: nms:Venue "lw-old" ${id} deleted outside the stack: ` +
      `by ${SECOND} at ${removed.record.timestamp} (DELETE, request ${removed.accepted.body.requestId}); ` +
      `the state has no last write of the stack (written by an older pulumi-nms): records by ${emulator.demo.username} are left out`,
  ]);
});

test("changed with no record naming it after the stack's write (the records do not tell): the line says so", async () => {
  const { id, outs } = await createVenue("lw-none");
  // As if the stack's write came after the change: the object differs, yet no later record names it.
  await second.write("updateVenue", { venueId: id }, venueBody("before the write"));
  const later = { ...outs, [LAST_WRITE]: { timestamp: new Date(Date.now() + 1000).toISOString() } };
  await venues().read!(id, later);
  expect(attributions()).toEqual([
    expect.stringMatching(/changed outside the stack: no request record names it after the stack's last write \(/),
  ]);
});

test("drifted resources of one tenant share one read of the records", async () => {
  const made = await Promise.all(["lw-a", "lw-b", "lw-c"].map(createVenue));
  for (const { id } of made) await second.write("updateVenue", { venueId: id }, venueBody(`changed ${id.slice(0, 8)}`));
  const before = client.stats().requests.listRequestsByStatus ?? 0;
  await Promise.all(made.map(({ id, outs }) => venues().read!(id, outs)));
  expect(attributions()).toHaveLength(3);
  expect((client.stats().requests.listRequestsByStatus ?? 0) - before).toBe(3); // one page of each status
});

test("settings go by their owner's ID: a changed one names the writes of its own service, not the owner's", async () => {
  const venue = await createVenue("lw-radio");
  const radios = makeLifecycle(RESOURCE_SPECS.VenueRadio, async () => client);
  const inputs = {
    venueId: venue.id,
    radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
  };
  const checked = await radios.check!({}, { ...inputs, __nmsName: "lw-radio-settings" });
  const radio = await radios.create(checked.inputs);
  const renamed = await second.write("updateVenue", { venueId: venue.id }, venueBody("lw-radio renamed"));
  const current = (await second.call("getVenueRadio", { venueId: venue.id })).body;
  const widened = await second.write(
    "updateVenueRadio",
    { venueId: venue.id },
    { ...current, radioParams24G: { ...current.radioParams24G, channelBandwidth: "40MHz" } },
  );
  await Promise.all([radios.read!(radio.id, radio.outs!), venues().read!(venue.id, venue.outs)]);
  const lineOf = (name: string) => attributions().find((line) => line.includes(`"${name}"`));
  expect(lineOf("lw-radio-settings")).toContain(`(PUT, request ${widened.accepted.body.requestId})`);
  expect(lineOf("lw-radio-settings")).not.toContain(renamed.accepted.body.requestId);
  expect(lineOf("lw-radio")).toContain(`(PUT, request ${renamed.accepted.body.requestId})`);
  expect(lineOf("lw-radio")).not.toContain(widened.accepted.body.requestId);
});

test("a resource in an MSP end customer's tenant: the records read are that tenant's", async () => {
  const created = await adminApi(emulator, "POST", "/tenants", { name: "Attributed customer" });
  await adminApi(emulator, "PUT", `/tenants/${created.tenantId}/msp`, { mspTenantId: emulator.demo.tenantId });
  const customerAdmin = await Client.login(emulator, created.username, created.password);
  const checked = await venues().check!(
    {},
    { name: "lw-customer", tenantId: created.tenantId, __nmsName: "lw-customer" },
  );
  const venue = await venues().create(checked.inputs);
  const changed = await customerAdmin.write("updateVenue", { venueId: venue.id }, venueBody("lw-customer by hand"));
  await venues().read!(venue.id, venue.outs!);
  expect(attributions()).toEqual([
    `info: nms:Venue "lw-customer" ${venue.id} changed outside the stack: ` +
      `by ${created.username} at ${changed.record.timestamp} (PUT, request ${changed.accepted.body.requestId})`,
  ]);
});
