// Who changed it: refresh names, for an object changed or deleted outside the stack, the request records that touched
// it after the stack's own last write (provider/client/requestHistory.ts). One line per resource, on the provider's
// log: a dynamic provider has no engine connection, and the engine shows each line its host prints on stderr as an
// info message at the stack level, without the resource's URN (docs/pulumi-facts.md, "What Pulumi shows of a dynamic
// provider's output"). So the line names the resource itself (kind, name, ID), and the harness, which reads the same
// lines, puts it next to the resource (harness/attribution.ts parses what attributionLine writes).
import { ROUTES, type OperationName } from "../../contract/routes";
import type { NmsClient } from "../client";
import { type EntityChange, sharedTenantHistory } from "../client/requestHistory";
import { RESOURCE_NAME_INPUT, type Props, type ResourceSpec } from "../spec";
import type { LifecycleContext } from "./context";
import { lastWriteOf, type LastWrite } from "./stateFields";

export type DriftKind = "changed" | "deleted";

/** What the line says of one resource. */
export interface Attribution {
  kind: string;
  name: string | undefined;
  id: string;
  drift: DriftKind;
  changes: EntityChange[];
  lastWrite: LastWrite | undefined;
  /** Whether the records reach back to the stack's last write (else older changes are not known). */
  reachesBack: boolean;
  /** The administrator the provider logs in as: left out of the changes when the last write is not known. */
  stackAdmin?: string;
  /** Why the records could not be read, when they could not. */
  unknownBecause?: string;
}

/** One change as the line names it: the administrator, the time, the method and the request ID (and an unusual status). */
function describeChange(change: EntityChange): string {
  const status = change.status === "SUCCESS" ? "" : `, ${change.status}`;
  return `by ${change.admin} at ${change.timestamp} (${change.method}, request ${change.requestId}${status})`;
}

/** The line for one resource (without the log's "nms info: " prefix). */
export function attributionLine(a: Attribution): string {
  const head = `nms:${a.kind} ${JSON.stringify(a.name ?? "")} ${a.id} ${a.drift} outside the stack: `;
  if (a.unknownBecause !== undefined) return `${head}who did it is not known: ${a.unknownBecause}`;
  const since = a.lastWrite ? `the stack's last write (${a.lastWrite.timestamp})` : undefined;
  const parts: string[] = [];
  if (a.changes.length > 0) parts.push(a.changes.map(describeChange).join("; "));
  else parts.push(`no request record names it after ${since ?? "the stack's writes"}`);
  if (!a.lastWrite)
    parts.push(
      `the state has no last write of the stack (written by an older pulumi-nms): records by ${a.stackAdmin} are left out`,
    );
  else if (!a.reachesBack)
    parts.push(`the tenant's request records do not reach back to ${since}: earlier changes are not known`);
  return head + parts.join("; ");
}

/** The services whose operations write objects of the kind (request records name one in serviceName). */
function servicesOf(spec: ResourceSpec): Set<string> {
  const { create, update, delete: single, bulkDelete, reset } = spec.ops;
  const ops: (OperationName | undefined)[] = [create, update, single, bulkDelete, reset];
  for (const toggle of Object.values(spec.toggles ?? {})) ops.push(toggle.whenTrue, toggle.whenFalse);
  for (const trigger of Object.values(spec.triggers ?? {})) ops.push(trigger.op);
  return new Set(ops.filter((op): op is OperationName => op !== undefined).map((op) => ROUTES[op].service));
}

/**
 * Of a changed object's records, those of its own kind's services when there are any: settings go by their owner's
 * ID (a venue's radio settings by the venue's), so the owner's own writes name the same ID. A deleted object keeps
 * them all: deleting the owner deletes its settings.
 */
function ofTheKind(spec: ResourceSpec, changes: EntityChange[], drift: DriftKind): EntityChange[] {
  if (drift === "deleted") return changes;
  const services = servicesOf(spec);
  const own = changes.filter((change) => services.has(change.serviceName));
  return own.length > 0 ? own : changes;
}

/** Who made the change a read found: from the tenant's history, read once per tenant for every read of the run. */
export async function attribute(
  client: NmsClient,
  spec: ResourceSpec,
  id: string,
  props: Props,
  drift: DriftKind,
): Promise<Attribution> {
  const kind = spec.kind;
  const name = typeof props[RESOURCE_NAME_INPUT] === "string" ? props[RESOURCE_NAME_INPUT] : undefined;
  const lastWrite = lastWriteOf(props);
  const base = { kind, name, id, drift, lastWrite };
  try {
    const history = await sharedTenantHistory(client);
    if (!lastWrite) {
      // State written before the last write was kept: the stack's writes go by its login, so another's are not its.
      const stackAdmin = client.username;
      const changes = ofTheKind(
        spec,
        history.changesTo(id).filter((change) => change.admin !== stackAdmin),
        drift,
      );
      return { ...base, changes, reachesBack: false, stackAdmin };
    }
    const exclude = lastWrite.requestId ? new Set([lastWrite.requestId]) : undefined;
    const changes = ofTheKind(spec, history.changesTo(id, { since: lastWrite.timestamp, exclude }), drift);
    return { ...base, changes, reachesBack: history.reachesBackTo(lastWrite.timestamp) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      changes: [],
      reachesBack: false,
      unknownBecause: `the request records could not be read (${reason})`,
    };
  }
}

/** Says who changed or deleted the object, on the provider's log (one line); never fails the read. */
export async function reportDrift(
  ctx: LifecycleContext,
  client: NmsClient,
  id: string,
  props: Props,
  drift: DriftKind,
): Promise<void> {
  // At level info, as the client's other notices (nms:logLevel warn or off hides it); the client removes known secrets.
  client.notice("info", attributionLine(await attribute(client, ctx.spec, id, props, drift)));
}
