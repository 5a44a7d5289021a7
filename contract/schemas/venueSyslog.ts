// Venue syslog settings (the Wi-Fi API documentation, "Syslog"; W47, W48). The priority default
// differs between the variants: ERROR in the older, INFO in the newer. The API documentation does
// not require a server when syslog is enabled, so neither do we: `enabled: true` without `server`
// is accepted (the APs have nowhere to send until a server is given), as the service's table shows
// no such rule.
import { z } from "zod";
import { answerOf, perVariant, type WifiApiVariant } from "../meta";
import { ipv4OrHostname, port } from "../validators";

export const SYSLOG_FACILITIES = [
  "KEEP_ORIGINAL",
  "LOCAL0",
  "LOCAL1",
  "LOCAL2",
  "LOCAL3",
  "LOCAL4",
  "LOCAL5",
  "LOCAL6",
  "LOCAL7",
] as const;
export const SYSLOG_FLOW_LEVELS = ["GENERAL_LOGS", "CLIENT_FLOW", "ALL"] as const;
export const SYSLOG_PRIORITIES = [
  "EMERGENCY",
  "ALERT",
  "CRITICAL",
  "ERROR",
  "WARNING",
  "NOTICE",
  "INFO",
  "ALL",
] as const;
export const SYSLOG_PROTOCOLS = ["TCP", "UDP"] as const;

export function syslogPriorityDefault(variant: WifiApiVariant): (typeof SYSLOG_PRIORITIES)[number] {
  return variant === "older" ? "ERROR" : "INFO";
}

/** Body of W48 and answer of W47. */
export const venueSyslogInputSchemaFor = perVariant((variant) =>
  z.object({
    enabled: z.boolean().describe("Whether APs of the venue send syslog (default false).").default(false),
    facility: z.enum(SYSLOG_FACILITIES).describe("Syslog facility (default KEEP_ORIGINAL).").default("KEEP_ORIGINAL"),
    flowLevel: z.enum(SYSLOG_FLOW_LEVELS).describe("What is logged (default CLIENT_FLOW).").default("CLIENT_FLOW"),
    port: port.describe("Primary server port, 1 to 65535 (default 514).").default(514),
    priority: z
      .enum(SYSLOG_PRIORITIES)
      .describe("Least priority sent (default ERROR on the older variant, INFO on the newer).")
      .default(syslogPriorityDefault(variant)),
    protocol: z.enum(SYSLOG_PROTOCOLS).describe("Primary server protocol (default UDP).").default("UDP"),
    secondaryPort: port.describe("Secondary server port (default 514).").default(514),
    secondaryProtocol: z.enum(SYSLOG_PROTOCOLS).describe("Secondary server protocol (default TCP).").default("TCP"),
    server: ipv4OrHostname.optional().describe("Primary server: IPv4 address or host name."),
    secondaryServer: ipv4OrHostname.optional().describe("Secondary server: IPv4 address or host name."),
  }),
);

export const venueSyslogInputSchema = venueSyslogInputSchemaFor("newer");
export type VenueSyslog = z.output<typeof venueSyslogInputSchema>;

/** The settings a venue starts with, and what a destroy writes back. */
export function venueSyslogDefaults(variant: WifiApiVariant): VenueSyslog {
  return venueSyslogInputSchemaFor(variant).parse({});
}

/**
 * Answer of W47 (and W48's response): every field with a default is present. The enumerations
 * are the same in both variants; only the priority's default differs.
 */
export const venueSyslogReadSchema = answerOf(venueSyslogInputSchemaFor("newer"));
