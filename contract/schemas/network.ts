// Wi-Fi network, shallow (W50/W54/W55) and deep (W52/W57/W58), document 2 §2, per Wi-Fi API
// variant: the name is 2 to 64 characters in the older variant and 2 to 32 in the newer, the
// newer-only WLAN fields are refused by the older (wlan.ts), and the RADIUS port rules
// (WIFI-10103/10104) apply to the deep create only in the newer variant.
import { z } from "zod";
import { perVariant, secret, type WifiApiVariant } from "../meta";
import { ipv4Address, isUnknown, issueWithCode, lengthBetween, port, shellSafeName } from "../validators";
import { networkVenueReadSchemaFor } from "./networkVenue";
import { guestPortalSchema, NON_OFDM_PHY_RATES, wlanSchema, wlanSchemaFor, WPA_PERSONAL_SECURITIES } from "./wlan";

export * from "./wlan";

/** The seeds give only "aaa"; the others are the types the error codes speak of. */
export const NETWORK_TYPES = ["aaa", "psk", "open", "guest", "dpsk"] as const;

/** Network names: no backtick, no "$(", no edge blanks; 2 to 64 characters (older) or 2 to 32 (newer). */
export const networkNameFor = perVariant((variant) =>
  variant === "older"
    ? shellSafeName(2, 64).describe("2 to 64 characters, no backtick or \"$(\", no leading or trailing blank; unique in the tenant.")
    : shellSafeName(2, 32).describe("2 to 32 characters, no backtick or \"$(\", no leading or trailing blank; unique in the tenant."),
);

const networkCommon = (variant: WifiApiVariant) => ({
  name: networkNameFor(variant),
  description: lengthBetween(0, 255).describe("0 to 255 characters.").optional(),
  type: z.enum(NETWORK_TYPES).describe("Kind of network: aaa, psk, open, guest or dpsk."),
  wlan: wlanSchemaFor(variant).describe("The WLAN: SSID, VLAN, security and advanced options."),
  guestPortal: guestPortalSchema.describe("Guest portal timers, for guest networks.").optional(),
});

type Wlan = z.infer<typeof wlanSchema>;
type GuestPortal = z.infer<typeof guestPortalSchema>;

/** Rules shared by every network write (W50, W52, W55, W58). */
function networkRules(value: { wlan: Wlan; guestPortal?: GuestPortal }, ctx: z.RefinementCtx): void {
  const { wlan } = value;
  if (wlan.wlanSecurity && WPA_PERSONAL_SECURITIES.has(wlan.wlanSecurity) && !wlan.passphrase) {
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
      if (rate !== undefined && NON_OFDM_PHY_RATES.has(rate)) {
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

const shallowRadiusIds = {
  authRadiusId: z.string().min(1, "must not be empty").describe("ID of the authentication RADIUS servers; required for type aaa.").optional(),
  accountingRadiusId: z.string().min(1, "must not be empty").describe("ID of the accounting RADIUS servers.").optional(),
};

/** Body of W50 (create) and W55 (update): RADIUS servers by ID. */
export const networkShallowInputSchemaFor = perVariant((variant) =>
  z
    .object({ ...networkCommon(variant), ...shallowRadiusIds })
    .superRefine(networkRules)
    .superRefine(requireForAaa("authRadiusId")),
);
export const networkShallowInputSchema = networkShallowInputSchemaFor("newer");

export const radiusServerSchema = z.object({
  ip: ipv4Address.describe("IPv4 address of the RADIUS server."),
  port: port.describe("UDP port, 1 to 65535 (authentication not on 1813, accounting not on 1812)."),
  sharedSecret: secret(z.string().min(1, "is required")).describe("Shared secret (secret)."),
});

export const radiusPairSchema = z.object({
  primary: radiusServerSchema.describe("The server asked first."),
  secondary: radiusServerSchema.describe("The server asked when the primary does not answer.").optional(),
});

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

/** Whether W52 (the deep create) checks WIFI-10103/10104: the newer variant does, the older only on W58. */
export function radiusPortRulesOnCreate(variant: WifiApiVariant): boolean {
  return variant === "newer";
}

const networkDeepObject = (variant: WifiApiVariant) =>
  z
    .object({
      ...networkCommon(variant),
      authRadius: radiusPairSchema.describe("Authentication RADIUS servers; required for type aaa.").optional(),
      accountingRadius: radiusPairSchema.describe("Accounting RADIUS servers.").optional(),
    })
    .superRefine(networkRules)
    .superRefine(requireForAaa("authRadius"));

/** Body of W58 (the deep update), with the RADIUS port rules in both variants. The provider checks every write by it. */
export const networkDeepInputSchemaFor = perVariant((variant) => networkDeepObject(variant).superRefine(radiusPortRules));
export const networkDeepUpdateSchemaFor = networkDeepInputSchemaFor;
/** Body of W52 (the deep create): the RADIUS port rules only where radiusPortRulesOnCreate says so. */
export const networkDeepCreateSchemaFor = perVariant((variant) =>
  radiusPortRulesOnCreate(variant) ? networkDeepInputSchemaFor(variant) : networkDeepObject(variant),
);
export const networkDeepInputSchema = networkDeepInputSchemaFor("newer");

export type NetworkShallowInput = z.infer<typeof networkShallowInputSchema>;
export type NetworkDeepInput = z.infer<typeof networkDeepInputSchema>;
export type RadiusServer = z.infer<typeof radiusServerSchema>;
export type RadiusPair = z.infer<typeof radiusPairSchema>;

// Read forms. Refinements of the inputs are not repeated: they guard writes. What an answer must
// hold: the ID, the name within the variant's length, the type, and a WLAN whose SSID and
// enabled flag the service has filled in (the SSID is the name when a write left it out).

const networkReadCommon = (variant: WifiApiVariant) => ({
  ...networkCommon(variant),
  id: z.string().min(1, "is required").describe("The network's ID."),
  wlan: wlanSchemaFor(variant).required({ ssid: true, enabled: true }).describe("The WLAN."),
});

/** W54's answer (and W50/W55 responses): RADIUS servers by ID. */
export const networkShallowReadSchemaFor = perVariant((variant) => z.object({ ...networkReadCommon(variant), ...shallowRadiusIds }));
export const networkShallowReadSchema = networkShallowReadSchemaFor("newer");

export const radiusServerReadSchema = radiusServerSchema.extend({ id: z.string().min(1, "is required").describe("ID of the server entry.") });
export const radiusPairReadSchema = z.object({
  id: z.string().min(1, "is required").describe("ID of the pair."),
  primary: radiusServerReadSchema.describe("The server asked first."),
  secondary: radiusServerReadSchema.describe("The server asked when the primary does not answer.").optional(),
});

/** W57's answer (and W52/W58 responses): RADIUS servers inline with their IDs, the activations as `venues`. */
export const networkDeepReadSchemaFor = perVariant((variant) =>
  z.object({
    ...networkReadCommon(variant),
    authRadius: radiusPairReadSchema.describe("Authentication RADIUS servers.").optional(),
    accountingRadius: radiusPairReadSchema.describe("Accounting RADIUS servers.").optional(),
    venues: z.array(networkVenueReadSchemaFor(variant)).describe("The network's activations on venues."),
  }),
);
export const networkDeepReadSchema = networkDeepReadSchemaFor("newer");

export type RadiusServerOut = z.infer<typeof radiusServerReadSchema>;
export type RadiusPairOut = z.infer<typeof radiusPairReadSchema>;

export interface NetworkShallow extends NetworkShallowInput {
  id: string;
}
export interface NetworkDeep extends Omit<NetworkDeepInput, "authRadius" | "accountingRadius"> {
  id: string;
  authRadius?: RadiusPairOut;
  accountingRadius?: RadiusPairOut;
  venues: unknown[];
}
