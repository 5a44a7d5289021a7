// Settings whose service stores an update's body whole (a venue's radio and syslog, a switch's ports: updateStoresBody)
// are read once by their create, before the write, and not read back after it: the outputs are the body as the
// service's schema fills it in, and a refresh right after finds them as the service holds them. Against the in-process
// emulator; what went over the wire is read from its request log.
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

async function create(kind: string, inputs: Props): Promise<{ kind: string; id: string; outs: Props }> {
  const checked = await provider(kind).check!({}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await provider(kind).create(checked.inputs);
  return { kind, id: created.id, outs: created.outs ?? {} };
}

async function sentDuring(action: () => Promise<unknown>): Promise<string[]> {
  await adminApi(emulator, "DELETE", "log");
  await action();
  return (await servedRequests(emulator)).map((r) => r.op);
}

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
  const madeHere = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client, { previewReads });
  const createHere = async (kind: string, inputs: Props) => {
    const checked = await madeHere(kind).check!({}, inputs);
    expect(checked.failures).toEqual([]);
    const created = await madeHere(kind).create(checked.inputs);
    previewReads.noteCreated(kind, created.outs ?? inputs, created.id, checked.inputs);
    return { kind, id: created.id, outs: created.outs ?? {} };
  };
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
