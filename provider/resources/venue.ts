import { z } from "zod";
import { venueInputSchema } from "../../contract/schemas/venue";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const venueSpec = resourceSpec({
  kind: "Venue",
  description: "A venue: a physical site that holds AP groups, APs, switches and Wi-Fi settings.",
  inputSchema: () => venueInputSchema,
  outputSchema: z.object({
    floorPlans: z.array(z.unknown()).describe("Floor plans of the venue (read only)."),
    createdDate: z.string().describe("When the venue was created (ISO 8601 UTC)."),
    updatedDate: z.string().describe("When the venue was last changed (ISO 8601 UTC)."),
  }),
  identity: { idParam: "venueId" },
  ops: {
    create: "createVenue",
    read: "getVenue",
    update: "updateVenue",
    delete: "deleteVenue",
    bulkDelete: "deleteVenues",
  },
  destroy: "delete",
  readFromList: { op: "listVenues" },
  ...listedByName("listVenues", { name: { name: "name" } }),
});
