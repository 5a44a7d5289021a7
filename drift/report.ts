// What nms-drift finds: for each tenant the stack's resources are in, the managed objects that
// differ from the state (the fields the provider's own refresh and diff find, as `preview
// --refresh` shows them), those gone from the service, and the objects no resource of the state
// holds, each with who did it and when from the tenant's request records. The unmanaged objects
// are found by nms-import's reading and selection (importer/), so that --write-code adopts
// exactly them.
import type * as pulumi from "@pulumi/pulumi";
import type { WifiApiVariant } from "../contract/meta";
import { SECRET_FIELD_NAMES } from "../contract/secretFields";
import { readTenantKinds } from "../importer";
import { noNamesGiven } from "../importer/naming";
import { ImportUsageError, idsIn, programOf, venueScope, type ProgramModel } from "../importer/program";
import { pool, type ImportedObject, type TenantRead } from "../importer/read";
import type { NmsClient } from "../provider/client";
import { type EntityChange, sharedTenantHistory } from "../provider/client/requestHistory";
import { attribute } from "../provider/lifecycle/attribution";
import { lastWriteOf } from "../provider/lifecycle/stateFields";
import { specFields } from "../provider/fields";
import { makeLifecycle } from "../provider/lifecycle";
import { type LifecycleContext, lifecycleContext } from "../provider/lifecycle/context";
import { listedForm, refreshedFrom } from "../provider/lifecycle/read";
import { KIND_IMPORTS } from "../importer/kinds";
import { RESOURCE_SPECS } from "../provider/resources";
import { isPlainObject } from "../provider/shape";
import type { Props } from "../provider/spec";
import { explicitTenant } from "../provider/tenant";
import type { IgnoreList } from "./ignore";
import type { StackResource } from "./state";

/** What a secret's value is shown as, in every format. */
export const MASK = "[secret]";

/** One change of the service's request records: who, when, how. */
export type Change = Pick<EntityChange, "admin" | "timestamp" | "method" | "requestId" | "status">;

export interface FieldDrift {
  readonly field: string;
  /** What the stack set (its default where the program left the field out); secrets masked. */
  readonly state: unknown;
  /** What the service holds now; secrets masked. */
  readonly service: unknown;
}

export interface ChangedObject {
  readonly resource: string;
  readonly urn: string;
  readonly kind: string;
  readonly id: string;
  readonly fields: FieldDrift[];
  /** The inputs the service now holds for the differing fields (secrets in plaintext: for --write-code, never printed). */
  readonly serviceInputs: Props;
  /** The changes since the stack's last write, most recent first (empty when the records show none). */
  readonly changes: Change[];
}

export interface GoneObject {
  readonly resource: string;
  readonly urn: string;
  readonly kind: string;
  readonly id: string;
  readonly changes: Change[];
}

export interface UnmanagedObject {
  readonly kind: string;
  readonly id: string;
  /** The object's own name (or what nms-import names it after). */
  readonly name: string;
  /** Every change the records hold of it, most recent first: the last is the create when the records reach back to it. */
  readonly changes: Change[];
}

export interface TenantDrift {
  readonly tenantId: string;
  readonly changed: ChangedObject[];
  readonly gone: GoneObject[];
  readonly unmanaged: UnmanagedObject[];
  /** Kinds whose objects could not be looked at, and why (write-only kinds, another API variant's). */
  readonly notChecked: { kind: string; reason: string }[];
  /** Whether the request records reach back to the stack's last write of every changed or gone object (else an entry may miss who did it). */
  readonly historyComplete: boolean;
  /** The code adopting the unmanaged objects (importer/program.ts), for --write-code. */
  readonly model: ProgramModel;
}

export interface DriftReport {
  readonly tenants: TenantDrift[];
  /** The stack's resources looked at. */
  readonly resources: number;
  /** Entries the ignore list kept out. */
  readonly ignored: number;
  readonly requests: number;
  readonly durationMs: number;
}

/** A record of a change to an existing object (settings are written by PUT), not of its creation or deletion. */
const isChange = (change: { method: string }) => change.method !== "POST" && change.method !== "DELETE";

export const hasDrift = (report: DriftReport) =>
  report.tenants.some((t) => t.changed.length + t.gone.length + t.unmanaged.length > 0);

export interface DriftOptions {
  readonly client: NmsClient;
  /** nms:tenantId: the tenant of resources whose state names none. */
  readonly configuredTenant: string;
  readonly username: string;
  readonly variant: WifiApiVariant;
  readonly resources: readonly StackResource[];
  /** Kinds looked at (SDK class names); all of them by default. */
  readonly kinds: readonly string[];
  readonly venue?: string;
  readonly ignore: IgnoreList;
  /** Reads in flight at once (the client's rate limit paces them). */
  readonly concurrency?: number;
}

export async function driftReport(options: DriftOptions): Promise<DriftReport> {
  const started = Date.now();
  const kinds = new Set(options.kinds);
  const byTenant = new Map<string, StackResource[]>();
  for (const resource of options.resources) {
    const tenantId = explicitTenant(resource.outputs) ?? explicitTenant(resource.inputs) ?? options.configuredTenant;
    byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), resource]);
  }
  if (byTenant.size === 0) byTenant.set(options.configuredTenant, []);
  const manyTenants = byTenant.size > 1 || !byTenant.has(options.configuredTenant);
  const given = noNamesGiven();
  for (const resource of options.resources) given.names.add(resource.name);
  let ignored = 0;
  const tenants: TenantDrift[] = [];
  let venueMissing: Error | undefined;
  // By tenant ID, not by the state's order (which follows when each create finished): the same tenant gives the same
  // report, and the names the report gives unmanaged objects, run after run.
  for (const [tenantId, resources] of [...byTenant].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let found;
    try {
      found = await tenantDrift(options, tenantId, resources, kinds, manyTenants, given);
    } catch (error) {
      // --venue names a venue of one of the stack's tenants: the others have nothing in it.
      if (!(error instanceof ImportUsageError) || options.venue === undefined || byTenant.size === 1) throw error;
      venueMissing = error;
      continue;
    }
    ignored += found.ignored;
    tenants.push(found.drift);
  }
  if (tenants.length === 0 && venueMissing)
    throw new ImportUsageError(`--venue ${options.venue}: no tenant of the stack has that venue`);
  const requests = Object.values(options.client.stats().requests).reduce((a, b) => a + b, 0);
  return { tenants, resources: options.resources.length, ignored, requests, durationMs: Date.now() - started };
}

async function tenantDrift(
  options: DriftOptions,
  tenantId: string,
  all: StackResource[],
  kinds: Set<string>,
  manyTenants: boolean,
  given: ReturnType<typeof noNamesGiven>,
): Promise<{ drift: TenantDrift; ignored: number }> {
  const client = options.client.forTenant(tenantId);
  // The one read of the tenant's records that refresh's attribution shares (provider/client/requestHistory.ts).
  const history = await sharedTenantHistory(client);
  // Settings (a venue's radio, an AP's LAN ports) of an object no request has changed since it was made are as the
  // service made them: not read, not reported (an AP's radio costs a read per AP).
  const changedSinceMade = (id: string) => history.changesTo(id).some(isChange);
  const read = await readTenantKinds(options.client, tenantId, [...kinds], options.variant, options.username, (owner) =>
    changedSinceMade(owner.id),
  );
  const key = (kind: string, id: string) => `${kind} ${id}`;
  const holder = new Map(all.map((r) => [key(r.kind, r.id), r]));
  const objectOf = new Map(read.objects.map((o) => [key(o.kind, o.id), o]));
  const scope = options.venue !== undefined ? venueScope(read.objects, options.venue) : undefined;
  const venueId = scope && [...scope].find((o) => o.kind === "Venue")?.id;
  const inScope = (r: StackResource) => {
    if (!kinds.has(r.kind)) return false;
    if (!scope) return true;
    const object = objectOf.get(key(r.kind, r.id));
    return object ? scope.has(object) : r.id === venueId || idsIn(r.inputs).includes(venueId!);
  };
  const resources = all.filter(inScope);

  // The stack's own writes are not drift. A managed object's changes are those after the stack's last write to it, as
  // refresh names them (provider/lifecycle/attribution.ts); an unmanaged one's are all but the stack's own.
  const ownRequests = new Set(all.flatMap((r) => lastWriteOf(r.outputs)?.requestId ?? []));
  const brief = ({ admin, timestamp, method, requestId, status }: EntityChange): Change => ({
    admin,
    timestamp,
    method,
    requestId,
    status,
  });
  const changesOf = (id: string): Change[] => history.changesTo(id, { exclude: ownRequests }).map(brief);
  let historyComplete = true;
  const whoChanged = async (resource: StackResource, drift: "changed" | "deleted"): Promise<Change[]> => {
    const who = await attribute(client, RESOURCE_SPECS[resource.kind], resource.id, resource.outputs, drift);
    if (!who.reachesBack) historyComplete = false;
    return who.changes.map(brief);
  };

  const changed: ChangedObject[] = [];
  const gone: GoneObject[] = [];
  const limit = pool(options.concurrency ?? 16);
  const kindSteps = new Map<string, KindSteps>();
  await Promise.all(
    resources.map((resource) =>
      limit(async () => {
        const found = await compare(options, kindSteps, resource, objectOf.get(key(resource.kind, resource.id)));
        if (found === "gone") {
          const { urn, name, kind, id } = resource;
          gone.push({ resource: name, urn, kind, id, changes: await whoChanged(resource, "deleted") });
        } else if (found.fields.length > 0) {
          const { urn, name, kind, id } = resource;
          changed.push({ resource: name, urn, kind, id, ...found, changes: await whoChanged(resource, "changed") });
        }
      }),
    ),
  );

  const managed = (object: ImportedObject) => holder.has(key(object.kind, object.id));
  const model = await programOf(read, {
    kinds: [...kinds],
    venue: options.venue,
    variant: options.variant,
    leaveOut: managed,
    holderOf: (object) => {
      const r = holder.get(key(object.kind, object.id));
      return r && `${r.name} (nms:${r.kind})`;
    },
    ...(manyTenants ? { tenant: { id: tenantId, prefix: "", given } } : { given }),
  });
  const unmanaged: UnmanagedObject[] = model.declarations
    .map((d) => {
      // A setting goes by its owner's ID: of the owner's records, those that changed it (not the owner's creation).
      const changes = changesOf(d.id);
      return { kind: d.kind, id: d.id, name: d.label, changes: d.settings ? changes.filter(isChange) : changes };
    })
    // Settings no request ever changed (a tenant's recovery PSK) are as the service made them on its own.
    .filter((u) => RESOURCE_SPECS[u.kind].ops.create !== undefined || changedSinceMade(u.id));

  const byName = (a: { resource: string }, b: { resource: string }) => a.resource.localeCompare(b.resource);
  const keep = <T extends { kind: string; id: string }>(items: T[], nameOf: (item: T) => string) => {
    const kept = items.filter(
      (item) => !options.ignore.matches({ tenantId, kind: item.kind, id: item.id, name: nameOf(item) }),
    );
    return { kept, dropped: items.length - kept.length };
  };
  const c = keep(changed.sort(byName), (i) => i.resource);
  const g = keep(gone.sort(byName), (i) => i.resource);
  const u = keep(unmanaged, (i) => i.name);
  const keptIds = new Set(u.kept.map((o) => key(o.kind, o.id)));
  const keptModel: ProgramModel = {
    ...model,
    declarations: model.declarations.filter((d) => keptIds.has(key(d.kind, d.id))),
    secrets: model.secrets.filter((s) =>
      model.declarations.some((d) => d.name === s.resource && keptIds.has(key(d.kind, d.id))),
    ),
  };
  return {
    drift: {
      tenantId,
      changed: c.kept,
      gone: g.kept,
      unmanaged: u.kept,
      notChecked: notChecked(read, kinds),
      historyComplete,
      model: keptModel,
    },
    ignored: c.dropped + g.dropped + u.dropped,
  };
}

/** Kinds the comparison could not look at: those the reading could not show (write-only kinds compare nothing either). */
function notChecked(read: TenantRead, kinds: Set<string>): { kind: string; reason: string }[] {
  return read.unreadable.filter((u) => kinds.has(u.kind));
}

/** A kind's provider steps, and what they share (the read's mapping of an answer to state). */
interface KindSteps {
  readonly lifecycle: pulumi.dynamic.ResourceProvider;
  readonly context: LifecycleContext;
}

/**
 * The resource's object as `preview --refresh` sees it: the provider's refresh read, then its diff of the program's
 * inputs (the state's) with what the read found. An object the tenant's reading found already is not read again: the
 * refresh's mapping is applied to that answer (the same list or read the refresh would make); one it did not find (gone,
 * or of a kind it does not read) is read by the refresh itself, which asks for it alone before calling it gone.
 */
async function compare(
  options: DriftOptions,
  kinds: Map<string, KindSteps>,
  resource: StackResource,
  known: ImportedObject | undefined,
): Promise<"gone" | { fields: FieldDrift[]; serviceInputs: Props }> {
  const spec = RESOURCE_SPECS[resource.kind];
  let steps = kinds.get(resource.kind);
  if (!steps) {
    const getClient = () => Promise.resolve(options.client);
    const lifecycleOptions = { variant: () => options.variant, configuredTenant: () => options.configuredTenant };
    steps = {
      lifecycle: makeLifecycle(spec, getClient, lifecycleOptions),
      context: lifecycleContext(spec, getClient, lifecycleOptions),
    };
    kinds.set(resource.kind, steps);
  }
  const { lifecycle, context } = steps;
  // Objects found by a list of the importer's own (delegations, a profile's trusted ports) are read as refresh reads them.
  const sameRead = known !== undefined && spec.ops.read !== undefined && !KIND_IMPORTS[spec.kind]?.enumerate;
  const read = sameRead
    ? refreshedFrom(
        context,
        resource.id,
        resource.outputs,
        spec.readFromList ? listedForm(context, resource.outputs, known.api) : known.api,
      )
    : await lifecycle.read!(resource.id, resource.outputs);
  if (!read.id) return "gone";
  const live = (read.props ?? {}) as Props;
  const diff = await lifecycle.diff!(resource.id, live, resource.inputs);
  if (!diff.changes) return { fields: [], serviceInputs: {} };
  const fields = specFields(spec);
  const defaults = fields.defaults(options.variant);
  const differing = fields.inputNames.filter((f) => !(diff.stables ?? fields.inputNames).includes(f));
  const secret = new Set(fields.secretInputs);
  const liveInputs = (read.inputs ?? {}) as Props;
  const serviceInputs: Props = {};
  for (const field of differing) serviceInputs[field] = liveInputs[field] ?? live[field];
  return {
    fields: differing.map((field) => ({
      field,
      state: masked(resource.inputs[field] ?? defaults[field], secret.has(field)),
      service: masked(live[field], secret.has(field)),
    })),
    serviceInputs,
  };
}

/** The value with secrets replaced by MASK: all of it when the field is one, else every field named as secrets are. */
export function masked(value: unknown, secret: boolean): unknown {
  if (value === undefined) return null;
  if (secret) return value === null || value === "" ? value : MASK;
  if (Array.isArray(value)) return value.map((item) => masked(item, false));
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, masked(v, SECRET_FIELD_NAMES.includes(k) && v !== undefined)]),
    );
  return value;
}
