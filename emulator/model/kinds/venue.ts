// Venue (A6-A11): names unique per tenant; every venue owns a default AP group, created and
// deleted with it.
import { VenueInput, venueInputSchema } from "../../../contract";
import { ApiError } from "../../errors";
import type { KindSpec } from "../kind";
import type { ApGroupRecord } from "../records";
import { DEFAULT_AP_GROUP_NAME } from "./apGroup";

export const venueSpec: KindSpec<"venues", VenueInput> = {
  kind: "venues",
  noun: "venue",
  idParam: "venueId",
  schema: venueInputSchema,
  unique: {
    key: (v) => v.name,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "a venue with this name already exists",
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
    const defaultGroup: ApGroupRecord = { id: ctx.newId(), name: DEFAULT_AP_GROUP_NAME, venueId: id, isDefault: true, aps: [] };
    return { record, related: [{ kind: "apGroups", record: defaultGroup }] };
  },

  guardDelete(t, venue) {
    if (t.apGroups.some((g) => g.venueId === venue.id && !g.isDefault)) {
      throw new ApiError("NMS-IN-USE", { message: "venue still has AP groups", object: "venueId", value: venue.id });
    }
    if (t.activations.some((a) => a.venueId === venue.id)) {
      throw new ApiError("NMS-IN-USE", { message: "venue still has network activations", object: "venueId", value: venue.id });
    }
  },

  onDelete(t, venue) {
    for (const group of t.apGroups.filter((g) => g.venueId === venue.id)) t.apGroups.delete(group.id);
  },

  view: (_t, venue) => venue,
};
