// Creates the service accepted whose request did not finish by the deadline: kept in state with
// their request's ID, and where that request stands on the next diff, read and update.
import type { NmsClient, RequestRecord } from "../client";
import { isNotFound, NmsWaitTimeoutError } from "../client/errors";
import { isPlainObject } from "../shape";
import type { Props } from "../spec";
import type { LifecycleContext } from "./context";
import type { ObjectAccess } from "./objectAccess";
import { CREATE_REQUEST_ID } from "./stateFields";

/** Where a create that was kept in state unfinished stands now: its object exists, its request is pending, or neither. */
export async function unfinishedCreate(
  client: NmsClient,
  objects: ObjectAccess,
  id: string,
  props: Props,
  requestId: string,
): Promise<"exists" | "pending" | "failed"> {
  if (await objects.readLive(id, props)) return "exists";
  try {
    const record = await client.call<RequestRecord>("getRequest", { requestId });
    return record.status === "PENDING" ? "pending" : "failed";
  } catch (error) {
    if (isNotFound(error)) return "failed";
    throw error;
  }
}

/**
 * The service accepted a create and named the object, but the request did not finish by the deadline. A create
 * that fails with an id (Pulumi's ErrorResourceInitFailed) keeps the resource in state, and the engine sends it an
 * update on the next up even without changes: the object is then brought to match instead of created again.
 */
export function createdButUnfinished(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  error: unknown,
  inputs: Props,
): Error | undefined {
  if (!(error instanceof NmsWaitTimeoutError)) return undefined;
  const accepted = Array.isArray(error.acceptedResponse) ? error.acceptedResponse[0] : error.acceptedResponse;
  if (!isPlainObject(accepted) || accepted[objects.idField] === undefined || accepted[objects.idField] === "")
    return undefined;
  const id = objects.idOf(accepted, inputs);
  const message = `${error.message} ${ctx.spec.kind} ${id} stays in the stack's state: the next up brings it to match the program, or refresh drops it if the request failed.`;
  // __provider: the dynamic provider host passes these properties to state as they are, and later calls need it.
  const properties = {
    ...ctx.inTenant(ctx.outputsOf(accepted, inputs), objects.client),
    [CREATE_REQUEST_ID]: error.requestId,
    __provider: inputs.__provider,
  };
  return Object.assign(new Error(message), { id, properties, reasons: [message] });
}
