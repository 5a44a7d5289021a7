// An AP's own settings that exist as long as the AP does (the Wi-Fi API documentation, "AP radio",
// "AP LAN ports", "mDNS gateway rules"; W8–W10, W13–W15, W18–W20): the bodies their updates take,
// the forms their reads answer, and what their resets restore. The API documentation gives
// channelBandwidth, method, txPower, port type, mdnsProtocol and service with example values only,
// so they are strings here.
import { z } from "zod";
import { answerFormOf } from "../meta";
import { intBetween, issueWithCode, lengthBetween, vlanId } from "../validators";

const int = (what: string) => z.number().int("must be an integer").describe(what);

// ---- Radio (W18–W20) ----

// The API documentation gives no defaults and no ranges for an AP's bands. The service's public
// generated client declares changeInterval 100 to 1440 for both bands and the default 480 for the
// 2.4 GHz one (models APRadioParams24G, APRadioParams50G); the 5 GHz band takes the same 480 (the
// project's, as the venue's bands have it). The other values are the project's
// (emulator/README.md): automatic channel, width and method, full power, and channels every
// regulatory domain allows.
const apRadioBand = (defaultChannels: readonly string[]) =>
  z.object({
    allowedChannels: z
      .array(z.string().min(1, "must name a channel"))
      .describe(`Channels the AP may use, as strings (default ${defaultChannels.join(", ")}).`)
      .default(() => [...defaultChannels]),
    changeInterval: intBetween(100, 1440)
      .describe("Minutes between automatic channel changes, 100 to 1440 (default 480).")
      .default(480),
    channelBandwidth: z.string().describe("Channel width, e.g. AUTO (default) or 20MHz.").default("AUTO"),
    manualChannel: int("Channel set by hand; 0 (default) for automatic selection.").default(0),
    method: z
      .string()
      .describe("Channel selection method, e.g. BACKGROUND_SCANNING (default).")
      .default("BACKGROUND_SCANNING"),
    txPower: z.string().describe("Transmit power, e.g. MAX (default).").default("MAX"),
  });

const apRadioBand24G = apRadioBand(["1", "6", "11"]);
const apRadioBand50G = apRadioBand(["36", "40", "44", "48"]);

/** The read-only extras W18 adds to each band: what the radio is doing now. */
export const apRadioBandStatusSchema = z.object({
  operativeChannel: int("Channel in use.").optional(),
  operativeTxPower: z.string().optional().describe("Transmit power in use."),
  snr_dB: z.number().optional().describe("Signal-to-noise ratio in dB."),
});

/**
 * WIFI-10110 when a 2.4 GHz channel list given has fewer than two channels. The AP's 5 GHz band
 * has one list (the API documentation gives allowedChannels for both bands); whether it falls under WIFI-10111
 * (indoor) or WIFI-10112 (outdoor) depends on the AP's model, which only the service knows, so
 * the emulator checks it (services/wifi/apSettings.ts) and the provider surfaces its answer.
 */
function apRadioChannelRule(value: { apRadioParams24G?: { allowedChannels?: string[] } }, ctx: z.RefinementCtx): void {
  const channels = value.apRadioParams24G?.allowedChannels;
  if (Array.isArray(channels) && channels.length < 2) {
    issueWithCode(ctx, "WIFI-10110", "2.4 GHz allowed channel list needs at least two channels", [
      "apRadioParams24G",
      "allowedChannels",
    ]);
  }
}

// W19 replaces the settings whole: a band left out, or a band field left out, takes its default
// (W20's values).
const apRadioObject = z.object({
  apRadioParams24G: apRadioBand24G
    .describe("2.4 GHz band; the service's defaults (W20) for the band or a field left out.")
    .default({}),
  apRadioParams50G: apRadioBand50G
    .describe("5 GHz band; the service's defaults (W20) for the band or a field left out.")
    .default({}),
  enable24G: z
    .boolean()
    .nullable()
    .describe("Whether the 2.4 GHz radio is on (default null: as the venue says).")
    .default(null),
  enable50G: z
    .boolean()
    .nullable()
    .describe("Whether the 5 GHz radio is on (default null: as the venue says).")
    .default(null),
  useVenueSettings: z
    .boolean()
    .default(true)
    .describe("Whether the venue's radio settings apply instead of the AP's own (default true)."),
});

/** Body of W19: the AP radio without its read-only fields. */
export const apRadioInputSchema = apRadioObject.superRefine(apRadioChannelRule);
export type ApRadioInput = z.output<typeof apRadioInputSchema>;

/** What W20 restores: the venue's settings apply, and the AP's own bands are automatic. */
export const AP_RADIO_DEFAULTS: ApRadioInput = apRadioInputSchema.parse({});

/** Answer of W18 (and, in the envelope, W19 and W20): every band field, with the read-only extras. */
export const apRadioReadSchema = z.object({
  apRadioParams24G: (answerFormOf(apRadioBand24G) as z.AnyZodObject)
    .merge(apRadioBandStatusSchema)
    .describe("2.4 GHz band."),
  apRadioParams50G: (answerFormOf(apRadioBand50G) as z.AnyZodObject)
    .merge(apRadioBandStatusSchema)
    .describe("5 GHz band."),
  enable24G: z.boolean().nullable().describe("Whether the 2.4 GHz radio is on (null: as the venue says)."),
  enable50G: z.boolean().nullable().describe("Whether the 5 GHz radio is on (null: as the venue says)."),
  useVenueSettings: z.boolean().describe("Whether the venue's radio settings apply."),
});

// ---- LAN ports (W13–W15, and the venue's per-model settings W38/W39) ----

const lanPortFields = {
  portId: z.string().optional().describe("The port's ID, e.g. 1."),
  type: z.string().optional().describe("ACCESS or Trunk (the two types the API documentation names)."),
  untagId: vlanId
    .describe(
      "Untagged VLAN, 1 to 4094: 1 on a Trunk port (WIFI-10108), equal to vlanMembers on an Access port (WIFI-10109).",
    )
    .optional(),
  vlanMembers: z.string().optional().describe("VLANs of the port, e.g. 1-4094 or 10."),
};

/** An AP's LAN port (model APLanPort of the service's public generated client: untagId 1 to 4094). */
export const lanPortSchema = z.object({
  enabled: z.boolean().optional().describe("Whether the port is on."),
  ...lanPortFields,
});

/** A LAN port of a venue's per-model setting (model VenueLanPort: enabled by default, untagId 1 to 4094). */
export const venueLanPortSchema = z.object({
  enabled: z.boolean().describe("Whether the port is on (default true).").default(true),
  ...lanPortFields,
});
export type LanPort = z.infer<typeof lanPortSchema>;

/**
 * WIFI-10108 and WIFI-10109 on each port of a list, on the port's untagId. The port type is
 * compared without regard to case (the API documentation writes ACCESS in the field and Access in the rule).
 */
export function lanPortRules(
  ports: readonly LanPort[] | undefined,
  ctx: z.RefinementCtx,
  at: (string | number)[],
): void {
  (ports ?? []).forEach((port, i) => {
    const type = port.type?.toUpperCase();
    const path = [...at, i, "untagId"];
    if (type === "TRUNK" && port.untagId !== 1) issueWithCode(ctx, "WIFI-10108", "a Trunk port needs untagId 1", path);
    if (type === "ACCESS" && (port.untagId === undefined || String(port.untagId) !== port.vlanMembers?.trim())) {
      issueWithCode(ctx, "WIFI-10109", "an Access port needs untagId equal to vlanMembers", path);
    }
  });
}

/** Body of W14 and answer of W13. */
export const apLanPortsInputSchema = z
  .object({
    lanPorts: z.array(lanPortSchema).default([]).describe("The AP's LAN ports."),
    poeOut: z.boolean().nullable().describe("Whether PoE out is on (default null: not set).").default(null),
    useVenueSettings: z.boolean().default(false).describe("Whether the venue's PoE settings apply (default false)."),
  })
  .superRefine((value, ctx) => lanPortRules(value.lanPorts, ctx, ["lanPorts"]));
export type ApLanPortsInput = z.output<typeof apLanPortsInputSchema>;

/** What W15 restores. */
export const AP_LAN_PORTS_DEFAULTS: ApLanPortsInput = apLanPortsInputSchema.parse({});

// ---- mDNS gateway (W8–W10) ----

export const mdnsRuleSchema = z.object({
  enabled: z.boolean().optional().describe("Whether the rule applies."),
  fromVlan: vlanId.describe("VLAN the service is announced on, 1 to 4094.").optional(),
  toVlan: vlanId.describe("VLAN it is bridged to, 1 to 4094.").optional(),
  mdnsName: lengthBetween(2, 64).describe("Name of the rule, 2 to 64 characters.").optional(),
  mdnsProtocol: z.string().optional().describe("mDNS protocol, e.g. TCP."),
  service: z.string().optional().describe("mDNS service, e.g. AIRPLAY."),
});

/** Body of W9 (rules required, as the API documentation says) and answer of W8. */
export const apMdnsGatewayInputSchema = z.object({
  rules: z
    .array(mdnsRuleSchema)
    .describe("The gateway's rules; required (an empty list turns the gateway's rules off)."),
});
export type ApMdnsGatewayInput = z.output<typeof apMdnsGatewayInputSchema>;

/** What W10 restores. */
export const AP_MDNS_GATEWAY_DEFAULTS: ApMdnsGatewayInput = { rules: [] };
