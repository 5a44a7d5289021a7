// Settings created together read their objects through one list call (a venue's radio and syslog in listVenueWifiSettings, a switch's
// ports in listSwitchPorts) instead of one read each, before their writes; a read alone, one the list does not hold,
// and one asked for after the list was sent each get their own call. Settings the service stores whole
// (updateStoresBody) are not read back after their writes, nor read before them when their venue or switch was made by
// the same process. Against the in-process emulator; what went over the wire is read from its request log.
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { makeLifecycle } from "../../../provider/lifecycle";
import { PreviewReads } from "../../../provider/lifecycle/previewReads";
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

/** Checks and creates; with `previewReads`, the process's, told of the create as provider/runtime.ts does. */
async function create(
  kind: string,
  inputs: Props,
  previewReads?: PreviewReads,
): Promise<{ kind: string; id: string; outs: Props }> {
  const lifecycle = makeLifecycle(RESOURCE_SPECS[kind], async () => client, { previewReads });
  const checked = await lifecycle.check!({}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await lifecycle.create(checked.inputs);
  previewReads?.noteCreated(kind, created.outs ?? inputs, created.id, checked.inputs);
  return { kind, id: created.id, outs: created.outs ?? {} };
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

const SETTINGS_READS = ["listVenueWifiSettings", "getVenueRadio", "getVenueSyslog", "listSwitchPorts", "getSwitchPort"];
const WRITES = ["updateVenueRadio", "updateVenueSyslog", "updateSwitchPort"];

test("a venue's radio and syslog and a switch's ports are read before their writes and not after; a refresh finds them unchanged", async () => {
  const venue = await create("Venue", { name: "stored-whole" });
  const serialNumber = "FEK3224R0S1";
  await create("Switch", { serialNumber, venueId: venue.id, name: "stored-whole access" });
  let made: { kind: string; id: string; outs: Props }[] = [];
  const sent = await sentDuring(async () => {
    made = await Promise.all([
      // Fields left out (the 5 GHz band, the syslog's facility and protocol, the port's flags) take the service's defaults.
      create("VenueRadio", {
        venueId: venue.id,
        radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
      }),
      create("VenueSyslog", { venueId: venue.id, enabled: true, server: "192.0.2.50", priority: "WARNING" }),
      ...[1, 2, 3].map((p) =>
        create("SwitchPortSettings", { switchId: serialNumber, port: `1/1/${p}`, name: `desk ${p}`, poeBudget: 15 }),
      ),
    ]);
  });
  const firstWrite = sent.findIndex((op) => WRITES.includes(op));
  expect(sent.slice(firstWrite).filter((op) => SETTINGS_READS.includes(op))).toEqual([]);
  expect(sent.filter((op) => WRITES.includes(op))).toHaveLength(5);
  for (const r of made) {
    const read = await provider(r.kind).read!(r.id, r.outs);
    expect([r.kind, r.id, read.props]).toEqual([r.kind, r.id, r.outs]);
    const diff = await provider(r.kind).diff!(r.id, read.props!, r.outs);
    expect([r.kind, diff.changes]).toEqual([r.kind, false]);
  }
});

test("settings already holding the program's values are neither written nor read again", async () => {
  const venue = await create("Venue", { name: "already-held" });
  const inputs = { venueId: venue.id, enabled: true, server: "192.0.2.51", priority: "WARNING" };
  const first = await create("VenueSyslog", inputs);
  let again: { outs: Props } = { outs: {} };
  const sent = await sentDuring(async () => {
    again = await create("VenueSyslog", inputs);
  });
  expect(sent.filter((op) => op !== "listRequestsByStatus")).toEqual(["getVenueSyslog"]);
  expect(again.outs).toEqual({ ...first.outs, __nmsLastWrite: again.outs.__nmsLastWrite });
});

test("the settings of a venue and a switch this process made are neither read before nor after their writes", async () => {
  // As provider/runtime.ts does: one PreviewReads for the process, told of every create.
  const previewReads = new PreviewReads({ offline: () => false });
  const createHere = (kind: string, inputs: Props) => create(kind, inputs, previewReads);
  const venue = await createHere("Venue", { name: "made-here" });
  const serialNumber = "FEK3224R0S2";
  await createHere("Switch", { serialNumber, venueId: venue.id, name: "made-here access" });
  let made: { kind: string; id: string; outs: Props }[] = [];
  const sent = await sentDuring(async () => {
    made = await Promise.all([
      createHere("VenueRadio", { venueId: venue.id, radioParams24G: { channelBandwidth: "20MHz" } }),
      createHere("VenueSyslog", { venueId: venue.id }),
      ...[1, 2].map((p) =>
        createHere("SwitchPortSettings", { switchId: serialNumber, port: `1/1/${p}`, poeBudget: 15 }),
      ),
      // Already the defaults: nothing to write, nothing to read.
      createHere("SwitchPortSettings", { switchId: serialNumber, port: "1/1/3" }),
    ]);
  });
  expect(sent.filter((op) => SETTINGS_READS.includes(op))).toEqual([]);
  expect(sent.filter((op) => WRITES.includes(op)).sort()).toEqual([
    "updateSwitchPort",
    "updateSwitchPort",
    "updateVenueRadio",
  ]);
  for (const r of made) {
    const read = await provider(r.kind).read!(r.id, r.outs);
    const diff = await provider(r.kind).diff!(r.id, read.props!, r.outs);
    expect([r.kind, r.id, diff.changes]).toEqual([r.kind, r.id, false]);
  }
  // A port the switch does not have is refused as the read would have: the object does not exist.
  await expect(
    createHere("SwitchPortSettings", { switchId: serialNumber, port: "1/1/40", name: "none" }),
  ).rejects.toThrow("SwitchPortSettings 1/1/40 cannot be read: the object it belongs to does not exist");
});
