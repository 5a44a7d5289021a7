import { switchVlanInputSchema } from "../../contract/schemas/switchProfile";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchVlanSpec = resourceSpec({
  kind: "SwitchVlan",
  description:
    "A VLAN of a switch profile. Its profile cannot change: a new profileId replaces the VLAN. Ports, LAGs and VE ports " +
    "name a VLAN by its VLAN ID, and the service refuses to change the ID of a VLAN in use (409): a new vlanId replaces the VLAN, " +
    "the new one created first, so that the resources naming it through its `vlanId` output move to it before the old one is deleted.",
  inputSchema: () => switchVlanInputSchema,
  replaceOnChanges: ["vlanId"],
  identity: { idParam: "vlanUuid", parents: { profileId: "profileId" }, updateIdIn: "body" },
  ops: { create: "createVlan", read: "getVlan", update: "updateVlan", delete: "deleteVlan", bulkDelete: "deleteVlans" },
  destroy: "delete",
  readFromList: { op: "listProfileVlans" },
  // The VLAN ID is unique in its profile.
  ...listedByName("listProfileVlans", {
    scope: { profileId: "profileId" },
    within: "SwitchProfile",
    name: { vlanId: "vlanId" },
  }),
});
