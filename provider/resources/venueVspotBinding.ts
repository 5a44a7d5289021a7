import { venueVspotBindingSchema } from "../../contract/schemas/vspot";
import { isNotFound } from "../client/errors";
import { type Props, resourceSpec } from "../spec";

export const venueVspotBindingSpec = resourceSpec({
  kind: "VenueVspotBinding",
  description:
    "The vSPoT server that serves a venue (bindVenueVspot bind, getVenueVspot read, unbindVenueVspot unbind: operations of the real service its API documentation does not " +
    "list). A venue has one at most: binding another server moves the venue to it, and the server's `venues` list the venue while " +
    "it is bound, so manage a venue's server either here or in the VspotServer's `venues`, not both. The service cannot change a " +
    "binding: a change of `venueId` or `vspotId` replaces it.",
  inputSchema: () => venueVspotBindingSchema,
  // The venue names the binding; both IDs fill every path that has them (bindVenueVspot's has both).
  identity: {
    idField: "venueId",
    idParam: "venueId",
    idFromInput: "venueId",
    parents: { venueId: "venueId", vspotId: "vspotId" },
  },
  ops: { create: "bindVenueVspot", read: "getVenueVspot", delete: "unbindVenueVspot" },
  replaceOnChanges: ["venueId", "vspotId"],
  // A venue holds one binding.
  uniqueName: ["venueId"],
  takenName: {
    notChecked:
      "a venue holds one binding, and bindVenueVspot binds it whatever it was bound to: nothing up would refuse",
  },
  destroy: "delete",
  // The venue's binding to this server, if it has one (bindVenueVspot is a PUT: a lost answer is recovered by reading it).
  async findByName(client, inputs) {
    try {
      const binding = await client.call<Props>("getVenueVspot", { venueId: inputs.venueId });
      return binding.vspotId === inputs.vspotId ? binding : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  },
});
