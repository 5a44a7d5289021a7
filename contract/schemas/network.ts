// Wi-Fi network, shallow (W50/W54/W55) and deep (W52/W57/W58), document 2 §2.
//
// Beyond the seeds: the codes WIFI-10100, 10101 and 10105 speak of WPA-personal and WEP
// security and of guest session timers, but the seeds list no field for them. We add
// wlan.wlanSecurity, wlan.passphrase, wlan.wepHexKey and guestPortal (names as in the
// service's public clients) so those documented rules can exist and be tested.
import { z } from "zod";
import { newerOnly, perVariant, secret, type WifiApiVariant } from "../meta";
import { intBetween, ipv4Address, isUnknown, issueWithCode, lengthBetween, port, safeName, vlanId } from "../validators";

/** The seeds give only "aaa"; the others are the types the error codes speak of. */
export const NETWORK_TYPES = ["aaa", "psk", "open", "guest", "dpsk"] as const;

export const WLAN_SECURITIES = ["Open", "WEP", "WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed", "WPA2Enterprise"] as const;
const PERSONAL_SECURITIES = new Set<string>(["WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed"]);

/** 802.11b (DSSS/CCK) rates, which OFDM-only mode forbids. */
const NON_OFDM_RATES = new Set(["1", "2", "5.5", "11"]);

const radioCustomizationSchema = z.object({
  bssMinimumPhyRate: z.string().optional(),
  managementFrameMinimumPhyRate: z.string().optional(),
  phyTypeConstraint: z.string().optional(),
  rfBandUsage: z.string().optional(),
});

const l3EndpointSchema = z.object({
  enableIpSubnet: z.boolean().optional(),
  ip: z.string().optional(),
  ipMask: z.string().optional(),
  port: z.string().optional(),
});

export const advancedCustomizationSchemaFor = perVariant((variant) => z.object({
  clientInactivityTimeout: z.number().int().optional(),
  directedThreshold: z.number().int().optional(),
  maxClientsOnWlanPerRadio: z.number().int().optional(),
  mobilityDomainId: z.number().int().optional(),
  totalDownlinkRateLimiting: z.number().int().optional(),
  totalUplinkRateLimiting: z.number().int().optional(),
  userDownlinkRateLimiting: z.number().int().optional(),
  userUplinkRateLimiting: z.number().int().optional(),
  clientIsolation: z.boolean().optional(),
  clientLoadBalancingEnable: z.boolean().optional(),
  enableAaaVlanOverride: z.boolean().optional(),
  enableBandBalancing: z.boolean().optional(),
  enableFastRoaming: z.boolean().optional(),
  enableNeighborReport: z.boolean().optional(),
  enableSyslog: z.boolean().optional(),
  forceMobileDeviceDhcp: z.boolean().optional(),
  hideSsid: z.boolean().optional(),
  l2AclEnable: z.boolean().optional(),
  l3AclEnable: z.boolean().optional(),
  wifiCallingEnabled: z.boolean().optional(),
  l2AclPolicy: z.object({ access: z.string().optional(), macAddresses: z.array(z.string()).optional() }).optional(),
  l3AclPolicy: z
    .object({
      defaultAccess: z.string().optional(),
      l3Rules: z
        .array(
          z.object({
            access: z.string().optional(),
            customProtocol: z.number().int().optional(),
            description: z.string().optional(),
            destination: l3EndpointSchema.optional(),
            source: l3EndpointSchema.optional(),
            priority: z.number().int().optional(),
            protocol: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  radioCustomization: radioCustomizationSchema.optional(),
  wifiCallingIds: z.array(z.string()).optional(),
  devicePolicyId: newerOnly(variant, z.string().optional()),
  singleSessionIdAccounting: newerOnly(variant, z.string().optional()),
  vlanPool: newerOnly(
    variant,
    z
      .object({
        description: z.string().optional(),
        id: z.string().optional(),
        name: z.string().optional(),
        tenantId: z.string().optional(),
        vlanMembers: z.array(z.string()).optional(),
      })
      .optional(),
  ),
}));

export const advancedCustomizationSchema = advancedCustomizationSchemaFor("newer");

export const wlanSchemaFor = perVariant((variant) => z.object({
  ssid: lengthBetween(1, 32).optional(),
  enabled: z.boolean().optional(),
  vlanId: vlanId.optional(),
  bypassCPUsingMacAddressAuthentication: z.boolean().optional(),
  wlanSecurity: z.enum(WLAN_SECURITIES).optional(),
  passphrase: secret(lengthBetween(8, 63)).optional(),
  wepHexKey: secret(z.string().regex(/^([0-9a-fA-F]{10}|[0-9a-fA-F]{26})$/, "must be 10 or 26 hexadecimal digits")).optional(),
  advancedCustomization: advancedCustomizationSchemaFor(variant).optional(),
}));

export const wlanSchema = wlanSchemaFor("newer");

export const radiusServerSchema = z.object({
  ip: ipv4Address,
  port,
  sharedSecret: secret(z.string().min(1, "is required")),
});

export const radiusPairSchema = z.object({
  primary: radiusServerSchema,
  secondary: radiusServerSchema.optional(),
});

export const guestPortalSchema = z.object({
  userSessionTimeout: intBetween(1, 525600).optional(),
  userSessionGracePeriod: intBetween(0, 525600).optional(),
});

/** The network name is 2 to 64 characters in the older variant, 2 to 32 in the newer. */
const networkCommon = (variant: WifiApiVariant) => ({
  name: variant === "older" ? safeName(2, 64) : safeName(2, 32),
  description: lengthBetween(0, 255).optional(),
  type: z.enum(NETWORK_TYPES),
  wlan: wlanSchemaFor(variant),
  guestPortal: guestPortalSchema.optional(),
});

type Wlan = z.infer<typeof wlanSchema>;
type GuestPortal = z.infer<typeof guestPortalSchema>;

/** Rules shared by every network write (W50, W52, W55, W58). */
function networkRules(value: { wlan: Wlan; guestPortal?: GuestPortal }, ctx: z.RefinementCtx): void {
  const { wlan } = value;
  if (wlan.wlanSecurity && PERSONAL_SECURITIES.has(wlan.wlanSecurity) && !wlan.passphrase) {
    issueWithCode(ctx, "WIFI-10100", "PSK passphrase is required for WPA personal security", ["wlan", "passphrase"]);
  }
  if (wlan.wlanSecurity === "WEP" && !wlan.wepHexKey) {
    issueWithCode(ctx, "WIFI-10101", "WEP hex key is required for WEP security", ["wlan", "wepHexKey"]);
  }
  const portal = value.guestPortal;
  if (
    portal?.userSessionGracePeriod !== undefined &&
    portal.userSessionTimeout !== undefined &&
    portal.userSessionGracePeriod > portal.userSessionTimeout
  ) {
    issueWithCode(
      ctx,
      "WIFI-10105",
      "guest network: session grace period must not exceed the user session timeout",
      ["guestPortal", "userSessionGracePeriod"],
    );
  }
  const radio = wlan.advancedCustomization?.radioCustomization;
  if (radio && radio.phyTypeConstraint === "OFDM") {
    const path = ["wlan", "advancedCustomization", "radioCustomization"];
    let nonOfdm = false;
    for (const field of ["bssMinimumPhyRate", "managementFrameMinimumPhyRate"] as const) {
      const rate = radio[field];
      if (rate !== undefined && NON_OFDM_RATES.has(rate)) {
        nonOfdm = true;
        issueWithCode(ctx, "WIFI-10106", "only OFDM PHY rates are permitted", [...path, field]);
      }
    }
    const bss = Number(radio.bssMinimumPhyRate);
    const mgmt = Number(radio.managementFrameMinimumPhyRate);
    if (!nonOfdm && Number.isFinite(bss) && Number.isFinite(mgmt) && mgmt < bss) {
      issueWithCode(
        ctx,
        "WIFI-10107",
        "management transmit rate below BSS minimum rate in OFDM-only mode",
        [...path, "managementFrameMinimumPhyRate"],
      );
    }
  }
}

function requireForAaa(field: string) {
  return (value: { type: string } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (value.type === "aaa" && (value[field] === undefined || value[field] === null)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "is required for type aaa", path: [field] });
    }
  };
}

/** Body of W50 (create) and W55 (update): RADIUS servers by ID. */
export const networkShallowInputSchemaFor = perVariant((variant) =>
  z
    .object({ ...networkCommon(variant), authRadiusId: z.string().min(1).optional(), accountingRadiusId: z.string().min(1).optional() })
    .superRefine(networkRules)
    .superRefine(requireForAaa("authRadiusId")),
);
export const networkShallowInputSchema = networkShallowInputSchemaFor("newer");

/** An authentication server may not listen on the accounting port (WIFI-10103), nor the other way round (WIFI-10104). */
export function radiusPortRules(value: { authRadius?: RadiusPair; accountingRadius?: RadiusPair }, ctx: z.RefinementCtx): void {
  const check = (pair: RadiusPair | undefined, field: string, badPort: number, code: string) => {
    for (const which of ["primary", "secondary"] as const) {
      const server = pair?.[which];
      if (server && !isUnknown(server.port) && server.port === badPort) {
        issueWithCode(ctx, code, `RADIUS port ${badPort} not permitted`, [field, which, "port"]);
      }
    }
  };
  check(value.authRadius, "authRadius", 1813, "WIFI-10103");
  check(value.accountingRadius, "accountingRadius", 1812, "WIFI-10104");
}

const networkDeepObject = (variant: WifiApiVariant) =>
  z
    .object({ ...networkCommon(variant), authRadius: radiusPairSchema.optional(), accountingRadius: radiusPairSchema.optional() })
    .superRefine(networkRules)
    .superRefine(requireForAaa("authRadius"));

/**
 * Body of W52 (create) and W58 (update): RADIUS servers inline. The RADIUS port rules apply to both in the newer
 * variant; the older checks them on W58 only, so its create schema leaves them out.
 */
export const networkDeepInputSchemaFor = perVariant((variant) => networkDeepObject(variant).superRefine(radiusPortRules));
export const networkDeepCreateSchemaFor = perVariant((variant) =>
  variant === "older" ? networkDeepObject(variant) : networkDeepInputSchemaFor(variant),
);
export const networkDeepInputSchema = networkDeepInputSchemaFor("newer");

export type NetworkShallowInput = z.infer<typeof networkShallowInputSchema>;
export type NetworkDeepInput = z.infer<typeof networkDeepInputSchema>;
export type RadiusServer = z.infer<typeof radiusServerSchema>;
export type RadiusPair = z.infer<typeof radiusPairSchema>;

export interface RadiusServerOut extends RadiusServer {
  id: string;
}
export interface RadiusPairOut {
  id: string;
  primary: RadiusServerOut;
  secondary?: RadiusServerOut;
}

export interface NetworkShallow extends NetworkShallowInput {
  id: string;
}
export interface NetworkDeep extends Omit<NetworkDeepInput, "authRadius" | "accountingRadius"> {
  id: string;
  authRadius?: RadiusPairOut;
  accountingRadius?: RadiusPairOut;
  venues: unknown[];
}

/** W53: a DPSK passphrase format (document 2, "DPSK passphrase format"). */
export interface DpskPassphraseFormat {
  id: string;
  name: string;
  dpskGenerationParams: { passphraseExpirationEnum: string; passphraseFormatEnum: string; passphraseLength: number };
}
