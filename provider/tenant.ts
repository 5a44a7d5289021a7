// The tenant of a resource or a function call: one optional input that every resource kind and
// every function takes, declared here once. The lifecycle (lifecycle/), the function runner
// (programClient.ts, functions/run.ts) and the SDK generator (scripts/sdkgen) add it; no schema of
// a kind or function names it. Left out, the configured tenant (nms:tenantId) applies; another
// tenant is reached with the same login through the service's delegated access (an MSP's
// administrator managing an end customer: the customer's ID in the path and in the tenant header).
// It is never sent in a body: it selects where the calls go.
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { isUnknown } from "../contract/validators";
import type { Props } from "./spec";

/** The input (and output) of every resource, and the argument of every function, that names the tenant. */
export const TENANT_INPUT = "tenantId";

/** The service's tenant IDs: 32 characters (the API documentation's conventions), letters and digits (hexadecimal in practice). */
const TENANT_ID_FORMAT = /^[0-9A-Za-z]{32}$/;
const TENANT_ID_RULE = "must be a tenant ID: 32 letters and digits";

const tenantIdInput = z.string().regex(TENANT_ID_FORMAT, TENANT_ID_RULE).optional();

const REACHED =
  "Another tenant is reached with the configured login through the service's delegated access (an MSP's administrator " +
  "managing an end customer's tenant); one the login may not reach";

/** The input as the SDK declares it on every resource. */
export const tenantInputSchema = tenantIdInput.describe(
  "The tenant the object is in: its 32-character ID. Left out, the configured tenant (`nms:tenantId`) applies; writing that " +
    `tenant's ID explicitly is the same. ${REACHED} fails at preview with the service's reason, and at up with its 403. ` +
    "Changing it replaces the resource.",
);

/** The argument as the SDK declares it on every function. */
export const tenantArgSchema = tenantIdInput.describe(
  `The tenant to call the function in: its 32-character ID. Left out, the configured tenant (\`nms:tenantId\`) applies. ${REACHED} ` +
    "fails with the service's 403.",
);

/** What the output `tenantId` of every resource says. */
export const TENANT_OUTPUT_DESCRIPTION =
  "The tenant the object is in: the resource's `tenantId`, or the configured tenant (`nms:tenantId`) when the program left it out.";

/** The tenant the props name explicitly, or undefined when they leave it to the configured tenant (or it is not known yet). */
export function explicitTenant(props: Props): string | undefined {
  const value = props[TENANT_INPUT];
  return typeof value === "string" && value !== "" && !isUnknown(value) ? value : undefined;
}

/** A bad `tenantId` input, as check reports it; none when it is left out or not known yet (preview). */
export function tenantFailures(props: Props): pulumi.dynamic.CheckFailure[] {
  const value = props[TENANT_INPUT];
  if (value === undefined || value === null || isUnknown(value)) return [];
  if (typeof value !== "string" || !TENANT_ID_FORMAT.test(value))
    return [{ property: TENANT_INPUT, reason: TENANT_ID_RULE }];
  return [];
}

/**
 * Whether the resource moves to another tenant between the state's outputs (`olds`) and the program's inputs
 * (`news`): left out on either side means the configured tenant, so leaving it out and writing the configured
 * tenant's ID are the same. Outputs written before resources carried a tenant have none: the configured tenant.
 * Unknown in preview: a move, as the engine treats an unknown input. Without a configured tenant (an incomplete
 * configuration), a side left out is not judged.
 */
export function movesTenant(olds: Props, news: Props, configured: string | undefined): boolean {
  if (isUnknown(news[TENANT_INPUT])) return true;
  const was = explicitTenant(olds) ?? configured;
  const now = explicitTenant(news) ?? configured;
  return was !== undefined && now !== undefined && was !== now;
}
