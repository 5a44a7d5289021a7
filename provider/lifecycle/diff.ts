// Diff: which inputs differ from the state, which of them replace the object, and whether the old
// object must go first.
import type { Props } from "../spec";
import type { LifecycleContext } from "./context";
import { CREATE_REQUEST_ID } from "./stateFields";
import { unfinishedCreate } from "./unfinishedCreate";

export function diffStep(ctx: LifecycleContext) {
  const { spec, fields } = ctx;
  return async (id: string, olds: Props, news: Props) => {
    // A create that never finished (kept in state by createdButUnfinished) and whose request has failed since: create it again.
    const requestId = olds[CREATE_REQUEST_ID];
    if (typeof requestId === "string") {
      const { client, objects } = await ctx.access();
      if ((await unfinishedCreate(client, objects, id, olds, requestId)) === "failed") {
        return { changes: true, replaces: [CREATE_REQUEST_ID], deleteBeforeReplace: false };
      }
    }
    const differing = ctx.changed(news, olds);
    const replaces = ctx.replacedBy(differing, news, olds);
    // A replacement that keeps the unique name (replaceOnChanges on another field) would be refused while the old
    // object holds the name.
    const keepsName = spec.uniqueName !== undefined && !spec.uniqueName.some((field) => differing.includes(field));
    return {
      changes: differing.length > 0,
      replaces,
      stables: fields.inputNames.filter((field) => !differing.includes(field)),
      // An object named by an input (a serial number, its venue) cannot exist twice: the old one goes first.
      deleteBeforeReplace: spec.identity.idFromInput !== undefined || (replaces.length > 0 && keepsName),
    };
  };
}
