// Venue: names unique per tenant; every venue owns a default AP group, created and
// deleted with it.
import { type Venue, venueInputSchema, type VenueInput, venueReadSchema } from "../../../contract";
import { ApiError } from "../../model/errors";
import type { KindDef } from "../../model/kind";
import { defaultApGroup } from "../wifi/apGroups";
import { type FloorPlanRecord, floorPlanView } from "./floorPlans";

export type VenueRecord = Venue;

export const venues: KindDef<VenueRecord, VenueInput> = {
  name: "venues",
  noun: "venue",
  idParam: "venueId",
  schema: () => venueInputSchema,
  readSchema: () => venueReadSchema,
  unique: {
    key: (v) => v.name,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "a venue with this name already exists",
  },
  ops: {
    lists: [{ op: "listVenues" }],
    create: "createVenue",
    bulkDelete: "deleteVenues",
    get: "getVenue",
    update: "updateVenue",
    delete: "deleteVenue",
  },

  build(ctx, input, id, previous) {
    const record = {
      ...input,
      id,
      floorPlans: previous?.floorPlans ?? [],
      createdDate: previous?.createdDate ?? ctx.now,
      updatedDate: ctx.now,
    };
    if (previous) return { record };
    return { record, related: [{ kind: "apGroups", record: defaultApGroup(ctx.newId(), id) }] };
  },

  guardDelete(t, venue) {
    for (const [kind, what] of [
      ["apGroups", "AP groups"],
      ["activations", "network activations"],
      ["aps", "APs"],
    ] as const) {
      if (t.of(kind).some((o) => o.venueId === venue.id && !o.isDefault)) {
        throw new ApiError("NMS-IN-USE", { message: `venue still has ${what}`, object: "venueId", value: venue.id });
      }
    }
  },

  onDelete(t, venue) {
    for (const group of t.of("apGroups").filter((g) => g.venueId === venue.id)) t.of("apGroups").delete(group.id);
    for (const plan of t.of("floorPlans").filter((p) => p.venueId === venue.id)) t.of("floorPlans").delete(plan.id);
  },

  // floorPlans is read only: the venue's floor plans as listFloorPlans lists them.
  view: (t, venue) => ({
    ...venue,
    floorPlans: t
      .of<FloorPlanRecord>("floorPlans")
      .filter((plan) => plan.venueId === venue.id)
      .map((plan) => floorPlanView(t.id, plan)),
  }),
};
