// The MSP estate the bench deploys, as numbers: how many sites a target size means, and what a stack of that many
// sites holds. The program (program.ts) builds exactly this; the bench uses it for the expected counts, the limit and
// the licences. Shared by both, so that they never disagree.
//
// A site is a venue with its radio and syslog settings, an AP group, APPS_PER_SITE APs, and a RADIUS network activated
// on the AP group. Every SITES_PER_BLOCK sites form a block, whose first venue holds a switch: the block has a switch
// profile applied to that venue with VLANS_PER_BLOCK VLANs, and the switch has PORTS_PER_SWITCH port settings that
// name those VLANs. Per-switch and per-profile lists (listSwitchPorts, listProfileVlans) are what refresh cannot share across the estate, so a
// block of several sites keeps them a small part of the whole.

export const APS_PER_SITE = 8;
/** Venue, VenueRadio, VenueSyslog, ApGroup, Network, NetworkVenueActivation, and the APs. */
export const RESOURCES_PER_SITE = 6 + APS_PER_SITE;
export const SITES_PER_BLOCK = 10;
export const VLANS_PER_BLOCK = 4;
/** Of the emulator's 24 access ports (1/1/1 … 1/1/24). */
export const PORTS_PER_SWITCH = 20;
/** SwitchProfile, its VLANs, the Switch and its port settings. */
export const RESOURCES_PER_BLOCK = 1 + VLANS_PER_BLOCK + 1 + PORTS_PER_SWITCH;
/**
 * The longest chain of async writes each of which needs the one before: venue (createVenue) → switch profile applied to it
 * (createSwitchProfile) → VLAN (createVlan) → switch (createSwitch, after the VLANs its ports name, so that destroy deletes it first) → port settings
 * naming the VLAN (updateSwitchPort). The Wi-Fi side is shorter: venue → AP group → AP (createAps) or activation (activateNetwork).
 */
export const CRITICAL_PATH_DEPTH = 5;

export interface Composition {
  /**
   * The end customers' tenants the estate is spread over (each holding the stack of `sitesPerTenant` sites), or 0: the
   * whole stack in the login's own tenant. The other counts are the whole stack's.
   */
  tenants: number;
  sitesPerTenant: number;
  sites: number;
  blocks: number;
  venues: number;
  aps: number;
  switches: number;
  profiles: number;
  vlans: number;
  ports: number;
  /** Every resource of the stack (no component resources). */
  resources: number;
}

export function compositionOf(sites: number): Composition {
  const blocks = Math.ceil(sites / SITES_PER_BLOCK);
  return {
    tenants: 0,
    sitesPerTenant: sites,
    sites,
    blocks,
    venues: sites,
    aps: sites * APS_PER_SITE,
    switches: blocks,
    profiles: blocks,
    vlans: blocks * VLANS_PER_BLOCK,
    ports: blocks * PORTS_PER_SWITCH,
    resources: sites * RESOURCES_PER_SITE + blocks * RESOURCES_PER_BLOCK,
  };
}

/** The MSP's defaults: 20 end customers of 2 sites and a switch block each, 54 resources a tenant, 1,080 in all. */
export const MSP_TENANTS = 20;
export const MSP_SITES_PER_TENANT = 2;

/**
 * An MSP's estate: `tenants` end customers' tenants, each holding the stack of `sitesPerTenant` sites (its own switch
 * blocks); nothing in the MSP's own tenant. One stack, one login (the MSP's administrator, by delegated access).
 */
export function mspCompositionOf(tenants: number, sitesPerTenant: number): Composition {
  const one = compositionOf(sitesPerTenant);
  return {
    tenants,
    sitesPerTenant,
    sites: tenants * one.sites,
    blocks: tenants * one.blocks,
    venues: tenants * one.venues,
    aps: tenants * one.aps,
    switches: tenants * one.switches,
    profiles: tenants * one.profiles,
    vlans: tenants * one.vlans,
    ports: tenants * one.ports,
    resources: tenants * one.resources,
  };
}

/** The number of sites whose stack comes nearest to `resources` resources (at least one site). */
export function sitesFor(resources: number): number {
  let best = 1;
  for (let sites = 1; compositionOf(sites).resources <= resources * 1.2; sites++) {
    if (Math.abs(compositionOf(sites).resources - resources) < Math.abs(compositionOf(best).resources - resources))
      best = sites;
  }
  return best;
}

/** Switch serial numbers under the API documentation's rule: FEK3224R and three of the 32 characters the rule allows there. */
const SERIAL_TAIL = "0123456789ABCDEFGHJKLMNPRSTVWXYZ";
export function switchSerial(block: number): string {
  if (block < 0 || block >= SERIAL_TAIL.length ** 3)
    throw new Error(`block ${block} is out of the serial-number range`);
  let tail = "";
  for (let n = block, i = 0; i < 3; i++, n = Math.floor(n / SERIAL_TAIL.length))
    tail = SERIAL_TAIL[n % SERIAL_TAIL.length] + tail;
  return `FEK3224R${tail}`;
}

/** AP serial numbers: 12 digits, the first 1 to 9. */
export function apSerial(site: number, index: number): string {
  return String(100_000_000_000 + site * 100 + index);
}
