// Device policies, recovery PSK, vSPoT, Wi-Fi calling and the network types (issue 9).
import { expectGone, type KindCase, type Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}" (and values other admins write, grepped for too). */
export const WIFI_SERVICE_SECRETS: Record<string, string> = {
  vspotPassword: "vspot-Pass-4b1d92",
  recoveryPsk: "4815162342108015",
  recoveryPskNext: "2718281828459045",
  recoveryPskByHand: "1414213562373095",
};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const WIFI_SERVICE_SUPPORT: Props[] = [];

export const WIFI_SERVICE_CASES: KindCase[] = [
  {
    name: "carrier-calling",
    kind: "WifiCallingProfile",
    args: { profileName: "Carrier calling", ePDGs: [{ domain: "epdg.carrier.example", ip: "192.0.2.61" }] },
    update: { field: "description", value: "Carrier ePDGs" },
    drift: {
      async make({ admin, id }) {
        const profile = await admin.call<Props>("W94", { wifiCallingProfileId: id });
        await admin.execute("W95", { wifiCallingProfileId: id }, { body: { ...profile, qosPriority: "WIFICALLING_PRI_BG" } });
      },
      path: "qosPriority",
    },
    removed: { make: ({ admin, id }) => admin.execute("W96", { wifiCallingProfileId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("W94", { wifiCallingProfileId: id })),
  },
  {
    name: "hotspot",
    kind: "VspotServer",
    args: { serverName: "Hotspot", serverAddress: "vspot.example.com", password: "${secret:vspotPassword}", venues: [{ id: "${hq}" }] },
    update: { field: "port", value: 9883 },
    drift: {
      async make({ admin, id }) {
        const server = await admin.call<Props>("W88", { vspotId: id });
        await admin.execute("W89", { vspotId: id }, { body: { ...server, serverAddress: "192.0.2.99" } });
      },
      path: "serverAddress",
    },
    removed: { make: ({ admin, id }) => admin.execute("W90", { vspotId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("W88", { vspotId: id })),
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
    update: { field: "description", value: "Phones and consoles" },
    drift: {
      async make({ admin, id }) {
        const policy = await admin.call<Props>("W71", { devicePolicyId: id });
        await admin.execute("W72", { devicePolicyId: id }, { body: { ...policy, defaultAccess: "BLOCK" } });
      },
      path: "defaultAccess",
    },
    removed: { make: ({ admin, id }) => admin.execute("W70", {}, { body: [id] }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("W71", { devicePolicyId: id })),
  },
  {
    name: "recovery",
    kind: "RecoveryPsk",
    args: { psk: "${secret:recoveryPsk}" },
    update: { field: "psk", value: "${secret:recoveryPskNext}" },
    drift: {
      make: ({ admin }) => admin.execute("W83", {}, { body: { psk: WIFI_SERVICE_SECRETS.recoveryPskByHand } }).then(() => undefined),
      path: "psk",
    },
    // The PSK always exists: changed out of band, refresh shows the change.
    removed: {
      make: ({ admin }) => admin.execute("W83", {}, { body: { psk: WIFI_SERVICE_SECRETS.recoveryPskByHand } }).then(() => undefined),
      refresh: "update",
    },
    // Destroy forgets: the PSK the program last set stays in the service.
    async destroyed({ admin }) {
      expect((await admin.call<Props>("W82")).psk).toBe(WIFI_SERVICE_SECRETS.recoveryPsk);
    },
  },
];
