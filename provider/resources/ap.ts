import { apDetailReadSchema, apInputSchema } from "../../contract/schemas/ap";
import { resourceSpec } from "../spec";
import { readByName, sameField } from "./find";

export const apSpec = resourceSpec({
  kind: "Ap",
  description:
    "An access point, registered by its serial number in a venue and an AP group (W1–W7). APs created in the same run are " +
    "registered together in W2 calls of up to 50. Its position on a floor plan is written with W17. The read-only outputs show " +
    "the device as the service sees it, and (newer variant) its cellular settings.",
  inputSchema: () => apInputSchema,
  // The AP's radio, LAN ports and mDNS gateway are resources of their own (ApRadio, ApLanPorts, ApMdnsGateway).
  outputSchema: apDetailReadSchema.omit({ bonjourGateway: true, lanPorts: true, radio: true }),
  identity: { idField: "serialNumber", idParam: "serialNumber", idFromInput: "serialNumber" },
  ops: { create: "W2", read: "W5", update: "W6", delete: "W7", bulkDelete: "W3" },
  destroy: "delete",
  // The position has an operation of its own (W17), after the create too; the service keeps it through W6 updates.
  triggers: { position: { op: "W17", body: (inputs) => inputs.position, onCreate: true } },
  readFromList: { op: "W1", lacks: ["cellularSettings"] },
  // The serial number is the AP's unique name: W5 finds it directly.
  ...readByName(
    "W5",
    { serialNumber: "serialNumber" },
    { fields: ["serialNumber"], scope: "the tenant", list: "W1", holds: sameField("serialNumber") },
  ),
});
