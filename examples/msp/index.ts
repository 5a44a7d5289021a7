// MSP: the standard set-up of every end customer, from one program and one stack, with the MSP's
// own credentials through the service's delegated access. `nms:username`/`nms:password` are an
// MSP administrator's and `nms:tenantId` the MSP's own tenant; `msp:customers` lists the end
// customers, and every resource of a customer names the customer's tenant in its `tenantId`, so
// the client sends the customer's ID in every path and in the x-rks-tenantid header. Every customer
// gets its sites (a venue, an AP group and the staff network activated on it) and the MSP's NOC as
// a notification recipient; the outputs are a fleet report (each customer's tenant as the service
// names it, read with getTenant in the customer's tenant).
//
// A customer listed without `tenantId` is in the configured tenant: one stack per customer, with
// `nms:tenantId` the customer's, is the same program with one customer each (README.md here).
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

/** One end customer of the MSP, as `msp:customers` lists it. */
export interface Customer {
  /** The customer's short name, used in object names (unique in the list). */
  name: string;
  /** The customer's tenant ID; left out, the configured tenant (nms:tenantId). */
  tenantId?: string;
  /** Site names, one venue each; default ["Main"]. */
  sites?: string[];
  /** The staff network's VLAN; default 10. */
  staffVlan?: number;
  /** The RADIUS server's address; default 192.0.2.10. */
  radiusServer?: string;
}

const config = new pulumi.Config("msp");
const customers = config.requireObject<Customer[]>("customers");
const nocEmail = config.get("nocEmail") ?? "noc@msp.example";
const radiusSecret = config.requireSecret("radiusSecret");

/** A name for Pulumi resource names and SSIDs: lowercase letters, digits and dashes. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const keys = customers.map((customer) => slug(customer.name));
const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
if (repeated.length > 0)
  throw new Error(
    `msp:customers: two customers have the name ${repeated[0]}; each needs its own (resource names are made from it)`,
  );

/** What the program made for one customer. */
function customerSetUp(customer: Customer) {
  const key = slug(customer.name);
  // Object names carry the customer's short name, so the MSP's staff tell customers apart on the dashboard.
  const named = (site: string) => `${customer.name} ${site}`.slice(0, 32);
  // Every resource of the customer, and the read of its tenant, in the customer's tenant.
  const tenantId = customer.tenantId;

  const staff = new nms.Network(`${key}-staff`, {
    name: named("staff"),
    type: "aaa",
    wlan: { ssid: `${key}-staff`, vlanId: customer.staffVlan ?? 10, wlanSecurity: "WPA2Enterprise" },
    authRadius: { primary: { ip: customer.radiusServer ?? "192.0.2.10", port: 1812, sharedSecret: radiusSecret } },
    tenantId,
  });
  const venueIds = (customer.sites ?? ["Main"]).map((site) => {
    const siteKey = `${key}-${slug(site)}`;
    const venue = new nms.Venue(siteKey, {
      name: named(site),
      description: `Managed by the MSP for ${customer.name}`,
      tenantId,
    });
    const aps = new nms.ApGroup(`${siteKey}-aps`, { name: "Access points", venueId: venue.id, tenantId });
    new nms.NetworkVenueActivation(`${siteKey}-staff`, {
      networkId: staff.id,
      venueId: venue.id,
      isAllAPGroups: false,
      apGroups: [{ apGroupId: aps.id }],
      tenantId,
    });
    return venue.id;
  });
  new nms.NotificationRecipient(`${key}-noc`, {
    description: `MSP NOC for ${customer.name}`,
    endpoints: [{ type: "EMAIL", destination: nocEmail }],
    tenantId,
  });

  return {
    key,
    report: {
      /** The tenant the customer's objects are in (the configured one for a customer listed without tenantId). */
      tenantId: staff.tenantId,
      /** The customer's tenant as the service names it: read through the same delegated access. */
      tenantName: nms.getTenantOutput({ tenantId }).apply((tenant) => tenant.name),
      venueIds,
      staffNetworkId: staff.id,
    },
    /** What the customer's RADIUS server needs to accept the APs (a secret output: it holds the shared secret). */
    staffRadius: staff.authRadius,
  };
}

const setUps = customers.map(customerSetUp);

/** The fleet report: per customer (by its short name), its tenant, the tenant's name, its venues and staff network. */
export const fleet = Object.fromEntries(setUps.map((setUp) => [setUp.key, setUp.report]));
/** Per customer, its staff network's RADIUS settings (secret). */
export const staffRadius = pulumi.secret(Object.fromEntries(setUps.map((setUp) => [setUp.key, setUp.staffRadius])));
