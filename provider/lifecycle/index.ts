// The one resource lifecycle: check, diff, create, read, update, delete for every spec, whatever
// its shape (created or always-existing, generated or input-given ID, parents, update in place or
// replace, readable or write-only, destroyed by delete, reset, defaults or not at all). Each step
// is a file of this folder; they share what context.ts makes of the spec.
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceSpec } from "../spec";
import { checkStep } from "./check";
import { lifecycleContext, type ClientSource, type LifecycleOptions } from "./context";
import { createStep } from "./create";
import { deleteStep } from "./delete";
import { diffStep } from "./diff";
import { readStep } from "./read";
import { updateStep } from "./update";

export type { ClientSource, LifecycleOptions } from "./context";
export { readMapping } from "./mapping";

export function makeLifecycle(
  spec: ResourceSpec,
  getClient: ClientSource,
  options: LifecycleOptions = {},
): pulumi.dynamic.ResourceProvider {
  const ctx = lifecycleContext(spec, getClient, options);
  return {
    check: checkStep(ctx),
    diff: diffStep(ctx),
    create: createStep(ctx),
    read: readStep(ctx),
    update: updateStep(ctx),
    delete: deleteStep(ctx),
  };
}
