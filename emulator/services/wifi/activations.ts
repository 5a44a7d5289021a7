// Network-venue activation: one per network and venue; its AP groups must belong to
// its venue; network and venue are fixed at creation.
import {
  type ActivationApGroup,
  type NetworkVenue,
  type NetworkVenueInput,
  networkVenueInputSchemaFor,
  networkVenueReadSchemaFor,
  type RADIO_BANDS,
} from "../../../contract";
import { ApiError, notFound, relatedNotFound } from "../../model/errors";
import { ok } from "../../operations/handlers";
import type { KindDef } from "../../model/kind";
import type { TenantState } from "../../model/tenant";

/** One AP group of an activation; name and default flag are read from the AP group. */
export interface ActivationApGroupRecord {
  id: string;
  apGroupId?: string;
  radio: (typeof RADIO_BANDS)[number];
  vlanId?: number;
  vlanPoolId?: string;
  vlanPoolName?: string;
}

export interface ActivationRecord extends Omit<NetworkVenue, "apGroups"> {
  apGroups: ActivationApGroupRecord[];
}

export const activations: KindDef<ActivationRecord, NetworkVenueInput> = {
  name: "activations",
  noun: "network activation",
  idParam: "networkVenueId",
  schema: networkVenueInputSchemaFor,
  readSchema: networkVenueReadSchemaFor,
  schemasOf: { getNetworkActivationByVenue: { answer: networkVenueReadSchemaFor } },
  unique: {
    key: (a) => `${a.networkId}\u0000${a.venueId}`,
    code: "NMS-DUPLICATE-ACTIVATION",
    object: "venueId",
    message: "network is already activated on this venue",
  },
  ops: {
    lists: [
      {
        op: "listNetworkActivations",
        where: { param: "networkId", field: "networkId", kind: "networks", noun: "network" },
      },
      {
        op: "listVenueNetworkActivations",
        where: { param: "venueId", field: "venueId", kind: "venues", noun: "venue" },
      },
    ],
    create: "activateNetwork",
    bulkDelete: "deactivateNetworks",
    get: "getNetworkActivation",
    update: "updateNetworkActivation",
    delete: "deactivateNetwork",
  },

  build(ctx, input, id, previous) {
    const groups = (input.apGroups ?? []).map((g): ActivationApGroupRecord => {
      // An AP group named again keeps the ID of its entry, so that updates do not churn IDs.
      const kept = g.apGroupId === undefined ? undefined : previous?.apGroups.find((p) => p.apGroupId === g.apGroupId);
      return { ...g, id: kept?.id ?? ctx.newId(), radio: g.radio ?? "Both" };
    });
    return { record: { ...input, id, apGroups: groups } as ActivationRecord };
  },

  check(t, activation, previous) {
    for (const field of ["networkId", "venueId"] as const) {
      if (previous && activation[field] !== previous[field]) {
        throw new ApiError("NMS-VALIDATION", {
          message: `${field} is immutable`,
          object: field,
          value: activation[field],
        });
      }
    }
    if (!t.of("networks").has(activation.networkId))
      throw relatedNotFound("network", "networkId", activation.networkId);
    if (!t.of("venues").has(activation.venueId)) throw relatedNotFound("venue", "venueId", activation.venueId);
    const seen = new Set<string>();
    activation.apGroups.forEach((entry, i) => {
      const object = `apGroups[${i}].apGroupId`;
      if (entry.apGroupId === undefined) return; // not required by the Wi-Fi API documentation: nothing to check
      const group = t.of("apGroups").get(entry.apGroupId);
      if (!group) throw relatedNotFound("AP group", object, entry.apGroupId);
      if (group.venueId !== activation.venueId) {
        throw new ApiError("NMS-VALIDATION", {
          message: "AP group does not belong to the activation's venue",
          object,
          value: entry.apGroupId,
        });
      }
      if (seen.has(entry.apGroupId))
        throw new ApiError("NMS-VALIDATION", { message: "AP group is named twice", object, value: entry.apGroupId });
      seen.add(entry.apGroupId);
    });
  },

  view: (t, activation) => activationView(t, activation),

  extra: {
    getNetworkActivationByVenue: (c) => {
      const { networkId, venueId } = c.params;
      if (!c.tenant.of("networks").has(networkId)) throw notFound("network", "networkId", networkId);
      if (!c.tenant.of("venues").has(venueId)) throw notFound("venue", "venueId", venueId);
      const activation = c.tenant
        .of<ActivationRecord>("activations")
        .find((a) => a.networkId === networkId && a.venueId === venueId);
      if (!activation)
        throw new ApiError("NMS-NOT-FOUND", {
          message: "network is not activated on this venue",
          object: "venueId",
          value: venueId,
        });
      return ok(activationView(c.tenant, activation));
    },
  },
};

/** The read form: each AP group entry shows the group's current name and default flag. */
export function activationView(t: TenantState, activation: ActivationRecord): unknown {
  return {
    ...activation,
    apGroups: activation.apGroups.map((entry): ActivationApGroup & { vlanPoolId?: string } => {
      const group = entry.apGroupId === undefined ? undefined : t.of("apGroups").get(entry.apGroupId);
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
