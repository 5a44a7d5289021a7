// MSP: the standard set-up of one end customer, run with the MSP's own credentials through
// delegated access. One program, one stack per end customer: each stack's `nms:tenantId` names
// the customer and `nms:username`/`nms:password` are the MSP administrator's, so the client sends
// the customer's ID in every path and in the x-rks-tenantid header. Every customer gets its sites
// (a venue, an AP group and the staff network activated on it) and the MSP's NOC as a
// notification recipient.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

const config = new pulumi.Config("msp");
const customer = config.require("customerName");
const sites = config.getObject<string[]>("sites") ?? ["Main"];
const nocEmail = config.get("nocEmail") ?? "noc@msp.example";
const radiusSecret = config.requireSecret("radiusSecret");

/** Object names carry the customer's short name, so the MSP's staff tell customers apart on the dashboard. */
function siteName(site: string): string {
  return `${customer} ${site}`.slice(0, 32);
}

const staff = new nms.Network("staff", {
  name: siteName("staff"),
  type: "aaa",
  wlan: { ssid: `${customer.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-staff`, vlanId: config.getNumber("staffVlan") ?? 10, wlanSecurity: "WPA2Enterprise" },
  authRadius: { primary: { ip: config.get("radiusServer") ?? "192.0.2.10", port: 1812, sharedSecret: radiusSecret } },
});

export const venueIds = sites.map((site) => {
  const key = site.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const venue = new nms.Venue(key, { name: siteName(site), description: `Managed by the MSP for ${customer}` });
  const aps = new nms.ApGroup(`${key}-aps`, { name: "Access points", venueId: venue.id });
  new nms.NetworkVenueActivation(`${key}-staff`, { networkId: staff.id, venueId: venue.id, isAllAPGroups: false, apGroups: [{ apGroupId: aps.id }] });
  return venue.id;
});

new nms.NotificationRecipient("noc", { description: `MSP NOC for ${customer}`, endpoints: [{ type: "EMAIL", destination: nocEmail }] });

export const staffNetworkId = staff.id;
/** What the customer's RADIUS server needs to accept the APs (a secret output: it holds the shared secret). */
export const staffRadius = staff.authRadius;
/** The end customer's tenant as the service names it: read through the same delegated access. */
export const tenantName = nms.getTenantOutput().apply((tenant) => tenant.name);
