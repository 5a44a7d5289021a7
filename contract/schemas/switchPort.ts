// A switch's ports, LAGs, IP ports and virtual-Ethernet ports (the switch API documentation,
// "Port", "LAG", "IP port", "VePort"; S25–S42, S61–S67). Ports exist with their switch; the others
// are created.
import { z } from "zod";
import { answerOf } from "../meta";

/** Three numbers of one or two digits separated by slashes: unit/slot/port, e.g. 1/1/8. */
export const switchPortName = z
  .string()
  .regex(/^\d{1,2}\/\d{1,2}\/\d{1,2}$/, "must be three numbers of one or two digits separated by slashes (e.g. 1/1/8)");

export const POE_CLASSES = ["UNSET", "ZERO", "ONE", "TWO", "THREE", "FOUR"] as const;
export const PORT_SPEEDS = [
  "UNSET",
  "NONE",
  "AUTO",
  "TEN_M_FULL",
  "TEN_M_HALF",
  "ONE_HUNDRED_M_FULL",
  "ONE_HUNDRED_M_HALF",
  "ONE_G_FULL",
  "ONE_G_FULL_MASTER",
  "ONE_G_FULL_SLAVE",
  "TWO_POINT_FIVE_G_FULL",
  "TWO_POINT_FIVE_G_FULL_MASTER",
  "TWO_POINT_FIVE_G_FULL_SLAVE",
  "FIVE_G_FULL",
  "FIVE_G_FULL_MASTER",
  "FIVE_G_FULL_SLAVE",
  "TEN_G_FULL",
  "TEN_G_FULL_MASTER",
  "TEN_G_FULL_SLAVE",
  "TWENTY_FIVE_G_FULL",
  "FORTY_G_FULL",
  "ONE_HUNDRED_G_FULL",
] as const;
export const LAG_TYPES = ["static", "dynamic"] as const;

const vlanRef = z.string().regex(/^\d+$/, "must be a VLAN ID of the switch's profile (digits)");

/** Body of S40: one port's settings, named by `port`. */
export const switchPortSettingsSchema = z.object({
  port: switchPortName.describe("The port, unit/slot/port (e.g. 1/1/8)."),
  name: z.string().optional().describe("Name of the port."),
  tags: z.string().optional().describe("Tags of the port."),
  ingressAcl: z.string().optional().describe("Name of an ACL of the venue's profiles for incoming traffic."),
  egressAcl: z.string().optional().describe("Name of an ACL of the venue's profiles for outgoing traffic."),
  untaggedVlan: vlanRef.optional().describe("VLAN ID (of the venue's profiles) untagged on the port."),
  taggedVlans: z.array(vlanRef).optional().describe("VLAN IDs (of the venue's profiles) tagged on the port."),
  dhcpSnoopingTrust: z.boolean().describe("default false").default(false),
  ipsg: z.boolean().describe("IP source guard (default false).").default(false),
  lldpEnable: z.boolean().describe("default true").default(true),
  poeCapability: z.boolean().describe("default true").default(true),
  poeEnable: z.boolean().describe("default true").default(true),
  portEnable: z.boolean().describe("default true").default(true),
  portProtected: z.boolean().describe("default false").default(false),
  revert: z.boolean().describe("default false").default(false),
  rstpAdminEdgePort: z.boolean().describe("default false").default(false),
  stpBpduGuard: z.boolean().describe("default false").default(false),
  stpRootGuard: z.boolean().describe("default false").default(false),
  poeBudget: z
    .number()
    .min(0, "must be between 0 and 30")
    .max(30, "must be between 0 and 30")
    .optional()
    .describe("PoE budget in watts, 0 to 30."),
  poeClass: z.enum(POE_CLASSES).optional().describe("UNSET, ZERO, ONE, TWO, THREE or FOUR."),
  poePriority: z.number().int("must be an integer").optional().describe("PoE priority."),
  portSpeed: z.enum(PORT_SPEEDS).optional().describe("UNSET, NONE, AUTO, TEN_M_FULL … ONE_HUNDRED_G_FULL."),
});

export type SwitchPortSettingsInput = z.output<typeof switchPortSettingsSchema>;

/** S41's answer (S39 items, S42's array): the settings, the port's ID and the LAG it is in. */
export const switchPortReadSchema = answerOf(switchPortSettingsSchema).extend({
  id: z.string().describe("ID of the port (read-only)."),
  lag: z
    .object({ id: z.string().describe("ID of the LAG."), name: z.string().optional().describe("Name of the LAG.") })
    .optional()
    .describe("The LAG the port is a member of (read-only)."),
});

/** Body of S32, S35, S38. */
export const switchLagInputSchema = z.object({
  name: z
    .string()
    .min(1, "must be 1 to 64 characters")
    .max(64, "must be 1 to 64 characters")
    .refine((s) => !s.includes('"'), "must not contain a double quote")
    .describe("1 to 64 characters, no double quote."),
  type: z.enum(LAG_TYPES).describe("static or dynamic."),
  ports: z.array(switchPortName).describe("Member ports, unit/slot/port (default none).").default([]),
  taggedVlans: z.array(vlanRef).describe("VLAN IDs tagged on the LAG (default none).").default([]),
  untaggedVlan: vlanRef.optional().describe("VLAN ID untagged on the LAG."),
});

export type SwitchLagInput = z.output<typeof switchLagInputSchema>;
export const switchLagReadSchema = answerOf(switchLagInputSchema).extend({ id: z.string().describe("ID of the LAG.") });

const ipFields = {
  name: z.string().optional().describe("Name."),
  ipAddress: z.string().optional().describe("IP address."),
  ipSubnetMask: z.string().optional().describe("Subnet mask."),
  dhcpRelayAgent: z.string().optional().describe("DHCP relay agent address."),
  ingressAcl: z.string().optional().describe("Name of an ACL of the venue's profiles for incoming traffic."),
  egressAcl: z.string().optional().describe("Name of an ACL of the venue's profiles for outgoing traffic."),
  ospfArea: z.string().optional().describe("OSPF area."),
};

/** Body of S25, S28, S31. */
export const switchIpPortInputSchema = z.object({
  port: switchPortName.describe("The port, unit/slot/port; one IP port per port."),
  ...ipFields,
});
export type SwitchIpPortInput = z.output<typeof switchIpPortInputSchema>;
export const switchIpPortReadSchema = switchIpPortInputSchema.extend({ id: z.string().describe("ID of the IP port.") });

/** Body of S61, S63, S67: an IP port on a VLAN instead of a port. */
export const switchVePortInputSchema = z.object({
  vlanId: z
    .number()
    .int("must be an integer")
    .min(-2147483648, "must be an int32")
    .max(2147483647, "must be an int32")
    .describe("VLAN ID (of the venue's profiles); one VE port per VLAN."),
  ...ipFields,
});
export type SwitchVePortInput = z.output<typeof switchVePortInputSchema>;
export const switchVePortReadSchema = switchVePortInputSchema.extend({ id: z.string().describe("ID of the VE port.") });
