import { wifiCallingProfileInputSchema } from "../../contract/schemas/wifiCalling";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const wifiCallingProfileSpec = resourceSpec({
  kind: "WifiCallingProfile",
  description:
    "A Wi-Fi calling profile (W91–W96): the carrier's ePDGs and the QoS priority of calls. A network's WLAN names profiles in " +
    "`wlan.advancedCustomization.wifiCallingIds`; the service refuses to delete a profile a network uses.",
  inputSchema: () => wifiCallingProfileInputSchema,
  identity: { idParam: "wifiCallingProfileId" },
  ops: { create: "W92", read: "W94", update: "W95", delete: "W96", bulkDelete: "W93" },
  destroy: "delete",
  readFromList: { op: "W91" },
  ...listedByName("W91", { name: { profileName: "profileName" } }),
});
