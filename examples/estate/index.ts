// An MSP-scale estate: `msp:sites` sites, each a venue with an AP group and a site network
// (RADIUS-authenticated) activated on that AP group: four resources per site. The benchmark
// and the chaos suite deploy it; it is also the pattern for a generated estate.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

const config = new pulumi.Config("msp");
const siteCount = config.getNumber("sites") ?? 10;
const prefix = config.get("prefix") ?? "site";
const radiusSecret = config.requireSecret("radiusSecret");

for (let i = 0; i < siteCount; i++) {
  const site = `${prefix}-${String(i).padStart(4, "0")}`;
  const venue = new nms.Venue(site, { name: site, address: { city: "Lisbon", country: "Portugal" } });
  const aps = new nms.ApGroup(`${site}-aps`, { name: "Access points", venueId: venue.id });
  const wifi = new nms.Network(`${site}-wifi`, {
    name: `${site}-wifi`,
    type: "aaa",
    wlan: { ssid: `${site}-wifi`, vlanId: 10 + (i % 100), wlanSecurity: "WPA2Enterprise" },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: radiusSecret } },
  });
  new nms.NetworkVenueActivation(`${site}-wifi-on`, {
    networkId: wifi.id,
    venueId: venue.id,
    isAllAPGroups: false,
    apGroups: [{ apGroupId: aps.id }],
  });
}

export const sites = siteCount;
