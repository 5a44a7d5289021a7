// AP group (W23-W30): names unique per venue, venueId fixed at creation, the venue's default
// group may not be deleted, nor a group that an activation names.
import { ApGroupInput, apGroupInputSchema } from "../../../contract";
import { ApiError, relatedNotFound } from "../../errors";
import type { KindSpec } from "../kind";

/**
 * The service's default AP group has an empty name. No created group can clash with it: input
 * names need at least two characters.
 */
export const DEFAULT_AP_GROUP_NAME = "";

export const apGroupSpec: KindSpec<"apGroups", ApGroupInput> = {
  kind: "apGroups",
  noun: "AP group",
  idParam: "apGroupId",
  schema: apGroupInputSchema,
  unique: {
    key: (g) => `${g.venueId}\u0000${g.name}`,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "an AP group with this name already exists in the venue",
  },

  build(_ctx, input, id, previous) {
    return { record: { ...input, id, isDefault: previous?.isDefault ?? false, aps: previous?.aps ?? [] } };
  },

  check(t, group, previous) {
    if (previous && group.venueId !== previous.venueId) {
      throw new ApiError("NMS-VALIDATION", { message: "venueId is immutable", object: "venueId", value: group.venueId });
    }
    if (!t.venues.has(group.venueId)) throw relatedNotFound("venue", "venueId", group.venueId);
  },

  guardDelete(t, group) {
    if (group.isDefault) throw new ApiError("NMS-DEFAULT-AP-GROUP", { object: "apGroupId", value: group.id });
    if (t.activations.some((a) => a.apGroups.some((g) => g.apGroupId === group.id))) {
      throw new ApiError("NMS-IN-USE", { message: "AP group is named by a network activation", object: "apGroupId", value: group.id });
    }
  },

  view: (_t, group) => group,
};
