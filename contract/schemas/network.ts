// Wi-Fi network, shallow (W50/W54/W55) and deep (W52/W57/W58), the Wi-Fi API documentation's
// "Network" and "WLAN", per Wi-Fi API variant and per network type. The API documentation gives the
// type aaa; the real API (its public generated client, docs/service.md) also has psk, open, guest,
// dpsk and cloudpath, each with its own fields: the body is a union discriminated by `type`
// (objectOf in meta.ts reads it as one object of every type's fields). The name is 2 to 64
// characters in the older variant and 2 to 32 in the newer, the newer-only fields are refused by
// the older (wlan.ts, networkPortals.ts), and the RADIUS port rules (WIFI-10103/10104) apply to the
// deep create only in the newer variant.
import { z } from "zod";
import { answerFormOf, perVariant, secret, type WifiApiVariant } from "../meta";
import { isUnknown, issueWithCode, lengthBetween, port, shellSafeName } from "../validators";
import { networkVenueReadSchemaFor } from "./networkVenue";
import {
  cloudpathPortalSchema,
  dpskGenerationParamsSchema,
  guestPortalRules,
  guestPortalSchemaFor,
  hotspotWlanSchema,
} from "./networkPortals";
import {
  NETWORK_TYPES,
  NON_OFDM_PHY_RATES,
  wlanSchemaForType,
  WPA_PERSONAL_SECURITIES,
  type NetworkType,
} from "./wlan";

export * from "./wlan";
export * from "./networkPortals";

/** Network names: no backtick, no "$(", no edge blanks; 2 to 64 characters (older) or 2 to 32 (newer). */
export const networkNameFor = perVariant((variant) =>
  variant === "older"
    ? shellSafeName(2, 64).describe(
        '2 to 64 characters, no backtick or "$(", no leading or trailing blank; unique in the tenant.',
      )
    : shellSafeName(2, 32).describe(
        '2 to 32 characters, no backtick or "$(", no leading or trailing blank; unique in the tenant.',
      ),
);

/** A RADIUS server. The API documentation gives ip as a string, nothing more: an address or a host name. */
export const radiusServerSchema = z.object({
  ip: z.string().min(1, "is required").describe("Address (or host name) of the RADIUS server."),
  port: port.describe("UDP port, 1 to 65535 (authentication not on 1813, accounting not on 1812)."),
  sharedSecret: secret(lengthBetween(1, 255)).describe("Shared secret, 1 to 255 characters (secret)."),
});

export const radiusPairSchema = z.object({
  primary: radiusServerSchema.describe("The server asked first."),
  secondary: radiusServerSchema.describe("The server asked when the primary does not answer.").optional(),
});

export type RadiusPair = z.infer<typeof radiusPairSchema>;

type Form = "shallow" | "deep";

/** The fields of one network type in one form: RADIUS servers by ID (shallow) or inline (deep). */
function typeFields(variant: WifiApiVariant, type: NetworkType, form: Form): z.ZodRawShape {
  const radius: z.ZodRawShape =
    form === "deep"
      ? {
          authRadius: radiusPairSchema.describe("Authentication RADIUS servers; required for types aaa and cloudpath."),
          accountingRadius: radiusPairSchema.describe("Accounting RADIUS servers.").optional(),
        }
      : {
          authRadiusId: z
            .string()
            .min(1, "must not be empty")
            .describe("ID of the authentication RADIUS servers; required for types aaa and cloudpath."),
          accountingRadiusId: z
            .string()
            .min(1, "must not be empty")
            .describe("ID of the accounting RADIUS servers.")
            .optional(),
        };
  const common = {
    name: networkNameFor(variant),
    description: lengthBetween(0, 255).describe("0 to 255 characters.").optional(),
    type: z.literal(type).describe(`Kind of network: ${NETWORK_TYPES.join(", ")}.`),
    wlan: wlanSchemaForType(variant, type).describe("The WLAN: SSID, VLAN, security and advanced options."),
  };
  switch (type) {
    case "aaa":
      return { ...common, ...radius };
    case "psk":
    case "open":
      return common;
    case "guest":
      return {
        ...common,
        guestPortal: guestPortalSchemaFor(variant).describe("The guest portal; required for type guest."),
      };
    case "dpsk":
      return {
        ...common,
        dpskGenerationParams: dpskGenerationParamsSchema.describe(
          "How DPSK passphrases are generated; required for type dpsk.",
        ),
      };
    case "cloudpath":
      return {
        ...common,
        ...radius,
        cloudpathPortal: cloudpathPortalSchema.describe("The Cloudpath enrolment portal; required for type cloudpath."),
        hotspotWlan: hotspotWlanSchema.describe("Hotspot 2.0 settings of the WLAN; required for type cloudpath."),
      };
  }
}

const unionOf = (variant: WifiApiVariant, form: Form) =>
  z.discriminatedUnion(
    "type",
    NETWORK_TYPES.map((type) => z.object(typeFields(variant, type, form))) as unknown as [
      z.AnyZodObject,
      z.AnyZodObject,
      ...z.AnyZodObject[],
    ],
  );

// biome-ignore lint/suspicious/noExplicitAny: a body as the rules see it before its type's schema has parsed it.
type Unparsed = any;
type UnparsedObject = Record<string, Unparsed>;

type AnyNetwork = { type: NetworkType; wlan: UnparsedObject; guestPortal?: Unparsed };

/** Rules of every network write (W50, W52, W55, W58): the PSK-style rules on psk networks only; the deep writes' own. */
const networkRulesOf = (form: Form) => (body: UnparsedObject, ctx: z.RefinementCtx) =>
  networkRules(body, ctx, form === "deep");

function networkRules(body: UnparsedObject, ctx: z.RefinementCtx, deep: boolean): void {
  const value = body as AnyNetwork;
  const { wlan } = value;
  if (value.type === "psk") {
    if (wlan.wlanSecurity && WPA_PERSONAL_SECURITIES.has(wlan.wlanSecurity) && !wlan.passphrase) {
      issueWithCode(ctx, "WIFI-10100", "PSK passphrase is required for WPA personal security", ["wlan", "passphrase"]);
    }
    if (wlan.wlanSecurity === "WEP" && !wlan.wepHexKey) {
      issueWithCode(ctx, "WIFI-10101", "WEP hex key is required for WEP security", ["wlan", "wepHexKey"]);
    }
  }
  if (value.type === "guest") guestPortalRules(value.guestPortal, ctx, deep);
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
      issueWithCode(ctx, "WIFI-10107", "management transmit rate below BSS minimum rate in OFDM-only mode", [
        ...path,
        "managementFrameMinimumPhyRate",
      ]);
    }
  }
}

/** Body of W50 (create) and W55 (update): RADIUS servers by ID. */
export const networkShallowInputSchemaFor = perVariant((variant) =>
  unionOf(variant, "shallow").superRefine(networkRulesOf("shallow")),
);
export const networkShallowInputSchema = networkShallowInputSchemaFor("newer");

/** An authentication server may not listen on the accounting port (WIFI-10103), nor the other way round (WIFI-10104). */
export function radiusPortRules(body: UnparsedObject, ctx: z.RefinementCtx): void {
  const value = body as { authRadius?: RadiusPair; accountingRadius?: RadiusPair };
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

const networkDeepObject = (variant: WifiApiVariant) => unionOf(variant, "deep").superRefine(networkRulesOf("deep"));

/** Body of W58 (the deep update), with the RADIUS port rules in both variants. The provider checks every write by it. */
export const networkDeepInputSchemaFor = perVariant((variant) =>
  networkDeepObject(variant).superRefine(radiusPortRules),
);
export const networkDeepUpdateSchemaFor = networkDeepInputSchemaFor;
/** Body of W52 (the deep create): the RADIUS port rules only where radiusPortRulesOnCreate says so. */
export const networkDeepCreateSchemaFor = perVariant((variant) =>
  radiusPortRulesOnCreate(variant) ? networkDeepInputSchemaFor(variant) : networkDeepObject(variant),
);
export const networkDeepInputSchema = networkDeepInputSchemaFor("newer");

/** Any type's fields, loosely typed: the emulator stores what the type's schema let through. */
export interface NetworkShallowInput {
  name: string;
  description?: string;
  type: NetworkType;
  wlan: UnparsedObject;
  authRadiusId?: string;
  accountingRadiusId?: string;
  guestPortal?: UnparsedObject;
  dpskGenerationParams?: UnparsedObject;
  cloudpathPortal?: UnparsedObject;
  hotspotWlan?: Record<string, unknown>;
}
export interface NetworkDeepInput extends Omit<NetworkShallowInput, "authRadiusId" | "accountingRadiusId"> {
  authRadius?: RadiusPair;
  accountingRadius?: RadiusPair;
}

// Read forms, one per network type (a union on `type`, as the inputs): every field of the type's
// input in its answer form (contract/meta.ts answerFormOf: a field with a default is always
// there, the WLAN's advanced options and a guest network's portal with theirs), the ID, and the
// SSID the service fills in (the name when a write left it out). Refinements of the inputs are
// not repeated: they guard writes.

export const radiusServerReadSchema = radiusServerSchema.extend({
  id: z.string().min(1, "is required").describe("ID of the server entry."),
});
export const radiusPairReadSchema = z.object({
  id: z.string().min(1, "is required").describe("ID of the pair."),
  primary: radiusServerReadSchema.describe("The server asked first."),
  secondary: radiusServerReadSchema.describe("The server asked when the primary does not answer.").optional(),
});

function readOptionOf(variant: WifiApiVariant, type: NetworkType, form: Form): z.AnyZodObject {
  const fields = answerFormOf(z.object(typeFields(variant, type, form))) as z.AnyZodObject;
  const wlan = (fields.shape.wlan as z.AnyZodObject).required({ ssid: true }).describe("The WLAN.");
  const read = fields.extend({ id: z.string().min(1, "is required").describe("The network's ID."), wlan });
  if (form === "shallow") return read;
  return read.extend({
    authRadius: radiusPairReadSchema.describe("Authentication RADIUS servers.").optional(),
    accountingRadius: radiusPairReadSchema.describe("Accounting RADIUS servers.").optional(),
    venues: z.array(networkVenueReadSchemaFor(variant)).describe("The network's activations on venues."),
  });
}

const readUnionOf = (variant: WifiApiVariant, form: Form) =>
  z.discriminatedUnion(
    "type",
    NETWORK_TYPES.map((type) => readOptionOf(variant, type, form)) as unknown as [
      z.AnyZodObject,
      z.AnyZodObject,
      ...z.AnyZodObject[],
    ],
  );

/** W54's answer (and W50/W55 responses, W49 items): RADIUS servers by ID. */
export const networkShallowReadSchemaFor = perVariant((variant) => readUnionOf(variant, "shallow"));
export const networkShallowReadSchema = networkShallowReadSchemaFor("newer");

/** W57's answer (and W52/W58 responses, W49 items with deep=true): RADIUS servers inline with their IDs, the activations as `venues`. */
export const networkDeepReadSchemaFor = perVariant((variant) => readUnionOf(variant, "deep"));
export const networkDeepReadSchema = networkDeepReadSchemaFor("newer");

export type RadiusPairOut = z.infer<typeof radiusPairReadSchema>;

export interface NetworkShallow extends NetworkShallowInput {
  id: string;
}
