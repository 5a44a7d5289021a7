// The bench's stack program: a generated MSP estate of `bench:sites` sites with the kinds an MSP's stack is made of
// (composition.ts says what a site and a block hold). Built to dist/scripts/bench/program.js; the bench runs it
// through the engine harness. examples/estate stays the smaller estate of the chaos suite.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";
import { APS_PER_SITE, PORTS_PER_SWITCH, SITES_PER_BLOCK, VLANS_PER_BLOCK, apSerial, compositionOf, switchSerial } from "./composition";

const config = new pulumi.Config("bench");
const { sites, blocks } = compositionOf(config.requireNumber("sites"));
const radiusSecret = config.requireSecret("radiusSecret");
const name = (site: number) => `site-${String(site).padStart(4, "0")}`;

const venues: nms.Venue[] = [];
for (let i = 0; i < sites; i++) {
  const site = name(i);
  const venue = new nms.Venue(site, { name: site, address: { city: "Lisbon", country: "Portugal" } });
  venues.push(venue);
  new nms.VenueRadio(`${site}-radio`, { venueId: venue.id, radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" } });
  new nms.VenueSyslog(`${site}-syslog`, { venueId: venue.id, enabled: true, server: "192.0.2.50", priority: "WARNING" });
  const group = new nms.ApGroup(`${site}-aps`, { name: "Access points", venueId: venue.id });
  for (let a = 0; a < APS_PER_SITE; a++) {
    new nms.Ap(`${site}-ap-${a}`, { serialNumber: apSerial(i, a), name: `${site}-ap-${a}`, venueId: venue.id, apGroupId: group.id });
  }
  const wifi = new nms.Network(`${site}-wifi`, {
    name: `${site}-wifi`,
    type: "aaa",
    wlan: { ssid: `${site}-wifi`, vlanId: 10 + (i % 100), wlanSecurity: "WPA2Enterprise" },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: radiusSecret } },
  });
  new nms.NetworkVenueActivation(`${site}-wifi-on`, { networkId: wifi.id, venueId: venue.id, isAllAPGroups: false, apGroups: [{ apGroupId: group.id }] });
}

for (let b = 0; b < blocks; b++) {
  const block = `block-${String(b).padStart(3, "0")}`;
  // The block's switch stands in its first venue; the profile applies there, so that the ports may name its VLANs.
  const venue = venues[b * SITES_PER_BLOCK];
  const profile = new nms.SwitchProfile(`${block}-profile`, { name: `${block} access`, venues: [venue.id] });
  const vlans = Array.from({ length: VLANS_PER_BLOCK }, (_, v) =>
    new nms.SwitchVlan(`${block}-vlan-${100 + v}`, { profileId: profile.id, vlanId: 100 + v, vlanName: `vlan-${100 + v}` }),
  );
  const serialNumber = switchSerial(b);
  // The switch depends on the VLANs its ports name, so that destroy deletes it (and its ports with it) before them.
  const sw = new nms.Switch(`${block}-switch`, { serialNumber, venueId: venue.id, name: `${block} access` }, { dependsOn: vlans });
  for (let p = 1; p <= PORTS_PER_SWITCH; p++) {
    new nms.SwitchPortSettings(
      `${block}-port-${p}`,
      { switchId: sw.serialNumber, port: `1/1/${p}`, name: `desk ${p}`, untaggedVlan: String(100 + (p % VLANS_PER_BLOCK)), poeBudget: 15 },
      // A port names its VLANs by number: they must be in the venue's profile before the port is written. The
      // service deletes a switch's ports with it: destroy sends no reset of its own (README, "Destroying settings with
      // their object").
      { dependsOn: vlans, deletedWith: sw },
    );
  }
}

export const resources = compositionOf(sites).resources;
