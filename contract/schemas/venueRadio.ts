// Venue radio settings (document 2, "Venue Wi-Fi settings" radioCustomization; W43–W46).
import { z } from "zod";
import { issueWithCode } from "../validators";

const band24Schema = z.object({
  allowedChannels: z.array(z.string()).optional().describe("2.4 GHz channels the APs may use; at least two when given."),
  changeInterval: z.number().int().optional().describe("Minutes between automatic channel changes."),
  channelBandwidth: z.string().optional().describe("Channel width, e.g. AUTO or 20MHz."),
  method: z.string().optional().describe("Channel selection method, e.g. BACKGROUND_SCANNING."),
  scanInterval: z.number().int().optional().describe("Seconds between background scans."),
  txPower: z.string().optional().describe("Transmit power, e.g. MAX."),
});

const band50Schema = band24Schema.omit({ allowedChannels: true }).extend({
  allowedIndoorChannels: z.array(z.string()).optional().describe("5 GHz channels indoor APs may use; at least two when given."),
  allowedOutdoorChannels: z.array(z.string()).optional().describe("5 GHz channels outdoor APs may use; at least two when given."),
});

/**
 * What W46 answers and W45 restores. The seeds give the fields, not the values: these are the
 * emulator's, chosen to look like a real controller's factory settings.
 */
export const VENUE_RADIO_DEFAULTS: { radioParams24G: z.infer<typeof band24Schema>; radioParams50G: z.infer<typeof band50Schema> } = {
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

/** Body of W44 and answer of W43, W45 and W46. */
export const venueRadioInputSchema = z
  .object({
    radioParams24G: band24Schema
      .default(() => structuredClone(VENUE_RADIO_DEFAULTS.radioParams24G))
      .describe("2.4 GHz band settings; the service's defaults (W46) when left out."),
    radioParams50G: band50Schema
      .default(() => structuredClone(VENUE_RADIO_DEFAULTS.radioParams50G))
      .describe("5 GHz band settings; the service's defaults (W46) when left out."),
  })
  .superRefine((value, ctx) => {
    const lists = [
      ["radioParams24G", "allowedChannels", "WIFI-10110", "2.4 GHz allowed channel list needs at least two channels"],
      ["radioParams50G", "allowedIndoorChannels", "WIFI-10111", "5 GHz allowed indoor channel list needs at least two channels"],
      ["radioParams50G", "allowedOutdoorChannels", "WIFI-10112", "5 GHz allowed outdoor channel list needs at least two channels"],
    ] as const;
    for (const [band, field, code, message] of lists) {
      const channels = (value[band] as Record<string, unknown> | undefined)?.[field];
      if (Array.isArray(channels) && channels.length < 2) issueWithCode(ctx, code, message, [band, field]);
    }
  });

export type VenueRadio = z.output<typeof venueRadioInputSchema>;

export const venueRadioReadSchema = z.object({
  radioParams24G: band24Schema.required({ allowedChannels: true }),
  radioParams50G: band50Schema.required({ allowedIndoorChannels: true, allowedOutdoorChannels: true }),
});
