import { switchLagInputSchema } from "../../contract/schemas/switchPort";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchLagSpec = resourceSpec({
  kind: "SwitchLag",
  description:
    "A link aggregation group of a switch: created on the switch (createLag), updated by updateLag (named by the body's id). A " +
    "port may be in one LAG only. Its switch cannot change: a new switchId replaces the LAG.",
  inputSchema: () => switchLagInputSchema,
  identity: { idParam: "lagId", parents: { switchId: "serialNumber" }, updateIdIn: "body" },
  ops: { create: "createLag", read: "getLag", update: "updateLag", delete: "deleteLag", bulkDelete: "deleteLags" },
  destroy: "delete",
  readFromList: { op: "listSwitchLags" },
  // LAG names are unique on their switch.
  ...listedByName("listSwitchLags", { scope: { switchId: "serialNumber" }, within: "Switch", name: { name: "name" } }),
});
