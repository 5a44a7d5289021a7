// AP group: names unique per venue, venueId fixed at creation, the venue's default
// group may not be deleted, nor a group that an activation names.
import { type ApGroup, type ApGroupInput, apGroupInputSchema, apGroupReadSchema } from "../../../contract";
import { ApiError, notFound, relatedNotFound } from "../../model/errors";
import { ok } from "../../operations/handlers";
import type { KindDef } from "../../model/kind";
import { apView, type ApRecord } from "./aps";

export type ApGroupRecord = ApGroup;

/**
 * The name every venue's default AP group answers with. The service's rule for AP group names
 * is 2 to 64 characters, so an empty name would break clients that check answers; this one
 * satisfies the rule, and no created or renamed group may take it (NMS-RESERVED-NAME).
 */
const DEFAULT_AP_GROUP_NAME = "Default AP Group";

export function defaultApGroup(id: string, venueId: string): ApGroupRecord {
  return { id, name: DEFAULT_AP_GROUP_NAME, venueId, isDefault: true, aps: [] };
}

export const apGroups: KindDef<ApGroupRecord, ApGroupInput> = {
  name: "apGroups",
  noun: "AP group",
  idParam: "apGroupId",
  schema: () => apGroupInputSchema,
  readSchema: () => apGroupReadSchema,
  schemasOf: { getVenueDefaultApGroup: { answer: () => apGroupReadSchema } },
  unique: {
    key: (g) => `${g.venueId}\u0000${g.name}`,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "an AP group with this name already exists in the venue",
  },
  ops: {
    lists: [
      { op: "listApGroups" },
      { op: "listVenueApGroups", where: { param: "venueId", field: "venueId", kind: "venues", noun: "venue" } },
    ],
    create: "createApGroup",
    bulkDelete: "deleteApGroups",
    get: "getApGroup",
    update: "updateApGroup",
    delete: "deleteApGroup",
  },

  build(_ctx, input, id, previous) {
    return { record: { ...input, id, isDefault: previous?.isDefault ?? false, aps: previous?.aps ?? [] } };
  },

  check(t, group, previous) {
    if (previous && group.venueId !== previous.venueId) {
      throw new ApiError("NMS-VALIDATION", {
        message: "venueId is immutable",
        object: "venueId",
        value: group.venueId,
      });
    }
    if (!group.isDefault && group.name === DEFAULT_AP_GROUP_NAME) {
      throw new ApiError("NMS-RESERVED-NAME", {
        message: `"${DEFAULT_AP_GROUP_NAME}" is the name of every venue's default AP group`,
        object: "name",
        value: group.name,
      });
    }
    if (!t.of("venues").has(group.venueId)) throw relatedNotFound("venue", "venueId", group.venueId);
    // A serial number not registered yet is kept as given (pre-provisioning); a registered AP must be of the venue.
    (group.apSerialNumbers ?? []).forEach(({ serialNumber }, i) => {
      const ap = t.of("aps").get(serialNumber);
      if (ap && ap.venueId !== group.venueId) {
        throw new ApiError("NMS-VALIDATION", {
          message: "the AP belongs to another venue",
          object: `apSerialNumbers[${i}].serialNumber`,
          value: serialNumber,
        });
      }
    });
  },

  // Naming an AP in apSerialNumbers moves it into the group.
  afterPut(t, group) {
    for (const { serialNumber } of group.apSerialNumbers ?? []) {
      const ap = t.of("aps").get(serialNumber);
      if (ap) t.of("aps").put({ ...ap, apGroupId: group.id });
    }
  },

  guardDelete(t, group) {
    if (group.isDefault) throw new ApiError("NMS-DEFAULT-AP-GROUP", { object: "apGroupId", value: group.id });
    if (t.of("activations").some((a) => a.apGroups.some((g: { apGroupId: string }) => g.apGroupId === group.id))) {
      throw new ApiError("NMS-IN-USE", {
        message: "AP group is named by a network activation",
        object: "apGroupId",
        value: group.id,
      });
    }
    if (t.of("aps").some((ap) => ap.apGroupId === group.id)) {
      throw new ApiError("NMS-IN-USE", { message: "AP group still has APs", object: "apGroupId", value: group.id });
    }
  },

  // The Wi-Fi API documentation: the group's APs in their read form. Scripts take an AP from here and send it back to updateAp (moved to another venue).
  view: (t, group) => ({
    ...group,
    aps: t
      .of<ApRecord>("aps")
      .filter((ap) => ap.apGroupId === group.id)
      .map((ap) => apView(t, ap)),
  }),

  extra: {
    getVenueDefaultApGroup: (c) => {
      if (!c.tenant.of("venues").has(c.params.venueId)) throw notFound("venue", "venueId", c.params.venueId);
      const group = c.tenant.of<ApGroupRecord>("apGroups").find((g) => g.venueId === c.params.venueId && g.isDefault);
      if (!group)
        throw new ApiError("NMS-NOT-FOUND", {
          message: "venue has no default AP group",
          object: "venueId",
          value: c.params.venueId,
        });
      return ok(apGroups.view(c.tenant, group));
    },
  },
};
