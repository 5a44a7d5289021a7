import { networkVenueInputSchemaFor } from "../../contract/schemas/networkVenue";
import { type Props, resourceSpec } from "../spec";
import { readByName } from "./find";

export const networkVenueActivationSpec = resourceSpec({
  kind: "NetworkVenueActivation",
  description: "The activation of a network on a venue, on all or some of its AP groups.",
  inputSchema: networkVenueInputSchemaFor,
  // An activation is the pair (network, venue): another pair is another activation.
  replaceOnChanges: ["networkId", "venueId"],
  identity: { idParam: "networkVenueId" },
  ops: {
    create: "activateNetwork",
    read: "getNetworkActivation",
    update: "updateNetworkActivation",
    delete: "deactivateNetwork",
    bulkDelete: "deactivateNetworks",
  },
  destroy: "delete",
  // The deep network list carries every network's activations: one call for the tenant.
  readFromList: {
    op: "listNetworks",
    query: { deep: true },
    items: (networks) => networks.flatMap((n) => (n.venues as Props[]) ?? []),
  },
  // The pair is the activation's unique name: getNetworkActivationByVenue looks it up directly.
  ...readByName(
    "getNetworkActivationByVenue",
    { networkId: "networkId", venueId: "venueId" },
    {
      fields: ["venueId", "networkId"],
      scope: "the tenant (one activation per network and venue)",
      list: "listNetworks",
      query: { deep: true },
      items: (networks) =>
        networks.flatMap((n) =>
          Array.isArray(n.venues) ? (n.venues as Props[]).map((a) => ({ networkId: n.id, ...a })) : [],
        ),
      holds: (a, i) => a.networkId === i.networkId && a.venueId === i.venueId,
    },
  ),
});
