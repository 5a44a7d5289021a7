// Device policies, recovery PSK, vSPoT, Wi-Fi calling and the network types.
import { expectGone, type KindCase, type Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}" (and values other admins write, grepped for too). */
export const WIFI_SERVICE_SECRETS: Record<string, string> = {
  vspotPassword: "vspot-Pass-4b1d92",
  recoveryPsk: "4815162342108015",
  recoveryPskNext: "2718281828459045",
  recoveryPskByHand: "1414213562373095",
  staffPassphrase: "staff-Pass-93c0aa",
  residentsBackup: "residents-Backup-1d77",
  cloudpathSecret: "cloudpath-Secret-f00d",
};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const WIFI_SERVICE_SUPPORT: Props[] = [
  // vSPoT servers that leave their venues to VenueVspotBinding (the hotspot case names its own), and a venue to move a binding to.
  {
    name: "branch-spot",
    kind: "VspotServer",
    args: { serverName: "Branch spot", serverAddress: "192.0.2.80", password: "${secret:vspotPassword}" },
  },
  {
    name: "spare-spot",
    kind: "VspotServer",
    args: { serverName: "Spare spot", serverAddress: "192.0.2.81", password: "${secret:vspotPassword}" },
  },
  { name: "kiosk", kind: "Venue", args: { name: "Kiosk" } },
];

export const WIFI_SERVICE_CASES: KindCase[] = [
  {
    name: "carrier-calling",
    kind: "WifiCallingProfile",
    args: { profileName: "Carrier calling", ePDGs: [{ domain: "epdg.carrier.example", ip: "192.0.2.61" }] },
    update: { field: "description", value: "Carrier ePDGs" },
    drift: {
      async make({ admin, id }) {
        const profile = await admin.call<Props>("getWifiCallingProfile", { wifiCallingProfileId: id });
        await admin.execute(
          "updateWifiCallingProfile",
          { wifiCallingProfileId: id },
          { body: { ...profile, qosPriority: "WIFICALLING_PRI_BG" } },
        );
      },
      path: "qosPriority",
    },
    removed: {
      make: ({ admin, id }) =>
        admin.execute("deleteWifiCallingProfile", { wifiCallingProfileId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getWifiCallingProfile", { wifiCallingProfileId: id })),
  },
  {
    name: "hotspot",
    kind: "VspotServer",
    args: {
      serverName: "Hotspot",
      serverAddress: "vspot.example.com",
      password: "${secret:vspotPassword}",
      venues: [{ id: "${hq}" }],
    },
    // The service names a venue by the venue's own name.
    full: { venues: [{ id: "${hq}", name: "HQ" }] },
    update: { field: "port", value: 9883 },
    drift: {
      async make({ admin, id }) {
        const server = await admin.call<Props>("getVspot", { vspotId: id });
        await admin.execute("updateVspot", { vspotId: id }, { body: { ...server, serverAddress: "192.0.2.99" } });
      },
      path: "serverAddress",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteVspot", { vspotId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getVspot", { vspotId: id })),
  },
  {
    name: "branch-vspot",
    kind: "VenueVspotBinding",
    args: { venueId: "${branch}", vspotId: "${branch-spot}" },
    // The service cannot change a binding: every change replaces it (another venue is another binding, with another ID). A venue
    // moved to another server by hand therefore shows on refresh as a replace, not as the in-place drift this table checks.
    replace: { field: "venueId", value: "${kiosk}" },
    removed: {
      make: ({ admin, id }) => admin.execute("unbindVenueVspot", { venueId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getVenueVspot", { venueId: id })),
  },
  {
    name: "phones-policy",
    kind: "DevicePolicy",
    args: {
      name: "Phones",
      rules: [
        { name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 },
        { name: "Consoles", action: "BLOCK", deviceType: "Gaming", osVendor: "All" },
      ],
    },
    // WIFI-10203: a BLOCK rule sets no rate limit or VLAN.
    full: {
      rules: [
        {
          name: "iPhones",
          action: "ALLOW",
          deviceType: "Smartphone",
          osVendor: "Ios",
          vlan: 20,
          downloadRateLimit: 50,
          uploadRateLimit: 10,
        },
        { name: "Consoles", action: "BLOCK", deviceType: "Gaming", osVendor: "All" },
      ],
    },
    update: { field: "description", value: "Phones and consoles" },
    drift: {
      async make({ admin, id }) {
        const policy = await admin.call<Props>("getDevicePolicy", { devicePolicyId: id });
        await admin.execute(
          "updateDevicePolicy",
          { devicePolicyId: id },
          { body: { ...policy, defaultAccess: "BLOCK" } },
        );
      },
      path: "defaultAccess",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteDevicePolicies", {}, { body: [id] }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getDevicePolicy", { devicePolicyId: id })),
  },
  {
    name: "recovery",
    kind: "RecoveryPsk",
    args: { psk: "${secret:recoveryPsk}" },
    update: { field: "psk", value: "${secret:recoveryPskNext}" },
    drift: {
      make: ({ admin }) =>
        admin
          .execute("updateRecoveryPsk", {}, { body: { psk: WIFI_SERVICE_SECRETS.recoveryPskByHand } })
          .then(() => undefined),
      path: "psk",
    },
    // The PSK always exists: changed out of band, refresh shows the change.
    removed: {
      make: ({ admin }) =>
        admin
          .execute("updateRecoveryPsk", {}, { body: { psk: WIFI_SERVICE_SECRETS.recoveryPskByHand } })
          .then(() => undefined),
      refresh: "update",
    },
    // Destroy forgets: the PSK the program last set stays in the service.
    async destroyed({ admin }) {
      expect((await admin.call<Props>("getRecoveryPsk")).psk).toBe(WIFI_SERVICE_SECRETS.recoveryPsk);
    },
  },
  // One network of each type beside the core table's aaa network; the psk one names the profile and the policy above.
  networkCase("staff-psk", {
    name: "Staff PSK",
    type: "psk",
    wlan: {
      ssid: "staff",
      wlanSecurity: "WPA2Personal",
      advancedCustomization: { wifiCallingIds: ["${carrier-calling}"], devicePolicyId: "${phones-policy}" },
    },
    passphrase: "${secret:staffPassphrase}",
  }),
  networkCase("lobby-open", { name: "Lobby open", type: "open", wlan: { ssid: "lobby" } }),
  {
    ...networkCase(
      "visitors-portal",
      {
        name: "Visitors portal",
        type: "guest",
        wlan: { ssid: "visitors", bypassCPUsingMacAddressAuthentication: true },
        guestPortal: {
          guestNetworkType: "ClickThrough",
          userSessionTimeout: 600,
          wisprPage: { externalProviderName: "Purple", externalProviderRegion: "EMEA" },
        },
      },
      { guestPortal: { socialDomains: ["example.com"] } },
    ),
    update: {
      field: "guestPortal",
      value: {
        guestNetworkType: "ClickThrough",
        userSessionTimeout: 720,
        wisprPage: { externalProviderName: "Purple", externalProviderRegion: "EMEA" },
      },
    },
  },
  {
    ...networkCase("residents-dpsk", {
      name: "Residents",
      type: "dpsk",
      wlan: { ssid: "residents" },
      passphraseBackup: "${secret:residentsBackup}",
      dpskGenerationParams: { passphraseLength: 12, passphraseFormatEnum: "KEYBOARD_FRIENDLY" },
    }),
    update: {
      field: "dpskGenerationParams",
      value: { passphraseLength: 16, passphraseFormatEnum: "KEYBOARD_FRIENDLY" },
    },
  },
  networkCase("enrol-cloudpath", {
    name: "Enrolment",
    type: "cloudpath",
    wlan: { ssid: "enrol" },
    authRadius: { primary: { ip: "radius.example.com", port: 1812, sharedSecret: "${secret:cloudpathSecret}" } },
    cloudpathPortal: { externalPortalUrl: "https://enrol.example.com" },
    hotspotWlan: { venueName: "HQ" },
  }),
];

/** A network of one type: its description changes in place, another admin changes its VLAN, it is deleted out of band. */
function networkCase(name: string, args: Props, full: Props = {}): KindCase {
  return {
    name,
    kind: "Network",
    // The program sets the VLAN, so that another admin's change of it is drift (a field the program leaves out is the service's).
    args: { ...args, wlan: { vlanId: 40, ...args.wlan } },
    full: {
      wlan: { advancedCustomization: { wifiCallingIds: ["${carrier-calling}"], devicePolicyId: "${phones-policy}" } },
      ...full,
    },
    update: { field: "description", value: `${String(args.name)} network` },
    drift: {
      async make({ admin, id }) {
        const net = await admin.call<Props>("getNetworkDeep", { networkId: id });
        await admin.execute(
          "updateNetworkDeep",
          { networkId: id },
          { body: { ...net, wlan: { ...net.wlan, vlanId: 77 } } },
        );
      },
      path: "wlan.vlanId",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteNetwork", { networkId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getNetworkDeep", { networkId: id })),
  };
}
