import { venueRadioInputSchema } from "../../contract/schemas/venueRadio";
import { type Props, resourceSpec } from "../spec";

export const venueRadioSpec = resourceSpec({
  kind: "VenueRadio",
  description:
    "The radio settings of a venue: allowed channels, channel width, selection method and power per band. They exist " +
    "as long as the venue does; creating the resource takes them over and writes the program's values.",
  inputSchema: () => venueRadioInputSchema,
  identity: { idParam: "venueId", idFromInput: "venueId" },
  ops: { read: "getVenueRadio", update: "updateVenueRadio", reset: "resetVenueRadio" },
  // listVenueWifiSettings lists every venue's Wi-Fi settings, each with its radio under radioCustomization: one list refreshes them all.
  readFromList: {
    op: "listVenueWifiSettings",
    items: (listed) => listed.map((venue) => ({ ...(venue.radioCustomization as Props | undefined), id: venue.id })),
  },
  destroy: "reset",
  // The service stores the PUT body whole, its schema filling in what the body leaves out: no read back after it.
  updateStoresBody: true,
  deletedWithParent: { input: "venueId", kind: "Venue" },
  destroyNote:
    "Destroy resets the venue's radio settings to the service's defaults (resetVenueRadio, the values getVenueRadioDefaults shows); the venue keeps them.",
});
