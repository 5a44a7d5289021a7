// Delete (destroy): what the kind's destroy mode sends — a delete (shared with the run's other
// deletes through a bulk delete), a reset, the defaults written back, or nothing.
import { isNotFound } from "../client/errors";
import type { Props, ResourceSpec } from "../spec";
import type { LifecycleContext } from "./context";
import { wasTakenOver } from "./takenOver";

export function deleteStep(ctx: LifecycleContext) {
  const { spec } = ctx;
  return async (id: string, props: Props): Promise<void> => {
    const { client, objects } = await ctx.access(props);
    if (wasTakenOver(client.tenantId, spec.kind, id)) {
      client.notice(
        "info",
        `${spec.kind} ${id}: not deleted: a create of this run took it over as its own (a replacement whose inputs name the same create), so it stays in the stack`,
      );
      return;
    }
    const settled = async (write: Promise<unknown>) => {
      try {
        await write;
      } catch (error) {
        if (!isNotFound(error)) throw error; // already gone: nothing to destroy
      }
    };
    const send = (op: NonNullable<ResourceSpec["ops"]["delete"]>, body?: unknown) =>
      settled(objects.write(op, props, id, body));
    switch (spec.destroy) {
      case "forget":
        return;
      case "reset":
        return send(required(spec, spec.ops.reset, "reset"));
      case "writeDefaults": {
        // Through toApi, so that a body of another shape (an array, updateVenueLanPorts) gets the defaults in its own shape.
        const defaults = ctx.toApi({ ...ctx.defaults() });
        const body = spec.identity.updateIdIn === "body" ? { ...defaults, [objects.idField]: id } : defaults;
        return send(required(spec, spec.ops.update, "update"), body);
      }
      case "delete":
        return settled(objects.remove(id, props)); // deletes made together share the bulk delete's calls
    }
  };
}

function required<T>(spec: ResourceSpec, op: T | undefined, role: string): T {
  if (op === undefined)
    throw new Error(`nms:${spec.kind} declares destroy "${spec.destroy}" without a ${role} operation`);
  return op;
}
