// Adoption: a create that takes over an object the service already holds — the one adoptId names,
// the one with the program's unique name (adoptByName), or settings that always exist.
import type { NmsClient } from "../client";
import { pick, type Props } from "../spec";
import type { LifecycleContext } from "./context";
import type { ObjectAccess } from "./objectAccess";
import { bringToInputs } from "./update";

/** The existing object the inputs ask to take over, brought to match them; undefined when there is none to adopt. */
export async function adopt(
  ctx: LifecycleContext,
  objects: ObjectAccess,
  client: NmsClient,
  inputs: Props,
): Promise<Props | undefined> {
  const { spec } = ctx;
  let existing: Props | undefined;
  if (typeof inputs.adoptId === "string" && inputs.adoptId !== "") {
    existing = await objects.readLive(inputs.adoptId, inputs);
    if (!existing) throw new Error(`cannot adopt ${spec.kind} ${inputs.adoptId}: the service has no such object`);
  } else if (inputs.adoptByName === true && spec.findByName) {
    existing = await spec.findByName(client, inputs);
    if (!existing) return undefined;
  } else {
    return undefined;
  }
  const id = objects.idOf(existing, inputs);
  // As refresh sees it: a field the existing object lacks is a change to make, not one to assume made.
  const current = ctx.outputsOf(existing, inputs, "notEchoed");
  return ctx.changed(inputs, current).length > 0 ? bringToInputs(ctx, objects, id, current, inputs) : existing;
}

/** Settings that always exist: take over the object the parent owns and write the program's values. */
export async function adoptSettings(ctx: LifecycleContext, objects: ObjectAccess, inputs: Props): Promise<Props> {
  const { spec, fields } = ctx;
  // A singleton of the tenant (the recovery PSK, a user profile) is named by no input: its path holds the configured
  // tenant only (an empty ID leaves the tenantId path parameter to the client), and its ID is what the answer says.
  const named = spec.identity.idFromInput !== undefined ? objects.idOf({}, inputs) : "";
  const existing = await objects.readLive(named, inputs);
  if (!existing) throw new Error(`${spec.kind} ${named} cannot be read: the object it belongs to does not exist`);
  const id = named === "" ? objects.idOf(existing, inputs) : named;
  // The inputs naming the object (its venue's ID, its switch and port) are what it was read by, not fields of its
  // read form: taken as they are, so that settings already holding the program's values are not written again.
  const naming = pick(inputs, [
    ...fields.pathInputs,
    ...Object.keys(spec.identity.parents ?? {}),
    ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : []),
  ]);
  return bringToInputs(ctx, objects, id, { ...ctx.outputsOf(existing, {}), ...naming }, inputs, existing);
}
