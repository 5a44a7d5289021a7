import { devicePolicyInputSchema } from "../../contract/schemas/devicePolicy";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const devicePolicySpec = resourceSpec({
  kind: "DevicePolicy",
  description:
    "A device policy (W68–W72, newer variant of the Wi-Fi API only): access, rate limits and VLAN by device type and OS vendor. " +
    "A network's WLAN names it in `wlan.advancedCustomization.devicePolicyId`; the service refuses to delete a policy a network uses.",
  inputSchema: () => devicePolicyInputSchema,
  identity: { idParam: "devicePolicyId" },
  ops: { create: "W69", read: "W71", update: "W72", bulkDelete: "W70" },
  destroy: "delete",
  destroyNote:
    "The service shows no delete-one operation for device policies: destroy deletes the policy with W70, in one call with the " +
    "other policies destroyed at the same time (a one-ID array when alone).",
  readFromList: { op: "W68" },
  ...listedByName("W68", { name: { name: "name" } }),
});
