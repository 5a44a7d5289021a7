// Every function of the SDK, one row each (see spec.ts). `npm run generate` writes the SDK's
// Promise and Output forms from this table.
import { z } from "zod";
import { newerOnly, perVariant } from "../../contract/meta";
import { pingFromApArgsSchema, pingFromApResultSchema, rebootApArgsSchema, rebootApResultSchema } from "../../contract/schemas/actions";
import { apResultSchema, tenantDetailsResultSchema, tenantResultSchema } from "./readForms";
import type { FunctionAnswer, FunctionSpec } from "./spec";
// Account (issue 11)
import { ACCOUNT_FUNCTIONS } from "./account";

export type { FunctionAnswer, FunctionSpec } from "./spec";

const noArgs = () => z.object({}).strict();

const listApsArgs = perVariant((variant) =>
  z
    .object({
      operational: newerOnly(
        variant,
        z.boolean().optional().describe("`true`: only the APs in operation; `false`: only the others."),
      ),
    })
    .strict(),
);

const FUNCTIONS: FunctionSpec[] = [
  {
    name: "getTenant",
    description: "The tenant the provider is configured for, with its administrators, delegations and notification recipients (read with deep=true).",
    op: "A4",
    args: noArgs,
    fixedQuery: { deep: true },
    result: tenantResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "getTenantDetails",
    description: "The postal details of the tenant the provider is configured for.",
    op: "A5",
    args: noArgs,
    result: tenantDetailsResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "listAps",
    description: "Every access point of the tenant.",
    op: "W1",
    args: listApsArgs,
    result: apResultSchema,
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "rebootAp",
    description: "Reboots an access point, and waits until the service reports the request done.",
    op: "W21",
    args: () => rebootApArgsSchema,
    result: rebootApResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ requestId }: FunctionAnswer) => ({ requestId }),
  },
  {
    name: "pingFromAp",
    description: "Pings a host from an access point, waits until the service reports the request done, and returns what the ping printed.",
    op: "W16",
    args: () => pingFromApArgsSchema,
    result: pingFromApResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ body, requestId }: FunctionAnswer) => ({ requestId, response: responseText(body) }),
  },
  // Account (issue 11)
  ...ACCOUNT_FUNCTIONS,
];

/** Every function, by SDK name. */
export const FUNCTION_SPECS: Readonly<Record<string, FunctionSpec>> = Object.fromEntries(FUNCTIONS.map((f) => [f.name, f]));

/** W16 and W22 answer the envelope {requestId, response: {response: string}}. */
function responseText(body: unknown): string {
  const text = typeof body === "object" && body !== null ? (body as { response?: unknown }).response : undefined;
  if (typeof text !== "string") throw new Error(`the answer carried no response text: ${JSON.stringify(body)}`);
  return text;
}
