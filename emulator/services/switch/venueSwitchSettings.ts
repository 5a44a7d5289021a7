// A venue's switch settings (updateVenueSwitchSettings, getVenueSwitchSettings): they exist while the venue does. Before any write getVenueSwitchSettings
// answers the defaults; updateVenueSwitchSettings (a PUT the switch API documentation labels "create") writes them whole, naming the venue
// by the body's id. The venue's delete takes them along.
import {
  VENUE_SWITCH_SETTINGS_DEFAULTS,
  type VenueSwitchSettingsInput,
  venueSwitchSettingsReadSchema,
  venueSwitchSettingsWriteSchema,
} from "../../../contract";
import { relatedNotFound } from "../../model/errors";
import type { KindDef } from "../../model/kind";

export type VenueSwitchSettingsRecord = VenueSwitchSettingsInput & { id: string };

export const venueSwitchSettings: KindDef<VenueSwitchSettingsRecord, VenueSwitchSettingsInput & { id: string }> = {
  name: "venueSwitchSettings",
  noun: "venue switch settings",
  idParam: "venueId",
  idFrom: { param: "venueId" },
  schema: () => venueSwitchSettingsWriteSchema,
  readSchema: () => venueSwitchSettingsReadSchema,
  settingsOf: {
    kind: "venues",
    defaults: (_ctx, venueId) => ({ ...VENUE_SWITCH_SETTINGS_DEFAULTS, dns: [], id: venueId }),
  },
  ops: { update: "updateVenueSwitchSettings", get: "getVenueSwitchSettings" },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  check(t, settings) {
    if (settings.profileId !== undefined && !t.of("switchProfiles").has(settings.profileId))
      throw relatedNotFound("switch profile", "profileId", settings.profileId);
  },
  view: (_t, settings) => settings,
};
