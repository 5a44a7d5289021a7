import { NETWORK_VENUE_DEFAULTS, networkVenueInputSchema } from "../../contract/schemas/networkVenue";
import { isNotFound } from "../client";
import type { Props, ResourceSpec } from "../spec";

export const networkVenueActivationSpec: ResourceSpec = {
  kind: "NetworkVenueActivation",
  bodySchema: networkVenueInputSchema,
  inputFields: ["networkId", "venueId", "isAllAPGroups", "allAPGroupsRadio", "allAPGroupsVlanId", "apGroups", "scheduler", "vlanPoolId"],
  outputFields: [],
  defaults: NETWORK_VENUE_DEFAULTS,
  // An activation is the pair (network, venue): another pair is another activation.
  replaceOnChanges: ["networkId", "venueId"],
  ops: { create: "W59", read: "W61", update: "W62", delete: "W63" },
  idParam: "networkVenueId",
  // The deep network list carries every network's activations: one call for the tenant.
  readFromList: { op: "W49", query: { deep: true }, items: (networks) => networks.flatMap((n) => (n.venues as Props[]) ?? []) },
  // The pair is the activation's unique name: W65 looks it up directly.
  async findByName(client, inputs) {
    try {
      return await client.call<Props>("W65", { networkId: String(inputs.networkId), venueId: String(inputs.venueId) });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  },
};
