// Venue radio settings (document 2, "Venue Wi-Fi settings", radioCustomization; W43–W46): the
// `{radioParams24G, radioParams50G}` object W43 and W46 answer, W44 takes and W45 restores.
// The seeds give channelBandwidth, method and txPower as strings with example values only, so
// they are not enumerations here; they give no ranges for the two intervals either.
import { z } from "zod";
import { issueWithCode } from "../validators";

const channel = z.string().min(1, "must name a channel").describe("A channel number, as a string.");
const interval = (what: string) => z.number().int("must be an integer").describe(what);

const bandCommon = {
  changeInterval: interval("Minutes between automatic channel changes.").optional(),
  channelBandwidth: z.string().describe("Channel width, e.g. AUTO or 20MHz.").optional(),
  method: z.string().describe("Channel selection method, e.g. BACKGROUND_SCANNING.").optional(),
  scanInterval: interval("Seconds between background scans.").optional(),
  txPower: z.string().describe("Transmit power, e.g. MAX.").optional(),
};

export const venueRadio24GSchema = z.object({
  allowedChannels: z.array(channel).describe("2.4 GHz channels the APs may use; at least two when given (WIFI-10110).").optional(),
  ...bandCommon,
});

export const venueRadio50GSchema = z.object({
  allowedIndoorChannels: z.array(channel).describe("5 GHz channels indoor APs may use; at least two when given (WIFI-10111).").optional(),
  allowedOutdoorChannels: z.array(channel).describe("5 GHz channels outdoor APs may use; at least two when given (WIFI-10112).").optional(),
  ...bandCommon,
});

export type VenueRadio24G = z.infer<typeof venueRadio24GSchema>;
export type VenueRadio50G = z.infer<typeof venueRadio50GSchema>;

/**
 * What W46 answers and W45 restores. The seeds give the fields, not the values: these are the
 * project's, chosen to look like a controller's factory settings (the 2.4 GHz channels of the
 * widest regulatory domain, 1 to 11; the 5 GHz UNII-1 and UNII-3 channels indoors, UNII-3
 * outdoors; automatic width, background scanning at full power).
 */
export const VENUE_RADIO_DEFAULTS: { radioParams24G: VenueRadio24G; radioParams50G: VenueRadio50G } = {
  radioParams24G: {
    allowedChannels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"],
    changeInterval: 33,
    channelBandwidth: "AUTO",
    method: "BACKGROUND_SCANNING",
    scanInterval: 20,
    txPower: "MAX",
  },
  radioParams50G: {
    allowedIndoorChannels: ["36", "40", "44", "48", "149", "153", "157", "161"],
    allowedOutdoorChannels: ["149", "153", "157", "161"],
    changeInterval: 33,
    channelBandwidth: "AUTO",
    method: "BACKGROUND_SCANNING",
    scanInterval: 20,
    txPower: "MAX",
  },
};

/** The three channel lists that need at least two channels when given, with the seeds' codes. */
export const VENUE_RADIO_CHANNEL_RULES = [
  { band: "radioParams24G", field: "allowedChannels", code: "WIFI-10110", message: "2.4 GHz allowed channel list needs at least two channels" },
  { band: "radioParams50G", field: "allowedIndoorChannels", code: "WIFI-10111", message: "5 GHz allowed indoor channel list needs at least two channels" },
  { band: "radioParams50G", field: "allowedOutdoorChannels", code: "WIFI-10112", message: "5 GHz allowed outdoor channel list needs at least two channels" },
] as const;

/** WIFI-10110/10111/10112, reported on the list's own path (`radioParams24G.allowedChannels`). */
export function venueRadioChannelRules(value: { radioParams24G?: unknown; radioParams50G?: unknown }, ctx: z.RefinementCtx): void {
  for (const { band, field, code, message } of VENUE_RADIO_CHANNEL_RULES) {
    const channels = (value[band] as Record<string, unknown> | undefined)?.[field];
    if (Array.isArray(channels) && channels.length < 2) issueWithCode(ctx, code, message, [band, field]);
  }
}

/** Body of W44. A band left out is taken as the defaults (W46), so a body always states both bands. */
export const venueRadioInputSchema = z
  .object({
    radioParams24G: venueRadio24GSchema
      .describe("2.4 GHz band settings; the service's defaults (W46) when left out.")
      .default(() => structuredClone(VENUE_RADIO_DEFAULTS.radioParams24G)),
    radioParams50G: venueRadio50GSchema
      .describe("5 GHz band settings; the service's defaults (W46) when left out.")
      .default(() => structuredClone(VENUE_RADIO_DEFAULTS.radioParams50G)),
  })
  .superRefine(venueRadioChannelRules);

export type VenueRadio = z.output<typeof venueRadioInputSchema>;
export type VenueRadioInput = z.input<typeof venueRadioInputSchema>;

/**
 * Answer of W43, W46, and (inside the envelope) of W44 and W45: both bands with every field, as
 * the service always holds a complete set, and the channel lists under the same two-channel rule.
 */
export const venueRadioReadSchema = z
  .object({
    radioParams24G: venueRadio24GSchema.required().describe("2.4 GHz band settings."),
    radioParams50G: venueRadio50GSchema.required().describe("5 GHz band settings."),
  })
  .superRefine(venueRadioChannelRules);
