// The bench's stack program: a generated MSP estate of `bench:sites` sites with the kinds an MSP's stack is made of
// (composition.ts says what a site and a block hold). Built to dist/scripts/bench/program.js; the bench runs it
// through the engine harness. examples/estate stays the smaller estate of the chaos suite.
//
// With `bench:tenants` (a JSON list of end customers' tenant IDs), every tenant gets the stack of `bench:sites` sites
// and every resource names its tenant in `tenantId`, as examples/msp does: one stack, the MSP's login, nothing in the
// MSP's own tenant. Names carry the customer's number; serial numbers run on across tenants, so each is used once.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";
import {
  APS_PER_SITE,
  PORTS_PER_SWITCH,
  SITES_PER_BLOCK,
  VLANS_PER_BLOCK,
  apSerial,
  compositionOf,
  mspCompositionOf,
  switchSerial,
} from "./composition";

const config = new pulumi.Config("bench");
const sitesPerTenant = config.requireNumber("sites");
/** The customers' tenants, or one entry `undefined`: the configured tenant. */
const tenants: (string | undefined)[] = config.getObject<string[]>("tenants") ?? [undefined];
const radiusSecret = config.requireSecret("radiusSecret");

/** One tenant's stack: its sites and blocks, named with `prefix`, serial numbers from `firstSite` and `firstBlock` on. */
function tenantStack(tenantId: string | undefined, prefix: string, firstSite: number, firstBlock: number): void {
  const { sites, blocks } = compositionOf(sitesPerTenant);
  const name = (site: number) => `${prefix}site-${String(site).padStart(4, "0")}`;
  const venues: nms.Venue[] = [];
  for (let i = 0; i < sites; i++) {
    const site = name(i);
    const venue = new nms.Venue(site, { name: site, address: { city: "Lisbon", country: "Portugal" }, tenantId });
    venues.push(venue);
    new nms.VenueRadio(`${site}-radio`, {
      venueId: venue.id,
      radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
      tenantId,
    });
    new nms.VenueSyslog(`${site}-syslog`, {
      venueId: venue.id,
      enabled: true,
      server: "192.0.2.50",
      priority: "WARNING",
      tenantId,
    });
    const group = new nms.ApGroup(`${site}-aps`, { name: "Access points", venueId: venue.id, tenantId });
    for (let a = 0; a < APS_PER_SITE; a++) {
      new nms.Ap(`${site}-ap-${a}`, {
        serialNumber: apSerial(firstSite + i, a),
        name: `${site}-ap-${a}`,
        venueId: venue.id,
        apGroupId: group.id,
        tenantId,
      });
    }
    const wifi = new nms.Network(`${site}-wifi`, {
      name: `${site}-wifi`,
      type: "aaa",
      wlan: { ssid: `${site}-wifi`, vlanId: 10 + (i % 100), wlanSecurity: "WPA2Enterprise" },
      authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: radiusSecret } },
      tenantId,
    });
    new nms.NetworkVenueActivation(`${site}-wifi-on`, {
      networkId: wifi.id,
      venueId: venue.id,
      isAllAPGroups: false,
      apGroups: [{ apGroupId: group.id }],
      tenantId,
    });
  }

  for (let b = 0; b < blocks; b++) {
    const block = `${prefix}block-${String(b).padStart(3, "0")}`;
    // The block's switch stands in its first venue; the profile applies there, so that the ports may name its VLANs.
    const venue = venues[b * SITES_PER_BLOCK];
    const profile = new nms.SwitchProfile(`${block}-profile`, {
      name: `${block} access`,
      venues: [venue.id],
      tenantId,
    });
    const vlans = Array.from(
      { length: VLANS_PER_BLOCK },
      (_, v) =>
        new nms.SwitchVlan(`${block}-vlan-${100 + v}`, {
          profileId: profile.id,
          vlanId: 100 + v,
          vlanName: `vlan-${100 + v}`,
          tenantId,
        }),
    );
    const serialNumber = switchSerial(firstBlock + b);
    // The switch depends on the VLANs its ports name, so that destroy deletes it (and its ports with it) before them.
    const sw = new nms.Switch(
      `${block}-switch`,
      { serialNumber, venueId: venue.id, name: `${block} access`, tenantId },
      { dependsOn: vlans },
    );
    for (let p = 1; p <= PORTS_PER_SWITCH; p++) {
      new nms.SwitchPortSettings(
        `${block}-port-${p}`,
        {
          switchId: sw.serialNumber,
          port: `1/1/${p}`,
          name: `desk ${p}`,
          untaggedVlan: String(100 + (p % VLANS_PER_BLOCK)),
          poeBudget: 15,
          tenantId,
        },
        // A port names its VLANs by number: they must be in the venue's profile before the port is written. The
        // service deletes a switch's ports with it: destroy sends no reset of its own (README, "Destroying settings with
        // their object").
        { dependsOn: vlans, deletedWith: sw },
      );
    }
  }
}

const perTenant = compositionOf(sitesPerTenant);
tenants.forEach((tenantId, t) => {
  const prefix = tenantId === undefined ? "" : `c${String(t).padStart(2, "0")}-`;
  tenantStack(tenantId, prefix, t * perTenant.sites, t * perTenant.blocks);
});

export const resources = (
  tenants[0] === undefined ? compositionOf(sitesPerTenant) : mspCompositionOf(tenants.length, sitesPerTenant)
).resources;
