// Real clients write what they read: the vendor's sample scripts read an object and send it back
// whole with a few fields changed. Every update takes its object's read form as the body (read-only
// and unknown fields ignored, never refused), and sent back unchanged it changes nothing. Also the
// two samples as scripts do them: an AP taken from an AP group's `aps` and moved to another venue
// with `apGroupId: null`, and every network of the list sent back with 802.11k/r switched off.
import { ROUTES, WIFI_API_VARIANTS, type OperationName } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { KINDS } from "../../emulator/services/registry";
import {
  aclBody,
  apBody,
  apGroupBody,
  Client,
  deepNetworkBody,
  dpskNetworkBody,
  pskNetworkBody,
  start,
  switchBody,
  tenantWith,
  switchProfileBody,
  venueBody,
  vlanBody,
  type Reply,
} from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

/** Fields the service sets on every write, whatever the body holds. */
const WRITE_TIMES = new Set(["updatedDate", "lastUpdated", "lastModified"]);

function withoutWriteTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutWriteTimes);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !WRITE_TIMES.has(key))
      .map(([key, item]) => [key, withoutWriteTimes(item)]),
  );
}

async function read(
  op: OperationName,
  params: Record<string, string>,
  pick: (body: any) => unknown = (body) => body,
): Promise<unknown> {
  const reply = await client.call(op, params);
  if (reply.status !== 200) throw new Error(`${op} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return pick(reply.body);
}

/** An update of one object: how to read it, and which operation takes its read form back. */
interface Case {
  read(): Promise<unknown>;
  update: { op: OperationName; params?: Record<string, string> };
}

let n = 0;
const unique = (what: string) => `${what} ${++n}`;
let switchCount = 0;

async function venue(): Promise<string> {
  return (await client.ok("createVenue", {}, venueBody(unique("Site")))).id;
}

/** The switch family: a venue, a profile applied to it with a VLAN and an ACL, and a switch in it. */
async function switchSite() {
  const venueId = await venue();
  const profile = await client.ok(
    "createSwitchProfile",
    {},
    { ...switchProfileBody(unique("Profile"), [vlanBody(10)]), venues: [venueId], acls: [aclBody()] },
  );
  // switchSerial has 18 values: one counter of its own keeps the run's switches apart.
  const serial = (await client.ok("createSwitch", {}, switchBody(venueId, ++switchCount))).id as string;
  return { venueId, profile, serial };
}

/** Every kind whose update takes the object, by the kind's name, and the updates no kind's role covers. */
const CASES: Record<string, () => Promise<Case>> = {
  venues: async () => {
    const venueId = await venue();
    return { read: () => read("getVenue", { venueId }), update: { op: "updateVenue", params: { venueId } } };
  },
  apGroups: async () => {
    const venueId = await venue();
    const group = await client.ok("createApGroup", {}, { ...apGroupBody(venueId, "Lobby"), description: "Front desk" });
    return {
      read: () => read("getApGroup", { apGroupId: group.id }),
      update: { op: "updateApGroup", params: { apGroupId: group.id } },
    };
  },
  aps: async () => {
    const venueId = await venue();
    const [ap] = await client.ok("createAps", {}, [
      { ...apBody(venueId, 500 + ++n), tags: ["lobby"], description: "Ceiling" },
    ]);
    const serialNumber = ap.serialNumber as string;
    return {
      read: () => read("listAps", {}, (aps: any[]) => aps.find((a) => a.serialNumber === serialNumber)),
      update: { op: "updateAp", params: { serialNumber } },
    };
  },
  venueRadio: async () => {
    const venueId = await venue();
    return { read: () => read("getVenueRadio", { venueId }), update: { op: "updateVenueRadio", params: { venueId } } };
  },
  venueSyslog: async () => {
    const venueId = await venue();
    await client.ok("updateVenueSyslog", { venueId }, { enabled: true, server: "192.0.2.50" });
    return {
      read: () => read("getVenueSyslog", { venueId }),
      update: { op: "updateVenueSyslog", params: { venueId } },
    };
  },
  networks: async () => {
    const network = await client.ok(
      "createNetwork",
      {},
      { name: unique("Guests"), type: "guest", wlan: {}, guestPortal: { guestNetworkType: "ClickThrough" } },
    );
    return {
      read: () => read("getNetwork", { networkId: network.id }),
      update: { op: "updateNetwork", params: { networkId: network.id } },
    };
  },
  networksDeep: async () => {
    const network = await client.ok(
      "createNetworkDeep",
      {},
      {
        ...deepNetworkBody(unique("Corp")),
        accountingRadius: { primary: { ip: "192.0.2.11", port: 1813, sharedSecret: "acct" } },
      },
    );
    return {
      read: () => read("getNetworkDeep", { networkId: network.id }),
      update: { op: "updateNetworkDeep", params: { networkId: network.id } },
    };
  },
  activations: async () => {
    const venueId = await venue();
    const group = await client.ok("createApGroup", {}, apGroupBody(venueId, "Floor 1"));
    const network = await client.ok("createNetwork", {}, pskNetworkBody(unique("Staff")));
    const activation = await client.ok(
      "activateNetwork",
      {},
      {
        networkId: network.id,
        venueId,
        isAllAPGroups: false,
        apGroups: [{ apGroupId: group.id, radio: "5-GHz", vlanId: 30 }],
      },
    );
    return {
      read: () => read("getNetworkActivation", { networkVenueId: activation.id }),
      update: { op: "updateNetworkActivation", params: { networkVenueId: activation.id } },
    };
  },
  switchProfiles: async () => {
    const { profile } = await switchSite();
    return { read: () => read("getSwitchProfile", { profileId: profile.id }), update: { op: "updateSwitchProfile" } };
  },
  switchVlans: async () => {
    const { profile } = await switchSite();
    const vlan = await client.ok("createVlan", { profileId: profile.id }, vlanBody(20));
    return {
      read: () => read("getVlan", { profileId: profile.id, vlanUuid: vlan.id }),
      update: { op: "updateVlan", params: { profileId: profile.id } },
    };
  },
  switchAcls: async () => {
    const { profile } = await switchSite();
    const acl = await client.ok("createAcl", { profileId: profile.id }, aclBody("guests-out"));
    return {
      read: () => read("getAcl", { profileId: profile.id, aclId: acl.id }),
      update: { op: "updateAcl", params: { profileId: profile.id } },
    };
  },
  apRadio: async () => {
    const venueId = await venue();
    const [ap] = await client.ok("createAps", {}, [apBody(venueId, 500 + ++n)]);
    await client.ok(
      "updateApRadio",
      { serialNumber: ap.serialNumber },
      { useVenueSettings: false, apRadioParams24G: { manualChannel: 6 } },
    );
    return {
      read: () => read("getApRadio", { serialNumber: ap.serialNumber }),
      update: { op: "updateApRadio", params: { serialNumber: ap.serialNumber } },
    };
  },
  apLanPorts: async () => {
    const venueId = await venue();
    const [ap] = await client.ok("createAps", {}, [apBody(venueId, 500 + ++n)]);
    await client.ok(
      "updateApLanPorts",
      { serialNumber: ap.serialNumber },
      { lanPorts: [{ portId: "1", type: "ACCESS", untagId: 10, vlanMembers: "10" }] },
    );
    return {
      read: () => read("getApLanPorts", { serialNumber: ap.serialNumber }),
      update: { op: "updateApLanPorts", params: { serialNumber: ap.serialNumber } },
    };
  },
  apMdnsGateway: async () => {
    const venueId = await venue();
    const [ap] = await client.ok("createAps", {}, [apBody(venueId, 500 + ++n)]);
    await client.ok(
      "updateApBonjourGateway",
      { serialNumber: ap.serialNumber },
      { rules: [{ enabled: true, fromVlan: 1, toVlan: 2, mdnsName: "tv", service: "AIRPLAY" }] },
    );
    return {
      read: () => read("getApBonjourGateway", { serialNumber: ap.serialNumber }),
      update: { op: "updateApBonjourGateway", params: { serialNumber: ap.serialNumber } },
    };
  },
  venueMesh: async () => {
    const venueId = await venue();
    await client.ok("updateVenueMesh", { venueId }, { enabled: true });
    // No mesh read: getVenueWifiSettings shows it.
    return {
      read: () => read("getVenueWifiSettings", { venueId }, (settings) => settings.mesh),
      update: { op: "updateVenueMesh", params: { venueId } },
    };
  },
  venueLanPorts: async () => {
    const venueId = await venue();
    await client.ok("updateVenueLanPorts", { venueId }, [
      {
        model: "R550",
        poeMode: "802.3at",
        lanPorts: [{ portId: "1", type: "TRUNK", untagId: 1, vlanMembers: "1-4094" }],
      },
    ]);
    return {
      read: () => read("getVenueLanPorts", { venueId }),
      update: { op: "updateVenueLanPorts", params: { venueId } },
    };
  },
  venueLeds: async () => {
    const venueId = await venue();
    await client.ok("updateVenueLeds", { venueId }, [{ model: "R550", ledEnabled: false }]);
    return { read: () => read("getVenueLeds", { venueId }), update: { op: "updateVenueLeds", params: { venueId } } };
  },
  venueCellular: async () => {
    const venueId = await venue();
    const setting = {
      model: "M510",
      primaryWanRecoveryTimer: 60,
      simCardPrimaryCellularNetworkSelection: "LTE",
      simCardSecondaryCellularNetworkSelection: "AUTO",
      wanConnection: "CELLULAR",
    };
    await client.ok("updateVenueCellularSettings", { venueId }, [setting]);
    return {
      read: () => read("getVenueCellularSettings", { venueId }),
      update: { op: "updateVenueCellularSettings", params: { venueId } },
    };
  },
  switches: async () => {
    const { serial } = await switchSite();
    await client.ok("updateSwitchPosition", { serialNumber: serial }, { xPercent: 10, yPercent: 20 });
    return { read: () => read("getSwitch", { serialNumber: serial }), update: { op: "updateSwitch" } };
  },
  switchPorts: async () => {
    const { serial } = await switchSite();
    return {
      read: () => read("getSwitchPort", { serialNumber: serial, unitNum: "1", slotNum: "1", portNum: "3" }),
      update: { op: "updateSwitchPort", params: { serialNumber: serial } },
    };
  },
  switchLags: async () => {
    const { serial } = await switchSite();
    const lag = await client.ok(
      "createLag",
      { serialNumber: serial },
      { name: "uplink", type: "dynamic", ports: ["1/2/1", "1/2/2"], taggedVlans: ["10"] },
    );
    return { read: () => read("getLag", { lagId: lag.id }), update: { op: "updateLag" } };
  },
  switchIpPorts: async () => {
    const { serial } = await switchSite();
    const ip = await client.ok(
      "createIpPort",
      { serialNumber: serial },
      { port: "1/1/5", name: "mgmt", ipAddress: "10.0.0.2", ipSubnetMask: "255.255.255.0" },
    );
    return { read: () => read("getIpPort", { ipPortId: ip.id }), update: { op: "updateIpPort" } };
  },
  switchVePorts: async () => {
    const { serial } = await switchSite();
    const ve = await client.ok(
      "createVePort",
      { serialNumber: serial },
      { vlanId: 10, name: "ve10", ipAddress: "10.0.10.1" },
    );
    return { read: () => read("getVePort", { vePortId: ve.id }), update: { op: "updateVePort" } };
  },
  venueSwitchSettings: async () => {
    const { venueId, profile } = await switchSite();
    await client.ok(
      "updateVenueSwitchSettings",
      {},
      {
        id: venueId,
        profileId: profile.id,
        dns: ["192.0.2.53"],
        syslogEnabled: true,
        syslogPrimaryServer: "logs.example.com",
      },
    );
    return { read: () => read("getVenueSwitchSettings", { venueId }), update: { op: "updateVenueSwitchSettings" } };
  },
  wifiCallingProfiles: async () => {
    const profile = await client.ok(
      "createWifiCallingProfile",
      {},
      { profileName: unique("Carrier"), ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.60" }] },
    );
    return {
      read: () => read("getWifiCallingProfile", { wifiCallingProfileId: profile.id }),
      update: { op: "updateWifiCallingProfile", params: { wifiCallingProfileId: profile.id } },
    };
  },
  vspotServers: async () => {
    const name = unique("Site");
    const venueId = (await client.ok("createVenue", {}, venueBody(name))).id;
    // The newer variant names a venue by its ID, the older by its name: both given, each takes its own.
    const server = await client.ok(
      "createVspot",
      {},
      {
        serverName: unique("Spot"),
        serverAddress: "vspot.example.com",
        password: "vspot-password",
        venues: [{ id: venueId, name }],
      },
    );
    return {
      read: () => read("getVspot", { vspotId: server.id }),
      update: { op: "updateVspot", params: { vspotId: server.id } },
    };
  },
  devicePolicies: async () => {
    const policy = await client.ok(
      "createDevicePolicy",
      {},
      {
        name: unique("Phones"),
        rules: [{ name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 }],
      },
    );
    return {
      read: () => read("getDevicePolicy", { devicePolicyId: policy.id }),
      update: { op: "updateDevicePolicy", params: { devicePolicyId: policy.id } },
    };
  },
  notificationRecipients: async () => {
    const recipient = await client.ok(
      "createNotificationRecipient",
      {},
      { description: "On-call", endpoints: [{ type: "EMAIL", destination: `oncall-${++n}@example.com` }] },
    );
    return {
      read: () => read("getNotificationRecipient", { notificationRecipientId: recipient.id }),
      update: { op: "updateNotificationRecipient", params: { notificationRecipientId: recipient.id } },
    };
  },
  floorPlans: async () => {
    const venueId = await venue();
    const plan = await client.ok("createFloorPlan", { venueId }, { name: "Ground", floorNumber: 0 });
    return {
      read: () => read("getFloorPlan", { venueId, floorPlanId: plan.id }),
      update: { op: "updateFloorPlan", params: { venueId, floorPlanId: plan.id } },
    };
  },
  adminsEmbedded: async () => {
    const added = await client.ok("createAdmin", {}, { role: "ADMIN", email: `ops-${++n}@example.com` });
    // updateAdminRole names the person in the body; the list form (getAdmin) is what a script reads.
    return { read: () => read("getAdmin", { adminId: added.id }), update: { op: "updateAdminRole" } };
  },
  recoveryPsk: async () => ({ read: () => read("getRecoveryPsk", {}), update: { op: "updateRecoveryPsk" } }),
};

/** Updates of objects no kind's update role covers: the user profile (updateUserProfile). */
const SERVICE_CASES: Record<string, () => Promise<Case>> = {
  userProfile: async () => ({ read: () => read("getUserProfile", {}), update: { op: "updateUserProfile" } }),
};

test("every kind with an update has a case here, so that a new kind comes with one", () => {
  const updatable = KINDS.filter((kind) => kind.ops.update !== undefined).map((kind) => kind.name);
  expect(updatable.filter((name) => !(name in CASES))).toEqual([]);
});

describe.each(WIFI_API_VARIANTS)(
  "for a tenant of the %s variant, an update takes its object's read form back unchanged: 2xx, SUCCESS, nothing changed",
  (variant) => {
    const all = { ...CASES, ...SERVICE_CASES };
    let demo: Client;
    beforeAll(async () => {
      demo = client;
      if (variant === "older") client = await tenantWith(emu, { wifiApiVariant: "older" }, "Read forms older");
    });
    afterAll(() => {
      client = demo;
    });

    // The older variant has no operation marked newer (updateVenueCellularSettings, updateDevicePolicy): those kinds are the newer's only.
    const cases = Object.keys(all).filter(
      (name) => variant === "newer" || !["venueCellular", "devicePolicies"].includes(name),
    );
    test.each(cases)("%s", async (name) => {
      const { read: readNow, update } = await all[name]();
      const before = await readNow();
      const reply: Reply = await client.call(update.op, update.params ?? {}, before);
      expect({ name, op: update.op, status: reply.status, errors: reply.body?.errors }).toEqual({
        name,
        op: update.op,
        status: ROUTES[update.op].success,
        errors: undefined,
      });
      const record = await client.waitFor(reply.body.requestId);
      expect({ name, status: record.status, errors: record.errors }).toEqual({
        name,
        status: "SUCCESS",
        errors: undefined,
      });
      expect(withoutWriteTimes(await readNow())).toEqual(withoutWriteTimes(before));
    });
  },
);

test("an AP taken from its AP group's aps moves to another venue with apGroupId null, into that venue's default AP group", async () => {
  const from = await venue();
  const to = await venue();
  const group = await client.ok("createApGroup", {}, apGroupBody(from, "Old lobby"));
  await client.ok("createAps", {}, [{ ...apBody(from, 900), apGroupId: group.id }]);
  // As the sample script: listVenueApGroups lists the venue's groups with their APs; the AP is sent back with the venue changed.
  const groups = (await client.call("listVenueApGroups", { venueId: from })).body as any[];
  const ap = groups.find((g) => g.id === group.id).aps[0];
  const reply = await client.call(
    "updateAp",
    { serialNumber: ap.serialNumber },
    { ...ap, venueId: to, apGroupId: null },
  );
  expect({ status: reply.status, errors: reply.body.errors }).toEqual({ status: 202, errors: undefined });
  expect((await client.waitFor(reply.body.requestId)).status).toBe("SUCCESS");
  const defaultGroup = (await client.call("getVenueDefaultApGroup", { venueId: to })).body;
  const moved = ((await client.call("listAps")).body as any[]).find((a) => a.serialNumber === ap.serialNumber);
  expect({ venueId: moved.venueId, apGroupId: moved.apGroupId }).toEqual({ venueId: to, apGroupId: defaultGroup.id });
  expect(
    (await client.call("getApGroup", { apGroupId: defaultGroup.id })).body.aps.map(
      (a: { serialNumber: string }) => a.serialNumber,
    ),
  ).toContain(ap.serialNumber);
});

test("the 802.11k/r script: every network of the list, sent back with neighbour reports and fast roaming off, succeeds", async () => {
  // Networks of every type, most made without advancedCustomization (the script indexes it without a check).
  await client.ok("createNetworkDeep", {}, deepNetworkBody(unique("Corp")));
  await client.ok("createNetwork", {}, pskNetworkBody(unique("Staff")));
  await client.ok("createNetwork", {}, { name: unique("Lobby"), type: "open", wlan: {} });
  await client.ok(
    "createNetwork",
    {},
    {
      name: unique("Visitors"),
      type: "guest",
      wlan: { advancedCustomization: { hideSsid: true } },
      guestPortal: { guestNetworkType: "ClickThrough" },
    },
  );
  await client.ok("createNetworkDeep", {}, dpskNetworkBody(unique("Residents")));
  await client.ok(
    "createNetworkDeep",
    {},
    {
      name: unique("Enrol"),
      type: "cloudpath",
      wlan: {},
      authRadius: { primary: { ip: "192.0.2.12", port: 1812, sharedSecret: "cp" } },
      cloudpathPortal: { externalPortalUrl: "https://enrol.example.com" },
      hotspotWlan: {},
    },
  );
  const networks = (await client.call("listNetworks")).body as any[];
  expect(new Set(networks.map((network) => network.type))).toEqual(
    new Set(["aaa", "psk", "open", "guest", "dpsk", "cloudpath"]),
  );
  for (const network of networks) {
    network.wlan.advancedCustomization.enableNeighborReport = false;
    network.wlan.advancedCustomization.enableFastRoaming = false;
    const reply = await client.call("updateNetwork", { networkId: network.id }, network);
    expect({ network: network.name, status: reply.status, errors: reply.body.errors }).toEqual({
      network: network.name,
      status: 202,
      errors: undefined,
    });
    expect({ network: network.name, status: (await client.waitFor(reply.body.requestId)).status }).toEqual({
      network: network.name,
      status: "SUCCESS",
    });
  }
  for (const network of (await client.call("listNetworks")).body as any[]) {
    const { enableNeighborReport, enableFastRoaming } = network.wlan.advancedCustomization;
    expect({ network: network.name, enableNeighborReport, enableFastRoaming }).toEqual({
      network: network.name,
      enableNeighborReport: false,
      enableFastRoaming: false,
    });
  }
});
