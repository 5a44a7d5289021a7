// Settings created together read their objects through one list call (a venue's radio and syslog in listVenueWifiSettings, a switch's
// ports in listSwitchPorts) instead of one read each, before and after their writes; a read alone, one the list does not hold,
// and one asked for after the list was sent each get their own call. Against the in-process emulator; what went over
// the wire is read from its request log.
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { adminApi, demoClient, servedRequests, start } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;

beforeAll(async () => {
  emulator = await start({ asyncDelayMs: 20 });
  client = demoClient(emulator);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

const provider = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client);
let counter = 0;

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  const checked = await provider(kind).check!({}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await provider(kind).create(checked.inputs);
  return { id: created.id, outs: created.outs ?? {} };
}

/** The operations served while `action` ran. */
async function sentDuring(action: () => Promise<unknown>): Promise<string[]> {
  await adminApi(emulator, "DELETE", "log");
  await action();
  return (await servedRequests(emulator)).map((r) => r.op);
}

const count = (ops: string[], op: string) => ops.filter((o) => o === op).length;

test("the radio and syslog settings of several venues, created together, read through shared listVenueWifiSettings lists and end as single reads would", async () => {
  const venues = await Promise.all(Array.from({ length: 3 }, () => create("Venue", { name: `listed-${++counter}` })));
  let made: { id: string; outs: Props }[] = [];
  const sent = await sentDuring(async () => {
    made = await Promise.all(
      venues.flatMap((venue) => [
        create("VenueRadio", {
          venueId: venue.id,
          radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
        }),
        create("VenueSyslog", { venueId: venue.id, enabled: true, server: "192.0.2.50", priority: "WARNING" }),
      ]),
    );
  });
  // Before the writes: one list for the six reads. After them: the reads of the writes that finish together share a
  // list, one that finishes alone reads on its own: never more calls than the six reads.
  const firstWrite = sent.findIndex((op) => op === "updateVenueRadio" || op === "updateVenueSyslog");
  expect(sent.slice(0, firstWrite)).toEqual(["listVenueWifiSettings"]);
  const after = sent.slice(firstWrite);
  expect(
    count(after, "listVenueWifiSettings") + count(after, "getVenueRadio") + count(after, "getVenueSyslog"),
  ).toBeLessThanOrEqual(6);
  expect(count(sent, "updateVenueRadio")).toBe(3);
  expect(count(sent, "updateVenueSyslog")).toBe(3);
  // The outputs are what the resource's own read shows: a refresh right after finds no change.
  for (const [i, r] of made.entries()) {
    const kind = i % 2 === 0 ? "VenueRadio" : "VenueSyslog";
    const read = await provider(kind).read!(r.id, r.outs);
    const diff = await provider(kind).diff!(r.id, read.props!, r.outs);
    expect([kind, diff.changes]).toEqual([kind, false]);
  }
});

test("a settings read alone in its window is its own read; reads asked for after a list was sent get a list of their own", async () => {
  const venue = await create("Venue", { name: `alone-${++counter}` });
  const alone = await sentDuring(() => create("VenueRadio", { venueId: venue.id }));
  expect(count(alone, "listVenueWifiSettings")).toBe(0);
  expect(count(alone, "getVenueRadio")).toBeGreaterThanOrEqual(1);

  const list = RESOURCE_SPECS.VenueRadio.readFromList!;
  const fromList = (items: unknown[]) => list.items!(items as Props[]).find((o) => o.id === venue.id);
  const aloneReads: string[] = [];
  const read = (name: string) =>
    client.readThroughList<Props | undefined>("listVenueWifiSettings", {}, undefined, {
      alone: async () => {
        aloneReads.push(name);
        return undefined;
      },
      fromList,
    });
  // Two reads together share a list; two more, asked once the batch window (50 ms) of the first has closed, are not
  // answered by that list, whenever it comes back: they share one of their own.
  const sent = await sentDuring(async () => {
    const first = Promise.all([read("a"), read("b")]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const second = Promise.all([read("c"), read("d")]);
    for (const answer of [...(await first), ...(await second)])
      expect(answer).toEqual(expect.objectContaining({ id: venue.id }));
  });
  expect([count(sent, "listVenueWifiSettings"), count(sent, "getVenueRadio"), aloneReads]).toEqual([2, 0, []]);
});

test("an object the list does not hold is read on its own; a failed list leaves each read to its own call", async () => {
  const reads: string[] = [];
  const alone = (name: string) => async () => {
    reads.push(name);
    return name;
  };
  const missing = () => undefined;
  const [a, b] = await Promise.all([
    client.readThroughList("listVenueWifiSettings", {}, undefined, { alone: alone("a"), fromList: missing }),
    client.readThroughList("listVenueWifiSettings", {}, undefined, {
      alone: alone("b"),
      fromList: () => "b from the list",
    }),
  ]);
  expect([a, b, reads]).toEqual(["a", "b from the list", ["a"]]);

  // The ports of a switch the tenant does not have: listSwitchPorts is refused (404), and each read meets its own answer.
  reads.length = 0;
  const unknownSwitch = { serialNumber: "FEK3224R0ZZ" };
  const answers = await Promise.all([
    client.readThroughList("listSwitchPorts", unknownSwitch, undefined, {
      alone: alone("c"),
      fromList: () => "not this",
    }),
    client.readThroughList("listSwitchPorts", unknownSwitch, undefined, {
      alone: alone("d"),
      fromList: () => "nor this",
    }),
  ]);
  expect([answers, reads.sort()]).toEqual([
    ["c", "d"],
    ["c", "d"],
  ]);
});
