// Venues, AP groups, networks, activations and the shapes of the first structural issue.
import { expectGone, type KindCase, type Props } from "./types";

export const CORE_SECRETS = { radiusSecret: "radius-Secret-5e1f0b", dpskPassphrase: "dpsk-Pass-77c1e9" };

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const CORE_SUPPORT: Props[] = [
  {
    name: "hq",
    kind: "Venue",
    args: { name: "HQ", description: "Main office", address: { city: "Lisbon", country: "Portugal" } },
  },
  { name: "branch", kind: "Venue", args: { name: "Branch" } },
  {
    name: "guests",
    kind: "Network",
    args: { name: "Guests", type: "guest", wlan: { ssid: "guests" }, guestPortal: { guestNetworkType: "GuestPass" } },
  },
  { name: "campus", kind: "SwitchProfile", args: { name: "Campus" } },
  { name: "annex-profile", kind: "SwitchProfile", args: { name: "Annex profile" } },
];

export const CORE_CASES: KindCase[] = [
  {
    name: "annex",
    kind: "Venue",
    args: { name: "Annex", description: "Across the street" },
    update: { field: "description", value: "Head office" },
    drift: {
      async make({ admin, id }) {
        const hq = await admin.call<Props>("getVenue", { venueId: id });
        await admin.execute(
          "updateVenue",
          { venueId: id },
          { body: { name: hq.name, description: "edited in the dashboard", address: hq.address } },
        );
      },
      path: "description",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteVenue", { venueId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getVenue", { venueId: id })),
  },
  {
    name: "lobby",
    kind: "ApGroup",
    args: { name: "Lobby", description: "Lobby access points", venueId: "${hq}" },
    update: { field: "description", value: "Ground floor" },
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id }) {
        const lobby = await admin.call<Props>("getApGroup", { apGroupId: id });
        await admin.execute(
          "updateApGroup",
          { apGroupId: id },
          { body: { name: lobby.name, venueId: lobby.venueId, description: "moved" } },
        );
      },
      path: "description",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteApGroup", { apGroupId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getApGroup", { apGroupId: id })),
  },
  {
    name: "corp",
    kind: "Network",
    args: {
      name: "Corp",
      type: "aaa",
      wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "WPA2Enterprise" },
      authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "${secret:radiusSecret}" } },
    },
    // The Wi-Fi calling profiles and device policies are cases of a later family: the psk network names them.
    full: { wlan: { advancedCustomization: { wifiCallingIds: null, devicePolicyId: null } } },
    update: { field: "wlan", value: { ssid: "corp", vlanId: 30, wlanSecurity: "WPA2Enterprise" } },
    drift: {
      async make({ admin, id }) {
        const net = await admin.call<Props>("getNetworkDeep", { networkId: id });
        await admin.execute(
          "updateNetworkDeep",
          { networkId: id },
          { body: { ...net, wlan: { ...net.wlan, vlanId: 99 } } },
        );
      },
      path: "wlan.vlanId",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteNetwork", { networkId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getNetworkDeep", { networkId: id })),
  },
  {
    name: "corp-at-hq",
    kind: "NetworkVenueActivation",
    // allAPGroupsRadio is the default, written out (see hq-syslog).
    args: {
      networkId: "${corp}",
      venueId: "${hq}",
      isAllAPGroups: false,
      allAPGroupsRadio: "Both",
      apGroups: [{ apGroupId: "${lobby}", radio: "Both" }],
    },
    update: { field: "apGroups", value: [{ apGroupId: "${lobby}", radio: "5-GHz" }] },
    // Follows its AP group, which the ApGroup case moves to the branch.
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id }) {
        const activation = await admin.call<Props>("getNetworkActivation", { networkVenueId: id });
        await admin.execute(
          "updateNetworkActivation",
          { networkVenueId: id },
          {
            body: {
              ...activation,
              apGroups: activation.apGroups.map((g: Props) => ({ apGroupId: g.apGroupId, radio: "2.4-GHz" })),
            },
          },
        );
      },
      path: "apGroups[0].radio",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deactivateNetwork", { networkVenueId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getNetworkActivation", { networkVenueId: id })),
  },
  {
    name: "hq-radio",
    kind: "VenueRadio",
    args: { venueId: "${hq}", radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" } },
    full: { radioParams50G: { allowedIndoorChannels: ["36", "40"], allowedOutdoorChannels: ["149", "153"] } },
    update: { field: "radioParams24G", value: { allowedChannels: ["1", "6"], channelBandwidth: "20MHz" } },
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id }) {
        const radio = await admin.call<Props>("getVenueRadio", { venueId: id });
        await admin.execute(
          "updateVenueRadio",
          { venueId: id },
          { body: { ...radio, radioParams24G: { ...radio.radioParams24G, channelBandwidth: "40MHz" } } },
        );
      },
      path: "radioParams24G.channelBandwidth",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("resetVenueRadio", { venueId: id }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getVenueRadio", { venueId: id })).toEqual(
        await admin.call("getVenueRadioDefaults", { venueId: id }),
      );
    },
  },
  {
    name: "hq-syslog",
    kind: "VenueSyslog",
    // Port and protocol are the defaults, written out: refresh keeps them as the program's, so drift shows on its field only.
    args: { venueId: "${hq}", enabled: true, server: "192.0.2.50", priority: "WARNING", port: 514, protocol: "UDP" },
    update: { field: "port", value: 1514 },
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id }) {
        const syslog = await admin.call<Props>("getVenueSyslog", { venueId: id });
        await admin.execute("updateVenueSyslog", { venueId: id }, { body: { ...syslog, server: "198.51.100.9" } });
      },
      path: "server",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("updateVenueSyslog", { venueId: id }, { body: {} }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getVenueSyslog", { venueId: id })).toMatchObject({
        enabled: false,
        port: 514,
        priority: "INFO",
        protocol: "UDP",
      });
      expect(await admin.call<Props>("getVenueSyslog", { venueId: id })).not.toHaveProperty("server");
    },
  },
  {
    name: "lobby-ap",
    kind: "Ap",
    args: { serialNumber: "412345678901", name: "Lobby AP", venueId: "${hq}" },
    full: { apGroupId: "${lobby}", position: { floorplanId: "${hq-plan}" } },
    update: { field: "description", value: "above the door" },
    replace: { field: "serialNumber", value: "412345678902" },
    drift: {
      async make({ admin, id }) {
        const ap = await admin.call<Props>("getAp", { serialNumber: id });
        await admin.execute(
          "updateAp",
          { serialNumber: id },
          { body: { serialNumber: id, name: "Renamed AP", venueId: ap.venueId, apGroupId: ap.apGroupId } },
        );
      },
      path: "name",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteAp", { serialNumber: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getAp", { serialNumber: id })),
  },
  {
    name: "visitor",
    kind: "GuestUser",
    args: {
      name: "Visitor",
      mobilePhoneNumber: "+351910000001",
      networkId: "${guests}",
      deliveryMethods: ["SMS"],
      expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
      maxDevices: 2,
    },
    update: { field: "disabled", value: true },
    replace: { field: "maxDevices", value: 3 },
    drift: {
      make: ({ admin, id }) => admin.execute("disableGuestUser", { guestUserId: id }).then(() => undefined),
      path: "disabled",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteGuestUser", { guestUserId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getGuestUser", { guestUserId: id })),
  },
  {
    name: "printer-key",
    kind: "DpskPassphrase",
    args: { mac: "aa:bb:cc:00:11:22", passphrase: "${secret:dpskPassphrase}", vlanId: 20 },
    full: { networkId: "${guests}" },
    // The service cannot change a passphrase in place, and cannot show it: every change replaces it.
    replace: { field: "vlanId", value: 30 },
    removed: { refresh: "unseen" },
    async destroyed({ tenantObjects, id }) {
      expect((await tenantObjects()).dpskPassphrases.map((p) => p.id)).not.toContain(id);
    },
  },
  {
    name: "users-vlan",
    kind: "SwitchVlan",
    args: { profileId: "${campus}", vlanId: 100, vlanName: "users", spanningTreeProtocol: "rstp" },
    update: { field: "vlanName", value: "staff" },
    replace: { field: "profileId", value: "${annex-profile}" },
    drift: {
      async make({ admin, ids, id }) {
        const vlan = await admin.call<Props>("getVlan", { profileId: ids.campus, vlanUuid: id });
        await admin.execute("updateVlan", { profileId: ids.campus }, { body: { ...vlan, vlanName: "edited" } });
      },
      path: "vlanName",
    },
    removed: {
      make: ({ admin, ids, id }) =>
        admin.execute("deleteVlan", { profileId: ids.campus, vlanUuid: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, ids, id }) => expectGone(() => admin.call("getVlan", { profileId: ids.campus, vlanUuid: id })),
  },
  {
    name: "core-profile",
    kind: "SwitchProfile",
    args: { name: "Core", description: "core switches", venues: ["${hq}"] },
    update: { field: "description", value: "core and distribution" },
    drift: {
      async make({ admin, id }) {
        const profile = await admin.call<Props>("getSwitchProfile", { profileId: id });
        await admin.execute("updateSwitchProfile", {}, { body: { ...profile, description: "edited" } });
      },
      path: "description",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteSwitchProfile", { profileId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getSwitchProfile", { profileId: id })),
  },
];
