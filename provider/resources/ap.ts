import { apDetailReadSchema, apInputSchema } from "../../contract/schemas/ap";
import { resourceSpec } from "../spec";
import { readByName, sameField } from "./find";

export const apSpec = resourceSpec({
  kind: "Ap",
  description:
    "An access point, registered by its serial number in a venue and an AP group. APs created in the same run are " +
    "registered together in createAps calls of up to 50. Its position on a floor plan is written with updateApPosition. The read-only outputs show " +
    "the device as the service sees it, and (newer variant) its cellular settings.",
  inputSchema: () => apInputSchema,
  // The AP's radio, LAN ports and mDNS gateway are resources of their own (ApRadio, ApLanPorts, ApMdnsGateway).
  outputSchema: apDetailReadSchema.omit({ bonjourGateway: true, lanPorts: true, radio: true }),
  identity: { idField: "serialNumber", idParam: "serialNumber", idFromInput: "serialNumber" },
  ops: { create: "createAps", read: "getAp", update: "updateAp", delete: "deleteAp", bulkDelete: "deleteAps" },
  destroy: "delete",
  // The position has an operation of its own (updateApPosition), after the create too; the service keeps it through updateAp updates.
  triggers: { position: { op: "updateApPosition", body: (inputs) => inputs.position, onCreate: true } },
  readFromList: { op: "listAps", lacks: ["cellularSettings"] },
  // The serial number is the AP's unique name: getAp finds it directly.
  ...readByName(
    "getAp",
    { serialNumber: "serialNumber" },
    { fields: ["serialNumber"], scope: "the tenant", list: "listAps", holds: sameField("serialNumber") },
  ),
});
