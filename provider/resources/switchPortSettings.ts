import { switchPortReadSchema, switchPortSettingsSchema } from "../../contract/schemas/switchPort";
import { resourceSpec } from "../spec";

export const switchPortSettingsSpec = resourceSpec({
  kind: "SwitchPortSettings",
  description:
    "The settings of one port of a switch. Ports exist with their switch: creating the resource takes the port over " +
    "and writes the program's settings (updateSwitchPort). VLANs are named by VLAN ID and ACLs by name, from the profiles applied to the " +
    "switch's venue. A new switchId or port replaces it.",
  inputSchema: () => switchPortSettingsSchema,
  outputSchema: switchPortReadSchema.pick({ lag: true }),
  identity: {
    idField: "port",
    idParam: "port",
    idFromInput: "port",
    parents: { switchId: "serialNumber" },
    updateIdIn: "body",
  },
  ops: { read: "getSwitchPort", update: "updateSwitchPort" },
  destroy: "writeDefaults",
  // The service stores the PUT body whole, its schema filling in what the body leaves out: no read back after it.
  updateStoresBody: true,
  destroyNote:
    "A port cannot be deleted: destroy writes the documented defaults back with updateSwitchPort (LLDP, PoE and the port enabled; the other " +
    "flags off) and clears its name, VLANs, ACLs, PoE budget, class and priority and speed. That releases the VLANs and ACLs it " +
    "names, which the service will not delete while named, so the SDK does not set `deletedWith` to its switch; a program that " +
    'deletes the switch before those VLANs can (README, "Destroying settings with their object").',
  readFromList: { op: "listSwitchPorts" },
  overrides: {
    // A port's ID (1/1/8) fills three path parameters of getSwitchPort, split at "/".
    idParams(id) {
      const [unitNum = "", slotNum = "", portNum = ""] = id.split("/");
      return { unitNum, slotNum, portNum };
    },
  },
});
