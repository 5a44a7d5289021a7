// Quickstart: a venue, an AP group in it, a RADIUS-authenticated network, and the network
// activated on the venue's lobby AP group. Every value can be changed from stack config.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

const config = new pulumi.Config("quickstart");

const venue = new nms.Venue("hq", {
  name: config.get("venueName") ?? "Headquarters",
  description: config.get("venueDescription") ?? "Main office",
  address: { city: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
});

const lobby = new nms.ApGroup("lobby", {
  name: config.get("apGroupName") ?? "Lobby",
  description: "Access points of the lobby",
  venueId: venue.id,
});

const network = new nms.Network("corp", {
  name: config.get("networkName") ?? "Corp",
  type: "aaa",
  wlan: {
    ssid: "corp",
    vlanId: config.getNumber("networkVlanId") ?? 10,
    wlanSecurity: "WPA2Enterprise",
  },
  authRadius: {
    primary: { ip: "192.0.2.10", port: 1812, sharedSecret: config.requireSecret("radiusSecret") },
  },
});

const activation = new nms.NetworkVenueActivation("corp-at-hq", {
  networkId: network.id,
  venueId: venue.id,
  isAllAPGroups: false,
  apGroups: [{ apGroupId: lobby.id, radio: (config.get("activationRadio") as nms.RadioBand | undefined) ?? "Both" }],
});

export const venueId = venue.id;
export const apGroupId = lobby.id;
export const networkId = network.id;
export const activationId = activation.id;
