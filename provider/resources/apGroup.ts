import { apGroupInputSchema } from "../../contract/schemas/apGroup";
import type { ResourceSpec } from "../spec";
import { findInList } from "./find";

export const apGroupSpec: ResourceSpec = {
  kind: "ApGroup",
  bodySchema: apGroupInputSchema,
  inputFields: ["name", "description", "venueId", "apSerialNumbers"],
  outputFields: ["isDefault", "aps"],
  // The seeds: venueId is immutable after creation.
  replaceOnChanges: ["venueId"],
  ops: { create: "W24", read: "W26", update: "W27", delete: "W28" },
  idParam: "apGroupId",
  readFromList: { op: "W23" },
  findByName: (client, inputs) =>
    findInList(client, "W29", { venueId: String(inputs.venueId) }, (group) => group.name === inputs.name && group.isDefault !== true),
};
