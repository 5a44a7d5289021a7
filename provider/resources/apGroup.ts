import { z } from "zod";
import { apGroupInputSchema } from "../../contract/schemas/apGroup";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const apGroupSpec = resourceSpec({
  kind: "ApGroup",
  description: "An AP group of a venue. The venue of a group cannot change: a new venueId replaces the group.",
  inputSchema: () => apGroupInputSchema,
  outputSchema: z.object({
    isDefault: z.boolean().describe("Whether this is the venue's default AP group (read only)."),
    aps: z.array(z.unknown()).describe("APs of the group (read only)."),
  }),
  // The service's API documentation: venueId is immutable after creation.
  replaceOnChanges: ["venueId"],
  identity: { idParam: "apGroupId" },
  ops: {
    create: "createApGroup",
    read: "getApGroup",
    update: "updateApGroup",
    delete: "deleteApGroup",
    bulkDelete: "deleteApGroups",
  },
  destroy: "delete",
  readFromList: { op: "listApGroups" },
  // The venue's default group is the service's own: never taken over.
  ...listedByName("listVenueApGroups", {
    scope: { venueId: "venueId" },
    name: { name: "name" },
    where: (group) => group.isDefault !== true,
    // listApGroups lists the tenant's groups with their venue: one call at preview instead of one listVenueApGroups per venue.
    preview: {
      fields: ["name", "venueId"],
      scope: "its venue",
      list: "listApGroups",
      holds: (g, i) => g.venueId === i.venueId && g.name === i.name,
    },
  }),
});
