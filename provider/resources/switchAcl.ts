import { switchAclInputSchema } from "../../contract/schemas/switchAcl";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchAclSpec = resourceSpec({
  kind: "SwitchAcl",
  description:
    "An ACL of a switch profile: standard (rules match the source only) or extended. Ports, IP and VE ports name it by " +
    "its name, and the service refuses to rename an ACL in use (409): a new name replaces the ACL, the new one created first, so " +
    "that the resources naming it through its `name` output move to it before the old one is deleted. Its profile cannot change " +
    "either: a new profileId replaces the ACL.",
  inputSchema: () => switchAclInputSchema,
  replaceOnChanges: ["name"],
  identity: { idParam: "aclId", parents: { profileId: "profileId" }, updateIdIn: "body" },
  ops: { create: "createAcl", read: "getAcl", update: "updateAcl", delete: "deleteAcl", bulkDelete: "deleteAcls" },
  destroy: "delete",
  readFromList: { op: "listProfileAcls" },
  // The ACL's name is unique in its profile.
  ...listedByName("listProfileAcls", {
    scope: { profileId: "profileId" },
    within: "SwitchProfile",
    name: { name: "name" },
  }),
});
