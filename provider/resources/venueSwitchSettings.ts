import { venueSwitchSettingsInputSchema } from "../../contract/schemas/venueSwitchSettings";
import { resourceSpec } from "../spec";

export const venueSwitchSettingsSpec = resourceSpec({
  kind: "VenueSwitchSettings",
  description:
    "The switch settings of a venue (S68, S69): DNS servers, firmware, profile, the switches' login and syslog. They exist as long " +
    "as the venue does; creating the resource takes them over and writes the program's values with S68.",
  inputSchema: () => venueSwitchSettingsInputSchema,
  identity: { idParam: "venueId", idFromInput: "venueId", updateIdIn: "body" },
  ops: { read: "S69", update: "S68" },
  destroy: "writeDefaults",
  destroyNote:
    "The service has no delete for them: destroy writes the defaults back with S68 (no DNS servers, syslog disabled) and clears " +
    "the firmware, profile, login and syslog servers.",
});
