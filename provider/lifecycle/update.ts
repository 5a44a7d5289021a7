// Update: brings an existing object to the program's inputs, through the operations of toggles and
// triggers and the update itself. Adoption and takeover (create.ts) end here too.
import { isNotFound } from "../client/errors";
import type { Props } from "../spec";
import type { LifecycleContext } from "./context";
import type { ObjectAccess } from "./objectAccess";
import { CREATE_REQUEST_ID, LAST_WRITE } from "./stateFields";
import { unfinishedCreate } from "./unfinishedCreate";

/**
 * The inputs with what clears each differing field the program leaves out (fields.unsetValues): an update body
 * without a field keeps the service's value, so one set outside the program would differ after every update.
 * A field the service never shows (notEchoed: secrets, paths, triggers) cannot differ after the update: left alone.
 */
function withUnsetWritten(ctx: LifecycleContext, news: Props, differing: readonly string[]): Props {
  const unset = ctx.fields.unsetValues(ctx.variant());
  const desired = ctx.asTheServiceTakes(news);
  const left = differing.filter(
    (f) => desired[f] === undefined && !ctx.sideEffectFields.has(f) && !ctx.notEchoed.has(f),
  );
  return left.length === 0 ? news : { ...news, ...Object.fromEntries(left.map((f) => [f, unset[f]])) };
}

/**
 * Brings an existing object to the inputs: side-effect operations for toggles and triggers, then the update. `fresh`:
 * the object as the service answered a read of it just before (settings taken over by their create), when there was one.
 */
export async function bringToInputs(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  id: string,
  olds: Props,
  news: Props,
  fresh?: Props,
): Promise<Props> {
  const { spec } = ctx;
  const differing = ctx.changed(news, olds);
  let latest: Props | undefined;
  let sideEffects = false;
  for (const [field, toggle] of Object.entries(spec.toggles ?? {})) {
    // A toggle the program leaves out goes back to its default (a guest disabled by hand is enabled again).
    const wanted = news[field] ?? ctx.defaults()[field];
    if (!differing.includes(field) || typeof wanted !== "boolean") continue;
    sideEffects = true;
    latest =
      (await objects.write(wanted ? toggle.whenTrue : toggle.whenFalse, news, id, undefined).catch(goneHint))
        .response ?? latest;
  }
  for (const [field, trigger] of Object.entries(spec.triggers ?? {})) {
    if (!differing.includes(field) || news[field] === undefined) continue;
    sideEffects = true;
    latest = (await objects.write(trigger.op, news, id, trigger.body?.(news, olds)).catch(goneHint)).response ?? latest;
  }
  if (spec.ops.update && differing.some((field) => !ctx.sideEffectFields.has(field))) {
    const written = await ctx.writeBody(objects.client, withUnsetWritten(ctx, news, differing), olds);
    const body = spec.identity.updateIdIn === "body" ? { ...written, [objects.idField]: id } : written;
    latest = (await objects.write(spec.ops.update, news, id, body).catch(goneHint)).response;
    const stored = fresh && !sideEffects ? storedBody(ctx, body, fresh) : undefined;
    if (stored) return stored;
  } else if (fresh && !sideEffects) {
    return fresh;
  }
  // A partial answer (a toggle's bare requestId) is not the object: read it back.
  return (await objects.readLive(id, news)) ?? latest ?? { ...news, [objects.idField]: id };
}

/**
 * The object after an update that succeeded, without reading it back, for a kind whose service stores the body whole
 * (ResourceSpec.updateStoresBody): the body as the kind's input schema parses it (the defaults the service fills in for
 * what it leaves out) over the object as read just before (the fields the body has no slot for: its ID, a port's LAG).
 * Undefined when the schema does not take the body as it went: the object is read back then.
 */
function storedBody(ctx: LifecycleContext, body: unknown, fresh: Props): Props | undefined {
  if (!ctx.spec.updateStoresBody || Array.isArray(body)) return undefined;
  const parsed = ctx.spec.inputSchema(ctx.variant()).safeParse(body);
  return parsed.success ? { ...fresh, ...(parsed.data as Props) } : undefined;
}

/** An update refused because the object does not exist: deleted outside the stack, or a create that never finished. */
function goneHint(error: unknown): never {
  if (isNotFound(error) && error instanceof Error) {
    error.message +=
      "; the object is not in the service: refresh (or up --refresh) drops it from the state, and the next up creates it";
  }
  throw error;
}

export function updateStep(ctx: LifecycleContext) {
  return async (id: string, olds: Props, news: Props) => {
    // Where the object is (a move to another tenant is a replacement, never an update).
    const { client, objects } = await ctx.access(olds);
    const requestId = olds[CREATE_REQUEST_ID];
    // A create kept in state unfinished whose request is still running: its outcome first.
    if (
      typeof requestId === "string" &&
      (await unfinishedCreate(client, objects, id, olds, requestId)) === "pending" &&
      ctx.spec.ops.create
    ) {
      await client.waitForRequest(requestId, ctx.spec.ops.create);
    }
    const outs = ctx.inTenant(ctx.outputsOf(await bringToInputs(ctx, objects, id, olds, news), news), client);
    // An update that wrote nothing (no field differed on the service) leaves the stack's last write as it was.
    const lastWrite = objects.lastWrite() ?? olds[LAST_WRITE];
    return { outs: lastWrite === undefined ? outs : { ...outs, [LAST_WRITE]: lastWrite } };
  };
}
