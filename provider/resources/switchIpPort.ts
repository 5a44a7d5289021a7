import { switchIpPortInputSchema, switchVePortInputSchema } from "../../contract/schemas/switchPort";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const switchIpPortSpec = resourceSpec({
  kind: "SwitchIpPort",
  description:
    "An IP interface on a port of a switch: created on the switch (createIpPort), updated by updateIpPort (named by the body's id). One " +
    "per port. Its switch cannot change: a new switchId replaces it.",
  inputSchema: () => switchIpPortInputSchema,
  identity: { idParam: "ipPortId", parents: { switchId: "serialNumber" }, updateIdIn: "body" },
  ops: {
    create: "createIpPort",
    read: "getIpPort",
    update: "updateIpPort",
    delete: "deleteIpPort",
    bulkDelete: "deleteIpPorts",
  },
  destroy: "delete",
  readFromList: { op: "listSwitchIpPorts" },
  // One IP port per port of the switch.
  ...listedByName("listSwitchIpPorts", {
    scope: { switchId: "serialNumber" },
    within: "Switch",
    name: { port: "port" },
  }),
});

export const switchVePortSpec = resourceSpec({
  kind: "SwitchVePort",
  description:
    "A virtual-Ethernet (VLAN) IP interface of a switch: created on the switch (createVePort), updated by updateVePort (named by the body's " +
    "id). One per VLAN, which must be a VLAN of a profile applied to the switch's venue. A new switchId replaces it.",
  inputSchema: () => switchVePortInputSchema,
  identity: { idParam: "vePortId", parents: { switchId: "serialNumber" }, updateIdIn: "body" },
  ops: {
    create: "createVePort",
    read: "getVePort",
    update: "updateVePort",
    delete: "deleteVePort",
    bulkDelete: "deleteVePorts",
  },
  destroy: "delete",
  readFromList: { op: "listSwitchVePorts" },
  // One VE port per VLAN of the switch.
  ...listedByName("listSwitchVePorts", {
    scope: { switchId: "serialNumber" },
    within: "Switch",
    name: { vlanId: "vlanId" },
  }),
});
