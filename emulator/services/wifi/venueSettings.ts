// Venue Wi-Fi settings that always exist while their venue does: radio and syslog
// (getVenueSyslog, updateVenueSyslog, and resetVenueSyslog beyond the API documentation: its reset). Reading them before any write shows the
// defaults; a write stores them; the venue's delete takes them along (model.ts). Also the venue's
// valid channels (getVenueValidChannels, beyond the API documentation).
import {
  VENUE_RADIO_DEFAULTS,
  type VenueRadio,
  venueRadioInputSchema,
  venueRadioReadSchema,
  venueValidChannelsReadSchema,
  venueSyslogReadSchema,
  type VenueSyslog,
  venueSyslogDefaults,
  venueSyslogInputSchemaFor,
  type VenueValidChannels,
} from "../../../contract";
import { notFound } from "../../model/errors";
import { ok } from "../../operations/handlers";
import type { KindDef } from "../../model/kind";

type RadioRecord = VenueRadio & { id: string };
type SyslogRecord = VenueSyslog & { id: string };

const withoutId = <R extends { id: string }>({ id: _id, ...rest }: R) => rest;

export const venueRadio: KindDef<RadioRecord, VenueRadio> = {
  name: "venueRadio",
  noun: "venue",
  idParam: "venueId",
  idFrom: { param: "venueId" },
  schema: () => venueRadioInputSchema,
  readSchema: () => venueRadioReadSchema,
  schemasOf: {
    getVenueRadioDefaults: { answer: () => venueRadioReadSchema },
    getVenueValidChannels: { answer: () => venueValidChannelsReadSchema },
  },
  settingsOf: {
    kind: "venues",
    defaults: (_ctx, venueId) => ({ id: venueId, ...structuredClone(VENUE_RADIO_DEFAULTS) }),
  },
  ops: { get: "getVenueRadio", update: "updateVenueRadio", reset: "resetVenueRadio" },
  // The body replaces the settings whole: updateVenueRadio's schema fills a band or a band field left out with its default (getVenueRadioDefaults's value).
  build: (_ctx, input, id) => ({ record: { ...structuredClone(input), id } }),
  view: (_t, record) => withoutId(record),
  extra: {
    getVenueRadioDefaults: (c) => {
      if (!c.tenant.of("venues").has(c.params.venueId)) throw notFound("venue", "venueId", c.params.venueId);
      return ok(structuredClone(VENUE_RADIO_DEFAULTS));
    },
    getVenueValidChannels: (c) => {
      const venue = c.tenant.of("venues").get(c.params.venueId);
      if (!venue) throw notFound("venue", "venueId", c.params.venueId);
      return ok(validChannelsOf(venue.address?.country));
    },
  },
};

/**
 * The two regulatory domains of the emulated service (the Wi-Fi API documentation gives none; the vendor's clients
 * give the answer's shape only): FCC for the Americas' countries the service supports and for a
 * venue without a country, ETSI for every other.
 */
const FCC_COUNTRIES: ReadonlySet<string> = new Set([
  "us",
  "united states",
  "ca",
  "canada",
  "mx",
  "mexico",
  "br",
  "brazil",
]);
const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const DOMAINS = {
  FCC: {
    band24: range(1, 11, 1),
    indoor: range(36, 48, 4),
    dfs: [...range(52, 64, 4), ...range(100, 144, 4)],
    outdoor: range(149, 165, 4),
  },
  ETSI: {
    band24: range(1, 13, 1),
    indoor: range(36, 48, 4),
    dfs: [...range(52, 64, 4), ...range(100, 140, 4)],
    outdoor: range(100, 140, 4),
  },
} as const;

/** 5 GHz channels of the set whose whole 40 MHz pair (width 2) or 80 MHz block (width 4) is in it. */
function wholeBlocks(channels: readonly number[], width: 2 | 4): number[] {
  const block = (ch: number) => (ch >= 149 ? 1000 : 0) + Math.floor((ch - (ch >= 149 ? 149 : 36)) / (4 * width));
  return channels.filter((ch) => channels.filter((other) => block(other) === block(ch)).length === width);
}

const asStrings = (channels: readonly number[]) => channels.map(String);

/** getVenueValidChannels's answer for a venue in a country (by name or code). */
function validChannelsOf(country: unknown): VenueValidChannels {
  const code = typeof country === "string" ? country.trim().toLowerCase() : "";
  const domain = code === "" || FCC_COUNTRIES.has(code) ? DOMAINS.FCC : DOMAINS.ETSI;
  const band5 = (channels: readonly number[]) => ({
    auto: asStrings(channels),
    "20MHz": asStrings(channels),
    "40MHz": asStrings(wholeBlocks(channels, 2)),
    "80MHz": asStrings(wholeBlocks(channels, 4)),
  });
  return {
    "2.4GChannels": {
      auto: asStrings(domain.band24),
      "20MHz": asStrings(domain.band24),
      "40MHz": asStrings(domain.band24),
    },
    "5GChannels": { dfs: band5(domain.dfs), indoor: band5(domain.indoor), outdoor: band5(domain.outdoor) },
  };
}

export const venueSyslog: KindDef<SyslogRecord, VenueSyslog> = {
  name: "venueSyslog",
  noun: "venue",
  idParam: "venueId",
  idFrom: { param: "venueId" },
  // Every field has a default: a updateVenueSyslog body replaces the settings whole.
  schema: venueSyslogInputSchemaFor,
  readSchema: () => venueSyslogReadSchema,
  settingsOf: { kind: "venues", defaults: (ctx, venueId) => ({ id: venueId, ...venueSyslogDefaults(ctx.variant) }) },
  // resetVenueSyslog (beyond the API documentation) resets them to the defaults, as resetVenueRadio does the radio.
  ops: { get: "getVenueSyslog", update: "updateVenueSyslog", reset: "resetVenueSyslog" },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  view: (_t, record) => withoutId(record),
};
