// Network-venue activation (W59-W66): one per network and venue; its AP groups must belong to
// its venue; network and venue are fixed at creation.
import { ActivationApGroup, NETWORK_VENUE_DEFAULTS, NetworkVenueInput, networkVenueInputSchema } from "../../../contract";
import { ApiError, relatedNotFound } from "../../errors";
import type { KindSpec } from "../kind";
import type { ActivationApGroupRecord, ActivationRecord } from "../records";
import type { TenantState } from "../tenant";

export const activationSpec: KindSpec<"activations", NetworkVenueInput> = {
  kind: "activations",
  noun: "network activation",
  idParam: "networkVenueId",
  schema: networkVenueInputSchema,
  unique: {
    key: (a) => `${a.networkId}\u0000${a.venueId}`,
    code: "NMS-DUPLICATE-ACTIVATION",
    object: "venueId",
    message: "network is already activated on this venue",
  },

  build(ctx, input, id, previous) {
    const groups = (input.apGroups ?? []).map((g): ActivationApGroupRecord => {
      // An AP group named again keeps the ID of its entry, so that updates do not churn IDs.
      const kept = previous?.apGroups.find((p) => p.apGroupId === g.apGroupId);
      return { ...g, id: kept?.id ?? ctx.newId(), radio: g.radio ?? "Both" };
    });
    const record: ActivationRecord = {
      ...input,
      id,
      isAllAPGroups: input.isAllAPGroups ?? NETWORK_VENUE_DEFAULTS.isAllAPGroups,
      allAPGroupsRadio: input.allAPGroupsRadio ?? NETWORK_VENUE_DEFAULTS.allAPGroupsRadio,
      apGroups: groups,
    };
    return { record };
  },

  check(t, activation, previous) {
    for (const field of ["networkId", "venueId"] as const) {
      if (previous && activation[field] !== previous[field]) {
        throw new ApiError("NMS-VALIDATION", { message: `${field} is immutable`, object: field, value: activation[field] });
      }
    }
    if (!t.networks.has(activation.networkId)) throw relatedNotFound("network", "networkId", activation.networkId);
    if (!t.venues.has(activation.venueId)) throw relatedNotFound("venue", "venueId", activation.venueId);
    const seen = new Set<string>();
    activation.apGroups.forEach((entry, i) => {
      const object = `apGroups[${i}].apGroupId`;
      const group = t.apGroups.get(entry.apGroupId);
      if (!group) throw relatedNotFound("AP group", object, entry.apGroupId);
      if (group.venueId !== activation.venueId) {
        throw new ApiError("NMS-VALIDATION", { message: "AP group does not belong to the activation's venue", object, value: entry.apGroupId });
      }
      if (seen.has(entry.apGroupId)) {
        throw new ApiError("NMS-VALIDATION", { message: "AP group is named twice", object, value: entry.apGroupId });
      }
      seen.add(entry.apGroupId);
    });
  },

  view: (t, activation) => activationView(t, activation),
};

/** The read form: each AP group entry shows the group's current name and default flag. */
export function activationView(t: TenantState, activation: ActivationRecord): unknown {
  return {
    ...activation,
    apGroups: activation.apGroups.map((entry): ActivationApGroup & { vlanPoolId?: string } => {
      const group = t.apGroups.get(entry.apGroupId);
      return {
        ...entry,
        apGroupName: group?.name ?? "",
        isDefault: group?.isDefault ?? false,
        validationError: false,
        validationErrorReachedMaxConnectedCaptiveNetworksLimit: false,
        validationErrorReachedMaxConnectedNetworksLimit: false,
        validationErrorSsidAlreadyActiveted: false,
      };
    }),
  };
}
