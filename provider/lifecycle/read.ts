// Read (refresh): the object as the service holds it now, from a cached list where the kind has
// one, and what the program is taken to have set.
import type { NmsClient } from "../client";
import { GET_INPUT } from "../resourceOptions";
import { pick, type Props } from "../spec";
import { reportDrift } from "./attribution";
import type { LifecycleContext } from "./context";
import type { ObjectAccess } from "./objectAccess";
import { CREATE_REQUEST_ID } from "./stateFields";
import { unfinishedCreate } from "./unfinishedCreate";

/** An object as the kind's list shows it, with what the list lacks kept from the state. */
export function listedForm(ctx: LifecycleContext, props: Props, listed: Props): Props {
  return { ...pick(props, ctx.spec.readFromList?.lacks ?? []), ...listed };
}

/**
 * What refresh records of the object the service answered as `live`: its outputs, and the inputs the program is taken
 * to have set. nms-drift makes the same of the objects it has read already.
 */
export function refreshedFrom(ctx: LifecycleContext, id: string, props: Props, live: Props) {
  const outs = ctx.outputsOf(live, props, "notEchoed");
  return { id, props: outs, inputs: ctx.inputsOf(outs) };
}

/** One object, from the cached list when the spec has one; a GET when the list lacks it. */
async function readForRefresh(
  ctx: LifecycleContext,
  client: NmsClient,
  objects: ObjectAccess,
  id: string,
  props: Props,
): Promise<Props | undefined> {
  const { spec } = ctx;
  if ((ctx.options.refreshFromLists?.() ?? true) && spec.readFromList) {
    const { op, query, items } = spec.readFromList;
    const listed = await client.list<Props>(op, objects.params(props), query);
    const found = (items ? items(listed) : listed).find((object) => String(object[objects.idField]) === id);
    if (found) return listedForm(ctx, props, found);
  }
  // Not listed is not proof of absence (paging limits, eventual consistency): ask directly.
  return objects.readAlone(id, props);
}

export function readStep(ctx: LifecycleContext) {
  return async (id: string, props: Props) => {
    // Write-only: the service has no read, so refresh can neither see drift nor a delete.
    if (!ctx.spec.ops.read) return { id, props, inputs: ctx.inputsOf(props) };
    // State written before resources carried a tenant has none in its outputs: the configured tenant, kept so.
    const { client, objects } = await ctx.access(props);
    const live = await readForRefresh(ctx, client, objects, id, props);
    const requestId = props[CREATE_REQUEST_ID];
    if (
      !live &&
      typeof requestId === "string" &&
      (await unfinishedCreate(client, objects, id, props, requestId)) === "pending"
    ) {
      return { id, props, inputs: ctx.inputsOf(props) }; // not there yet, but on its way: keep it
    }
    // A `static get` (resourceOptions.ts GET_INPUT): the object as it is, with nothing the stack wrote to drift from.
    if (props[GET_INPUT] === true) {
      if (!live) return {};
      const read = refreshedFrom(ctx, id, ctx.inTenant(props, client), live);
      // Kept in the outputs, which a refresh reads it with: read the same way again.
      return { ...read, props: { ...read.props, [GET_INPUT]: true } };
    }
    if (!live) {
      await reportDrift(ctx, client, id, props, "deleted");
      return {}; // gone: an empty ID tells the engine to drop it from state
    }
    const refreshed = refreshedFrom(ctx, id, props, live);
    // Changed in a field the engine's diff after the refresh would show: the inputs the state held against the object now.
    if (ctx.changed(ctx.inputsOf(props), refreshed.props).length > 0)
      await reportDrift(ctx, client, id, props, "changed");
    return refreshed;
  };
}
