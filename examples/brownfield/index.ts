// Brownfield: a branch office that someone set up by hand on the dashboard (a venue, its lobby AP
// group, a staff network and the network's activation on the venue) is taken over by this
// program and managed from then on. Dynamic resources cannot be imported (`pulumi import`), so
// each resource says how to find the object it adopts: by its unique name in its scope
// (`adoptByName`), or by the ID an operator looked up (`adoptId`). The first `up` reads each
// object and updates it to match the program; later `up`s change it like any other resource.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

const config = new pulumi.Config("brownfield");
const venueName = config.get("venueName") ?? "Branch office";
const networkName = config.get("networkName") ?? "Branch staff";
/** The lobby AP group's ID, as the dashboard shows it; without it the group is found by its name in the venue. */
const lobbyApGroupId = config.get("lobbyApGroupId");

/** How an AP group is adopted: by the ID given in config, or by its name in its venue. */
function adoptionOf(id: string | undefined): nms.AdoptionArgs {
  return id ? { adoptId: id } : { adoptByName: true };
}

const venue = new nms.Venue("branch", {
  name: venueName,
  description: config.get("venueDescription") ?? "Branch office, managed by Pulumi",
  address: { city: config.get("city") ?? "Braga", country: "Portugal", timezone: "Europe/Lisbon" },
  adoptByName: true,
});

const lobby = new nms.ApGroup("lobby", {
  name: "Lobby",
  description: "Lobby access points",
  venueId: venue.id,
  ...adoptionOf(lobbyApGroupId),
});

const staff = new nms.Network("staff", {
  name: networkName,
  type: "psk",
  passphrase: config.requireSecret("staffPassphrase"),
  wlan: { ssid: "branch-staff", vlanId: config.getNumber("staffVlan") ?? 20, wlanSecurity: "WPA2Personal" },
  adoptByName: true,
});

// An activation is found by its (network, venue) pair.
const staffOn = new nms.NetworkVenueActivation("staff-at-branch", {
  networkId: staff.id,
  venueId: venue.id,
  isAllAPGroups: false,
  apGroups: [{ apGroupId: lobby.id, radio: "Both" }],
  adoptByName: true,
});

export const venueId = venue.id;
export const lobbyId = lobby.id;
export const staffNetworkId = staff.id;
/** The staff passphrase as the program now sets it (a secret output). */
export const staffPassphrase = staff.passphrase;
export const activationId = staffOn.id;
