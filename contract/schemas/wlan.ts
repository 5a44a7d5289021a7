// The WLAN of a network (document 2, "WLAN") and the guest portal, per Wi-Fi API variant.
//
// Beyond the seeds: the codes WIFI-10100, 10101 and 10105 speak of WPA-personal and WEP
// security and of guest session timers, but the seeds list no field for them. We add
// wlan.wlanSecurity, wlan.passphrase, wlan.wepHexKey and guestPortal (names as in the
// service's public clients) so those documented rules can exist and be tested.
import { z } from "zod";
import { mergeObjects, newerOnly, perVariant, secret, type WifiApiVariant } from "../meta";
import { lengthBetween, vlanId } from "../validators";

export const WLAN_SECURITIES = ["Open", "WEP", "WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed", "WPA2Enterprise"] as const;
export type WlanSecurity = (typeof WLAN_SECURITIES)[number];

/** The securities that need a passphrase: WIFI-10100 for a network's own, WIFI-10102 for a DPSK passphrase. */
export const WPA_PERSONAL_SECURITIES: ReadonlySet<string> = new Set<WlanSecurity>(["WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed"]);

/** 802.11b (DSSS/CCK) rates, which OFDM-only mode forbids (WIFI-10106). */
export const NON_OFDM_PHY_RATES: ReadonlySet<string> = new Set(["1", "2", "5.5", "11"]);

const int = (what: string) => z.number().int("must be an integer").describe(what).optional();
const flag = (what: string) => z.boolean().describe(what).optional();
const text = (what: string) => z.string().describe(what).optional();

export const radioCustomizationSchema = z.object({
  bssMinimumPhyRate: text("Lowest PHY rate of the BSS, in Mbit/s, e.g. 12."),
  managementFrameMinimumPhyRate: text("Lowest rate of management frames; at least the BSS rate in OFDM-only mode (WIFI-10107)."),
  phyTypeConstraint: text("OFDM for OFDM-only mode (then only OFDM rates, WIFI-10106)."),
  rfBandUsage: text("Bands the WLAN uses."),
});

const l3EndpointSchema = z.object({
  enableIpSubnet: flag("Whether ip and ipMask name a subnet."),
  ip: text("Address."),
  ipMask: text("Mask of the subnet."),
  port: text("Port."),
});

const vlanPoolSchema = z.object({
  description: text("Description of the pool."),
  id: text("ID of the pool."),
  name: text("Name of the pool."),
  tenantId: text("Tenant of the pool."),
  vlanMembers: z.array(z.string()).describe("VLANs of the pool.").optional(),
});

export const advancedCustomizationSchemaFor = perVariant((variant) =>
  z.object({
    clientInactivityTimeout: int("Seconds of inactivity before a client is dropped."),
    directedThreshold: int("Clients above which multicast is sent as unicast."),
    maxClientsOnWlanPerRadio: int("Most clients per radio on this WLAN."),
    mobilityDomainId: int("Mobility domain for fast roaming."),
    totalDownlinkRateLimiting: int("Downlink limit of the whole WLAN."),
    totalUplinkRateLimiting: int("Uplink limit of the whole WLAN."),
    userDownlinkRateLimiting: int("Downlink limit per client."),
    userUplinkRateLimiting: int("Uplink limit per client."),
    clientIsolation: flag("Clients cannot reach each other."),
    clientLoadBalancingEnable: flag("Balance clients between APs."),
    enableAaaVlanOverride: flag("RADIUS may assign the VLAN."),
    enableBandBalancing: flag("Balance clients between bands."),
    enableFastRoaming: flag("802.11r fast roaming."),
    enableNeighborReport: flag("802.11k neighbour reports."),
    enableSyslog: flag("Send the WLAN's events to syslog."),
    forceMobileDeviceDhcp: flag("Clients must use DHCP."),
    hideSsid: flag("Do not broadcast the SSID."),
    l2AclEnable: flag("Apply the L2 ACL policy."),
    l3AclEnable: flag("Apply the L3 ACL policy."),
    wifiCallingEnabled: flag("Wi-Fi calling on this WLAN."),
    l2AclPolicy: z
      .object({
        access: text("BLOCK (the value the seeds give) or another access."),
        macAddresses: z.array(z.string()).describe("MAC addresses the policy names.").optional(),
      })
      .describe("MAC access control.")
      .optional(),
    l3AclPolicy: z
      .object({
        defaultAccess: text("Access when no rule matches, e.g. ALLOW."),
        l3Rules: z
          .array(
            z.object({
              access: text("Access of the rule."),
              customProtocol: int("Protocol number, for a custom protocol."),
              description: text("Description of the rule."),
              destination: l3EndpointSchema.describe("Destination the rule matches.").optional(),
              source: l3EndpointSchema.describe("Source the rule matches.").optional(),
              priority: int("Order of the rule."),
              protocol: text("Protocol the rule matches."),
            }),
          )
          .describe("The rules, in order.")
          .optional(),
      })
      .describe("IP access control.")
      .optional(),
    radioCustomization: radioCustomizationSchema.describe("PHY rate constraints.").optional(),
    wifiCallingIds: z.array(z.string()).describe("Wi-Fi calling profiles of the WLAN.").optional(),
    devicePolicyId: newerOnly(variant, z.string().optional()).describe("Device policy of the WLAN (newer variant only)."),
    singleSessionIdAccounting: newerOnly(variant, z.string().optional()).describe("Single session ID accounting (newer variant only)."),
    vlanPool: newerOnly(variant, vlanPoolSchema.optional()).describe("VLAN pool of the WLAN (newer variant only)."),
  }),
);

export const advancedCustomizationSchema = advancedCustomizationSchemaFor("newer");

/** The network types (`type`, the discriminator): aaa, psk, open, guest, dpsk and cloudpath. */
export const NETWORK_TYPES = ["aaa", "psk", "open", "guest", "dpsk", "cloudpath"] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

const wlanSecurity = z.enum(WLAN_SECURITIES).describe("Security: Open, WEP, WPA personal kinds, or WPA2Enterprise.");
const wepHexKey = secret(z.string().regex(/^([0-9a-fA-F]{10}|[0-9a-fA-F]{26})$/, "must be 10 or 26 hexadecimal digits"))
  .describe("WEP key, 10 or 26 hexadecimal digits; required for WEP security (WIFI-10101; secret).")
  .optional();

/**
 * The WLAN of each network type. Every type has ssid, enabled, vlanId and advancedCustomization;
 * aaa and guest add bypassCPUsingMacAddressAuthentication; psk adds the security, its passphrase
 * and WEP key; dpsk the security (default WPA2Personal), a backup passphrase (required) and a WEP
 * key, and no passphrase of its own. aaa keeps wlanSecurity (WPA2Enterprise), as the quickstart
 * writes it. Fields of another type are not part of the type's WLAN (ignored, not stored).
 */
function wlanFieldsOf(variant: WifiApiVariant, type: NetworkType): z.ZodRawShape {
  const base = {
    ssid: lengthBetween(1, 32).describe("The SSID, 1 to 32 characters; the network's name when left out.").optional(),
    enabled: flag("Whether the WLAN is on (default true)."),
    vlanId: vlanId.describe("VLAN of the WLAN's clients, 1 to 4094.").optional(),
    advancedCustomization: advancedCustomizationSchemaFor(variant).describe("Advanced WLAN options.").optional(),
  };
  const bypass = { bypassCPUsingMacAddressAuthentication: flag("Skip the captive portal for MAC-authenticated clients.") };
  switch (type) {
    case "aaa":
      return { ...base, ...bypass, wlanSecurity: wlanSecurity.optional() };
    case "guest":
      return { ...base, ...bypass };
    case "psk":
      return {
        ...base,
        wlanSecurity: wlanSecurity.optional(),
        passphrase: secret(lengthBetween(8, 63))
          .describe("WPA personal passphrase, 8 to 63 characters; required for WPA personal security (WIFI-10100; secret).")
          .optional(),
        wepHexKey,
      };
    case "dpsk":
      return {
        ...base,
        wlanSecurity: wlanSecurity.describe("Security of the WLAN (default WPA2Personal).").default("WPA2Personal"),
        passphraseBackup: secret(lengthBetween(8, 63)).describe("Passphrase for clients without a DPSK passphrase of their own, 8 to 63 characters (secret)."),
        wepHexKey,
      };
    case "open":
    case "cloudpath":
      return base;
  }
}

const wlanByType = new Map<string, z.AnyZodObject>();
export function wlanSchemaForType(variant: WifiApiVariant, type: NetworkType): z.AnyZodObject {
  const key = `${variant}/${type}`;
  let schema = wlanByType.get(key);
  if (!schema) wlanByType.set(key, (schema = z.object(wlanFieldsOf(variant, type))));
  return schema;
}

/** Every type's WLAN fields in one object (the SDK's flat WLAN, and read forms of any type). */
export const wlanSchemaFor = perVariant((variant) =>
  mergeObjects(NETWORK_TYPES.map((type) => wlanSchemaForType(variant, type))),
);

export const wlanSchema = wlanSchemaFor("newer");
