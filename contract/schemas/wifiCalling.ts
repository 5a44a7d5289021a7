// Wi-Fi calling profile (the Wi-Fi API documentation, "Wi-Fi calling profile"; W91–W96).
import { z } from "zod";
import { lengthBetween, shellSafeName } from "../validators";

export const WIFI_CALLING_QOS_PRIORITIES = [
  "WIFICALLING_PRI_VOICE",
  "WIFICALLING_PRI_VIDEO",
  "WIFICALLING_PRI_BE",
  "WIFICALLING_PRI_BG",
] as const;

/**
 * One ePDG (evolved packet data gateway) of the carrier. The API documentation gives both fields as strings,
 * nothing more. A phone selects its ePDG by the domain name, so the domain is required; the
 * address is optional (resolved from the domain when left out).
 */
export const epdgSchema = z.object({
  domain: z.string().min(1, "is required").describe("Domain name of the ePDG."),
  ip: z.string().describe("Address of the ePDG (optional: resolved from the domain).").optional(),
});

/** Body of W92 (create) and W95 (update). */
export const wifiCallingProfileInputSchema = z.object({
  profileName: shellSafeName(2, 32).describe('2 to 32 characters, no backtick or "$(", no leading or trailing blank.'),
  description: lengthBetween(2, 180).describe("2 to 180 characters.").optional(),
  ePDGs: z.array(epdgSchema).describe("The carrier's ePDGs: each a domain and an address (required)."),
  qosPriority: z
    .enum(WIFI_CALLING_QOS_PRIORITIES)
    .describe("QoS priority of Wi-Fi calls: WIFICALLING_PRI_VOICE (default), _VIDEO, _BE or _BG.")
    .default("WIFICALLING_PRI_VOICE"),
});

export type WifiCallingProfileInput = z.output<typeof wifiCallingProfileInputSchema>;

/** W94's answer (W92/W95 responses, W91 items). */
export const wifiCallingProfileReadSchema = wifiCallingProfileInputSchema.extend({
  id: z.string().min(1, "is required").describe("The profile's ID."),
  qosPriority: z.enum(WIFI_CALLING_QOS_PRIORITIES).describe("QoS priority of Wi-Fi calls."),
});
