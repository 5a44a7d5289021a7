import { z } from "zod";
import { varDelegationInputSchema } from "../../contract/schemas/account";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

const delegationOutputs = z.object({
  type: z.string().describe("VAR, SUPPORT, MSP or SUPPORT_EC."),
  status: z.string().describe("INVITED until the invited party answers (updateDelegation), then ACCEPTED or REJECTED."),
  isValid: z.boolean().describe("Whether the delegation is in force."),
  delegatedBy: z.string().describe("The tenant that made the delegation."),
  delegatedTo: z.string().describe("Who it is delegated to."),
  delegatedToName: z.string().describe("Name of who it is delegated to."),
  expiryDate: z.string().describe("When the delegation ends (ISO 8601 UTC)."),
  createdDate: z.string().describe("When it was made (ISO 8601 UTC)."),
});

export const varDelegationSpec = resourceSpec({
  kind: "VarDelegation",
  description:
    "A VAR invited to manage the tenant (inviteVar, getDelegation, deleteDelegation), by its username in the support directory. It stays INVITED until " +
    "the VAR answers (acceptDelegation). The service cannot change it in place: another username replaces it.",
  inputSchema: () => varDelegationInputSchema,
  outputSchema: delegationOutputs.extend({ delegatedToAdmin: z.string().describe("The VAR's username.") }),
  identity: { idParam: "delegationId" },
  // The service holds the invited username as delegatedToAdmin (an output); a delegation cannot change in place.
  notEchoed: ["username"],
  ops: { create: "inviteVar", read: "getDelegation", delete: "deleteDelegation" },
  destroy: "delete",
  ...listedByName("listDelegations", {
    name: { username: "delegatedToAdmin" },
    where: (d) => d.type === "VAR",
    preview: { notChecked: "one delegation per administrator; its list holds other tenants' grants too" },
  }),
});

export const supportAccessSpec = resourceSpec({
  kind: "SupportAccess",
  description:
    "Access of the vendor's support team to the tenant (createSupportDelegation grants it, getDelegation reads it, deleteSupportDelegation revokes it). It has no inputs: " +
    "while the resource exists, support may access the account until its expiryDate.",
  inputSchema: () => z.object({}),
  outputSchema: delegationOutputs,
  identity: { idParam: "delegationId" },
  // deleteSupportDelegation revokes the tenant's support access: its path names no delegation.
  ops: { create: "createSupportDelegation", read: "getDelegation", delete: "deleteSupportDelegation" },
  destroy: "delete",
  // The tenant has one support access at most: it is named by nothing but its kind.
  ...listedByName("listDelegations", {
    name: {},
    where: (d) => d.type === "SUPPORT",
    preview: { notChecked: "it has no input to name it; a second grant is the service's own message" },
  }),
});
