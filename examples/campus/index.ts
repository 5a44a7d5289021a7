// Campus: one venue with Wi-Fi and switching. Two AP groups with an AP each; a staff network
// (RADIUS) on every group and an IoT network (WPA2 personal) on the offices only; the venue's
// radio and syslog settings; a switch profile applied to the venue with two VLANs and an ACL;
// two access switches, the settings of a desk port and an uplink LAG.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

const config = new pulumi.Config("campus");
const siteName = config.get("venueName") ?? "Campus";
const usersVlan = config.getNumber("usersVlan") ?? 210;
const voiceVlan = config.getNumber("voiceVlan") ?? 220;
const apSerials = config.getObject<string[]>("apSerials") ?? ["512345678901", "512345678902"];
const switchSerials = config.getObject<string[]>("switchSerials") ?? ["FEK3224R1A1", "FEK3224R1A2"];
const syslogServer = config.get("syslogServer") ?? "192.0.2.50";

const venue = new nms.Venue("campus", {
  name: siteName,
  description: "Campus with Wi-Fi and switching",
  address: { city: "Porto", country: "Portugal", timezone: "Europe/Lisbon" },
});

// --- Wi-Fi ---------------------------------------------------------------------------------
const lobby = new nms.ApGroup("lobby", { name: "Lobby", description: "Lobby and reception", venueId: venue.id });
const offices = new nms.ApGroup("offices", { name: "Offices", description: "Office floors", venueId: venue.id });

const groups = [lobby, offices];
export const apNames = apSerials.map((serialNumber, i) => {
  const group = groups[i % groups.length];
  const ap = new nms.Ap(`ap-${i + 1}`, {
    serialNumber,
    name: `${siteName} AP ${i + 1}`,
    venueId: venue.id,
    apGroupId: group.id,
  });
  return ap.name;
});

const staff = new nms.Network("staff", {
  name: `${siteName} staff`,
  type: "aaa",
  wlan: { ssid: "staff", vlanId: usersVlan, wlanSecurity: "WPA2Enterprise" },
  authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: config.requireSecret("radiusSecret") } },
});

const iot = new nms.Network("iot", {
  name: `${siteName} IoT`,
  type: "psk",
  passphrase: config.requireSecret("iotPassphrase"),
  wlan: { ssid: "iot", vlanId: usersVlan, wlanSecurity: "WPA2Personal" },
});

const staffOn = new nms.NetworkVenueActivation("staff-on-campus", {
  networkId: staff.id,
  venueId: venue.id,
  isAllAPGroups: false,
  apGroups: groups.map((group) => ({ apGroupId: group.id, radio: "Both" as const })),
});

const iotOn = new nms.NetworkVenueActivation("iot-on-campus", {
  networkId: iot.id,
  venueId: venue.id,
  isAllAPGroups: false,
  apGroups: [{ apGroupId: offices.id, radio: "2.4-GHz" }],
});

new nms.VenueRadio("campus-radio", {
  venueId: venue.id,
  radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
});

new nms.VenueSyslog("campus-syslog", { venueId: venue.id, enabled: true, server: syslogServer, priority: "WARNING" });

// --- Switching -----------------------------------------------------------------------------
const profile = new nms.SwitchProfile("campus-access", {
  name: `${siteName} access`,
  description: "Access switches",
  venues: [venue.id],
});
const users = new nms.SwitchVlan("users", {
  profileId: profile.id,
  vlanId: usersVlan,
  vlanName: "users",
  spanningTreeProtocol: "rstp",
});
const voice = new nms.SwitchVlan("voice", { profileId: profile.id, vlanId: voiceVlan, vlanName: "voice" });
const deskAclName = "desks-in";
const deskAcl = new nms.SwitchAcl("desks-in", {
  profileId: profile.id,
  name: deskAclName,
  aclType: "extended",
  aclRules: [
    { sequence: 10, action: "deny", protocol: "tcp", source: "any", destination: "any" },
    { sequence: 20, action: "permit", protocol: "ip", source: "any", destination: "any" },
  ],
});

// Ports name VLANs and ACLs of the profile, so the switches come after them (and go before them on destroy).
const switches = switchSerials.map(
  (serialNumber, i) =>
    new nms.Switch(
      `access-${i + 1}`,
      { serialNumber, venueId: venue.id, name: `${siteName} access ${i + 1}`, igmpSnooping: "passive" },
      { dependsOn: [users, voice, deskAcl] },
    ),
);

const deskPort = new nms.SwitchPortSettings("desk-port", {
  switchId: switches[0].id,
  port: "1/1/5",
  name: "desk 5",
  untaggedVlan: String(usersVlan),
  taggedVlans: [String(voiceVlan)],
  ingressAcl: deskAclName,
  poeBudget: 15,
  poeClass: "THREE",
  rstpAdminEdgePort: true,
});

const uplink = new nms.SwitchLag("uplink", {
  switchId: switches[0].id,
  name: "uplink",
  type: "dynamic",
  ports: ["1/2/1", "1/2/2"],
  taggedVlans: [String(usersVlan), String(voiceVlan)],
});

export const venueId = venue.id;
export const networkIds = { staff: staff.id, iot: iot.id };
/** For the team that enrols IoT devices: `pulumi stack output --show-secrets iotPassphrase` (a secret output). */
export const iotPassphrase = iot.passphrase;
export const activationIds = [staffOn.id, iotOn.id];
export const switchProfileId = profile.id;
export const switchIds = switches.map((s) => s.id);
export const deskPortId = deskPort.id;
export const uplinkLagId = uplink.id;
/** What a person reads on the dashboard: which VLANs the desk port carries. */
export const deskPortVlans = `untagged ${usersVlan}, tagged ${voiceVlan}, ACL ${deskAclName}`;
