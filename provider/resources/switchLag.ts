import { switchLagInputSchema } from "../../contract/schemas/switchPort";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchLagSpec = resourceSpec({
  kind: "SwitchLag",
  description:
    "A link aggregation group of a switch (S32–S38): created on the switch (S35), updated by S32 (named by the body's id). A " +
    "port may be in one LAG only. Its switch cannot change: a new switchId replaces the LAG.",
  inputSchema: () => switchLagInputSchema,
  identity: { idParam: "lagId", parents: { switchId: "serialNumber" }, updateIdIn: "body" },
  ops: { create: "S35", read: "S36", update: "S32", delete: "S37", bulkDelete: "S33" },
  destroy: "delete",
  readFromList: { op: "S34" },
  // LAG names are unique on their switch.
  ...listedByName("S34", { scope: { switchId: "serialNumber" }, within: "Switch", name: { name: "name" } }),
});
