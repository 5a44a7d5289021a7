import { devicePolicyInputSchema } from "../../contract/schemas/devicePolicy";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const devicePolicySpec = resourceSpec({
  kind: "DevicePolicy",
  description:
    "A device policy (newer variant of the Wi-Fi API only): access, rate limits and VLAN by device type and OS vendor. " +
    "A network's WLAN names it in `wlan.advancedCustomization.devicePolicyId`; the service refuses to delete a policy a network uses.",
  inputSchema: () => devicePolicyInputSchema,
  identity: { idParam: "devicePolicyId" },
  ops: {
    create: "createDevicePolicy",
    read: "getDevicePolicy",
    update: "updateDevicePolicy",
    bulkDelete: "deleteDevicePolicies",
  },
  destroy: "delete",
  destroyNote:
    "The service shows no delete-one operation for device policies: destroy deletes the policy with deleteDevicePolicies, in one call with the " +
    "other policies destroyed at the same time (a one-ID array when alone).",
  readFromList: { op: "listDevicePolicies" },
  ...listedByName("listDevicePolicies", { name: { name: "name" } }),
});
