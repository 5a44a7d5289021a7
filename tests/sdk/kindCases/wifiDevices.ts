// APs' own settings, venue Wi-Fi settings.
import type { KindCase, Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const WIFI_DEVICE_SECRETS: Record<string, string> = {};

/** The two DHCP service profiles every emulated tenant is seeded with (emulator/services/wifi/dhcpService.ts). */
const SEEDED_DHCP_PROFILE = "d4c9a0f1e2b3c4d5e6f708192a3b4c5d";
const OTHER_SEEDED_DHCP_PROFILE = "d4c9a0f1e2b3c4d5e6f708192a3b4c5e";

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const WIFI_DEVICE_SUPPORT: Props[] = [
  { name: "devices-site", kind: "Venue", args: { name: "Devices site" } },
  { name: "devices-annex", kind: "Venue", args: { name: "Devices annex" } },
  {
    name: "settings-ap",
    kind: "Ap",
    args: { serialNumber: "612345678901", name: "Settings AP", venueId: "${devices-site}" },
  },
  {
    name: "settings-ap-2",
    kind: "Ap",
    args: { serialNumber: "612345678902", name: "Settings AP 2", venueId: "${devices-site}" },
  },
];

const trunk = { portId: "1", type: "Trunk", untagId: 1, vlanMembers: "1-4094", enabled: true };
const cellular = {
  model: "M510",
  primaryWanRecoveryTimer: 60,
  simCardPrimaryApn: "internet",
  simCardPrimaryCellularNetworkSelection: "AUTO",
  simCardSecondaryCellularNetworkSelection: "LTE",
  wanConnection: "ETH_WITH_CELLULAR_FAILOVER",
};

// Replacement is exercised once per shape (serial-keyed settings, per-model settings, binding): the
// kinds of one shape replace through the same generic path, and each replace costs the shared stack a step.
export const WIFI_DEVICE_CASES: KindCase[] = [
  {
    name: "settings-ap-radio",
    kind: "ApRadio",
    args: {
      serialNumber: "${settings-ap}",
      useVenueSettings: false,
      apRadioParams24G: { allowedChannels: ["1", "6"], channelBandwidth: "20MHz" },
    },
    full: { apRadioParams50G: { allowedChannels: ["36", "40"] } },
    update: { field: "apRadioParams24G", value: { allowedChannels: ["1", "11"], channelBandwidth: "20MHz" } },
    replace: { field: "serialNumber", value: "${settings-ap-2}" },
    drift: {
      async make({ admin, id }) {
        const radio = await admin.call<Props>("getApRadio", { serialNumber: id });
        await admin.execute(
          "updateApRadio",
          { serialNumber: id },
          { body: { ...radio, apRadioParams24G: { ...radio.apRadioParams24G, channelBandwidth: "40MHz" } } },
        );
      },
      path: "apRadioParams24G.channelBandwidth",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("resetApRadio", { serialNumber: id }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getApRadio", { serialNumber: id })).toMatchObject({
        useVenueSettings: true,
        apRadioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "AUTO" },
      });
    },
  },
  {
    name: "settings-ap-ports",
    kind: "ApLanPorts",
    args: { serialNumber: "${settings-ap}", lanPorts: [trunk], poeOut: true },
    update: { field: "poeOut", value: false },
    drift: {
      async make({ admin, id }) {
        const ports = await admin.call<Props>("getApLanPorts", { serialNumber: id });
        await admin.execute(
          "updateApLanPorts",
          { serialNumber: id },
          { body: { ...ports, lanPorts: [{ ...ports.lanPorts[0], enabled: false }] } },
        );
      },
      path: "lanPorts[0].enabled",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("resetApLanPorts", { serialNumber: id }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getApLanPorts", { serialNumber: id })).toEqual({
        lanPorts: [],
        poeOut: null,
        useVenueSettings: false,
      });
    },
  },
  {
    name: "settings-ap-mdns",
    kind: "ApMdnsGateway",
    args: {
      serialNumber: "${settings-ap}",
      rules: [
        { enabled: true, fromVlan: 10, toVlan: 20, mdnsName: "printers", mdnsProtocol: "TCP", service: "PRINTER" },
      ],
    },
    update: {
      field: "rules",
      value: [
        { enabled: true, fromVlan: 10, toVlan: 30, mdnsName: "printers", mdnsProtocol: "TCP", service: "PRINTER" },
      ],
    },
    drift: {
      async make({ admin, id }) {
        const gateway = await admin.call<Props>("getApBonjourGateway", { serialNumber: id });
        await admin.execute(
          "updateApBonjourGateway",
          { serialNumber: id },
          { body: { rules: [{ ...gateway.rules[0], fromVlan: 11 }] } },
        );
      },
      path: "rules[0].fromVlan",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("resetApBonjourGateway", { serialNumber: id }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getApBonjourGateway", { serialNumber: id })).toEqual({ rules: [] });
    },
  },
  {
    name: "devices-mesh",
    kind: "VenueMesh",
    args: { venueId: "${devices-site}", enabled: true },
    update: { field: "enabled", value: false },
    drift: {
      make: ({ admin, id }) =>
        admin.execute("updateVenueMesh", { venueId: id }, { body: { enabled: false } }).then(() => undefined),
      path: "enabled",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("updateVenueMesh", { venueId: id }, { body: {} }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect((await admin.call<Props>("getVenueWifiSettings", { venueId: id })).mesh).toEqual({ enabled: false });
    },
  },
  {
    name: "devices-lan-ports",
    kind: "VenueLanPorts",
    args: {
      venueId: "${devices-site}",
      models: [{ model: "R550", poeMode: "802.3at", poeOut: true, lanPorts: [trunk] }],
    },
    update: {
      field: "models",
      value: [{ model: "R550", poeMode: "802.3bt-Class_5", poeOut: true, lanPorts: [trunk] }],
    },
    drift: {
      async make({ admin, id }) {
        const [first] = await admin.call<Props[]>("getVenueLanPorts", { venueId: id });
        await admin.execute("updateVenueLanPorts", { venueId: id }, { body: [{ ...first, poeOut: false }] });
      },
      path: "models[0].poeOut",
    },
    removed: {
      make: ({ admin, id }) =>
        admin.execute("updateVenueLanPorts", { venueId: id }, { body: [] }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getVenueLanPorts", { venueId: id })).toEqual([]);
    },
  },
  {
    name: "devices-leds",
    kind: "VenueLeds",
    args: {
      venueId: "${devices-site}",
      models: [
        { model: "R550", ledEnabled: false },
        { model: "R750", ledEnabled: true },
      ],
    },
    // Removing a model from the list removes that model's setting only.
    update: { field: "models", value: [{ model: "R750", ledEnabled: true }] },
    replace: { field: "venueId", value: "${devices-annex}" },
    drift: {
      async make({ admin, id }) {
        const leds = await admin.call<Props[]>("getVenueLeds", { venueId: id });
        await admin.execute(
          "updateVenueLeds",
          { venueId: id },
          { body: leds.map((l, i) => (i === 0 ? { ...l, ledEnabled: true } : l)) },
        );
      },
      path: "models[0].ledEnabled",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("updateVenueLeds", { venueId: id }, { body: [] }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getVenueLeds", { venueId: id })).toEqual([]);
    },
  },
  {
    name: "devices-cellular",
    kind: "VenueCellular",
    args: { venueId: "${devices-site}", models: [cellular] },
    // WIFI-10170: one SIM card at least stays enabled.
    full: {
      models: [
        {
          ...cellular,
          simCardSecondaryApn: "backup",
          simCardPrimaryEnabled: true,
          simCardPrimaryRoaming: false,
          simCardSecondaryEnabled: false,
          simCardSecondaryRoaming: false,
        },
      ],
    },
    update: { field: "models", value: [{ ...cellular, primaryWanRecoveryTimer: 120 }] },
    drift: {
      async make({ admin, id }) {
        const [first] = await admin.call<Props[]>("getVenueCellularSettings", { venueId: id });
        await admin.execute(
          "updateVenueCellularSettings",
          { venueId: id },
          { body: [{ ...first, wanConnection: "CELLULAR" }] },
        );
      },
      path: "models[0].wanConnection",
    },
    removed: {
      make: ({ admin, id }) =>
        admin.execute("updateVenueCellularSettings", { venueId: id }, { body: [] }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getVenueCellularSettings", { venueId: id })).toEqual([]);
    },
  },
  {
    name: "devices-dhcp",
    kind: "VenueDhcpBinding",
    args: { venueId: "${devices-site}", dhcpServiceProfileId: SEEDED_DHCP_PROFILE },
    // The service cannot change a binding: every change replaces it.
    replace: { field: "dhcpServiceProfileId", value: OTHER_SEEDED_DHCP_PROFILE },
    removed: {
      make: ({ admin, ids }) =>
        admin
          .execute("unbindVenueDhcpServiceProfile", {
            venueId: ids["devices-site"],
            dhcpServiceProfileId: SEEDED_DHCP_PROFILE,
          })
          .then(() => undefined),
      refresh: "delete",
    },
    async destroyed({ admin, ids }) {
      expect(await admin.call("listVenueDhcpServiceProfiles", { venueId: ids["devices-site"] })).toEqual([]);
    },
  },
];
