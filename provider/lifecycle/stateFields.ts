// Inputs and outputs the lifecycle adds to a resource's own fields: what steers adoption, what the
// engine and the SDK reserve, and what state carries so that later steps know what the program did.
import { OPTION_INPUTS, REPLACE_ON_CHANGES_INPUT } from "../resourceOptions";
import { RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT } from "../spec";
import { TENANT_INPUT } from "../tenant";
import { CREATE_GENERATION_INPUT } from "./createRequestId";

/**
 * Inputs that steer the provider instead of describing the object. Dynamic resources cannot
 * use `pulumi import` (docs/pulumi-facts.md, "Limits of dynamic resources"), so adoption of existing objects goes through
 * these: adoptId takes over the object with that ID; adoptByName takes over the object with
 * the same unique name in its scope when there is one, and creates it otherwise.
 */
export const ADOPTION_FIELDS = ["adoptId", "adoptByName"] as const;

/** Output of a resource whose create was kept in state before its request finished: that request's ID. */
export const CREATE_REQUEST_ID = "createRequestId";

/**
 * Output naming the inputs marked filledByService that the program set. A dynamic provider's read
 * gets only the state's outputs, where a value the program set and one the service chose look the
 * same; refresh keeps in the inputs only the ones this names (a program that set an AP's group
 * still sets it after refresh; one that left it out still leaves it to the service).
 */
export const PROGRAM_SET_FIELDS = "programSetFields";

/** Inputs that are neither the resource's fields nor adoption's: the engine's and the SDK's own. */
export const PULUMI_RESERVED = new Set<string>([
  "__provider",
  RESOURCE_NAME_INPUT,
  RESOURCE_STACK_INPUT,
  CREATE_GENERATION_INPUT,
  ...OPTION_INPUTS,
]);

/**
 * Inputs the service does not hold, kept in the outputs so that refresh gives them back as they were. The tenant is
 * carried resolved (the configured one when the program left it out), so that refresh, update and delete know where
 * the object is whatever the configuration says later.
 */
export const CARRIED_INPUTS = [
  ...ADOPTION_FIELDS,
  RESOURCE_NAME_INPUT,
  RESOURCE_STACK_INPUT,
  REPLACE_ON_CHANGES_INPUT,
  CREATE_GENERATION_INPUT,
  TENANT_INPUT,
];

/**
 * Output of every resource the stack wrote (create, update, adoption, settings put): the stack's most recent write to
 * the object, `{ requestId, timestamp }` of its request record (the time this process saw the write end when the
 * service's answer carried no record; no requestId for an adoption that wrote nothing). Attribution (refresh, and
 * nms-drift) counts only the request records after it as changes made outside the stack. Keys starting with `__` are
 * the provider's own: never an input, so never compared, diffed or shown in a plan.
 */
export const LAST_WRITE = "__nmsLastWrite";

export interface LastWrite {
  requestId?: string;
  timestamp: string;
}

/** The state's last write of the stack to the object; undefined in state written before it was kept. */
export function lastWriteOf(outs: Record<string, unknown>): LastWrite | undefined {
  const value = outs[LAST_WRITE];
  if (typeof value !== "object" || value === null) return undefined;
  const { requestId, timestamp } = value as Record<string, unknown>;
  if (typeof timestamp !== "string" || !Number.isFinite(Date.parse(timestamp))) return undefined;
  return typeof requestId === "string" && requestId !== "" ? { requestId, timestamp } : { timestamp };
}
