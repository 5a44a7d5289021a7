// The WLAN of a network (the Wi-Fi API documentation, "WLAN") and the guest portal, per Wi-Fi API
// variant.
//
// Beyond the API documentation: the codes WIFI-10100, 10101 and 10105 speak of WPA-personal and WEP
// security and of guest session timers, but the API documentation lists no field for them. We add
// wlan.wlanSecurity, wlan.passphrase, wlan.wepHexKey and guestPortal (names as in the
// service's public clients) so those documented rules can exist and be tested.
import { z } from "zod";
import { mergeObjects, newerOnly, perVariant, rangeRuleOf, secret, type WifiApiVariant } from "../meta";
import { intBetween, lengthBetween, vlanId } from "../validators";

export const WLAN_SECURITIES = [
  "Open",
  "WEP",
  "WPAPersonal",
  "WPA2Personal",
  "WPA3",
  "WPA23Mixed",
  "WPA2Enterprise",
] as const;
export type WlanSecurity = (typeof WLAN_SECURITIES)[number];

/** The securities that need a passphrase: WIFI-10100 for a network's own, WIFI-10102 for a DPSK passphrase. */
export const WPA_PERSONAL_SECURITIES: ReadonlySet<string> = new Set<WlanSecurity>([
  "WPAPersonal",
  "WPA2Personal",
  "WPA3",
  "WPA23Mixed",
]);

/** 802.11b (DSSS/CCK) rates, which OFDM-only mode forbids (WIFI-10106). */
export const NON_OFDM_PHY_RATES: ReadonlySet<string> = new Set(["1", "2", "5.5", "11"]);

const text = (what: string) => z.string().describe(what).optional();

/** The network types (`type`, the discriminator): aaa, psk, open, guest, dpsk and cloudpath. */
export const NETWORK_TYPES = ["aaa", "psk", "open", "guest", "dpsk", "cloudpath"] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

/**
 * The defaults and ranges below are the ones the service's public generated client declares for a
 * WLAN's advanced options (models <Type>WlanAdvancedCustomization, WlanRadioCustomization,
 * L2AclPolicy, L3AclPolicy, L3Rule, L3IpPort); the API documentation gives none. Where the types differ, each
 * type's WLAN has its own defaults (ADVANCED_DEFAULTS); cloudpath, for which the client declares
 * none, takes aaa's (both are 802.1X networks).
 */
export const radioCustomizationSchema = z.object({
  bssMinimumPhyRate: z
    .string()
    .describe('Lowest PHY rate of the BSS, in Mbit/s, e.g. 12; "default" (the default) for none.')
    .default("default"),
  managementFrameMinimumPhyRate: z
    .string()
    .describe(
      "Lowest rate of management frames, in Mbit/s (default 6); at least the BSS rate in OFDM-only mode (WIFI-10107).",
    )
    .default("6"),
  phyTypeConstraint: z
    .string()
    .describe("OFDM (the default) for OFDM-only mode, where only OFDM rates are allowed (WIFI-10106).")
    .default("OFDM"),
  rfBandUsage: z.string().describe("Bands the WLAN uses (default BOTH).").default("BOTH"),
});

const l3EndpointSchema = z.object({
  enableIpSubnet: z.boolean().describe("Whether ip and ipMask name a subnet (default false).").default(false),
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

/** Advanced options whose default differs between network types, by type. */
const ADVANCED_DEFAULTS: Readonly<
  Record<
    NetworkType,
    {
      clientIsolation: boolean;
      enableAaaVlanOverride?: boolean;
      enableFastRoaming?: boolean;
      mobilityDomainId?: number;
    }
  >
> = {
  aaa: { clientIsolation: false, enableAaaVlanOverride: true, enableFastRoaming: false, mobilityDomainId: 1 },
  psk: { clientIsolation: false, enableFastRoaming: false, mobilityDomainId: 1 },
  open: { clientIsolation: true },
  guest: { clientIsolation: true, enableAaaVlanOverride: true, enableFastRoaming: false, mobilityDomainId: 1 },
  dpsk: { clientIsolation: false, enableAaaVlanOverride: true },
  cloudpath: { clientIsolation: false, enableAaaVlanOverride: true, enableFastRoaming: false, mobilityDomainId: 1 },
};

/** A field with a default where the type has one, else optional. */
function defaulted<T extends z.ZodTypeAny>(schema: T, value: z.input<T> | undefined) {
  return value === undefined ? schema.optional() : schema.default(value);
}

/** A WLAN's advanced options for a network type, with that type's defaults. */
export function advancedCustomizationSchemaFor(variant: WifiApiVariant, type: NetworkType = "aaa"): z.AnyZodObject {
  const key = `${variant}/${type}`;
  let schema = advancedByType.get(key);
  if (!schema) advancedByType.set(key, (schema = advancedCustomizationOf(variant, type)));
  return schema;
}
const advancedByType = new Map<string, z.AnyZodObject>();

function advancedCustomizationOf(variant: WifiApiVariant, type: NetworkType): z.AnyZodObject {
  const byType = ADVANCED_DEFAULTS[type];
  const on = (what: string) => z.boolean().describe(`${what} (default true).`).default(true);
  const off = (what: string) => z.boolean().describe(`${what} (default false).`).default(false);
  const rate = (what: string, max: number) => intBetween(0, max).describe(`${what}, 0 to ${max}.`).optional();
  return z.object({
    clientInactivityTimeout: intBetween(60, 1000)
      .describe("Seconds of inactivity before a client is dropped, 60 to 1000 (default 120).")
      .default(120),
    directedThreshold: intBetween(0, 128)
      .describe("Clients above which multicast is sent as unicast, 0 to 128 (default 5).")
      .default(5),
    maxClientsOnWlanPerRadio: intBetween(1, 512)
      .describe("Most clients per radio on this WLAN, 1 to 512 (default 100).")
      .default(100),
    mobilityDomainId: defaulted(
      intBetween(1, 65535).describe(
        "Mobility domain for fast roaming, 1 to 65535 (default 1 for aaa, psk, guest and cloudpath networks).",
      ),
      byType.mobilityDomainId,
    ),
    totalDownlinkRateLimiting: rate("Downlink limit of the whole WLAN", 650),
    totalUplinkRateLimiting: rate("Uplink limit of the whole WLAN", 650),
    userDownlinkRateLimiting: rate("Downlink limit per client", 20),
    userUplinkRateLimiting: rate("Uplink limit per client", 20),
    clientIsolation: z
      .boolean()
      .describe("Clients cannot reach each other (default true for guest and open networks, false for the others).")
      .default(byType.clientIsolation),
    clientLoadBalancingEnable: on("Balance clients between APs"),
    enableAaaVlanOverride: defaulted(
      z.boolean().describe("RADIUS may assign the VLAN (default true for aaa, guest, dpsk and cloudpath networks)."),
      byType.enableAaaVlanOverride,
    ),
    enableBandBalancing: on("Balance clients between bands"),
    enableFastRoaming: defaulted(
      z.boolean().describe("802.11r fast roaming (default false for aaa, psk, guest and cloudpath networks)."),
      byType.enableFastRoaming,
    ),
    enableNeighborReport: on("802.11k neighbour reports"),
    enableSyslog: off("Send the WLAN's events to syslog"),
    forceMobileDeviceDhcp: off("Clients must use DHCP"),
    hideSsid: off("Do not broadcast the SSID"),
    l2AclEnable: off("Apply the L2 ACL policy"),
    l3AclEnable: off("Apply the L3 ACL policy"),
    wifiCallingEnabled: off("Wi-Fi calling on this WLAN"),
    l2AclPolicy: z
      .object({
        access: z
          .string()
          .describe("BLOCK (the default, and the value the API documentation gives) or another access.")
          .default("BLOCK"),
        macAddresses: z.array(z.string()).describe("MAC addresses the policy names.").optional(),
      })
      .describe("MAC access control.")
      .default({}),
    l3AclPolicy: z
      .object({
        defaultAccess: z.string().describe("Access when no rule matches (default ALLOW).").default("ALLOW"),
        l3Rules: z
          .array(
            z.object({
              access: z.string().describe("Access of the rule (default ALLOW).").default("ALLOW"),
              customProtocol: intBetween(1, 255)
                .describe("Protocol number, for a custom protocol, 1 to 255.")
                .optional(),
              description: lengthBetween(0, 64).describe("Description of the rule, 0 to 64 characters.").optional(),
              destination: l3EndpointSchema.describe("Destination the rule matches.").optional(),
              source: l3EndpointSchema.describe("Source the rule matches.").optional(),
              priority: intBetween(1, 128).describe("Order of the rule, 1 to 128.").optional(),
              protocol: text("Protocol the rule matches."),
            }),
          )
          .describe("The rules, in order.")
          .optional(),
      })
      .describe("IP access control.")
      .default({}),
    radioCustomization: radioCustomizationSchema.describe("PHY rate constraints.").default({}),
    wifiCallingIds: z.array(z.string()).describe("Wi-Fi calling profiles of the WLAN.").optional(),
    devicePolicyId: newerOnly(variant, z.string().optional()).describe(
      "Device policy of the WLAN (newer variant only).",
    ),
    singleSessionIdAccounting: newerOnly(variant, z.string().optional()).describe(
      "Single session ID accounting (newer variant only).",
    ),
    vlanPool: newerOnly(variant, vlanPoolSchema.optional()).describe("VLAN pool of the WLAN (newer variant only)."),
  });
}

const wlanSecurity = z.enum(WLAN_SECURITIES).describe("Security: Open, WEP, WPA personal kinds, or WPA2Enterprise.");
const wepHexKey = secret(z.string().regex(/^([0-9a-fA-F]{10}|[0-9a-fA-F]{26})$/, "must be 10 or 26 hexadecimal digits"))
  .describe("WEP key, 10 or 26 hexadecimal digits; required for WEP security (WIFI-10101; secret).")
  .optional();

/**
 * The WLAN of each network type. Every type has ssid, enabled (default true), vlanId (default 1)
 * and advancedCustomization (filled with the type's defaults when left out); aaa and guest add
 * bypassCPUsingMacAddressAuthentication (default false for aaa, true for guest); psk adds the
 * security (default WPA2Personal), its passphrase and WEP key; dpsk the security (default
 * WPA2Personal), a backup passphrase (required, 8 to 64 characters) and a WEP key, and no
 * passphrase of its own. aaa keeps wlanSecurity (WPA2Enterprise), as the quickstart writes it.
 * Fields of another type are not part of the type's WLAN (ignored, not stored). The defaults are
 * those of the service's public generated client (models <Type>Wlan).
 */
/** A psk network's passphrase (WPA personal). */
const WPA_PASSPHRASE = lengthBetween(8, 63);
/** A dpsk network's backup passphrase. */
const BACKUP_PASSPHRASE = lengthBetween(8, 64);

function wlanFieldsOf(variant: WifiApiVariant, type: NetworkType): z.ZodRawShape {
  const base = {
    ssid: lengthBetween(1, 32).describe("The SSID, 1 to 32 characters; the network's name when left out.").optional(),
    enabled: z.boolean().describe("Whether the WLAN is on (default true).").default(true),
    vlanId: vlanId.describe("VLAN of the WLAN's clients, 1 to 4094 (default 1).").default(1),
    advancedCustomization: advancedCustomizationSchemaFor(variant, type)
      .describe("Advanced WLAN options; the service's defaults for those left out.")
      .default({}),
  };
  const bypass = (byDefault: boolean) => ({
    bypassCPUsingMacAddressAuthentication: z
      .boolean()
      .describe(
        "Skip the captive portal for MAC-authenticated clients (default true for guest networks, false for aaa).",
      )
      .default(byDefault),
  });
  switch (type) {
    case "aaa":
      return { ...base, ...bypass(false), wlanSecurity: wlanSecurity.optional() };
    case "guest":
      return { ...base, ...bypass(true) };
    case "psk":
      return {
        ...base,
        wlanSecurity: wlanSecurity
          .describe("Security of the WLAN (default WPA2Personal for psk and dpsk networks).")
          .default("WPA2Personal"),
        passphrase: secret(WPA_PASSPHRASE)
          .describe(
            `WPA personal passphrase, ${rangeRuleOf(WPA_PASSPHRASE)}; required for WPA personal security (WIFI-10100; secret).`,
          )
          .optional(),
        wepHexKey,
      };
    case "dpsk":
      return {
        ...base,
        wlanSecurity: wlanSecurity
          .describe("Security of the WLAN (default WPA2Personal for psk and dpsk networks).")
          .default("WPA2Personal"),
        passphraseBackup: secret(BACKUP_PASSPHRASE).describe(
          `Passphrase for clients without a DPSK passphrase of their own, ${rangeRuleOf(BACKUP_PASSPHRASE)} (secret).`,
        ),
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
