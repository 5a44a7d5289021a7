import { switchAclInputSchema } from "../../contract/schemas/switchAcl";
import type { ResourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchAclSpec: ResourceSpec = {
  kind: "SwitchAcl",
  description:
    "An ACL of a switch profile (S3–S8): standard (rules match the source only) or extended. Ports, IP and VE ports name it by " +
    "its name. Its profile cannot change: a new profileId replaces the ACL.",
  inputSchema: () => switchAclInputSchema,
  identity: { idParam: "aclId", parents: { profileId: "profileId" }, updateIdIn: "body" },
  ops: { create: "S3", read: "S5", update: "S4", delete: "S6", bulkDelete: "S8" },
  destroy: "delete",
  readFromList: { op: "S7" },
  // The ACL's name is unique in its profile.
  ...listedByName("S7", { scope: { profileId: "profileId" }, name: { name: "name" } }),
};
