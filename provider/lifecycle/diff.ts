// Diff: which inputs differ from the state, which of them replace the object, and whether the old
// object must go first.
import type { Props } from "../spec";
import { movesTenant, TENANT_INPUT } from "../tenant";
import type { LifecycleContext } from "./context";
import { CREATE_REQUEST_ID } from "./stateFields";
import { unfinishedCreate } from "./unfinishedCreate";

export function diffStep(ctx: LifecycleContext) {
  const { spec, fields } = ctx;
  return async (id: string, olds: Props, news: Props) => {
    // A create that never finished (kept in state by createdButUnfinished) and whose request has failed since: create it again.
    const requestId = olds[CREATE_REQUEST_ID];
    if (typeof requestId === "string") {
      const { client, objects } = await ctx.access(olds);
      if ((await unfinishedCreate(client, objects, id, olds, requestId)) === "failed") {
        return { changes: true, replaces: [CREATE_REQUEST_ID], deleteBeforeReplace: false };
      }
    }
    // The tenant is part of the object's identity: another one is another object (left out = the configured tenant).
    const configured = ctx.options.configuredTenant
      ? ctx.options.configuredTenant()
      : await ctx.getClient().then(
          (c) => c.tenantId,
          () => undefined,
        );
    const tenantMoved = movesTenant(olds, news, configured);
    const differing = [...ctx.changed(news, olds), ...(tenantMoved ? [TENANT_INPUT] : [])];
    const replaces = [
      ...ctx.replacedBy(
        differing.filter((field) => field !== TENANT_INPUT),
        news,
        olds,
      ),
      ...(tenantMoved ? [TENANT_INPUT] : []),
    ];
    // A replacement that keeps the unique name (replaceOnChanges on another field) would be refused while the old
    // object holds the name; names are unique per tenant, so one in another tenant is not.
    const keepsName =
      spec.uniqueName !== undefined && !tenantMoved && !spec.uniqueName.some((field) => differing.includes(field));
    return {
      changes: differing.length > 0,
      replaces,
      stables: fields.inputNames.filter((field) => !differing.includes(field)),
      // An object named by an input (a serial number, its venue) cannot exist twice: the old one goes first.
      deleteBeforeReplace: spec.identity.idFromInput !== undefined || (replaces.length > 0 && keepsName),
    };
  };
}
