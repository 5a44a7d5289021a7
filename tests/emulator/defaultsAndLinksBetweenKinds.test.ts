// Server-filled defaults and the links between kinds: default AP groups, RADIUS pairs of deep
// networks, activations seen from networks and venues; the documented defaults answers carry.
import { advancedCustomizationSchemaFor } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import {
  admin,
  apGroupBody,
  Client,
  deepNetworkBody,
  otherTenant,
  pskNetworkBody,
  radiusPair,
  start,
  venueBody,
} from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

const HEX32 = /^[0-9a-f]{32}$/;

describe("venues and AP groups", () => {
  test("a venue gets floorPlans [], dates, and a default AP group seen by listApGroups, getApGroup, listVenueApGroups and getVenueDefaultApGroup", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Defaults"));
    expect(venue).toMatchObject({
      id: expect.stringMatching(HEX32),
      floorPlans: [],
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    const defaultGroup = (await client.call("getVenueDefaultApGroup", { venueId: venue.id })).body;
    expect(defaultGroup).toEqual({
      id: expect.stringMatching(HEX32),
      name: "Default AP Group",
      venueId: venue.id,
      isDefault: true,
      aps: [],
    });
    expect((await client.call("getApGroup", { apGroupId: defaultGroup.id })).body).toEqual(defaultGroup);
    expect((await client.call("listVenueApGroups", { venueId: venue.id })).body).toEqual([defaultGroup]);
    expect((await client.call("listApGroups")).body).toContainEqual(defaultGroup);
  });

  test("an update keeps createdDate and replaces the input fields", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Replace"));
    const updated = await client.ok("updateVenue", { venueId: venue.id }, { name: "Replace" });
    expect(updated.createdDate).toBe(venue.createdDate);
    expect(updated.description).toBeUndefined();
    expect((await client.call("getVenue", { venueId: venue.id })).body).toEqual(updated);
  });

  test("an AP group: aps [], isDefault false, apSerialNumbers kept", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Group fields"));
    const group = await client.ok(
      "createApGroup",
      {},
      { ...apGroupBody(venue.id), description: "Lobby APs", apSerialNumbers: [{ serialNumber: "123456789012" }] },
    );
    expect(group).toEqual({
      id: expect.stringMatching(HEX32),
      name: "Lobby",
      description: "Lobby APs",
      venueId: venue.id,
      apSerialNumbers: [{ serialNumber: "123456789012" }],
      isDefault: false,
      aps: [],
    });
    const renamed = await client.ok("updateApGroup", { apGroupId: group.id }, apGroupBody(venue.id, "Lobby 2"));
    expect(renamed).toMatchObject({ id: group.id, name: "Lobby 2", isDefault: false });
    expect(
      (await client.call("listVenueApGroups", { venueId: venue.id })).body.map((g: { name: string }) => g.name),
    ).toEqual(["Default AP Group", "Lobby 2"]);
  });

  test("bulk delete of AP groups (deleteApGroups) and venues (deleteVenues)", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Bulk"));
    const a = await client.ok("createApGroup", {}, apGroupBody(venue.id, "Bulk A"));
    const b = await client.ok("createApGroup", {}, apGroupBody(venue.id, "Bulk B"));
    const { accepted, record } = await client.write("deleteApGroups", {}, [a.id, b.id]);
    expect(accepted.body).toEqual({ requestId: expect.any(String) });
    expect(record).toMatchObject({ status: "SUCCESS", count: 2, entityId: `${a.id},${b.id}`, method: "DELETE" });
    expect((await client.call("listVenueApGroups", { venueId: venue.id })).body).toHaveLength(1);
    const other = await client.ok("createVenue", {}, venueBody("Bulk 2"));
    await client.ok("deleteVenues", {}, [venue.id, other.id]);
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(404);
    expect((await client.call("getVenue", { venueId: other.id })).status).toBe(404);
  });
});

describe("networks", () => {
  test("createNetworkDeep creates RADIUS pairs with IDs; getNetwork references them; getNetworkDeep shows them", async () => {
    const body = {
      ...deepNetworkBody("Deep"),
      accountingRadius: { ...radiusPair(1813), secondary: { ip: "192.0.2.11", port: 1813, sharedSecret: "acct-2" } },
    };
    const created = await client.ok("createNetworkDeep", {}, body);
    expect(created).toMatchObject({
      name: "Deep",
      wlan: { ssid: "Deep", enabled: true, vlanId: 10 },
      authRadius: {
        id: expect.stringMatching(HEX32),
        primary: { id: expect.stringMatching(HEX32), ip: "192.0.2.10", port: 1812, sharedSecret: "radius-secret" },
      },
      accountingRadius: {
        id: expect.stringMatching(HEX32),
        secondary: { id: expect.stringMatching(HEX32), sharedSecret: "acct-2" },
      },
      venues: [],
    });
    expect(created.authRadiusId).toBeUndefined();
    const shallow = (await client.call("getNetwork", { networkId: created.id })).body;
    expect(shallow.authRadiusId).toBe(created.authRadius.id);
    expect(shallow.accountingRadiusId).toBe(created.accountingRadius.id);
    expect(shallow.authRadius).toBeUndefined();
    expect((await client.call("getNetworkDeep", { networkId: created.id })).body).toEqual(created);
  });

  test("updateNetworkDeep keeps the IDs of the RADIUS pairs it updates and drops those it omits", async () => {
    const body = { ...deepNetworkBody("Deep update"), accountingRadius: radiusPair(1813) };
    const created = await client.ok("createNetworkDeep", {}, body);
    const updated = await client.ok(
      "updateNetworkDeep",
      { networkId: created.id },
      {
        ...deepNetworkBody("Deep update"),
        authRadius: {
          primary: { ip: "192.0.2.20", port: 1812, sharedSecret: "rotated" },
          secondary: { ip: "192.0.2.21", port: 1812, sharedSecret: "two" },
        },
      },
    );
    expect(updated.authRadius.id).toBe(created.authRadius.id);
    expect(updated.authRadius.primary).toEqual({
      id: created.authRadius.primary.id,
      ip: "192.0.2.20",
      port: 1812,
      sharedSecret: "rotated",
    });
    expect(updated.authRadius.secondary.id).toMatch(HEX32);
    expect(updated.accountingRadius).toBeUndefined();
    const objects = (await admin(emu, "GET", `/tenants/${client.tenantId}/objects`)).body;
    expect(objects.radius.map((p: { id: string }) => p.id)).not.toContain(created.accountingRadius.id);
  });

  test("a shallow network may reference a pair by ID; the pair lives while a network references it", async () => {
    const owner = await client.ok("createNetworkDeep", {}, deepNetworkBody("Pair owner"));
    const user = await client.ok(
      "createNetwork",
      {},
      { name: "Pair user", type: "aaa", wlan: {}, authRadiusId: owner.authRadius.id },
    );
    expect((await client.call("getNetworkDeep", { networkId: user.id })).body.authRadius).toEqual(owner.authRadius);
    await client.ok("deleteNetwork", { networkId: owner.id });
    expect((await client.call("getNetworkDeep", { networkId: user.id })).body.authRadius).toEqual(owner.authRadius);
    await client.ok("deleteNetwork", { networkId: user.id });
    const objects = (await admin(emu, "GET", `/tenants/${client.tenantId}/objects`)).body;
    expect(objects.radius.map((p: { id: string }) => p.id)).not.toContain(owner.authRadius.id);
  });

  test("shallow create and update: SSID defaults to the name, enabled to true; listNetworks lists networks", async () => {
    const created = await client.ok("createNetwork", {}, pskNetworkBody("Shallow"));
    expect(created).toEqual({
      id: expect.stringMatching(HEX32),
      name: "Shallow",
      type: "psk",
      // The WLAN's documented defaults: VLAN 1 and a psk network's advanced options.
      wlan: {
        ssid: "Shallow",
        enabled: true,
        vlanId: 1,
        wlanSecurity: "WPA2Personal",
        passphrase: "correct-horse",
        advancedCustomization: advancedCustomizationSchemaFor("newer", "psk").parse({}),
      },
    });
    const updated = await client.ok(
      "updateNetwork",
      { networkId: created.id },
      { ...pskNetworkBody("Shallow 2"), wlan: { ...pskNetworkBody().wlan, ssid: "guest", enabled: false } },
    );
    expect(updated.wlan).toMatchObject({ ssid: "guest", enabled: false });
    expect((await client.call("getNetwork", { networkId: created.id })).body).toEqual(updated);
    expect((await client.call("listNetworks")).body).toContainEqual(updated);
  });

  test("type aaa needs a RADIUS server", async () => {
    expect((await client.call("createNetwork", {}, { name: "No radius", type: "aaa", wlan: {} })).status).toBe(422);
    expect((await client.call("createNetworkDeep", {}, { name: "No radius", type: "aaa", wlan: {} })).status).toBe(422);
  });

  test("bulk delete of networks (deleteNetworks)", async () => {
    const a = await client.ok("createNetwork", {}, pskNetworkBody("Bulk net A"));
    const b = await client.ok("createNetworkDeep", {}, deepNetworkBody("Bulk net B"));
    await client.ok("deleteNetworks", {}, [a.id, b.id, a.id]);
    expect((await client.call("getNetwork", { networkId: a.id })).status).toBe(404);
    expect((await client.call("getNetwork", { networkId: b.id })).status).toBe(404);
  });
});

describe("activations", () => {
  let venue: { id: string };
  let group: { id: string };
  let network: { id: string };
  beforeAll(async () => {
    venue = await client.ok("createVenue", {}, venueBody("Activated"));
    group = await client.ok("createApGroup", {}, apGroupBody(venue.id, "Activated group"));
    network = await client.ok("createNetworkDeep", {}, deepNetworkBody("Activated"));
  });

  test("defaults isAllAPGroups true and allAPGroupsRadio Both; seen by getNetworkActivation, listNetworkActivations, getNetworkActivationByVenue, listVenueNetworkActivations and getNetworkDeep", async () => {
    const activation = await client.ok("activateNetwork", {}, { networkId: network.id, venueId: venue.id });
    expect(activation).toEqual({
      id: expect.stringMatching(HEX32),
      networkId: network.id,
      venueId: venue.id,
      isAllAPGroups: true,
      allAPGroupsRadio: "Both",
      apGroups: [],
      scheduler: { type: "ALWAYS_ON" },
    });
    expect((await client.call("getNetworkActivation", { networkVenueId: activation.id })).body).toEqual(activation);
    expect((await client.call("listNetworkActivations", { networkId: network.id })).body).toEqual([activation]);
    expect(
      (await client.call("getNetworkActivationByVenue", { networkId: network.id, venueId: venue.id })).body,
    ).toEqual(activation);
    expect((await client.call("listVenueNetworkActivations", { venueId: venue.id })).body).toEqual([activation]);
    expect((await client.call("getNetworkDeep", { networkId: network.id })).body.venues).toEqual([activation]);
    await client.ok("deactivateNetwork", { networkVenueId: activation.id });
    expect((await client.call("getNetworkDeep", { networkId: network.id })).body.venues).toEqual([]);
  });

  test("AP group entries show the group's name and default flag; an update keeps entry IDs", async () => {
    const defaultGroup = (await client.call("getVenueDefaultApGroup", { venueId: venue.id })).body;
    const activation = await client.ok(
      "activateNetwork",
      {},
      {
        networkId: network.id,
        venueId: venue.id,
        isAllAPGroups: false,
        apGroups: [{ apGroupId: group.id, radio: "5-GHz", vlanId: 20 }, { apGroupId: defaultGroup.id }],
      },
    );
    const flags = {
      validationError: false,
      validationErrorReachedMaxConnectedCaptiveNetworksLimit: false,
      validationErrorReachedMaxConnectedNetworksLimit: false,
      validationErrorSsidAlreadyActiveted: false,
    };
    expect(activation.apGroups).toEqual([
      {
        id: expect.stringMatching(HEX32),
        apGroupId: group.id,
        apGroupName: "Activated group",
        isDefault: false,
        radio: "5-GHz",
        vlanId: 20,
        ...flags,
      },
      {
        id: expect.stringMatching(HEX32),
        apGroupId: defaultGroup.id,
        apGroupName: "Default AP Group",
        isDefault: true,
        radio: "Both",
        ...flags,
      },
    ]);
    const updated = await client.ok(
      "updateNetworkActivation",
      { networkVenueId: activation.id },
      {
        networkId: network.id,
        venueId: venue.id,
        isAllAPGroups: false,
        allAPGroupsRadio: "2.4-GHz",
        apGroups: [{ apGroupId: group.id, radio: "Both" }],
      },
    );
    // Same entry ID for the group named again; the vlanId it no longer gives is gone.
    const { vlanId: _omitted, ...entry } = activation.apGroups[0];
    expect(updated.apGroups).toEqual([{ ...entry, radio: "Both" }]);
    expect(updated.allAPGroupsRadio).toBe("2.4-GHz");
    await client.ok("deactivateNetworks", {}, [activation.id]);
    expect((await client.call("getNetworkActivation", { networkVenueId: activation.id })).status).toBe(404);
  });
});

describe("listNetworks deep=true (our decision: a tenant reads whole with listVenues + listApGroups + listNetworks?deep=true)", () => {
  test("each network in getNetworkDeep's form: RADIUS pairs with IDs and its activations as venues; pages apply", async () => {
    const tenant = await otherTenant(emu);
    const venue = await tenant.ok("createVenue", {}, venueBody("Deep list venue"));
    const deep = await tenant.ok(
      "createNetworkDeep",
      {},
      { ...deepNetworkBody("Deep listed"), accountingRadius: radiusPair(1813) },
    );
    const shallow = await tenant.ok("createNetwork", {}, pskNetworkBody("Shallow listed"));
    const activation = await tenant.ok("activateNetwork", {}, { networkId: deep.id, venueId: venue.id });

    const listed = (await tenant.call("listNetworks", {}, undefined, "deep=true")).body;
    const readOne = async (id: string) => (await tenant.call("getNetworkDeep", { networkId: id })).body;
    expect(listed).toEqual([await readOne(deep.id), await readOne(shallow.id)]);
    expect(listed[0]).toMatchObject({
      authRadius: { id: deep.authRadius.id, primary: { id: deep.authRadius.primary.id } },
      accountingRadius: { id: deep.accountingRadius.id },
      venues: [activation],
    });
    expect(listed[0].authRadiusId).toBeUndefined();
    expect(listed[1].venues).toEqual([]);

    // Without deep (or with any other value, as getTenant does) the shallow form.
    const plain = (await tenant.call("listNetworks")).body;
    expect(plain[0]).toMatchObject({ authRadiusId: deep.authRadius.id, accountingRadiusId: deep.accountingRadius.id });
    expect(plain[0].venues).toBeUndefined();
    expect((await tenant.call("listNetworks", {}, undefined, "deep=false")).body).toEqual(plain);

    expect((await tenant.call("listNetworks", {}, undefined, "deep=true&page=1&size=1")).body).toEqual([listed[1]]);
  });
});

describe("DPSK passphrase formats (listDpskPassphraseFormats)", () => {
  test("are a fixed catalogue in the documented shape, served beside the network routes", async () => {
    const formats = (await client.call("listDpskPassphraseFormats")).body;
    expect(formats.length).toBeGreaterThan(0);
    for (const format of formats) {
      expect(format).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        dpskGenerationParams: {
          passphraseExpirationEnum: expect.any(String),
          passphraseFormatEnum: expect.any(String),
          passphraseLength: expect.any(Number),
        },
      });
    }
  });
});
