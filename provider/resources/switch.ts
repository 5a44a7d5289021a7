import { z } from "zod";
import { objectOf } from "../../contract/meta";
import { switchId, switchInputSchema, switchStateSchema } from "../../contract/schemas/switch";
import { type Props, resourceSpec } from "../spec";
import { readByName, sameField } from "./find";

const idsOf = (members: unknown): string[] =>
  Array.isArray(members) ? members.map((m) => String((m as Props).id)) : [];

// The switch's `id` is its serial number; the SDK calls it serialNumber, since every Pulumi resource has an id of its own.
export const switchSpec = resourceSpec({
  kind: "Switch",
  description:
    "A switch, added to a venue by its serial number. Its serial number is its ID in the service and fills every " +
    "{serialNumber} path; a new serial number replaces the switch. `position` is written with updateSwitchPosition and `stackMembers` with updateStackMembers " +
    "(members added and removed), both also right after the create. The soft-delete flags are read-only outputs.",
  inputSchema: () =>
    z
      .object({
        serialNumber: switchId.describe(
          "The switch's serial number: its ID in the service (the documented ID rule, e.g. FEK3224R0AB).",
        ),
      })
      .merge(objectOf(switchInputSchema).omit({ id: true })),
  bodySchema: () => switchInputSchema,
  outputSchema: switchStateSchema,
  identity: { idField: "id", idParam: "serialNumber", idFromInput: "serialNumber", updateIdIn: "body" },
  ops: {
    create: "createSwitch",
    read: "getSwitch",
    update: "updateSwitch",
    delete: "deleteSwitch",
    bulkDelete: "deleteSwitches",
  },
  destroy: "delete",
  triggers: {
    position: { op: "updateSwitchPosition", onCreate: true, body: (inputs) => inputs.position },
    stackMembers: {
      op: "updateStackMembers",
      onCreate: true,
      body: (inputs, previous) => {
        const wanted = idsOf(inputs.stackMembers);
        const held = idsOf(previous?.stackMembers);
        return { add: wanted.filter((id) => !held.includes(id)), remove: held.filter((id) => !wanted.includes(id)) };
      },
    },
  },
  toApi: ({ serialNumber, ...rest }) => ({ id: serialNumber, ...rest }),
  fromApi: ({ id, ...rest }) => ({ serialNumber: id, ...rest }),
  inputPathOf: (bodyPath) => (bodyPath === "id" ? "serialNumber" : bodyPath),
  readFromList: { op: "listSwitches" },
  // The serial number is the switch's unique name: getSwitch finds it directly.
  ...readByName(
    "getSwitch",
    { serialNumber: "serialNumber" },
    { fields: ["serialNumber"], scope: "the tenant", list: "listSwitches", holds: sameField("serialNumber", "id") },
  ),
});
