// Create: adoption first (adopt.ts), else a new object under the create's own request ID, which
// recovers a lost answer and takes over what an interrupted run's create made (interruptedCreate.ts).
import { NmsApiError } from "../client/errors";
import type { NmsClient } from "../client";
import { pick, type Props, type ResourceSpec } from "../spec";
import { adopt, adoptSettings } from "./adopt";
import type { LifecycleContext } from "./context";
import { unidentifiedCreate } from "./createRequestId";
import { interruptedCreateEvidence, isNameTaken, planCreate } from "./interruptedCreate";
import type { ObjectAccess, Written } from "./objectAccess";
import { LAST_WRITE } from "./stateFields";
import { noteTakenOver } from "./takenOver";
import { createdButUnfinished } from "./unfinishedCreate";
import { bringToInputs } from "./update";

type CreateOp = NonNullable<ResourceSpec["ops"]["create"]>;

async function createNew(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  client: NmsClient,
  inputs: Props,
  createOp: CreateOp,
): Promise<Props> {
  const { spec, fields } = ctx;
  const own = spec.overrides?.create;
  if (own) {
    const send = (body: unknown) =>
      objects
        .write(createOp, inputs, undefined, body)
        .catch((error: unknown) => Promise.reject(withAdoptionHint(error)));
    return own(inputs, { client, op: createOp, send });
  }
  // The create's request ID, which resolves a lost answer and an interrupted run (provider/lifecycle/interruptedCreate.ts);
  // for a kind the service does not refuse twice, what an earlier create of this resource left is settled first.
  const plan = await planCreate(client, objects, spec, inputs, fields.secretInputs, createOp);
  if ("earlier" in plan) return takeOver(ctx, objects, client, inputs, plan.earlier, plan.requestId);
  const { requestId } = plan;
  const body = await ctx.writeBody(client, inputs, undefined);
  let takenOver: Props | undefined;
  const { response, record } = await objects
    .write(createOp, inputs, undefined, body, { requestId })
    .catch(async (error: unknown) => {
      const unfinished = createdButUnfinished(ctx, objects, error, inputs);
      if (unfinished) throw unfinished;
      if (!isNameTaken(error) || !plan.provesByName) throw withAdoptionHint(error);
      if (requestId === undefined) throw withAdoptionHint(error, unidentifiedCreate(inputs));
      const evidence = await interruptedCreateEvidence(client, objects, spec, inputs, requestId, createOp);
      if (!evidence.proven) throw withAdoptionHint(error, evidence.why);
      takenOver = evidence.found;
      return {} as Written;
    });
  if (takenOver) return takeOver(ctx, objects, client, inputs, takenOver, requestId);
  const created = response ?? (await readBack(ctx, objects, client, inputs, record?.entityId, record?.requestId));
  return writeOnCreateTriggers(ctx, objects, inputs, created);
}

/** The object this resource's interrupted create made, brought to the inputs. */
async function takeOver(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  client: NmsClient,
  inputs: Props,
  found: Props,
  requestId: string | undefined,
): Promise<Props> {
  const { spec } = ctx;
  const id = objects.idOf(found, inputs);
  noteTakenOver(client.tenantId, spec.kind, id);
  client.notice(
    "info",
    `${spec.kind} ${id}: took over the object this stack's interrupted create made (request ${requestId})`,
  );
  const current = ctx.outputsOf(found, inputs, "notEchoed");
  return ctx.changed(inputs, current).length > 0 ? bringToInputs(ctx, objects, id, current, inputs) : found;
}

/** The created object when the create's answer did not carry it (201/202 without it, or lost): read by the record's entityId. */
async function readBack(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  client: NmsClient,
  inputs: Props,
  entityId: string | undefined,
  requestId: string | undefined,
): Promise<Props> {
  const { spec, fields } = ctx;
  const id = spec.identity.idFromInput ? String(inputs[spec.identity.idFromInput]) : entityId;
  if (id && !spec.ops.read) {
    // Write-only (a DPSK passphrase): the object is the record's, as the inputs and the service's defaults describe it.
    client.notice(
      "warn",
      `${spec.kind} ${id}: created (request ${requestId}), but the answer was lost and the service has no read: a value the service made up for it (a generated passphrase) is not known`,
    );
    return { ...ctx.defaults(), ...pick(inputs, fields.inputNames), [objects.idField]: id };
  }
  const api = id ? await objects.readLive(id, inputs) : undefined;
  if (!api)
    throw new Error(`${spec.kind} was created (request ${requestId ?? "without a record"}) but cannot be read back`);
  return api;
}

/** Inputs only their own operation writes (Trigger.onCreate), written once the object exists; then the object as it is. */
async function writeOnCreateTriggers(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  inputs: Props,
  created: Props,
): Promise<Props> {
  const pending = Object.entries(ctx.spec.triggers ?? {}).filter(
    ([field, trigger]) => trigger.onCreate && inputs[field] !== undefined,
  );
  if (pending.length === 0) return created;
  const id = objects.idOf(created, inputs);
  for (const [, trigger] of pending) await objects.write(trigger.op, inputs, id, trigger.body?.(inputs, undefined));
  return (await objects.readLive(id, inputs)) ?? created;
}

/**
 * A create refused with 409 usually means the object already exists: made by hand, or by an
 * earlier run whose wait timed out before the service finished. Say how to take it over.
 */
export function withAdoptionHint(error: unknown, whyNotTakenOver?: string): unknown {
  if (!(error instanceof NmsApiError) || !isNameTaken(error)) return error;
  error.message +=
    (whyNotTakenOver ? `; not taken over: ${whyNotTakenOver}` : "") +
    "; if this object already exists (made outside this stack, or by an earlier run whose wait timed out), " +
    "set adoptByName: true or adoptId on the resource to take it over";
  return error;
}

export function createStep(ctx: LifecycleContext) {
  const { spec } = ctx;
  return async (inputs: Props) => {
    const { client, objects } = await ctx.access(inputs);
    const createOp = spec.ops.create;
    const api = createOp
      ? ((await adopt(ctx, objects, client, inputs)) ?? (await createNew(ctx, objects, client, inputs, createOp)))
      : await adoptSettings(ctx, objects, inputs);
    // An adoption that wrote nothing took the object over as it was: from now on, changes by others are drift.
    const lastWrite = objects.lastWrite() ?? { timestamp: new Date().toISOString() };
    return {
      id: objects.idOf(api, inputs),
      outs: { ...ctx.inTenant(ctx.outputsOf(api, inputs), client), [LAST_WRITE]: lastWrite },
    };
  };
}
