import { objectOf } from "../../contract/meta";
import { switchProfileInputSchema, switchProfileReadSchema } from "../../contract/schemas/switchProfile";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

// VLANs, ACLs and trusted ports are resources of their own (SwitchVlan, ...): the profile's inputs leave them out, and
// the service keeps them when the profile is updated.
const CHILDREN = { vlans: true, acls: true, trustedPorts: true } as const;

export const switchProfileSpec = resourceSpec({
  kind: "SwitchProfile",
  description: "A switch configuration profile, applied to venues; its VLANs are SwitchVlan resources.",
  inputSchema: () => objectOf(switchProfileInputSchema).omit(CHILDREN),
  outputSchema: switchProfileReadSchema.pick(CHILDREN),
  identity: { idParam: "profileId", updateIdIn: "body" },
  ops: {
    create: "createSwitchProfile",
    read: "getSwitchProfile",
    update: "updateSwitchProfile",
    delete: "deleteSwitchProfile",
  },
  destroy: "delete",
  readFromList: { op: "listSwitchProfiles" },
  ...listedByName("listSwitchProfiles", { name: { name: "name" } }),
});
