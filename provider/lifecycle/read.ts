// Read (refresh): the object as the service holds it now, from a cached list where the kind has
// one, and what the program is taken to have set.
import type { NmsClient } from "../client";
import { pick, type Props } from "../spec";
import { reportDrift } from "./attribution";
import type { LifecycleContext } from "./context";
import type { ObjectAccess } from "./objectAccess";
import { CREATE_REQUEST_ID } from "./stateFields";
import { unfinishedCreate } from "./unfinishedCreate";

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
    if (found) return { ...pick(props, spec.readFromList.lacks ?? []), ...found };
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
    if (!live) {
      await reportDrift(ctx, client, id, props, "deleted");
      return {}; // gone: an empty ID tells the engine to drop it from state
    }
    const outs = ctx.outputsOf(live, props, "notEchoed");
    // Changed in a field the engine's diff after the refresh would show: the inputs the state held against the object now.
    if (ctx.changed(ctx.inputsOf(props), outs).length > 0) await reportDrift(ctx, client, id, props, "changed");
    return { id, props: outs, inputs: ctx.inputsOf(outs) };
  };
}
