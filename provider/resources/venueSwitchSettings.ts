import { venueSwitchSettingsInputSchema } from "../../contract/schemas/venueSwitchSettings";
import { resourceSpec } from "../spec";

export const venueSwitchSettingsSpec = resourceSpec({
  kind: "VenueSwitchSettings",
  description:
    "The switch settings of a venue (updateVenueSwitchSettings, getVenueSwitchSettings): DNS servers, firmware, profile, the switches' login and syslog. They exist as long " +
    "as the venue does; creating the resource takes them over and writes the program's values with updateVenueSwitchSettings.",
  inputSchema: () => venueSwitchSettingsInputSchema,
  identity: { idParam: "venueId", idFromInput: "venueId", updateIdIn: "body" },
  ops: { read: "getVenueSwitchSettings", update: "updateVenueSwitchSettings" },
  destroy: "writeDefaults",
  destroyNote:
    "The service has no delete for them: destroy writes the defaults back with updateVenueSwitchSettings (no DNS servers, syslog disabled) and clears " +
    "the firmware, profile, login and syslog servers.",
});
