// Venue radio settings (the Wi-Fi API documentation, "Venue Wi-Fi settings", radioCustomization;
// W43–W46): the `{radioParams24G, radioParams50G}` object W43 and W46 answer, W44 takes and W45
// restores. The API documentation gives channelBandwidth, method and txPower as strings with
// example values only, so they are not enumerations here. The API documentation gives no defaults
// and no ranges; the service's public generated client declares them for both bands (models
// RadioParams24G and RadioParams50G): changeInterval 480 minutes (100 to 1440), channelBandwidth
// AUTO, method BACKGROUND_SCANNING, scanInterval 20 (1 to 65535) and txPower MAX. The channel lists
// have no documented default: those below are the project's (emulator/README.md), the widest
// regulatory domain's.
import { z } from "zod";
import { answerFormOf } from "../meta";
import { intBetween, issueWithCode } from "../validators";

const channel = z.string().min(1, "must name a channel").describe("A channel number, as a string.");
const channels = (what: string, defaults: readonly string[]) =>
  z
    .array(channel)
    .describe(what)
    .default(() => [...defaults]);

/** Fields of both bands, each with the default the service fills in when a write leaves it out. */
const bandCommon = {
  changeInterval: intBetween(100, 1440)
    .describe("Minutes between automatic channel changes, 100 to 1440 (default 480).")
    .default(480),
  channelBandwidth: z.string().describe("Channel width, e.g. AUTO (default) or 20MHz.").default("AUTO"),
  method: z
    .string()
    .describe("Channel selection method, e.g. BACKGROUND_SCANNING (default).")
    .default("BACKGROUND_SCANNING"),
  scanInterval: intBetween(1, 65535).describe("Seconds between background scans, 1 to 65535 (default 20).").default(20),
  txPower: z.string().describe("Transmit power, e.g. MAX (default).").default("MAX"),
};

export const venueRadio24GSchema = z.object({
  allowedChannels: channels("2.4 GHz channels the APs may use; at least two (WIFI-10110). Default: 1 to 11.", [
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "11",
  ]),
  ...bandCommon,
});

export const venueRadio50GSchema = z.object({
  allowedIndoorChannels: channels(
    "5 GHz channels indoor APs may use; at least two (WIFI-10111). Default: 36 to 48 and 149 to 161.",
    ["36", "40", "44", "48", "149", "153", "157", "161"],
  ),
  allowedOutdoorChannels: channels(
    "5 GHz channels outdoor APs may use; at least two (WIFI-10112). Default: 149 to 161.",
    ["149", "153", "157", "161"],
  ),
  ...bandCommon,
});

/** The three channel lists that need at least two channels when given, with the API documentation's codes. */
export const VENUE_RADIO_CHANNEL_RULES = [
  {
    band: "radioParams24G",
    field: "allowedChannels",
    code: "WIFI-10110",
    message: "2.4 GHz allowed channel list needs at least two channels",
  },
  {
    band: "radioParams50G",
    field: "allowedIndoorChannels",
    code: "WIFI-10111",
    message: "5 GHz allowed indoor channel list needs at least two channels",
  },
  {
    band: "radioParams50G",
    field: "allowedOutdoorChannels",
    code: "WIFI-10112",
    message: "5 GHz allowed outdoor channel list needs at least two channels",
  },
] as const;

/** WIFI-10110/10111/10112, reported on the list's own path (`radioParams24G.allowedChannels`). */
export function venueRadioChannelRules(
  value: { radioParams24G?: unknown; radioParams50G?: unknown },
  ctx: z.RefinementCtx,
): void {
  for (const { band, field, code, message } of VENUE_RADIO_CHANNEL_RULES) {
    const channels = (value[band] as Record<string, unknown> | undefined)?.[field];
    if (Array.isArray(channels) && channels.length < 2) issueWithCode(ctx, code, message, [band, field]);
  }
}

/**
 * Body of W44. The body replaces the settings whole: a band left out, or a field left out of a
 * band, takes its default (what W46 shows and W45 restores).
 */
export const venueRadioInputSchema = z
  .object({
    radioParams24G: venueRadio24GSchema
      .describe("2.4 GHz band settings; the service's defaults (W46) for the band or a field left out.")
      .default({}),
    radioParams50G: venueRadio50GSchema
      .describe("5 GHz band settings; the service's defaults (W46) for the band or a field left out.")
      .default({}),
  })
  .superRefine(venueRadioChannelRules);

export type VenueRadio = z.output<typeof venueRadioInputSchema>;

/** What W46 answers and W45 restores: every field at its default. */
export const VENUE_RADIO_DEFAULTS: VenueRadio = venueRadioInputSchema.parse({});

/**
 * Answer of W43, W46, and (inside the envelope) of W44 and W45: both bands with every field, as
 * the service always holds a complete set, and the channel lists under the same two-channel rule.
 */
export const venueRadioReadSchema = z
  .object({
    radioParams24G: answerFormOf(venueRadio24GSchema).describe("2.4 GHz band settings."),
    radioParams50G: answerFormOf(venueRadio50GSchema).describe("5 GHz band settings."),
  })
  .superRefine(venueRadioChannelRules);

/** Channels of one band by channel width (auto, 20MHz, 40MHz, 80MHz), as strings. */
const channelsByWidth = z
  .record(z.array(channel))
  .describe("Channels by channel width (auto, 20MHz, 40MHz, and 80MHz on 5 GHz).");

/**
 * Answer of W97 (beyond the API documentation): the channels the venue's regulatory domain allows, per band and
 * channel width; on 5 GHz split into indoor, outdoor and DFS channels. The shape is that of the
 * vendor's public clients; the channel sets are the emulator's (emulator/README.md).
 */
export const venueValidChannelsReadSchema = z.object({
  "2.4GChannels": channelsByWidth.describe("2.4 GHz channels by channel width."),
  "5GChannels": z
    .object({
      dfs: channelsByWidth.describe("5 GHz channels that need radar detection (DFS), by channel width."),
      indoor: channelsByWidth.describe("5 GHz channels indoor APs may use, by channel width."),
      outdoor: channelsByWidth.describe("5 GHz channels outdoor APs may use, by channel width."),
    })
    .describe("5 GHz channels."),
});
export type VenueValidChannels = z.infer<typeof venueValidChannelsReadSchema>;
