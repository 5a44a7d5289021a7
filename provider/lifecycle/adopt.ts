// Adoption: a create that takes over an object the service already holds — the one adoptId names,
// the one with the program's unique name (adoptByName), or settings that always exist.
import type { NmsClient } from "../client";
import { isNotFound } from "../client/errors";
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

/**
 * The settings of an object this process made new in this run (a venue's radio, a switch's ports), without a read:
 * the service's defaults, for a kind whose input schema is the service's (updateStoresBody), parsed from the ID alone
 * (a port's name). Undefined when they must be read: another kind, an owner from elsewhere, or an ID the schema refuses.
 */
function freshDefaults(ctx: LifecycleContext, objects: ObjectAccess, named: string, inputs: Props): Props | undefined {
  const { spec, options } = ctx;
  if (!spec.updateStoresBody || !options.previewReads?.ownerMadeNew(spec, objects.client.tenantId, inputs))
    return undefined;
  const naming = spec.identity.idFromInput !== undefined ? { [objects.idField]: named } : {};
  const parsed = spec.inputSchema(ctx.variant()).safeParse(naming);
  return parsed.success ? { ...(parsed.data as Props), ...naming } : undefined;
}

/** Settings that always exist: take over the object the parent owns and write the program's values. */
export async function adoptSettings(ctx: LifecycleContext, objects: ObjectAccess, inputs: Props): Promise<Props> {
  const { spec, fields } = ctx;
  // A singleton of the tenant (the recovery PSK, a user profile) is named by no input: its path holds the configured
  // tenant only (an empty ID leaves the tenantId path parameter to the client), and its ID is what the answer says.
  const named = spec.identity.idFromInput !== undefined ? objects.idOf({}, inputs) : "";
  const defaults = freshDefaults(ctx, objects, named, inputs);
  const existing = defaults ?? (await objects.readLive(named, inputs));
  const missing = () => new Error(`${spec.kind} ${named} cannot be read: the object it belongs to does not exist`);
  if (!existing) throw missing();
  const id = named === "" ? objects.idOf(existing, inputs) : named;
  // The inputs naming the object (its venue's ID, its switch and port) are what it was read by, not fields of its
  // read form: taken as they are, so that settings already holding the program's values are not written again.
  const naming = pick(inputs, [
    ...fields.pathInputs,
    ...Object.keys(spec.identity.parents ?? {}),
    ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : []),
  ]);
  const written = bringToInputs(ctx, objects, id, { ...ctx.outputsOf(existing, {}), ...naming }, inputs, existing);
  if (!defaults) return written;
  // Not read first: a write refused for an object the owner lacks (a port the switch's model has not) says so as a read would.
  return written.catch(async (error: unknown) => {
    throw isNotFound(error) && !(await objects.readLive(named, inputs)) ? missing() : error;
  });
}
