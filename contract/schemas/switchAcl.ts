// An ACL of a switch profile (the switch API documentation, "ACL and ACL rule"; S3–S8). A standard
// ACL matches on the source only: a rule of one that names a destination or ports is refused with
// the field.
import { z } from "zod";
import { answerOf } from "../meta";

export const ACL_TYPES = ["standard", "extended"] as const;

/** The API documentation gives `permit` and `ip` as examples of action and protocol, not their value sets. */
export const aclRuleSchema = z.object({
  id: z.string().optional().describe("ID of the rule."),
  sequence: z.number().int("must be an integer").optional().describe("Order of the rule in the ACL."),
  action: z.string().optional().describe("What a match does, e.g. permit."),
  protocol: z.string().optional().describe("Protocol the rule matches, e.g. ip."),
  source: z.string().optional().describe("Source the rule matches."),
  destination: z.string().optional().describe("Destination the rule matches."),
  sourcePort: z.number().int("must be an integer").optional().describe("Source port."),
  destinationPort: z.number().int("must be an integer").optional().describe("Destination port."),
});

export const aclSchema = z.object({
  id: z.string().optional().describe("ID of the ACL."),
  name: z.string().optional().describe("Name of the ACL."),
  aclType: z.enum(ACL_TYPES).optional().describe("standard or extended."),
  aclRules: z.array(aclRuleSchema).describe("The ACL's rules (default none).").default([]),
});

/** Rule fields a standard ACL cannot hold. */
export const EXTENDED_ONLY_RULE_FIELDS = ["destination", "sourcePort", "destinationPort"] as const;

function standardHoldsSourceOnly(acl: z.infer<typeof aclSchema>, ctx: z.RefinementCtx): void {
  if (acl.aclType !== "standard") return;
  acl.aclRules.forEach((rule, i) => {
    for (const field of EXTENDED_ONLY_RULE_FIELDS) {
      if (rule[field] !== undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: "a standard ACL matches on the source only: use an extended ACL",
          path: ["aclRules", i, field],
        });
      }
    }
  });
}

/** Body of S3 (S4 with the ACL's `id`), and an entry of a profile's `acls`. */
export const switchAclBodySchema = aclSchema.superRefine(standardHoldsSourceOnly);

/** The SwitchAcl resource's fields: the body without the ID the service gives. */
export const switchAclInputSchema = aclSchema.omit({ id: true }).superRefine(standardHoldsSourceOnly);

export type SwitchAclInput = z.output<typeof switchAclInputSchema>;

/** S5's answer (S7 items, S2 items, S3/S4 responses). */
export const switchAclReadSchema = answerOf(aclSchema.omit({ id: true })).extend({
  id: z.string().describe("ID of the ACL."),
});
