// Refresh right after up, as Pulumi's engine judges it: Read, then the provider's Diff of the
// refreshed state against the inputs the program had (docs/pulumi-facts.md §8). Against the
// in-process emulator.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { demoClient } from "../../support/emulatorClient";
import { makeLifecycle } from "../../../provider/lifecycle";
import { PROGRAM_SET_FIELDS } from "../../../provider/lifecycle/stateFields";
import { RESOURCE_SPECS } from "../../../provider/resources";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

const provider = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client);

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  const checked = await provider(kind).check!({}, inputs);
  expect(checked.failures).toEqual([]);
  const { id, outs } = await provider(kind).create(checked.inputs);
  return { id, outs };
}

/** Read, then Diff with the refreshed state as old and the program's inputs as new: what refresh reports as drift. */
async function refreshed(
  kind: string,
  id: string,
  outs: Props,
  programInputs: Props,
): Promise<{ inputs: Props; outs: Props; drift: boolean; replaces: string[] }> {
  const read = await provider(kind).read!(id, outs);
  const diff = await provider(kind).diff!(id, read.props!, programInputs);
  return { inputs: read.inputs!, outs: read.props!, drift: diff.changes === true, replaces: diff.replaces ?? [] };
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;
let serial = 310000000000;
const newSerial = () => String(++serial);

async function venueWithGroups(): Promise<{ venueId: string; group: string; other: string }> {
  const venueId = (await create("Venue", { name: unique("venue") })).id;
  const group = (await create("ApGroup", { name: unique("group"), venueId })).id;
  const other = (await create("ApGroup", { name: unique("group"), venueId })).id;
  return { venueId, group, other };
}

describe("refresh of a field the service fills in (an AP's group)", () => {
  it("keeps the value the program set in the refreshed inputs, and shows no drift", async () => {
    const { venueId, group } = await venueWithGroups();
    const inputs = { serialNumber: newSerial(), name: unique("ap"), venueId, apGroupId: group };
    const { id, outs } = await create("Ap", inputs);
    expect(outs[PROGRAM_SET_FIELDS]).toEqual(["apGroupId"]);
    const after = await refreshed("Ap", id, outs, inputs);
    expect(after.inputs.apGroupId).toBe(group);
    expect(after.outs[PROGRAM_SET_FIELDS]).toEqual(["apGroupId"]);
    expect(after.drift).toBe(false);
    // A second refresh reads what the first one left in state: still the program's.
    expect((await refreshed("Ap", id, after.outs, inputs)).inputs.apGroupId).toBe(group);
  });

  it("leaves out of the refreshed inputs what the service chose when the program left it out", async () => {
    const { venueId } = await venueWithGroups();
    const inputs = { serialNumber: newSerial(), name: unique("ap"), venueId };
    const { id, outs } = await create("Ap", inputs);
    expect(outs[PROGRAM_SET_FIELDS]).toBeUndefined();
    expect(typeof outs.apGroupId).toBe("string"); // the venue's default group
    const after = await refreshed("Ap", id, outs, inputs);
    expect(after.inputs.apGroupId).toBeUndefined();
    expect(after.drift).toBe(false);
  });

  it("forgets that the program set it once an update leaves it out", async () => {
    const { venueId, group } = await venueWithGroups();
    const inputs = { serialNumber: newSerial(), name: unique("ap"), venueId, apGroupId: group };
    const { id, outs } = await create("Ap", inputs);
    const { apGroupId: _left, ...without } = inputs;
    const updated = await provider("Ap").update!(id, outs, without);
    expect(updated.outs![PROGRAM_SET_FIELDS]).toBeUndefined();
    expect((await refreshed("Ap", id, updated.outs!, without)).inputs.apGroupId).toBeUndefined();
  });

  it("shows a group another admin changed as drift on that field", async () => {
    const { venueId, group, other } = await venueWithGroups();
    const inputs = { serialNumber: newSerial(), name: unique("ap"), venueId, apGroupId: group };
    const { id, outs } = await create("Ap", inputs);
    await client.execute(
      "updateAp",
      { serialNumber: id },
      { body: { serialNumber: id, name: inputs.name, venueId, apGroupId: other } },
    );
    const after = await refreshed("Ap", id, outs, inputs);
    expect(after.inputs.apGroupId).toBe(other);
    expect(after.drift).toBe(true);
  });
});

describe("refresh of read-only outputs that other resources change", () => {
  it("a group's member list that grew with its APs is no drift", async () => {
    const { venueId } = await venueWithGroups();
    const groupInputs = { name: unique("group"), venueId };
    const group = await create("ApGroup", groupInputs);
    expect(group.outs.aps ?? []).toEqual([]);
    await create("Ap", { serialNumber: newSerial(), name: unique("ap"), venueId, apGroupId: group.id });
    const after = await refreshed("ApGroup", group.id, group.outs, groupInputs);
    expect(after.outs.aps).toHaveLength(1);
    expect(after.drift).toBe(false);
  });

  it("a profile's VLAN list that grew with its VLANs is no drift", async () => {
    const profileInputs = { name: unique("profile") };
    const profile = await create("SwitchProfile", profileInputs);
    await create("SwitchVlan", { profileId: profile.id, vlanId: 310, vlanName: "users" });
    const after = await refreshed("SwitchProfile", profile.id, profile.outs, profileInputs);
    expect(after.outs.vlans).toHaveLength(1);
    expect(after.drift).toBe(false);
  });
});

/** The top-level fields whose values differ between two property bags, as the engine lists a plan's changes. */
function differing(a: Props, b: Props): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => k !== PROGRAM_SET_FIELDS);
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

describe("refreshed inputs, which the engine compares with the program to list a plan's changes", () => {
  it("keep a field the program set to its default, so a drift shows on its own field only", async () => {
    const venueId = (await create("Venue", { name: unique("venue") })).id;
    const inputs = { venueId, enabled: true, server: "192.0.2.50", port: 514, protocol: "UDP", priority: "WARNING" };
    const { id, outs } = await create("VenueSyslog", inputs);
    const quiet = await refreshed("VenueSyslog", id, outs, inputs);
    expect([differing(quiet.inputs, inputs), quiet.drift]).toEqual([[], false]);

    const live = await client.call<Props>("getVenueSyslog", { venueId });
    await client.execute("updateVenueSyslog", { venueId }, { body: { ...live, server: "198.51.100.9" } });
    const drifted = await refreshed("VenueSyslog", id, outs, inputs);
    expect([differing(drifted.inputs, inputs), drifted.drift]).toEqual([["server"], true]);
  });

  it("keep an activation's defaults the program wrote (isAllAPGroups, allAPGroupsRadio) beside a drifted VLAN", async () => {
    const venueId = (await create("Venue", { name: unique("venue") })).id;
    const networkId = (await create("Network", { name: unique("net"), type: "open", wlan: { ssid: "open" } })).id;
    const inputs = { networkId, venueId, isAllAPGroups: true, allAPGroupsRadio: "Both", allAPGroupsVlanId: 10 };
    const { id, outs } = await create("NetworkVenueActivation", inputs);
    expect(differing((await refreshed("NetworkVenueActivation", id, outs, inputs)).inputs, inputs)).toEqual([]);

    const live = await client.call<Props>("getNetworkActivation", { networkVenueId: id });
    await client.execute(
      "updateNetworkActivation",
      { networkVenueId: id },
      { body: { ...live, allAPGroupsVlanId: 20 } },
    );
    expect(differing((await refreshed("NetworkVenueActivation", id, outs, inputs)).inputs, inputs)).toEqual([
      "allAPGroupsVlanId",
    ]);
  });

  it("show a field set outside the program, which the program leaves out, as that field's change", async () => {
    const venueId = (await create("Venue", { name: unique("venue") })).id;
    const inputs = { serialNumber: newSerial(), name: unique("ap"), venueId };
    const { id, outs } = await create("Ap", inputs);
    const live = await client.call<Props>("getAp", { serialNumber: id });
    await client.execute(
      "updateAp",
      { serialNumber: id },
      { body: { serialNumber: id, name: inputs.name, venueId, apGroupId: live.apGroupId, description: "by hand" } },
    );
    const after = await refreshed("Ap", id, outs, inputs);
    expect([differing(after.inputs, inputs), after.drift]).toEqual([["description"], true]);
  });
});
