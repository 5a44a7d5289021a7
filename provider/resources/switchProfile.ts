import { objectOf } from "../../contract/meta";
import { switchProfileInputSchema, switchProfileReadSchema } from "../../contract/schemas/switchProfile";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

// VLANs, ACLs and trusted ports are resources of their own (SwitchVlan, ...): the profile's inputs leave them out, and
// the service keeps them when the profile is updated.
const CHILDREN = { vlans: true, acls: true, trustedPorts: true } as const;

export const switchProfileSpec = resourceSpec({
  kind: "SwitchProfile",
  description: "A switch configuration profile (S43–S47), applied to venues; its VLANs are SwitchVlan resources.",
  inputSchema: () => objectOf(switchProfileInputSchema).omit(CHILDREN),
  outputSchema: switchProfileReadSchema.pick(CHILDREN),
  identity: { idParam: "profileId", updateIdIn: "body" },
  ops: { create: "S43", read: "S45", update: "S44", delete: "S46" },
  destroy: "delete",
  readFromList: { op: "S47" },
  ...listedByName("S47", { name: { name: "name" } }),
});
