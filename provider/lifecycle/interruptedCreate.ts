// Creates whose run was interrupted (the engine or the provider host killed after the service took
// the create), and the request IDs that let the next run find them (README "Adopting objects that
// already exist"). Every create carries an x-request-id derived from the stack's state (the SDK's
// __nmsStack input, which holds the state's random identity: names alone repeat across states,
// provider/stateIdentity.ts), the resource's name in it (__nmsName), the kind, the tenant and the create's non-secret
// inputs, so the same create of the same resource has the same ID in any process. The records are
// read in the create's tenant (the client is that tenant's view), where the service keeps them. The provider takes an object
// over only with proof that this resource's create made it: the service's record under that ID was
// made by the configured administrator, succeeded, and names the object.
// - A kind with a unique name: the next run's create is refused for the name, and the object that
//   holds it must be the one the record names (interruptedCreateEvidence).
// - A kind the service does not refuse twice (guest users, DPSK passphrases...): before each create
//   the record of its ID is read (planCreate); the object it names, if it still exists, is taken over.
// A lost answer within one run is resolved from the same record by the client (client/writes.ts).
import { routeOf, type OperationName } from "../../contract/routes";
import type { NmsClient, RequestRecord } from "../client";
import { isNotFound, NmsApiError, NmsRequestFailedError } from "../client/errors";
import type { ObjectAccess } from "./objectAccess";
import { RESOURCE_NAME_INPUT, type Props, type ResourceSpec } from "../spec";
import { specFields } from "../fields";
import { createRequestIdOf, unidentifiedCreate } from "./createRequestId";

/**
 * Whether the service refuses a second create of the kind for its unique name (409), which is how an interrupted
 * create of it is recognised: false for a kind without one (a guest user, a DPSK passphrase), or whose name the
 * service lets two objects share (nameIsUnique false), and for creates through a parent.
 */
export function refusesRepeatedCreate(spec: ResourceSpec): boolean {
  return spec.findByName !== undefined && spec.nameIsUnique !== false && spec.overrides?.create === undefined;
}

/**
 * Whether an interrupted create of the kind is taken over on the evidence of its name (interruptedCreateEvidence): it
 * refuses repeated creates, and its create is a call of its own (creates that share an array call, APs, have no
 * request ID of their own; their interrupted create gets the adoption hint).
 */
export function takesOverByName(spec: ResourceSpec): boolean {
  return refusesRepeatedCreate(spec) && spec.ops.create !== undefined && routeOf(spec.ops.create).body !== "array";
}

/** Whether a create of the kind reads the records of its own request IDs first (planCreate): the service does not refuse it twice. */
export function findsCreateById(spec: ResourceSpec): boolean {
  return !refusesRepeatedCreate(spec) && spec.overrides?.create === undefined;
}

/** The earlier creates looked at before a create of a kind found by ID only; more is a resource created and destroyed that often. */
const MAX_EARLIER_CREATES = 32;

/**
 * How a create goes out:
 * - `requestId`: its x-request-id, or undefined for one the client makes up (a create without the stack or its
 *   name; a create through a parent; creates sharing an array call, whose call has one ID of its own);
 * - `provesByName`: a 409 for its name may be this stack's interrupted create (refusesRepeatedCreate, a call of its own);
 * - or `earlier`: the object an interrupted create of this very resource made, to take over instead.
 *
 * A kind with a unique name sends the create's ID (generation 0) without asking anything first: a second create is
 * refused for the name, which leads to the takeover's evidence (interruptedCreateEvidence). A kind the service does
 * not refuse twice pays one getRequest read per create (plus one per earlier create of the same resource) to settle what
 * earlier creates of this resource (same stack, name, kind and non-secret inputs) left, generation by generation:
 * no record: this ID is fresh, the create goes out with it (alone, never in a shared call: a call has one ID);
 * PENDING: waited for; FAIL: nothing was made, next generation; SUCCESS: if its object still exists it is this
 * resource's interrupted create, taken over; a kind the service cannot read (a DPSK passphrase) cannot tell, so that
 * object is deleted (already gone is fine) and the create made anew; an object no longer there: next generation.
 */
export async function planCreate(
  client: NmsClient,
  objects: ObjectAccess,
  spec: ResourceSpec,
  inputs: Props,
  secretInputs: readonly string[],
  createOp: OperationName,
): Promise<{ requestId: string | undefined; provesByName: boolean } | { earlier: Props; requestId: string }> {
  if (refusesRepeatedCreate(spec)) {
    return takesOverByName(spec)
      ? { requestId: createRequestIdOf(spec.kind, client.tenantId, inputs, secretInputs), provesByName: true }
      : { requestId: undefined, provesByName: false };
  }
  if (!findsCreateById(spec) || unidentifiedCreate(inputs) !== undefined)
    return { requestId: undefined, provesByName: false };
  for (let generation = 0; generation < MAX_EARLIER_CREATES; generation++) {
    const requestId = createRequestIdOf(spec.kind, client.tenantId, inputs, secretInputs, generation)!;
    let record: RequestRecord;
    try {
      record = await client.call<RequestRecord>("getRequest", { requestId });
    } catch (error) {
      if (isNotFound(error)) return { requestId, provesByName: false };
      throw error;
    }
    if (record.admin !== client.username) continue; // another administrator's request holds the ID
    if (record.status === "PENDING") {
      record = await client.waitForRequest(requestId, createOp).catch((error: unknown) => {
        if (error instanceof NmsRequestFailedError) return error.record;
        throw error;
      });
    }
    if (record.status !== "SUCCESS") continue;
    const made = String(record.entityId);
    if (spec.ops.read) {
      const live = await objects.readLive(made, inputs);
      if (live) return { earlier: live, requestId };
      continue;
    }
    try {
      await objects.remove(made, inputs);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    client.notice(
      "info",
      `${spec.kind} ${made}: deleted what this stack's earlier create of the resource made (request ${requestId}), which the service cannot show; creating it anew`,
    );
  }
  client.notice(
    "warn",
    `${spec.kind}: ${MAX_EARLIER_CREATES} earlier creates of this resource hold its request IDs; this one goes out under an ID of the client's, which a later run cannot find`,
  );
  return { requestId: undefined, provesByName: false };
}

/** Codes that say a create's unique name is taken although the service answers them with another status than 409. */
const ALREADY_EXISTS_CODES: readonly string[] = ["TNT-10303"]; // administrator already exists (400)

/** A create refused because its unique name (or pair) is taken. */
export function isNameTaken(error: unknown): boolean {
  return (
    error instanceof NmsApiError &&
    (error.status === 409 || (error.code !== undefined && ALREADY_EXISTS_CODES.includes(error.code)))
  );
}

export type TakeoverEvidence = { proven: true; found: Props } | { proven: false; why: string };

/** Whether the object holding the create's unique name was made by this stack's earlier create `requestId`, and that object. */
export async function interruptedCreateEvidence(
  client: NmsClient,
  objects: ObjectAccess,
  spec: ResourceSpec,
  inputs: Props,
  requestId: string,
  createOp: OperationName,
): Promise<TakeoverEvidence> {
  if (!spec.findByName) return { proven: false, why: `nms:${spec.kind} has no unique name to look the object up by` };
  // Without the stack and the resource's name, creates of two stacks, or of two resources with equal inputs, would share one request ID.
  const unidentified = unidentifiedCreate(inputs);
  if (unidentified !== undefined) return { proven: false, why: unidentified };
  let record: RequestRecord;
  try {
    record = await client.call<RequestRecord>("getRequest", { requestId });
  } catch (error) {
    if (isNotFound(error))
      return { proven: false, why: `the service holds no request ${requestId} of this stack's create` };
    throw error;
  }
  if (record.admin !== client.username)
    return { proven: false, why: `request ${requestId} was made by another administrator` };
  if (record.status === "PENDING") {
    // Still being applied: its outcome decides.
    record = await client.waitForRequest(requestId, createOp).catch(() => ({ ...record, status: "FAIL" as const }));
  }
  if (record.status !== "SUCCESS")
    return {
      proven: false,
      why: `this stack's earlier request ${requestId} did not succeed, so it did not make this object`,
    };
  const found = await spec.findByName(client, inputs);
  if (!found) return { proven: false, why: "no object holds the name any more" };
  const id = objects.idOf(found, inputs);
  if (!String(record.entityId).split(",").includes(id)) {
    return {
      proven: false,
      why: `the object holding the name (${id}) is not the one this stack's request ${requestId} made (${record.entityId})`,
    };
  }
  return { proven: true, found: (await objects.readLive(id, inputs)) ?? found };
}

/**
 * Whether up will take `id`, the holder of the name a new resource's check found taken, over as the object of this
 * stack's own create that an earlier run lost: the service holds a request of this create's ID, made by this
 * administrator, that did not fail. Says so on the host's stderr, for the preview's report.
 */
export async function madeByInterruptedCreate(
  spec: ResourceSpec,
  client: NmsClient,
  news: Props,
  id: string,
): Promise<boolean> {
  if (!takesOverByName(spec) || typeof news[RESOURCE_NAME_INPUT] !== "string") return false;
  const requestId = createRequestIdOf(spec.kind, client.tenantId, news, specFields(spec).secretInputs);
  if (requestId === undefined) return false; // a create that does not carry its stack is never taken over
  let record: RequestRecord;
  try {
    record = await client.call<RequestRecord>("getRequest", { requestId });
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
  if (record.admin !== client.username || record.status === "FAIL") return false;
  client.notice(
    "info",
    `nms:${spec.kind} ${JSON.stringify(news[RESOURCE_NAME_INPUT])}: up takes over ${spec.kind} ${id}, which this stack's interrupted create made (request ${requestId})`,
  );
  return true;
}
