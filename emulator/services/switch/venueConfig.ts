// What a venue's switches may use: the VLANs and ACLs of the switch profiles applied to the venue
// (a profile's `venues`), and who uses them. Ports, LAGs, IP and VE ports name VLANs by VLAN ID
// and ACLs by name; those names must be visible to the switch's venue, and a VLAN, ACL or profile
// still named may not be deleted (NMS-SWITCH-CONFIG-IN-USE).
import { ApiError, relatedNotFound } from "../../model/errors";
import type { AnyRecord } from "../../model/collection";
import type { TenantState } from "../../model/tenant";

/** Collections of the switch objects that name VLANs and ACLs. */
export const USER_KINDS = ["switchPorts", "switchLags", "switchIpPorts", "switchVePorts"] as const;

const NOUN: Record<(typeof USER_KINDS)[number], string> = {
  switchPorts: "port",
  switchLags: "LAG",
  switchIpPorts: "IP port",
  switchVePorts: "VE port",
};

function profilesOfVenue(t: TenantState, venueId: string): AnyRecord[] {
  return t.of("switchProfiles").filter((p) => Array.isArray(p.venues) && p.venues.includes(venueId));
}

export function vlansOfVenue(t: TenantState, venueId: string): AnyRecord[] {
  const profiles = new Set(profilesOfVenue(t, venueId).map((p) => p.id));
  return t.of("switchVlans").filter((v) => profiles.has(v.profileId));
}

export function aclsOfVenue(t: TenantState, venueId: string): AnyRecord[] {
  const profiles = new Set(profilesOfVenue(t, venueId).map((p) => p.id));
  return t.of("switchAcls").filter((a) => profiles.has(a.profileId));
}

/** The switch an object belongs to (its venue decides which VLANs and ACLs it may name). */
export function switchOf(t: TenantState, switchId: string): AnyRecord {
  const found = t.of("switches").get(switchId);
  if (!found) throw relatedNotFound("switch", "serialNumber", switchId);
  return found;
}

/** VLAN IDs an object names, with the body path of each. */
function vlanRefsOf(record: AnyRecord): { path: string; vlanId: number }[] {
  const refs: { path: string; vlanId: number }[] = [];
  if (record.untaggedVlan !== undefined) refs.push({ path: "untaggedVlan", vlanId: Number(record.untaggedVlan) });
  (record.taggedVlans ?? []).forEach((v: string, i: number) =>
    refs.push({ path: `taggedVlans[${i}]`, vlanId: Number(v) }),
  );
  if (typeof record.vlanId === "number") refs.push({ path: "vlanId", vlanId: record.vlanId });
  return refs;
}

function aclRefsOf(record: AnyRecord): { path: string; name: string }[] {
  return (["ingressAcl", "egressAcl"] as const)
    .filter((f) => typeof record[f] === "string" && record[f] !== "")
    .map((f) => ({ path: f, name: record[f] }));
}

/** Every VLAN and ACL the object names must belong to a profile applied to its switch's venue. */
export function checkVenueRefs(t: TenantState, record: AnyRecord): void {
  const venueId = switchOf(t, record.switchId).venueId as string;
  const vlans = new Set(vlansOfVenue(t, venueId).map((v) => v.vlanId));
  for (const ref of vlanRefsOf(record)) {
    if (!vlans.has(ref.vlanId))
      throw relatedNotFound("VLAN (of a profile applied to the switch's venue)", ref.path, String(ref.vlanId));
  }
  const acls = new Set(aclsOfVenue(t, venueId).map((a) => a.name));
  for (const ref of aclRefsOf(record)) {
    if (!acls.has(ref.name))
      throw relatedNotFound("ACL (of a profile applied to the switch's venue)", ref.path, ref.name);
  }
}

/** Refuses the delete when a port, LAG, IP or VE port of a venue the profile applies to still names the VLAN or ACL. */
export function guardUnused(
  t: TenantState,
  profileId: string,
  what: { vlanId?: number; aclName?: string },
  object: string,
): void {
  const profile = t.of("switchProfiles").get(profileId);
  const venues = new Set<string>(profile?.venues ?? []);
  const switches = new Set(
    t
      .of("switches")
      .filter((s) => venues.has(s.venueId))
      .map((s) => s.id),
  );
  for (const kind of USER_KINDS) {
    const user = t
      .of(kind)
      .find(
        (r) =>
          switches.has(r.switchId) &&
          ((what.vlanId !== undefined && vlanRefsOf(r).some((ref) => ref.vlanId === what.vlanId)) ||
            (what.aclName !== undefined && aclRefsOf(r).some((ref) => ref.name === what.aclName))),
      );
    if (user) {
      throw new ApiError("NMS-SWITCH-CONFIG-IN-USE", {
        message: `still used by ${NOUN[kind]} ${user.port ?? user.name ?? user.id} of switch ${user.switchId}`,
        object,
        value: what.vlanId ?? what.aclName,
      });
    }
  }
}
