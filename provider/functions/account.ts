// Functions of the account: the user profile, delegations, licences, and the answer
// to a delegation. Rows of the function table (index.ts).
import { z } from "zod";
import {
  delegationAnswerSchema,
  entitlementReadSchema,
  entitlementSummaryReadSchema,
  LICENSE_TYPES,
  userProfileReadSchema,
} from "../../contract/schemas/account";
import { DELEGATION_TYPES, delegationReadSchema } from "../../contract/schemas/tenant";
import type { FunctionAnswer, FunctionSpec } from "./spec";

const licenceType = () => z.enum(LICENSE_TYPES).optional().describe("WIFI, LTE or SWITCH; all types when left out.");

export const ACCOUNT_FUNCTIONS: FunctionSpec[] = [
  {
    name: "getFileDownloadUrl",
    description:
      "The address a file of the tenant (a floor plan's image) is downloaded from (getDownloadUrl's redirect target). Fetch it without " +
      "the service's cookie or headers: the file location refuses them (403).",
    op: "getDownloadUrl",
    args: () =>
      z
        .object({ fileId: z.string().min(1, "is required").describe("The file's ID (a floor plan's imageId).") })
        .strict(),
    result: z.object({
      url: z.string().describe("The signed address of the file; it expires with the file's signature."),
    }),
    returns: "one",
    runsInPreview: true,
    resultOf: ({ body }: FunctionAnswer) => ({ url: body }),
  },
  {
    name: "getUserProfile",
    description: "The profile of the user the provider logs in as, with the regions it may use (getUserProfile).",
    op: "getUserProfile",
    args: () => z.object({}).strict(),
    result: userProfileReadSchema.passthrough(),
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "listDelegations",
    description: "The tenant's delegations (listDelegations): VARs invited, vendor support access, MSP delegations.",
    op: "listDelegations",
    args: () =>
      z
        .object({
          type: z.enum(DELEGATION_TYPES).optional().describe("VAR, SUPPORT, MSP or SUPPORT_EC; all when left out."),
        })
        .strict(),
    result: delegationReadSchema.passthrough(),
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "listEntitlements",
    description: "The tenant's licence entitlements (listEntitlements).",
    op: "listEntitlements",
    args: () => z.object({ type: licenceType() }).strict(),
    result: entitlementReadSchema.passthrough(),
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "listEntitlementSummaries",
    description:
      "Per licence type: how many devices the tenant may have, has, and may still add (listEntitlementSummaries).",
    op: "listEntitlementSummaries",
    args: () => z.object({ type: licenceType() }).strict(),
    result: entitlementSummaryReadSchema.passthrough(),
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "refreshMspCustomerEntitlements",
    description:
      "Refreshes and returns the entitlements and summaries of one of the MSP's end customers (getEndCustomerEntitlements, a POST); the provider's " +
      "tenant must be its MSP.",
    op: "getEndCustomerEntitlements",
    args: () =>
      z
        .object({
          mspEcTenantId: z.string().length(32, "must be 32 characters").describe("The end customer's tenant ID."),
          type: licenceType(),
        })
        .strict(),
    result: z
      .object({
        entitlements: z.array(entitlementReadSchema.passthrough()).describe("The customer's entitlements."),
        summary: z.array(entitlementSummaryReadSchema.passthrough()).describe("The customer's summaries."),
      })
      .passthrough(),
    returns: "one",
    runsInPreview: false,
  },
  {
    name: "answerDelegation",
    description:
      "Accepts or rejects a delegation another tenant asked for (updateDelegation), and waits until the service reports it done. The " +
      "delegation becomes ACCEPTED (in force) or REJECTED.",
    op: "updateDelegation",
    args: () =>
      delegationAnswerSchema
        .extend({ delegationId: z.string().min(1, "is required").describe("The delegation to answer.") })
        .strict(),
    result: z.object({
      requestId: z.string().describe("The service's request ID, whose record reached SUCCESS."),
      status: z.string().describe("The delegation's status after the answer: ACCEPTED or REJECTED."),
    }),
    returns: "one",
    runsInPreview: false,
    resultOf: ({ body, requestId }: FunctionAnswer) => ({
      requestId,
      status: (body as { status?: unknown } | undefined)?.status,
    }),
  },
];
