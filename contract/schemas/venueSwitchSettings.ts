// A venue's switch settings (the switch API documentation, "Venue switch settings"; S68, S69). They
// exist while the venue does; S68 writes them whole, naming the venue by the body's `id`.
import { z } from "zod";
import { answerOf, secret } from "../meta";
import { ipv4OrHostname } from "../validators";

/** Body of S68 without the `id` naming the venue. */
export const venueSwitchSettingsInputSchema = z.object({
  name: z.string().optional().describe("Name of the settings."),
  dns: z.array(z.string()).describe("DNS servers of the venue's switches (default none).").default([]),
  firmware: z.string().optional().describe("Firmware version for the venue's switches."),
  profileId: z.string().min(1, "must not be empty").optional().describe("ID of the switch profile the venue uses."),
  switchLoginUsername: z.string().optional().describe("Login username of the venue's switches."),
  switchLoginPassword: secret(z.string()).optional().describe("Login password of the venue's switches (secret)."),
  syslogEnabled: z.boolean().describe("Whether switches send syslog (default false).").default(false),
  syslogPrimaryServer: ipv4OrHostname.optional().describe("IPv4 address or host name."),
  syslogSecondaryServer: ipv4OrHostname.optional().describe("IPv4 address or host name."),
});

export type VenueSwitchSettingsInput = z.output<typeof venueSwitchSettingsInputSchema>;

/** S68's body: the settings and the venue's ID. */
export const venueSwitchSettingsWriteSchema = venueSwitchSettingsInputSchema.extend({
  id: z.string().min(1, "is required").describe("The venue's ID."),
});

/** S69's answer. */
export const venueSwitchSettingsReadSchema = answerOf(venueSwitchSettingsInputSchema).extend({
  id: z.string().describe("The venue's ID."),
});

/** What S69 answers before any S68. */
export const VENUE_SWITCH_SETTINGS_DEFAULTS = { dns: [] as string[], syslogEnabled: false };
