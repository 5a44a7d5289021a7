// An MSP-scale estate: `msp:sites` sites, each a venue with an AP group and a site network
// (RADIUS-authenticated) activated on that AP group: four resources per site. With `msp:tenants`
// (a JSON list of end customers' tenant IDs) the sites are spread over those tenants in turn, each
// site's resources in its tenant (`tenantId`); without, every site is in the configured tenant.
// `msp:venueDescription` sets every venue's description (a change of it updates every venue in
// place). The benchmark and the chaos and crash suites deploy it; it is also the pattern for a
// generated estate.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

const config = new pulumi.Config("msp");
const siteCount = config.getNumber("sites") ?? 10;
const prefix = config.get("prefix") ?? "site";
const tenants = config.getObject<string[]>("tenants") ?? [];
const venueDescription = config.get("venueDescription");
const radiusSecret = config.requireSecret("radiusSecret");

for (let i = 0; i < siteCount; i++) {
  const site = `${prefix}-${String(i).padStart(4, "0")}`;
  const tenantId = tenants.length > 0 ? tenants[i % tenants.length] : undefined;
  const venue = new nms.Venue(site, {
    name: site,
    description: venueDescription,
    address: { city: "Lisbon", country: "Portugal" },
    tenantId,
  });
  const aps = new nms.ApGroup(`${site}-aps`, { name: "Access points", venueId: venue.id, tenantId });
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
    apGroups: [{ apGroupId: aps.id }],
    tenantId,
  });
}

export const sites = siteCount;
