// The request ID of a create (its x-request-id), derived from the stack's state (the SDK's __nmsStack
// input: the stack's names and the state's random identity, provider/stateIdentity.ts), the
// resource's name in it (__nmsName), the kind and the create's non-secret inputs, so
// the same create of the same resource has the same ID in any process; and the create generation,
// which gives a replacement told from the old object by its secrets alone an ID of its own.
import { createHash } from "node:crypto";
import { containsUnknown } from "../compare";
import { OPTION_INPUTS } from "../resourceOptions";
import { RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT, type Props } from "../spec";
import { TENANT_INPUT } from "../tenant";

/**
 * Why a create cannot be told from another stack's or another resource's, or undefined when it can:
 * it carries the stack and the resource's name (the SDK adds both; a create made another way lacks them).
 */
export function unidentifiedCreate(inputs: Props): string | undefined {
  if (typeof inputs[RESOURCE_STACK_INPUT] !== "string" || inputs[RESOURCE_STACK_INPUT] === "") {
    return "the create does not carry its stack (the SDK adds it), so its request cannot be told from another stack's";
  }
  if (typeof inputs[RESOURCE_NAME_INPUT] !== "string") {
    return "the create does not carry its resource's name in the stack (the SDK adds it), so its request cannot be told from another resource's";
  }
  return undefined;
}

/**
 * Reserved input: how many times the resource was replaced for a change its create's request ID does not see (a new
 * secret: the ID leaves secrets out). Such a replacement's create would otherwise carry the old object's create ID,
 * and find the old object as its own interrupted create. Set by check (nextCreateGeneration), never sent, never
 * compared, carried in the outputs so that refresh and the next check keep it; absent while it is 0, so a resource
 * that never had such a replacement keeps the ID it always had.
 */
export const CREATE_GENERATION_INPUT = "__nmsCreateGeneration";

/** The create generation of checked inputs (0 when they carry none). */
export function createGenerationOf(inputs: Props): number {
  const value = inputs[CREATE_GENERATION_INPUT];
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The inputs the request ID leaves out (the secrets) whose value differs between the old inputs and the new; an unknown is not told. */
export function changesUnseenById(olds: Props, news: Props, secretInputs: readonly string[]): string[] {
  return secretInputs.filter(
    (field) => !containsUnknown(news[field]) && canonical(olds[field]) !== canonical(news[field]),
  );
}

/**
 * The create generation the new inputs carry: the old inputs', one more when `replacedUnseen` (the change replaces
 * the object, and only inputs the request ID leaves out tell the new create from the old one). Undefined for 0.
 */
export function nextCreateGeneration(olds: Props, replacedUnseen: boolean): number | undefined {
  const generation = createGenerationOf(olds) + (replacedUnseen ? 1 : 0);
  return generation > 0 ? generation : undefined;
}

/** JSON with object keys sorted, so equal inputs give equal text whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Props)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The x-request-id of a create: a UUID (RFC 9562 version 8, lowercase) from SHA-256 of the kind, the
 * tenant the create goes to and the inputs, the stack, the resource's name in it and its create
 * generation (CREATE_GENERATION_INPUT) among them, without secrets (a hash of a weak secret could be
 * guessed offline) and without the serialized provider. The same create of the same resource of the
 * same stack in the same tenant always gets the same ID, in whatever process; none comes from the
 * provider process's environment, which the engine does not give the stack (docs/pulumi-facts.md,
 * "Interrupted updates and pending operations"). The tenant is hashed as the create's (the configured
 * one when the inputs leave `tenantId` out), so that leaving it out and writing the configured
 * tenant's ID are the same create, and the same resource in two tenants two creates.
 * Undefined for a create that does not carry its stack and name (unidentifiedCreate).
 */
export function createRequestIdOf(
  kind: string,
  tenantId: string,
  inputs: Props,
  secretInputs: readonly string[],
  generation = 0,
): string | undefined {
  if (unidentifiedCreate(inputs) !== undefined) return undefined;
  // Resource options (replaceOnChanges) are not the object: a rerun that changed them is the same create.
  const notHashed = new Set<string>(["__provider", TENANT_INPUT, ...OPTION_INPUTS, ...secretInputs]);
  const shown = Object.fromEntries(Object.entries(inputs).filter(([key]) => !notHashed.has(key)));
  // Generation n > 0: the n-th ID of the chain of a kind whose creates are found by ID only (planCreate).
  const text = `nms-create-v3\n${kind}\n${tenantId}\n${canonical(shown)}${generation > 0 ? `\n${generation}` : ""}`;
  const hex = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
