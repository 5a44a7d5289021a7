import { wifiCallingProfileInputSchema } from "../../contract/schemas/wifiCalling";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const wifiCallingProfileSpec = resourceSpec({
  kind: "WifiCallingProfile",
  description:
    "A Wi-Fi calling profile: the carrier's ePDGs and the QoS priority of calls. A network's WLAN names profiles in " +
    "`wlan.advancedCustomization.wifiCallingIds`; the service refuses to delete a profile a network uses.",
  inputSchema: () => wifiCallingProfileInputSchema,
  identity: { idParam: "wifiCallingProfileId" },
  ops: {
    create: "createWifiCallingProfile",
    read: "getWifiCallingProfile",
    update: "updateWifiCallingProfile",
    delete: "deleteWifiCallingProfile",
    bulkDelete: "deleteWifiCallingProfiles",
  },
  destroy: "delete",
  readFromList: { op: "listWifiCallingProfiles" },
  ...listedByName("listWifiCallingProfiles", { name: { profileName: "profileName" } }),
});
