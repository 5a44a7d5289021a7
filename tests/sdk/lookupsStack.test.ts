// Every list and get function, called from one stack program (tests/sdk/fixtures/lookups) in both
// its Promise and its Output form, against the emulator holding one object of every kind. The
// table below has a row per function and per other call its arguments pick (a filter's list, a
// get by unique name); the test fails when a function or a call has no row. One preview runs the
// whole table: lookups only read, so they run in preview and put nothing in state. The same preview reads objects
// of a table of kinds with their resource class's static get (the engine's read step runs in a preview too).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { holdsSecret } from "../../contract/meta";
import type { OperationName } from "../../contract/routes";
import type { RunningEmulator } from "../../emulator";
import { DEFAULT_DHCP_SERVICE_PROFILE_ID } from "../../emulator/services/wifi/dhcpService";
import { preview, type RunResult, type StackOptions } from "../../harness";
import { FUNCTION_SPECS } from "../../provider/functions";
import { LOOKUP_FUNCTIONS } from "../../provider/functions/lookups";
import {
  aclBody,
  apBody,
  Client,
  deepNetworkBody,
  guestUserBody,
  start,
  switchBody,
  switchSerial,
  venueBody,
  vlanBody,
} from "../support/emulatorClient";

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "fixtures", "lookups", "index.js");

interface Row {
  /** The stack output's name: the function's, or the function's and the call's (`getVenue_byName`). */
  key: string;
  name: string;
  args?: Record<string, unknown>;
  /** What the result must equal (the service's own answer, read directly) or match (a matcher). */
  expected: unknown;
}

/** An object read with `<kind>.get(key, id, state)`. */
interface ReadRow {
  key: string;
  kind: string;
  id: string;
  state?: Record<string, unknown>;
  /** Outputs the read must give (and the ID). */
  expected: Record<string, unknown>;
  /** The outputs that must be secret, plaintext nowhere in what the harness reports. */
  secrets: string[];
}

let reads: ReadRow[];

/** The outputs of a read row's resource, from the stack outputs `<key>.<name>`. */
function readOutputs(row: ReadRow): Record<string, unknown> {
  const prefix = `${row.key}.`;
  return Object.fromEntries(
    Object.entries(result.outputs)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  );
}
let emulator: RunningEmulator;
let client: Client;
let dir: string;
let rows: Row[];
let result: RunResult;

/** The answer of a read, as the service gives it. */
async function raw(op: OperationName, params: Record<string, string> = {}, query?: string): Promise<unknown> {
  const reply = await client.call(op, params, undefined, query);
  if (reply.status !== 200) throw new Error(`${op} answered ${reply.status}`);
  return reply.body;
}

const has = (fields: Record<string, unknown>) => expect.objectContaining(fields);
/** A list holding the object, every item of it matching `every` (a filter). */
const listWith = (fields: Record<string, unknown>, every: Record<string, unknown> = {}) => ({
  holds: has(fields),
  every,
});

/** One object of every kind, and the table of calls that must find them. */
async function seed(): Promise<Row[]> {
  const venue = await client.ok("createVenue", {}, venueBody("Lookup site"));
  const venueId = venue.id as string;
  const other = await client.ok("createVenue", {}, venueBody("Other site"));
  const plan = await client.ok("createFloorPlan", { venueId }, { name: "Ground", floorNumber: 0 });
  await client.ok("replaceCalibrationPoints", { venueId, floorPlanId: plan.id }, [
    { xPercent: 1, yPercent: 2, latitude: "38.7", longitude: "-9.1" },
    { xPercent: 99, yPercent: 98, latitude: "38.8", longitude: "-9.2" },
  ]);
  const adminId = (await client.ok("createAdmin", {}, { role: "ADMIN", email: "lookups@example.com" })).id as string;
  const delegation = await client.ok("createSupportDelegation");
  const recipient = await client.ok(
    "createNotificationRecipient",
    {},
    { description: "On-call", endpoints: [{ type: "EMAIL", destination: "oncall@example.com" }] },
  );

  const group = await client.ok("createApGroup", {}, { name: "Lobby", venueId });
  await client.ok("createApGroup", {}, { name: "Lobby", venueId: other.id });
  const serialNumber = (await client.ok("createAps", {}, [{ ...apBody(venueId, 901), apGroupId: group.id }]))[0]
    .serialNumber as string;
  const network = await client.ok("createNetworkDeep", {}, deepNetworkBody("Lookup corp"));
  const activation = await client.ok("activateNetwork", {}, { networkId: network.id, venueId, isAllAPGroups: true });
  await client.ok("activateNetwork", {}, { networkId: network.id, venueId: other.id, isAllAPGroups: true });
  const guest = (await client.ok("createGuestUsers", {}, [guestUserBody(network.id)]))[0];
  const policy = await client.ok(
    "createDevicePolicy",
    {},
    {
      name: "Phones",
      rules: [{ name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 }],
    },
  );
  const vspot = await client.ok(
    "createVspot",
    {},
    {
      serverName: "Hotspot",
      serverAddress: "vspot.example.com",
      password: "vspot-password",
      venues: [{ id: venueId }],
    },
  );
  const calling = await client.ok(
    "createWifiCallingProfile",
    {},
    { profileName: "Carrier", ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.60" }] },
  );
  await client.ok("bindVenueDhcpServiceProfile", { venueId, dhcpServiceProfileId: DEFAULT_DHCP_SERVICE_PROFILE_ID });

  const trusted = { model: "ICX7150-24P", trustPorts: ["1/1/1"], trustedPortType: "all", vlanDemand: false };
  const profile = await client.ok(
    "createSwitchProfile",
    {},
    { name: "Campus", venues: [venueId], vlans: [vlanBody(100)], trustedPorts: [trusted] },
  );
  const profileId = profile.id as string;
  const vlanUuid = profile.vlans[0].id as string;
  const acl = await client.ok("createAcl", { profileId }, aclBody("users-in"));
  const serial = switchSerial(1);
  await client.ok("createSwitch", {}, switchBody(venueId, 1));
  await client.ok("createSwitch", {}, switchBody(other.id, 2));
  const lag = await client.ok(
    "createLag",
    { serialNumber: serial },
    { name: "uplink", type: "static", ports: ["1/2/1"] },
  );
  const ipPort = await client.ok(
    "createIpPort",
    { serialNumber: serial },
    { port: "1/1/10", ipAddress: "10.0.10.1", ipSubnetMask: "255.255.255.0" },
  );
  const vePort = await client.ok("createVePort", { serialNumber: serial }, { vlanId: 100, ipAddress: "10.0.100.1" });

  const rawGuest = (await raw("getGuestUser", { guestUserId: guest.id })) as Record<string, unknown>;
  const rawNetwork = (await raw("getNetworkDeep", { networkId: network.id })) as Record<string, unknown>;
  const tenantId = emulator.demo.tenantId;
  reads = [
    {
      key: "read_Venue",
      kind: "Venue",
      id: venueId,
      expected: { id: venueId, name: "Lookup site", tenantId },
      secrets: [],
    },
    {
      key: "read_ApGroup",
      kind: "ApGroup",
      id: group.id,
      expected: { id: group.id, name: "Lobby", venueId, isDefault: false, tenantId },
      secrets: [],
    },
    {
      key: "read_Ap",
      kind: "Ap",
      id: serialNumber,
      state: { serialNumber },
      expected: { id: serialNumber, serialNumber, venueId, apGroupId: group.id },
      secrets: [],
    },
    {
      key: "read_Network",
      kind: "Network",
      id: network.id,
      expected: { id: network.id, name: "Lookup corp", type: "aaa", authRadius: rawNetwork.authRadius },
      secrets: ["authRadius"],
    },
    {
      key: "read_GuestUser",
      kind: "GuestUser",
      id: guest.id,
      expected: { id: guest.id, networkId: network.id, password: rawGuest.password },
      secrets: ["password"],
    },
    {
      key: "read_SwitchVlan",
      kind: "SwitchVlan",
      id: vlanUuid,
      state: { profileId },
      expected: { id: vlanUuid, profileId, vlanId: 100 },
      secrets: [],
    },
  ];

  const byId = (fields: Record<string, unknown>) => has(fields);
  return [
    // Account
    { key: "listVenues", name: "listVenues", expected: listWith({ id: venueId }) },
    { key: "getVenue", name: "getVenue", args: { venueId }, expected: await raw("getVenue", { venueId }) },
    { key: "getVenue_name", name: "getVenue", args: { name: "Lookup site" }, expected: byId({ id: venueId }) },
    { key: "listAdmins", name: "listAdmins", expected: listWith({ id: adminId }) },
    { key: "getAdmin", name: "getAdmin", args: { adminId }, expected: await raw("getAdmin", { adminId }) },
    {
      key: "getDelegation",
      name: "getDelegation",
      args: { delegationId: delegation.id },
      expected: byId({ id: delegation.id, type: "SUPPORT" }),
    },
    { key: "listNotificationRecipients", name: "listNotificationRecipients", expected: listWith({ id: recipient.id }) },
    {
      key: "getNotificationRecipient",
      name: "getNotificationRecipient",
      args: { notificationRecipientId: recipient.id },
      expected: await raw("getNotificationRecipient", { notificationRecipientId: recipient.id }),
    },
    { key: "listFloorPlans", name: "listFloorPlans", args: { venueId }, expected: listWith({ id: plan.id }) },
    {
      key: "getFloorPlan",
      name: "getFloorPlan",
      args: { venueId, floorPlanId: plan.id },
      expected: await raw("getFloorPlan", { venueId, floorPlanId: plan.id }),
    },
    {
      key: "getFloorPlan_name",
      name: "getFloorPlan",
      args: { venueId, name: "Ground" },
      expected: byId({ id: plan.id }),
    },
    {
      key: "getCalibrationPoints",
      name: "getCalibrationPoints",
      args: { venueId, floorPlanId: plan.id },
      expected: { points: await raw("listCalibrationPoints", { venueId, floorPlanId: plan.id }) },
    },
    // Wi-Fi
    {
      key: "getAp",
      name: "getAp",
      args: { serialNumber },
      expected: byId({ serialNumber, venueId, apGroupId: group.id }),
    },
    { key: "listApGroups", name: "listApGroups", expected: listWith({ id: group.id }) },
    {
      key: "listApGroups_venue",
      name: "listApGroups",
      args: { venueId },
      expected: listWith({ id: group.id }, { venueId }),
    },
    {
      key: "getApGroup",
      name: "getApGroup",
      args: { apGroupId: group.id },
      expected: byId({ id: group.id, name: "Lobby" }),
    },
    { key: "getApGroup_name", name: "getApGroup", args: { venueId, name: "Lobby" }, expected: byId({ id: group.id }) },
    {
      key: "getVenueDefaultApGroup",
      name: "getVenueDefaultApGroup",
      args: { venueId },
      expected: await raw("getVenueDefaultApGroup", { venueId }),
    },
    {
      key: "getApRadio",
      name: "getApRadio",
      args: { serialNumber },
      expected: await raw("getApRadio", { serialNumber }),
    },
    {
      key: "getApLanPorts",
      name: "getApLanPorts",
      args: { serialNumber },
      expected: await raw("getApLanPorts", { serialNumber }),
    },
    {
      key: "getApMdnsGateway",
      name: "getApMdnsGateway",
      args: { serialNumber },
      expected: await raw("getApBonjourGateway", { serialNumber }),
    },
    {
      key: "getVenueRadio",
      name: "getVenueRadio",
      args: { venueId },
      expected: await raw("getVenueRadio", { venueId }),
    },
    {
      key: "getVenueSyslog",
      name: "getVenueSyslog",
      args: { venueId },
      expected: await raw("getVenueSyslog", { venueId }),
    },
    {
      key: "getVenueCellular",
      name: "getVenueCellular",
      args: { venueId },
      expected: { models: await raw("getVenueCellularSettings", { venueId }) },
    },
    {
      key: "getVenueLanPorts",
      name: "getVenueLanPorts",
      args: { venueId },
      expected: { models: await raw("getVenueLanPorts", { venueId }) },
    },
    {
      key: "getVenueLeds",
      name: "getVenueLeds",
      args: { venueId },
      expected: { models: await raw("getVenueLeds", { venueId }) },
    },
    {
      key: "getVenueDhcpBindings",
      name: "getVenueDhcpBindings",
      args: { venueId },
      expected: { bindings: [has({ venueId, dhcpServiceProfileId: DEFAULT_DHCP_SERVICE_PROFILE_ID })] },
    },
    {
      key: "listNetworks",
      name: "listNetworks",
      expected: listWith({ id: network.id, venues: expect.arrayContaining([has({ id: activation.id })]) }),
    },
    {
      key: "getNetwork",
      name: "getNetwork",
      args: { networkId: network.id },
      expected: await raw("getNetworkDeep", { networkId: network.id }),
    },
    {
      key: "getNetwork_name",
      name: "getNetwork",
      args: { name: "Lookup corp" },
      expected: await raw("getNetworkDeep", { networkId: network.id }),
    },
    {
      key: "listNetworkVenueActivations",
      name: "listNetworkVenueActivations",
      expected: listWith({ id: activation.id }),
    },
    {
      key: "listNetworkVenueActivations_network",
      name: "listNetworkVenueActivations",
      args: { networkId: network.id },
      expected: listWith({ id: activation.id }, { networkId: network.id }),
    },
    {
      key: "listNetworkVenueActivations_venue",
      name: "listNetworkVenueActivations",
      args: { venueId },
      expected: listWith({ id: activation.id }, { venueId }),
    },
    {
      key: "getNetworkVenueActivation",
      name: "getNetworkVenueActivation",
      args: { networkVenueId: activation.id },
      expected: await raw("getNetworkActivation", { networkVenueId: activation.id }),
    },
    {
      key: "getNetworkVenueActivation_pair",
      name: "getNetworkVenueActivation",
      args: { networkId: network.id, venueId },
      expected: byId({ id: activation.id }),
    },
    {
      key: "getGuestUser",
      name: "getGuestUser",
      args: { guestUserId: guest.id },
      expected: await raw("getGuestUser", { guestUserId: guest.id }),
    },
    { key: "listDevicePolicies", name: "listDevicePolicies", expected: listWith({ id: policy.id }) },
    {
      key: "getDevicePolicy",
      name: "getDevicePolicy",
      args: { devicePolicyId: policy.id },
      expected: await raw("getDevicePolicy", { devicePolicyId: policy.id }),
    },
    {
      key: "getDevicePolicy_name",
      name: "getDevicePolicy",
      args: { name: "Phones" },
      expected: byId({ id: policy.id }),
    },
    { key: "getRecoveryPsk", name: "getRecoveryPsk", expected: await raw("getRecoveryPsk") },
    { key: "listVspotServers", name: "listVspotServers", expected: listWith({ id: vspot.id }) },
    {
      key: "getVspotServer",
      name: "getVspotServer",
      args: { vspotId: vspot.id },
      expected: await raw("getVspot", { vspotId: vspot.id }),
    },
    {
      key: "getVspotServer_name",
      name: "getVspotServer",
      args: { serverName: "Hotspot" },
      expected: byId({ id: vspot.id }),
    },
    { key: "listWifiCallingProfiles", name: "listWifiCallingProfiles", expected: listWith({ id: calling.id }) },
    {
      key: "getWifiCallingProfile",
      name: "getWifiCallingProfile",
      args: { wifiCallingProfileId: calling.id },
      expected: await raw("getWifiCallingProfile", { wifiCallingProfileId: calling.id }),
    },
    {
      key: "getWifiCallingProfile_name",
      name: "getWifiCallingProfile",
      args: { profileName: "Carrier" },
      expected: byId({ id: calling.id }),
    },
    // Switches
    { key: "listSwitches", name: "listSwitches", expected: listWith({ id: serial }) },
    {
      key: "listSwitches_venue",
      name: "listSwitches",
      args: { venueId },
      expected: listWith({ id: serial }, { venueId }),
    },
    {
      key: "getSwitch",
      name: "getSwitch",
      args: { serialNumber: serial },
      expected: await raw("getSwitch", { serialNumber: serial }),
    },
    { key: "listSwitchProfiles", name: "listSwitchProfiles", expected: listWith({ id: profileId }) },
    {
      key: "getSwitchProfile",
      name: "getSwitchProfile",
      args: { profileId },
      expected: await raw("getSwitchProfile", { profileId }),
    },
    {
      key: "getSwitchProfile_name",
      name: "getSwitchProfile",
      args: { name: "Campus" },
      expected: byId({ id: profileId }),
    },
    {
      key: "listSwitchVlans",
      name: "listSwitchVlans",
      args: { profileId },
      expected: listWith({ id: vlanUuid, vlanId: 100 }),
    },
    {
      key: "getSwitchVlan",
      name: "getSwitchVlan",
      args: { profileId, vlanUuid },
      expected: await raw("getVlan", { profileId, vlanUuid }),
    },
    {
      key: "getSwitchVlan_vlanId",
      name: "getSwitchVlan",
      args: { profileId, vlanId: 100 },
      expected: byId({ id: vlanUuid }),
    },
    { key: "listSwitchAcls", name: "listSwitchAcls", args: { profileId }, expected: listWith({ id: acl.id }) },
    {
      key: "getSwitchAcl",
      name: "getSwitchAcl",
      args: { profileId, aclId: acl.id },
      expected: await raw("getAcl", { profileId, aclId: acl.id }),
    },
    {
      key: "getSwitchAcl_name",
      name: "getSwitchAcl",
      args: { profileId, name: "users-in" },
      expected: byId({ id: acl.id }),
    },
    {
      key: "getSwitchTrustedPort",
      name: "getSwitchTrustedPort",
      args: { profileId, trustedPortId: profile.trustedPorts[0].id },
      expected: await raw("getTrustedPort", { profileId, trustedPortId: profile.trustedPorts[0].id }),
    },
    {
      key: "listSwitchPorts",
      name: "listSwitchPorts",
      args: { serialNumber: serial },
      expected: listWith({ port: "1/1/5" }),
    },
    {
      key: "getSwitchPort",
      name: "getSwitchPort",
      args: { serialNumber: serial, unitNum: 1, slotNum: 1, portNum: 5 },
      expected: await raw("getSwitchPort", { serialNumber: serial, unitNum: "1", slotNum: "1", portNum: "5" }),
    },
    {
      key: "listSwitchLags",
      name: "listSwitchLags",
      args: { serialNumber: serial },
      expected: listWith({ id: lag.id }),
    },
    {
      key: "getSwitchLag",
      name: "getSwitchLag",
      args: { lagId: lag.id },
      expected: await raw("getLag", { lagId: lag.id }),
    },
    {
      key: "listSwitchIpPorts",
      name: "listSwitchIpPorts",
      args: { serialNumber: serial },
      expected: listWith({ id: ipPort.id }),
    },
    {
      key: "getSwitchIpPort",
      name: "getSwitchIpPort",
      args: { ipPortId: ipPort.id },
      expected: await raw("getIpPort", { ipPortId: ipPort.id }),
    },
    {
      key: "listSwitchVePorts",
      name: "listSwitchVePorts",
      args: { serialNumber: serial },
      expected: listWith({ id: vePort.id }),
    },
    {
      key: "getSwitchVePort",
      name: "getSwitchVePort",
      args: { vePortId: vePort.id },
      expected: await raw("getVePort", { vePortId: vePort.id }),
    },
    {
      key: "getVenueSwitchSettings",
      name: "getVenueSwitchSettings",
      args: { venueId },
      expected: await raw("getVenueSwitchSettings", { venueId }),
    },
  ];
}

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await start({ asyncDelayMs: 5, rateLimit: null });
  client = await Client.login(emulator);
  rows = await seed();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-lookups-"));
  const options: StackOptions = {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "lookups",
    stackName: "dev",
    statePath: path.join(dir, "state.json"),
    passphrase: "lookups passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      // Info: the provider's notices too, where a read must not report drift (a get has no state to drift from).
      "nms:logLevel": "info",
      "lookups:calls": JSON.stringify(rows.map(({ key, name, args }) => ({ key, name, args }))),
      "lookups:reads": JSON.stringify(reads.map(({ key, kind, id, state }) => ({ key, kind, id, state }))),
    },
    secretConfig: { "nms:password": emulator.demo.password },
  };
  result = await preview(options);
  if (result.failed) throw new Error(`preview failed:\n${result.errors.join("\n")}`);
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the table", () => {
  it("has a row for every list and get function's own call and for every other call its arguments pick", () => {
    const picks = (row: Row, given: readonly string[]) => given.every((name) => row.args?.[name] !== undefined);
    const missing: string[] = [];
    for (const spec of LOOKUP_FUNCTIONS) {
      const own = rows.filter((row) => row.name === spec.name);
      if (!own.some((row) => !(spec.otherCalls ?? []).some((call) => picks(row, call.given))))
        missing.push(`${spec.name} (${spec.op})`);
      for (const call of spec.otherCalls ?? [])
        if (!own.some((row) => picks(row, call.given)))
          missing.push(`${spec.name} with ${call.given.join(", ")} (${call.op})`);
    }
    expect(missing).toEqual([]);
  });
});

describe("every list and get function, called in a stack program against the emulator", () => {
  it.each(["Promise", "Output"])("finds each seeded object in its %s form", (form) => {
    const problems: string[] = [];
    for (const row of rows) {
      const value = result.outputs[form === "Promise" ? row.key : `${row.key}Output`];
      const expected = row.expected as { holds?: unknown; every?: Record<string, unknown> };
      try {
        if (expected && typeof expected === "object" && "holds" in expected) {
          expect(value).toEqual(expect.arrayContaining([expected.holds]));
          for (const item of value as unknown[]) expect(item).toMatchObject(expected.every ?? {});
        } else {
          expect(value).toEqual(row.expected);
        }
      } catch (error) {
        problems.push(`${row.key}: ${(error as Error).message.split("\n").slice(0, 12).join("\n")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("marks the Output form secret exactly when the result holds a secret; the Promise form is plain", () => {
    const secretKeys = rows
      .filter((row) => holdsSecret(FUNCTION_SPECS[row.name].result))
      .map((row) => `${row.key}Output`);
    expect(secretKeys).toEqual(
      expect.arrayContaining([
        "getRecoveryPskOutput",
        "getNetworkOutput",
        "getGuestUserOutput",
        "getVspotServerOutput",
        "getVenueSwitchSettingsOutput",
      ]),
    );
    expect(
      result.secretOutputs.filter((name) => rows.some((row) => name === row.key || name === `${row.key}Output`)).sort(),
    ).toEqual(secretKeys.sort());
  });

  it("leaves nothing in state but the stack: the objects read stay the service's", () => {
    expect(result.steps.filter((step) => step.custom && step.op !== "read")).toEqual([]);
  });
});

describe("a resource class's static get, in the same stack program", () => {
  it("reads each object through the provider's read, as a read step that is no change", () => {
    const byKey = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
    expect(
      result.steps
        .filter((step) => step.op === "read")
        .map((step) => [step.name, step.id!])
        .sort(byKey),
    ).toEqual(reads.map((row) => [row.key, row.id]).sort(byKey));
    // A read is no change (the engine's ResourceChanges.HasChanges leaves reads out).
    expect(result.changes).toBe(result.steps.filter((step) => step.op !== "same" && step.op !== "read").length);
  });

  it("reports no drift: the object read has no state of the stack's to have drifted from", () => {
    expect(result.diagnostics.filter((line) => /outside the stack/.test(line))).toEqual([]);
  });

  it("gives the object's outputs", () => {
    const problems: string[] = [];
    for (const row of reads) {
      try {
        expect(readOutputs(row)).toMatchObject(row.expected);
      } catch (error) {
        problems.push(`${row.key}: ${(error as Error).message.split("\n").slice(0, 12).join("\n")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps the kind's secret outputs secret in the program, and their values out of what the harness reports", () => {
    const secretOf = (row: ReadRow) =>
      result.secretOutputs
        .filter((name) => name.startsWith(`${row.key}.`))
        .map((name) => name.slice(row.key.length + 1));
    expect(Object.fromEntries(reads.map((row) => [row.key, secretOf(row)]))).toEqual(
      Object.fromEntries(reads.map((row) => [row.key, row.secrets])),
    );
    const reported = JSON.stringify({ steps: result.steps, diagnostics: result.diagnostics, errors: result.errors });
    for (const row of reads)
      for (const name of row.secrets) {
        expect(row.expected[name]).toBeDefined();
        expect(reported).not.toContain(JSON.stringify(row.expected[name]).slice(1, -1));
      }
  });
});
