// Switch profile (the switch API documentation, "Switch profile", "ACL and ACL rule", "Trusted
// port"; S43–S47). Its update (S44) names the profile by the `id` in the body: the path has no slot
// for it.
import { z } from "zod";
import { answerOf } from "../meta";
import { shellSafeName } from "../validators";
import { switchAclBodySchema } from "./switchAcl";
import { switchVlanInputSchema, switchVlanReadSchema } from "./switchVlan";

export * from "./switchVlan";
export * from "./switchAcl";

/** The API documentation gives `all` as an example of trustedPortType, not its value set. */
export const trustedPortSchema = z.object({
  id: z.string().optional().describe("ID of the trusted-port entry."),
  model: z.string().optional().describe("Switch model it applies to."),
  trustPorts: z.array(z.string()).optional().describe("The trusted ports."),
  trustedPortType: z.string().optional().describe("Kind of trust, e.g. all."),
  vlanDemand: z.boolean().optional().describe("Whether trust follows VLAN demand."),
});

/** S48's answer: a trusted port with the ID the service gave it. */
export const trustedPortReadSchema = trustedPortSchema.extend({
  id: z.string().min(1, "is required").describe("ID of the trusted-port entry."),
});

/** Profile names: 2 to 64 characters, no backtick, no "$(", no leading or trailing blank. */
export const switchProfileName = shellSafeName(2, 64);

/** Body of S43. VLANs, ACLs and trusted ports have operations of their own as well. */
export const switchProfileInputSchema = z.object({
  name: switchProfileName.describe(
    '2 to 64 characters, no backtick or "$(", no leading or trailing blank; unique in the tenant.',
  ),
  description: z.string().optional().describe("Free text."),
  venues: z
    .array(z.string().min(1, "must not be empty"))
    .describe("IDs of the venues the profile applies to (default none).")
    .default([]),
  acls: z.array(switchAclBodySchema).describe("ACLs of the profile (default none).").default([]),
  trustedPorts: z.array(trustedPortSchema).describe("Trusted ports of the profile (default none).").default([]),
  vlans: z
    .array(switchVlanInputSchema.extend({ id: z.string().optional().describe("The VLAN's ID, when it exists.") }))
    .describe("VLANs of the profile (default none).")
    .default([]),
});

export type SwitchProfileInput = z.output<typeof switchProfileInputSchema>;

const profileId = z.string().min(1, "is required").describe("The profile's ID (the profileId of its paths).");

/** Body of S44: S43's body and the `id` of the profile it updates. */
export const switchProfileUpdateSchema = switchProfileInputSchema.extend({ id: profileId });

/** S45's answer (and S43/S44 responses, S47 items): the lists present, each VLAN with its ID. */
export const switchProfileReadSchema = answerOf(switchProfileInputSchema).extend({
  id: profileId,
  vlans: z.array(switchVlanReadSchema).describe("VLANs of the profile."),
});

export type SwitchProfile = z.infer<typeof switchProfileReadSchema>;
