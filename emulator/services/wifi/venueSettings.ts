// Venue Wi-Fi settings that always exist while their venue does: radio (W43–W46) and syslog
// (W47, W48). Reading them before any write shows the defaults; a write stores them; the venue's
// delete takes them along (model.ts).
import { VENUE_RADIO_DEFAULTS, VenueRadio, venueRadioInputSchema, VenueSyslog, venueSyslogDefaults, venueSyslogInputSchemaFor } from "../../../contract";
import { notFound } from "../../errors";
import { ok } from "../../handlers";
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
  settingsOf: { kind: "venues", defaults: (_ctx, venueId) => ({ id: venueId, ...structuredClone(VENUE_RADIO_DEFAULTS) }) },
  ops: { get: "W43", update: "W44", reset: "W45" },
  // The body replaces the settings whole: W44's schema fills a band or a band field left out with its default (W46's value).
  build: (_ctx, input, id) => ({ record: { ...structuredClone(input), id } }),
  view: (_t, record) => withoutId(record),
  extra: {
    W46: (c) => {
      if (!c.tenant.of("venues").has(c.params.venueId)) throw notFound("venue", "venueId", c.params.venueId);
      return ok(structuredClone(VENUE_RADIO_DEFAULTS));
    },
  },
};

export const venueSyslog: KindDef<SyslogRecord, VenueSyslog> = {
  name: "venueSyslog",
  noun: "venue",
  idParam: "venueId",
  idFrom: { param: "venueId" },
  // Every field has a default: a W48 body replaces the settings whole.
  schema: venueSyslogInputSchemaFor,
  settingsOf: { kind: "venues", defaults: (ctx, venueId) => ({ id: venueId, ...venueSyslogDefaults(ctx.variant) }) },
  ops: { get: "W47", update: "W48" },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  view: (_t, record) => withoutId(record),
};
