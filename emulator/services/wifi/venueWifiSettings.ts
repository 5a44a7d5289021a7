// Venue Wi-Fi settings beyond radio and syslog, which exist while their venue does: mesh (updateVenueMesh,
// read through getVenueWifiSettings), LAN ports, LEDs and (newer) cellular settings per AP model
// (getVenueLanPorts, updateVenueLanPorts, getVenueLeds, updateVenueLeds, getVenueCellularSettings,
// updateVenueCellularSettings), and the whole settings object (listVenueWifiSettings, getVenueWifiSettings).
// The per-model settings travel as JSON arrays; the venue's delete takes them along (model.ts).
import {
  answerFormOf,
  VENUE_RADIO_DEFAULTS,
  venueWifiSettingsReadSchema,
  venueCellularSettingsSchema,
  type VenueCellularSetting,
  venueLanPortSettingsSchema,
  venueLedSettingsSchema,
  venueMeshInputSchema,
  venueSyslogDefaults,
} from "../../../contract";
import { z } from "zod";
import { ApiError, notFound } from "../../model/errors";
import { listAnswer, ok, pageOf } from "../../operations/handlers";
import type { KindDef } from "../../model/kind";
import { slicePage } from "../../model/model";
import type { TenantState } from "../../model/tenant";
import type { ApRecord } from "./aps";

type MeshRecord = { id: string; enabled: boolean };
type PerModelRecord<E> = { id: string; settings: E[] };

/** An AP is active when it is in operation: state "Operational" (set through the admin API, as no AP contacts the emulator). */
export const ACTIVE_AP_STATE = "Operational";

export const venueMesh: KindDef<MeshRecord, z.output<typeof venueMeshInputSchema>> = {
  name: "venueMesh",
  noun: "venue",
  idParam: "venueId",
  idFrom: { param: "venueId" },
  schema: () => venueMeshInputSchema,
  readSchema: () => answerFormOf(venueMeshInputSchema),
  schemasOf: {
    listVenueWifiSettings: { answer: () => z.array(venueWifiSettingsReadSchema) },
    getVenueWifiSettings: { answer: () => venueWifiSettingsReadSchema },
  },
  settingsOf: { kind: "venues", defaults: (_ctx, venueId) => ({ id: venueId, enabled: false }) },
  ops: { update: "updateVenueMesh" },
  build: (_ctx, input, id) => ({ record: { id, enabled: input.enabled } }),
  // WIFIB-10001: turning an enabled mesh off while an AP of the venue is active.
  check(t, mesh, previous) {
    if (mesh.enabled || !previous?.enabled) return;
    const active = t.of<ApRecord>("aps").find((ap) => ap.venueId === mesh.id && ap.state === ACTIVE_AP_STATE);
    if (active)
      throw new ApiError("WIFIB-10001", {
        message: `mesh cannot be disabled while APs are active (AP ${active.serialNumber}) (WIFIB-10001)`,
        object: "enabled",
        value: false,
      });
  },
  view: (_t, mesh) => ({ enabled: mesh.enabled }),
  extra: {
    listVenueWifiSettings: (c) => {
      const venues = c.tenant.of("venues").all();
      return listAnswer(
        c.route,
        slicePage(venues, pageOf(c.query, c.route)).map((v) => venueWifiSettingsView(c.tenant, v.id)),
        venues.length,
      );
    },
    getVenueWifiSettings: (c) => {
      if (!c.tenant.of("venues").has(c.params.venueId)) throw notFound("venue", "venueId", c.params.venueId);
      return ok(venueWifiSettingsView(c.tenant, c.params.venueId));
    },
  },
};

/** A per-AP-model setting of a venue: the body is the whole array, which replaces the stored one. */
function perModel<E>(
  name: string,
  schema: z.ZodType<E[], z.ZodTypeDef, unknown>,
  get: "getVenueCellularSettings" | "getVenueLanPorts" | "getVenueLeds",
  update: "updateVenueCellularSettings" | "updateVenueLanPorts" | "updateVenueLeds",
): KindDef<PerModelRecord<E>, E[]> {
  return {
    name,
    noun: "venue",
    idParam: "venueId",
    idFrom: { param: "venueId" },
    schema: () => schema,
    readSchema: () => answerFormOf(schema),
    settingsOf: { kind: "venues", defaults: (_ctx, venueId) => ({ id: venueId, settings: [] }) },
    ops: { get, update },
    build: (_ctx, input, id) => ({ record: { id, settings: input } }),
    view: (_t, record) => record.settings,
  };
}

export const venueLanPorts = perModel(
  "venueLanPorts",
  venueLanPortSettingsSchema,
  "getVenueLanPorts",
  "updateVenueLanPorts",
);
export const venueLeds = perModel("venueLeds", venueLedSettingsSchema, "getVenueLeds", "updateVenueLeds");
export const venueCellular = perModel<VenueCellularSetting>(
  "venueCellular",
  venueCellularSettingsSchema,
  "getVenueCellularSettings",
  "updateVenueCellularSettings",
);

/** A cellular AP's settings when its venue has none for its model. */
const CELLULAR_DEFAULTS = {
  primaryWanRecoveryTimer: 60,
  simCardPrimaryCellularNetworkSelection: "AUTO",
  simCardSecondaryCellularNetworkSelection: "AUTO",
  simCardPrimaryEnabled: true,
  simCardPrimaryRoaming: true,
  simCardSecondaryEnabled: true,
  simCardSecondaryRoaming: true,
  wanConnection: "ETH_WITH_CELLULAR_FAILOVER",
} as const;

/** getAp's cellularSettings (newer): a cellular AP shows its venue's setting for its model (or the defaults); other APs only that the venue's settings apply. */
export function cellularSettingsOf(t: TenantState, ap: ApRecord, cellular: boolean): Record<string, unknown> {
  if (!cellular) return { useVenueSettings: true };
  const entry = t
    .of<PerModelRecord<VenueCellularSetting>>("venueCellular")
    .get(ap.venueId)
    ?.settings.find((s) => s.model === ap.model);
  const { model: _model, ...fields } = entry ?? { model: ap.model, ...CELLULAR_DEFAULTS };
  return { useVenueSettings: true, ...fields };
}

/** getVenueWifiSettings's form: the venue's settings of every kind, stored or default. */
function venueWifiSettingsView(t: TenantState, venueId: string): Record<string, unknown> {
  const stored = (kind: string) => {
    const record = t.of(kind).get(venueId);
    if (!record) return undefined;
    const { id: _id, ...rest } = record;
    return rest;
  };
  const view: Record<string, unknown> = {
    id: venueId,
    tenantId: t.id,
    bandBalancing: { clientPercent24: 25, enabled: false },
    mesh: { enabled: t.of<MeshRecord>("venueMesh").get(venueId)?.enabled ?? false },
    radioCustomization: stored("venueRadio") ?? structuredClone(VENUE_RADIO_DEFAULTS),
    syslog: stored("venueSyslog") ?? venueSyslogDefaults(t.variant),
  };
  if (t.variant === "newer") {
    const bound = t.of("venueDhcpBindings").some((b) => b.venueId === venueId);
    view.dhcpServiceSetting = { enabled: bound, mode: "EnableOnEachAPs", wanPortSelectionMode: "Dynamic" };
  }
  return view;
}
