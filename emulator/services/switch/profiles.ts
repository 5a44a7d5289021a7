// Switch profiles (S43–S47) and their VLANs (S50–S55). Updates name the object in the body's id
// (S44, S51). A profile's VLANs are objects of their own: S43 creates those its body lists, S44
// leaves them alone (they change through S50–S55), and the profile's delete takes them along.
import { ApiError, relatedNotFound } from "../../errors";
import {
  SwitchProfileInput,
  switchProfileInputSchema,
  SwitchVlanInput,
  switchVlanInputSchema,
} from "../../../contract";
import type { KindDef, RelatedPut } from "../../model/kind";
import type { TenantState } from "../../model/tenant";

export interface SwitchVlanRecord extends SwitchVlanInput {
  id: string;
  profileId: string;
}

export interface SwitchProfileRecord extends Omit<SwitchProfileInput, "vlans"> {
  id: string;
}

function vlansOf(t: TenantState, profileId: string, related?: readonly RelatedPut[]): SwitchVlanRecord[] {
  const pending = (related ?? []).filter((r) => r.kind === "switchVlans").map((r) => r.record as SwitchVlanRecord);
  return [...t.of<SwitchVlanRecord>("switchVlans").filter((v) => v.profileId === profileId), ...pending];
}

const vlanView = ({ profileId: _profileId, ...vlan }: SwitchVlanRecord) => vlan;

export const switchProfiles: KindDef<SwitchProfileRecord, SwitchProfileInput> = {
  name: "switchProfiles",
  noun: "switch profile",
  idParam: "profileId",
  schema: () => switchProfileInputSchema,
  unique: { key: (p) => p.name, code: "NMS-DUPLICATE-NAME", object: "name", message: "a switch profile with this name already exists" },
  ops: { lists: [{ op: "S47" }], create: "S43", update: "S44", get: "S45", delete: "S46" },

  build(ctx, input, id, previous) {
    const { vlans, ...rest } = input;
    const record: SwitchProfileRecord = { ...rest, id };
    if (previous) return { record };
    const seen = new Set<number>();
    const related: RelatedPut[] = vlans.map((vlan, i) => {
      if (seen.has(vlan.vlanId)) throw new ApiError("NMS-DUPLICATE-NAME", { message: "VLAN ID appears twice in the profile", object: `vlans[${i}].vlanId`, value: vlan.vlanId });
      seen.add(vlan.vlanId);
      return { kind: "switchVlans", record: { ...vlan, id: ctx.newId(), profileId: id } };
    });
    return { record, related };
  },

  check(t, profile) {
    profile.venues.forEach((venueId, i) => {
      if (!t.of("venues").has(venueId)) throw relatedNotFound("venue", `venues[${i}]`, venueId);
    });
  },

  onDelete(t, profile) {
    for (const vlan of vlansOf(t, profile.id)) t.of("switchVlans").delete(vlan.id);
  },

  view: (t, profile, related) => ({ ...profile, vlans: vlansOf(t, profile.id, related).map(vlanView) }),
};

export const switchVlans: KindDef<SwitchVlanRecord, SwitchVlanInput> = {
  name: "switchVlans",
  noun: "VLAN",
  idParam: "vlanUuid",
  parents: { profileId: { field: "profileId", kind: "switchProfiles", noun: "switch profile" } },
  schema: () => switchVlanInputSchema,
  unique: { key: (v) => `${v.profileId}\u0000${v.vlanId}`, code: "NMS-DUPLICATE-NAME", object: "vlanId", message: "the profile already has a VLAN with this ID" },
  ops: { lists: [{ op: "S54" }], create: "S50", update: "S51", get: "S52", delete: "S53", bulkDelete: "S55" },
  build: (_ctx, input, id, previous) => ({ record: { ...input, id, profileId: previous?.profileId ?? "" } }),
  view: (_t, vlan) => vlanView(vlan),
};
