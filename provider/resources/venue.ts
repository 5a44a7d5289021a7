import { venueInputSchema } from "../../contract/schemas/venue";
import type { ResourceSpec } from "../spec";
import { findInList } from "./find";

export const venueSpec: ResourceSpec = {
  kind: "Venue",
  bodySchema: venueInputSchema,
  inputFields: ["name", "description", "address"],
  outputFields: ["floorPlans", "createdDate", "updatedDate"],
  ops: { create: "A7", read: "A9", update: "A10", delete: "A11" },
  idParam: "venueId",
  readFromList: { op: "A6" },
  findByName: (client, inputs) => findInList(client, "A6", {}, (venue) => venue.name === inputs.name),
};
