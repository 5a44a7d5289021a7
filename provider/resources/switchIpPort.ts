import { switchIpPortInputSchema, switchVePortInputSchema } from "../../contract/schemas/switchPort";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchIpPortSpec = resourceSpec({
  kind: "SwitchIpPort",
  description:
    "An IP interface on a port of a switch (S25–S31): created on the switch (S28), updated by S25 (named by the body's id). One " +
    "per port. Its switch cannot change: a new switchId replaces it.",
  inputSchema: () => switchIpPortInputSchema,
  identity: { idParam: "ipPortId", parents: { switchId: "serialNumber" }, updateIdIn: "body" },
  ops: { create: "S28", read: "S29", update: "S25", delete: "S30", bulkDelete: "S26" },
  destroy: "delete",
  readFromList: { op: "S27" },
  // One IP port per port of the switch.
  ...listedByName("S27", { scope: { switchId: "serialNumber" }, within: "Switch", name: { port: "port" } }),
});

export const switchVePortSpec = resourceSpec({
  kind: "SwitchVePort",
  description:
    "A virtual-Ethernet (VLAN) IP interface of a switch (S61–S67): created on the switch (S63), updated by S61 (named by the body's " +
    "id). One per VLAN, which must be a VLAN of a profile applied to the switch's venue. A new switchId replaces it.",
  inputSchema: () => switchVePortInputSchema,
  identity: { idParam: "vePortId", parents: { switchId: "serialNumber" }, updateIdIn: "body" },
  ops: { create: "S63", read: "S64", update: "S61", delete: "S65", bulkDelete: "S66" },
  destroy: "delete",
  readFromList: { op: "S62" },
  // One VE port per VLAN of the switch.
  ...listedByName("S62", { scope: { switchId: "serialNumber" }, within: "Switch", name: { vlanId: "vlanId" } }),
});
