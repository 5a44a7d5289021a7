// The venue's valid channels (getVenueValidChannels, an operation of the real service its API documentation does not list): one row
// of the function table in index.ts.
import { venueArgsSchema } from "../../contract/schemas/deviceFunctions";
import { venueValidChannelsReadSchema } from "../../contract/schemas/venueRadio";
import type { FunctionSpec } from "./spec";

export const VENUE_CHANNEL_FUNCTIONS: FunctionSpec[] = [
  {
    name: "getVenueValidChannels",
    description:
      "The channels a venue's regulatory domain allows, per band and channel width (2.4 GHz; 5 GHz indoor, outdoor and DFS): the " +
      "channels a VenueRadio's allowed lists may name.",
    op: "getVenueValidChannels",
    args: () => venueArgsSchema,
    result: venueValidChannelsReadSchema,
    returns: "one",
    runsInPreview: true,
  },
];
