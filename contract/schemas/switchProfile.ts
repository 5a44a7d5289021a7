// Switch profile and its VLANs (document 3, "Switch profile", "VLAN (inside a profile)"; S43–S47,
// S50–S55). Updates (S44, S51) name the object by the `id` in their body: their paths have no slot.
import { z } from "zod";
import { answerOf } from "../meta";
import { intBetween, lengthBetween, safeName } from "../validators";

export const IGMP_SNOOPING_MODES = ["active", "passive", "none"] as const;
export const SPANNING_TREE_PROTOCOLS = ["rstp", "stp", "none"] as const;
/**
 * The seeds: "one of four switch-family identifiers (a fixed three-letter family prefix followed by
 * 7150, 7250, 7650 or 7850)". They do not spell the prefix; the switch family is ICX.
 */
export const ROOT_BRIDGE_FAMILIES = ["ICX7150", "ICX7250", "ICX7650", "ICX7850"] as const;

const slotSchema = z.object({
  enable: z.boolean().optional(),
  option: z.string().optional(),
  slotNumber: z.number().int().optional(),
});

export const switchFamilyModelSchema = z.object({
  id: z.string().optional(),
  model: z.string().optional().describe("Switch model, e.g. ICX7150-24P."),
  slots: z.array(slotSchema).optional(),
  taggedPorts: z.string().optional().describe("Tagged ports, e.g. 1/1/1,1/1/2."),
  untaggedPorts: z.string().optional().describe("Untagged ports."),
});

/** Body of S50 (and of S51 with its id). */
export const switchVlanInputSchema = z.object({
  vlanId: intBetween(2, 4094).describe("VLAN number, 2 to 4094; unique in the profile."),
  vlanName: lengthBetween(0, 32).optional().describe("0 to 32 characters."),
  arpInspection: z.boolean().default(false).describe("Dynamic ARP inspection (default false)."),
  arpInspectionTrustPort: z.string().optional().describe("Port trusted by ARP inspection."),
  igmpSnooping: z.enum(IGMP_SNOOPING_MODES).optional().describe("IGMP snooping: active, passive or none."),
  ipv4DhcpSnooping: z.boolean().default(false).describe("DHCPv4 snooping (default false)."),
  ipv4DhcpSnoopingTrustPort: z.string().optional().describe("Port trusted by DHCP snooping."),
  multicastVersion: intBetween(2, 3).optional().describe("IGMP version, 2 or 3."),
  rootBridgeFamilyId: z.enum(ROOT_BRIDGE_FAMILIES).optional().describe("Switch family that should be the root bridge."),
  spanningTreePriority: intBetween(0, 65535).optional().describe("Spanning-tree bridge priority, 0 to 65535."),
  spanningTreeProtocol: z.enum(SPANNING_TREE_PROTOCOLS).optional().describe("rstp, stp or none."),
  switchFamilyModels: z.array(switchFamilyModelSchema).default([]).describe("Per-model port membership (default none)."),
});

export type SwitchVlanInput = z.output<typeof switchVlanInputSchema>;
export const switchVlanUpdateSchema = switchVlanInputSchema.extend({ id: z.string().min(1, "is required") });
export const switchVlanReadSchema = answerOf(switchVlanInputSchema).extend({ id: z.string().min(1) });
export type SwitchVlan = SwitchVlanInput & { id: string };

/** Body of S43 (and of S44 with its id). VLANs, ACLs and trusted ports have operations of their own. */
export const switchProfileInputSchema = z.object({
  name: safeName(2, 64).describe("2 to 64 characters, no backtick or \"$(\", no leading or trailing blank; unique in the tenant."),
  description: z.string().optional().describe("Free text."),
  venues: z.array(z.string()).default([]).describe("IDs of the venues the profile applies to (default none)."),
  acls: z.array(z.record(z.unknown())).default([]).describe("ACLs of the profile."),
  trustedPorts: z.array(z.record(z.unknown())).default([]).describe("Trusted ports of the profile."),
  vlans: z.array(switchVlanInputSchema.extend({ id: z.string().optional() })).default([]).describe("VLANs of the profile."),
});

export type SwitchProfileInput = z.output<typeof switchProfileInputSchema>;
export const switchProfileUpdateSchema = switchProfileInputSchema.extend({ id: z.string().min(1, "is required") });
export const switchProfileReadSchema = answerOf(switchProfileInputSchema).extend({
  id: z.string().min(1),
  vlans: z.array(switchVlanReadSchema),
});
