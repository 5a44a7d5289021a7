// Switch profiles, their VLANs, ACLs and trusted ports (getTrustedPort, deleteTrustedPort).
// Updates name the object in the body's id (updateAcl, updateSwitchProfile, updateVlan). VLANs, ACLs and trusted ports are
// objects of their own: createSwitchProfile creates those its body lists; updateSwitchProfile leaves VLANs and ACLs alone (they
// change through their own operations) and creates the trusted ports its body lists without an
// `id` (the switch API documentation shows no other operation creating one). The profile's delete takes them along.
import { ApiError, relatedNotFound } from "../../model/errors";
import {
  switchAclReadSchema,
  switchProfileReadSchema,
  switchVlanReadSchema,
  trustedPortReadSchema,
  type SwitchAclInput,
  switchAclInputSchema,
  type SwitchProfileInput,
  switchProfileInputSchema,
  type SwitchVlanInput,
  switchVlanInputSchema,
} from "../../../contract";
import type { AnyRecord } from "../../model/collection";
import type { KindDef, RelatedPut, WriteContext } from "../../model/kind";
import type { TenantState } from "../../model/tenant";
import { guardUnused } from "./venueConfig";

export interface SwitchVlanRecord extends SwitchVlanInput {
  id: string;
  profileId: string;
}

export interface SwitchAclRecord extends SwitchAclInput {
  id: string;
  profileId: string;
}

export type TrustedPortRecord = SwitchProfileInput["trustedPorts"][number] & { id: string; profileId: string };

export interface SwitchProfileRecord extends Omit<SwitchProfileInput, "vlans" | "acls" | "trustedPorts"> {
  id: string;
}

type ChildKind = "switchVlans" | "switchAcls" | "switchTrustedPorts";

function childrenOf<R extends AnyRecord>(
  t: TenantState,
  kind: ChildKind,
  profileId: string,
  related?: readonly RelatedPut[],
): R[] {
  const pending = (related ?? []).filter((r) => r.kind === kind).map((r) => r.record as R);
  const pendingIds = new Set(pending.map((r) => r.id));
  return [...t.of<R>(kind).filter((c) => c.profileId === profileId && !pendingIds.has(c.id)), ...pending];
}

const withoutProfile = <R extends { profileId: string }>({ profileId: _profileId, ...child }: R) => child;

function newTrustedPorts(
  ctx: WriteContext,
  entries: SwitchProfileInput["trustedPorts"],
  profileId: string,
): RelatedPut[] {
  return entries
    .filter((entry) => entry.id === undefined || !ctx.t.of("switchTrustedPorts").has(entry.id))
    .map((entry) => ({ kind: "switchTrustedPorts", record: { ...entry, id: ctx.newId(), profileId } }));
}

export const switchProfiles: KindDef<SwitchProfileRecord, SwitchProfileInput> = {
  name: "switchProfiles",
  noun: "switch profile",
  idParam: "profileId",
  schema: () => switchProfileInputSchema,
  readSchema: () => switchProfileReadSchema,
  unique: {
    key: (p) => p.name,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "a switch profile with this name already exists",
  },
  ops: {
    lists: [{ op: "listSwitchProfiles" }],
    create: "createSwitchProfile",
    update: "updateSwitchProfile",
    get: "getSwitchProfile",
    delete: "deleteSwitchProfile",
  },

  build(ctx, input, id, previous) {
    const { vlans, acls, trustedPorts, ...rest } = input;
    const record: SwitchProfileRecord = { ...rest, id };
    if (previous) return { record, related: newTrustedPorts(ctx, trustedPorts, id) };
    const seenVlans = new Set<number>();
    const vlanPuts: RelatedPut[] = vlans.map((vlan, i) => {
      if (seenVlans.has(vlan.vlanId))
        throw new ApiError("NMS-DUPLICATE-NAME", {
          message: "VLAN ID appears twice in the profile",
          object: `vlans[${i}].vlanId`,
          value: vlan.vlanId,
        });
      seenVlans.add(vlan.vlanId);
      return { kind: "switchVlans", record: { ...vlan, id: ctx.newId(), profileId: id } };
    });
    const seenAcls = new Set<string>();
    const aclPuts: RelatedPut[] = acls.map(({ id: _given, ...acl }, i) => {
      if (acl.name !== undefined && seenAcls.has(acl.name))
        throw new ApiError("NMS-DUPLICATE-NAME", {
          message: "ACL name appears twice in the profile",
          object: `acls[${i}].name`,
          value: acl.name,
        });
      if (acl.name !== undefined) seenAcls.add(acl.name);
      return { kind: "switchAcls", record: { ...acl, id: ctx.newId(), profileId: id } };
    });
    return { record, related: [...vlanPuts, ...aclPuts, ...newTrustedPorts(ctx, trustedPorts, id)] };
  },

  check(t, profile) {
    profile.venues.forEach((venueId, i) => {
      if (!t.of("venues").has(venueId)) throw relatedNotFound("venue", `venues[${i}]`, venueId);
    });
  },

  guardDelete(t, profile) {
    const settings = t.of("venueSwitchSettings").find((v) => v.profileId === profile.id);
    if (settings)
      throw new ApiError("NMS-SWITCH-CONFIG-IN-USE", {
        message: `still the profile of venue ${settings.id}'s switch settings`,
        object: "profileId",
        value: profile.id,
      });
    for (const vlan of childrenOf<SwitchVlanRecord>(t, "switchVlans", profile.id))
      guardUnused(t, profile.id, { vlanId: vlan.vlanId }, "profileId");
    for (const acl of childrenOf<SwitchAclRecord>(t, "switchAcls", profile.id))
      if (acl.name) guardUnused(t, profile.id, { aclName: acl.name }, "profileId");
  },

  onDelete(t, profile) {
    for (const kind of ["switchVlans", "switchAcls", "switchTrustedPorts"] as const) {
      for (const child of childrenOf(t, kind, profile.id)) t.of(kind).delete(child.id);
    }
  },

  view: (t, profile, related) => ({
    ...profile,
    vlans: childrenOf<SwitchVlanRecord>(t, "switchVlans", profile.id, related).map(withoutProfile),
    acls: childrenOf<SwitchAclRecord>(t, "switchAcls", profile.id, related).map(withoutProfile),
    trustedPorts: childrenOf<TrustedPortRecord>(t, "switchTrustedPorts", profile.id, related).map(withoutProfile),
  }),
};

export const switchVlans: KindDef<SwitchVlanRecord, SwitchVlanInput> = {
  name: "switchVlans",
  noun: "VLAN",
  idParam: "vlanUuid",
  parents: { profileId: { field: "profileId", kind: "switchProfiles", noun: "switch profile" } },
  schema: () => switchVlanInputSchema,
  readSchema: () => switchVlanReadSchema,
  unique: {
    key: (v) => `${v.profileId}\u0000${v.vlanId}`,
    code: "NMS-DUPLICATE-NAME",
    object: "vlanId",
    message: "the profile already has a VLAN with this ID",
  },
  ops: {
    lists: [{ op: "listProfileVlans" }],
    create: "createVlan",
    update: "updateVlan",
    get: "getVlan",
    delete: "deleteVlan",
    bulkDelete: "deleteVlans",
  },
  build: (_ctx, input, id, previous) => ({ record: { ...input, id, profileId: previous?.profileId ?? "" } }),
  check(t, vlan, previous) {
    // A VLAN ID still named by a port, LAG or VE port may not change.
    if (previous && previous.vlanId !== vlan.vlanId)
      guardUnused(t, vlan.profileId, { vlanId: previous.vlanId }, "vlanId");
  },
  guardDelete: (t, vlan) => guardUnused(t, vlan.profileId, { vlanId: vlan.vlanId }, "vlanUuid"),
  view: (_t, vlan) => withoutProfile(vlan),
};

export const switchAcls: KindDef<SwitchAclRecord, SwitchAclInput> = {
  name: "switchAcls",
  noun: "ACL",
  idParam: "aclId",
  parents: { profileId: { field: "profileId", kind: "switchProfiles", noun: "switch profile" } },
  schema: () => switchAclInputSchema,
  readSchema: () => switchAclReadSchema,
  // Names are unique in the profile (ports name ACLs by name); an ACL without a name clashes with nothing.
  unique: {
    key: (a) => `${a.profileId}\u0000${a.name ?? `\u0001${a.id}`}`,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "the profile already has an ACL with this name",
  },
  ops: {
    lists: [{ op: "listProfileAcls" }],
    create: "createAcl",
    update: "updateAcl",
    get: "getAcl",
    delete: "deleteAcl",
    bulkDelete: "deleteAcls",
  },
  build: (_ctx, input, id, previous) => ({ record: { ...input, id, profileId: previous?.profileId ?? "" } }),
  check(t, acl, previous) {
    if (previous?.name && previous.name !== acl.name) guardUnused(t, acl.profileId, { aclName: previous.name }, "name");
  },
  guardDelete: (t, acl) => (acl.name ? guardUnused(t, acl.profileId, { aclName: acl.name }, "aclId") : undefined),
  view: (_t, acl) => withoutProfile(acl),
};

/** Trusted ports: created by createSwitchProfile/updateSwitchProfile bodies, read by getTrustedPort, deleted by deleteTrustedPort. */
export const switchTrustedPorts: KindDef<TrustedPortRecord, unknown> = {
  name: "switchTrustedPorts",
  noun: "trusted port",
  idParam: "trustedPortId",
  parents: { profileId: { field: "profileId", kind: "switchProfiles", noun: "switch profile" } },
  schema: () => switchProfileInputSchema.shape.trustedPorts,
  readSchema: () => trustedPortReadSchema,
  ops: { get: "getTrustedPort", delete: "deleteTrustedPort" },
  build: () => {
    throw new Error("trusted ports are created through their profile (createSwitchProfile, updateSwitchProfile)");
  },
  view: (_t, trusted) => withoutProfile(trusted),
};
