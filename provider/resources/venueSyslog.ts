import { venueSyslogInputSchemaFor } from "../../contract/schemas/venueSyslog";
import { type Props, resourceSpec } from "../spec";

export const venueSyslogSpec = resourceSpec({
  kind: "VenueSyslog",
  description:
    "The syslog settings of a venue (getVenueSyslog, updateVenueSyslog): whether APs send syslog, to which servers, with which facility, priority and " +
    "protocol. They exist as long as the venue does; creating the resource takes them over and writes the program's values.",
  inputSchema: venueSyslogInputSchemaFor,
  identity: { idParam: "venueId", idFromInput: "venueId" },
  ops: { read: "getVenueSyslog", update: "updateVenueSyslog", reset: "resetVenueSyslog" },
  // listVenueWifiSettings lists every venue's Wi-Fi settings, each with its syslog settings: one list refreshes them all.
  readFromList: {
    op: "listVenueWifiSettings",
    items: (listed) => listed.map((venue) => ({ ...(venue.syslog as Props | undefined), id: venue.id })),
  },
  destroy: "reset",
  // The service stores the PUT body whole, its schema filling in what the body leaves out: no read back after it.
  updateStoresBody: true,
  deletedWithParent: { input: "venueId", kind: "Venue" },
  destroyNote:
    "Destroy resets the venue's syslog settings to the service's defaults with resetVenueSyslog (the reset the service's public clients call; " +
    "disabled, port 514, UDP, priority ERROR on the older variant and INFO on the newer, no servers); the venue keeps them.",
});
