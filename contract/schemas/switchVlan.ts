// A VLAN inside a switch profile (the switch API documentation, "VLAN (inside a profile)";
// S50–S55). Its update (S51) names the VLAN by the `id` in the body: the path has a slot for the
// profile only.
import { z } from "zod";
import { answerOf } from "../meta";
import { intBetween, lengthBetween } from "../validators";

export const IGMP_SNOOPING_MODES = ["active", "passive", "none"] as const;
export const SPANNING_TREE_PROTOCOLS = ["rstp", "stp", "none"] as const;
/**
 * The API documentation: "one of four switch-family identifiers (a fixed three-letter family prefix followed by
 * 7150, 7250, 7650 or 7850)". They do not spell the prefix; the project takes ICX, the family
 * those four model numbers belong to.
 */
export const ROOT_BRIDGE_FAMILIES = ["ICX7150", "ICX7250", "ICX7650", "ICX7850"] as const;

const slotSchema = z.object({
  enable: z.boolean().optional().describe("Whether the slot is used."),
  option: z.string().optional().describe("Module in the slot."),
  slotNumber: z.number().int("must be an integer").optional().describe("Number of the slot."),
});

export const switchFamilyModelSchema = z.object({
  id: z.string().optional().describe("ID of the entry."),
  model: z.string().optional().describe("Switch model, e.g. ICX7150-24P."),
  slots: z.array(slotSchema).optional().describe("Slots of the model."),
  taggedPorts: z.string().optional().describe("Tagged ports, e.g. 1/1/1,1/1/2."),
  untaggedPorts: z.string().optional().describe("Untagged ports."),
});

/** Body of S50. */
export const switchVlanInputSchema = z.object({
  vlanId: intBetween(2, 4094).describe("VLAN number, 2 to 4094; unique in the profile."),
  vlanName: lengthBetween(0, 32).optional().describe("0 to 32 characters."),
  arpInspection: z.boolean().describe("Dynamic ARP inspection (default false).").default(false),
  arpInspectionTrustPort: z.string().optional().describe("Port trusted by ARP inspection."),
  igmpSnooping: z.enum(IGMP_SNOOPING_MODES).optional().describe("IGMP snooping: active, passive or none."),
  ipv4DhcpSnooping: z.boolean().describe("DHCPv4 snooping (default false).").default(false),
  ipv4DhcpSnoopingTrustPort: z.string().optional().describe("Port trusted by DHCP snooping."),
  multicastVersion: intBetween(2, 3).optional().describe("IGMP version, 2 or 3."),
  rootBridgeFamilyId: z
    .enum(ROOT_BRIDGE_FAMILIES)
    .optional()
    .describe("Switch family that should be the root bridge: ICX7150, ICX7250, ICX7650 or ICX7850."),
  spanningTreePriority: intBetween(0, 65535).optional().describe("Spanning-tree bridge priority, 0 to 65535."),
  spanningTreeProtocol: z.enum(SPANNING_TREE_PROTOCOLS).optional().describe("rstp, stp or none."),
  switchFamilyModels: z
    .array(switchFamilyModelSchema)
    .describe("Per-model port membership (default none).")
    .default([]),
});

export type SwitchVlanInput = z.output<typeof switchVlanInputSchema>;

const vlanUuid = z.string().min(1, "is required").describe("The VLAN's ID (the vlanUuid of its paths).");

/** Body of S51: S50's body and the `id` of the VLAN it updates. */
export const switchVlanUpdateSchema = switchVlanInputSchema.extend({ id: vlanUuid });

/** S52's answer (and S50/S51 responses, S54 items, a profile's `vlans`): the defaults filled in, with the ID. */
export const switchVlanReadSchema = answerOf(switchVlanInputSchema).extend({ id: vlanUuid });

export type SwitchVlan = SwitchVlanInput & { id: string };
