// What check learns from the service before `up` would: a login, the unique names objects already
// hold, whether the objects a resource refers to exist, and what an adoption will overwrite. The
// engine calls Check in a preview and in an update alike and tells a dynamic provider neither
// (docs/pulumi-facts.md §10); the program knows, and says so in the state's identity's input, whose
// check is the host's first (provider/stateIdentity.ts). These reads cost little: one login per
// process, a tenant read only for a tenant whose checks read nothing else, at most one list per
// (tenant, operation, scope) per process, shared by every resource and kept for the process (the
// service's later writes are this process's own), a read only to confirm a missing reference, and
// lists skipped where the scope was created by this process. An update skips what its own writes
// meet anyway: the tenant read, the references' reads, and the lists of names whose create the
// service refuses itself.
// Each resource is checked in its own tenant (its `tenantId`, else the configured one): a reference
// to another tenant's object is a reference to nothing. nms:offlinePreview turns every one of them off.
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../../contract/validators";
import type { NmsClient } from "../client";
import { containsUnknown } from "../compare";
import { specFields } from "../fields";
import { RESOURCE_SPECS } from "../resources";
import { RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT, type Props, type ResourceSpec, type TakenName } from "../spec";
import { explicitTenant, TENANT_INPUT } from "../tenant";
import { madeByInterruptedCreate, takesOverByName } from "./interruptedCreate";
import { objectAccess, type ObjectAccess } from "./objectAccess";
import { ClientReads } from "./previewClientReads";
import { type LifecycleTools, report } from "./previewReport";

export type { LifecycleTools } from "./previewReport";

type CheckFailure = pulumi.dynamic.CheckFailure;

/**
 * Inputs that name an object of another kind whose ID the service generates, by field. A program
 * cannot know the ID of an object it has yet to create, so a known ID that the tenant does not hold
 * is a reference up would be refused on. (Serial numbers are chosen by the program, which may
 * create that AP or switch in the same run: a missing one is not judged.)
 */
export const REFERENCES: Readonly<Record<string, string>> = {
  venueId: "Venue",
  networkId: "Network",
  apGroupId: "ApGroup",
  profileId: "SwitchProfile",
};

/** How check finds the kind's unique name taken, when it looks (ResourceSpec.takenName). */
function takenNameOf(spec: ResourceSpec): TakenName | undefined {
  return spec.takenName && "list" in spec.takenName ? spec.takenName : undefined;
}

/** The kind an input names, for objects this process created (whose settings and children need no look-up). */
const OWNERS: Readonly<Record<string, string>> = { ...REFERENCES, serialNumber: "Ap", switchId: "Switch" };

export interface PreviewReadsOptions {
  /** nms:offlinePreview; throws when the setting is invalid. */
  offline(): boolean;
  /** nms:tenantId, the tenant of resources that leave `tenantId` out (undefined when not set). */
  configuredTenant?(): string | undefined;
}

/** What the process has seen of the stack's resources: objects it created, existing resources it diffed. */
interface Seen {
  /** "Tenant kind id" of every object a create of this process made or adopted. */
  readonly created: Set<string>;
  /** "Tenant kind id" of the objects a create of this process made new: not adopted, so nothing of anyone else's refers to them. */
  readonly madeNew: Set<string>;
  /** "Tenant kind id" → the resource's new inputs and whether its diff replaces it. */
  readonly diffed: Map<string, { inputs: Props; replaced: boolean }>;
}

/** Preview reads for one provider process: shared by every kind's lifecycle (provider/runtime.ts). */
export class PreviewReads {
  private readonly byClient = new WeakMap<NmsClient, ClientReads>();
  private readonly seen: Seen = { created: new Set(), madeNew: new Set(), diffed: new Map() };
  /** The process serves an update, not a preview: the program said so (runIs). */
  private update = false;

  constructor(private readonly options: PreviewReadsOptions) {}

  /**
   * What run the process serves, as the program told the state's identity (`pulumi.runtime.isDryRun()`); undefined
   * (an SDK before it, a program without the identity) reads as much as a preview. An update is a preview's sequel:
   * `pulumi up` previews first, and that preview's checks read what an update's would.
   */
  runIs(preview: boolean | undefined): void {
    this.update = preview === false;
  }

  /**
   * A create of this process made (or adopted) the object, in the tenant its outputs name: resources of that tenant
   * that refer to it need no look-up.
   */
  noteCreated(kind: string, outs: Props, id: string, inputs: Props = outs): void {
    const key = this.key(outs, kind, id);
    this.seen.created.add(key);
    const adopting = (typeof inputs.adoptId === "string" && inputs.adoptId !== "") || inputs.adoptByName === true;
    if (!adopting && RESOURCE_SPECS[kind]?.ops.create !== undefined) this.seen.madeNew.add(key);
  }

  /**
   * An existing resource was diffed (its object in the tenant the outputs `olds` name): a name its object holds is not
   * a refusal when the diff replaces it or renames it.
   */
  noteDiff(kind: string, olds: Props, id: string, news: Props, replaces: readonly string[] | undefined): void {
    this.seen.diffed.set(this.key(olds, kind, id), { inputs: news, replaced: (replaces?.length ?? 0) > 0 });
  }

  /**
   * Whether the settings these inputs name belong to an object a create of this process made new in `tenant` (a venue's
   * radio, a switch's ports): they hold the service's defaults, nothing of anyone's.
   */
  ownerMadeNew(spec: ResourceSpec, tenant: string, inputs: Props): boolean {
    const field = spec.identity.idFromInput;
    const owners = [...(field !== undefined ? [field] : []), ...Object.keys(spec.identity.parents ?? {})];
    return owners.some((input) => OWNERS[input] !== spec.kind && this.madeNew(tenant, OWNERS[input], inputs[input]));
  }

  /** Whether a create of this process made the object of `kind` named `id` new in `tenant` (the key() form). */
  private madeNew(tenant: string, kind: string | undefined, id: unknown): boolean {
    return kind !== undefined && this.seen.madeNew.has(`${tenant} ${kind} ${String(id)}`);
  }

  /** "tenant kind id": IDs (serial numbers above all) are unique within a tenant only. */
  private key(props: Props, kind: string, id: string): string {
    return `${explicitTenant(props) ?? this.options.configuredTenant?.() ?? ""} ${kind} ${id}`;
  }

  forKind(
    spec: ResourceSpec,
    getClient: () => Promise<NmsClient>,
    tools: LifecycleTools,
  ): { check(olds: Props, news: Props): Promise<CheckFailure[]> } {
    return { check: (olds, news) => this.check(spec, getClient, tools, olds, news) };
  }

  private readsOf(client: NmsClient): ClientReads {
    let reads = this.byClient.get(client);
    if (!reads) {
      reads = new ClientReads(client);
      this.byClient.set(client, reads);
    }
    return reads;
  }

  private async check(
    spec: ResourceSpec,
    getClient: () => Promise<NmsClient>,
    tools: LifecycleTools,
    olds: Props,
    news: Props,
  ): Promise<CheckFailure[]> {
    try {
      if (this.options.offline()) return [];
    } catch (error) {
      return [{ property: "nms:offlinePreview", reason: (error as Error).message }];
    }
    let root: NmsClient;
    try {
      root = await getClient();
    } catch (error) {
      return [
        {
          property: "",
          reason: `${(error as Error).message}; or set nms:offlinePreview to true to preview without reading the service`,
        },
      ];
    }
    // A tenant not known yet (an output of a resource still to be created) cannot be read.
    if (isUnknown(news[TENANT_INPUT])) return [];
    const named = explicitTenant(news);
    const client = root.forTenant(named ?? root.tenantId);
    const reads = this.readsOf(client);
    const namedTenant = named !== undefined && named !== root.configuredTenantId;
    if (reads.refused) return [reads.refused];
    let failures: CheckFailure[];
    try {
      failures = await this.checkInTenant(spec, client, reads, tools, olds, news);
    } catch (error) {
      const refused = reads.refusal(error, namedTenant);
      if (refused) return [refused];
      throw error;
    }
    // A tenant none of whose reads has answered yet (no read needed, or not found) is read itself: a login that cannot
    // reach it fails every check of its resources, with the service's reason. An update's writes meet that reason
    // themselves.
    const refused = this.update ? undefined : await reads.verified(namedTenant);
    return refused ? [refused] : failures;
  }

  /** The reads of one resource's check, in its tenant. */
  private async checkInTenant(
    spec: ResourceSpec,
    client: NmsClient,
    reads: ClientReads,
    tools: LifecycleTools,
    olds: Props,
    news: Props,
  ): Promise<CheckFailure[]> {
    // Olds are empty for a resource not in the state yet, and for the replacement of one.
    const isNew = Object.keys(olds).length === 0;
    // An update's write to a missing object is refused by the service, with its reason.
    const failures = this.update ? [] : await this.missingReferences(spec, reads, olds, news, isNew);
    if (failures.length > 0 || !isNew) return failures;
    const objects = objectAccess(spec, client);
    if (!spec.ops.create) {
      await this.reportSettingsTakeover(spec, reads, objects, tools, news);
      return [];
    }
    if (typeof news.adoptId === "string" && news.adoptId !== "")
      return this.checkAdoptId(spec, reads, objects, tools, news, news.adoptId);
    const byName = news.adoptByName === true && spec.findByName !== undefined;
    if (byName) {
      // What findByName reads of the inputs is its own: with a key declared, that key; without, every input.
      const keyFields = takenNameOf(spec)?.fields ?? Object.keys(news);
      if (keyFields.some((field) => containsUnknown(news[field]))) return [];
      const existing = await spec.findByName!(reads.listingOnce(), news);
      if (existing) {
        report(client, spec, news, objects.idOf(existing, news), existing, tools, "adopt");
        return [];
      }
    }
    return this.checkNameFree(spec, reads, objects, news, byName);
  }

  /** References to objects of other kinds: each must exist, unless this process created it. Unknown ones are not judged. */
  private async missingReferences(
    spec: ResourceSpec,
    reads: ClientReads,
    olds: Props,
    news: Props,
    isNew: boolean,
  ): Promise<CheckFailure[]> {
    const failures: CheckFailure[] = [];
    const fields = specFields(spec);
    for (const [field, kind] of Object.entries(REFERENCES)) {
      const id = news[field];
      if (
        kind === spec.kind ||
        !fields.inputNames.includes(field) ||
        typeof id !== "string" ||
        id === "" ||
        isUnknown(id)
      )
        continue;
      // The resource's own ID names the object it creates, not another.
      if (spec.identity.idFromInput === field && spec.ops.create) continue;
      // An existing resource that keeps the reference writes nothing about it.
      if (!isNew && olds[field] === id) continue;
      if (await this.exists(reads, kind, id)) continue;
      failures.push({
        property: field,
        reason: `no nms:${kind} with ID ${JSON.stringify(id)} exists in ${reads.where()}, so up would be refused`,
      });
    }
    return failures;
  }

  private async exists(reads: ClientReads, kind: string, id: string): Promise<boolean> {
    if (this.seen.created.has(`${reads.client.tenantId} ${kind} ${id}`)) return true;
    const target = RESOURCE_SPECS[kind];
    const objects = objectAccess(target, reads.client);
    if (target.readFromList) {
      const { op, query, items } = target.readFromList;
      const listed = await reads.list(op, {}, query);
      if ((items ? items(listed) : listed).some((object) => String(object[objects.idField]) === id)) return true;
    }
    // Not listed is no proof (an object made since the list, a list the service pages short): ask for it alone.
    return reads.confirm(kind, id, () => objects.readLive(id, {}));
  }

  /** adoptId names an object that must exist; up then brings it to the program's values. */
  private async checkAdoptId(
    spec: ResourceSpec,
    reads: ClientReads,
    objects: ObjectAccess,
    tools: LifecycleTools,
    news: Props,
    adoptId: string,
  ): Promise<CheckFailure[]> {
    if (isUnknown(adoptId) || Object.keys(spec.identity.parents ?? {}).some((field) => containsUnknown(news[field])))
      return [];
    const existing = await objects.readLive(adoptId, news);
    if (!existing)
      return [
        {
          property: "adoptId",
          reason: `no nms:${spec.kind} with ID ${JSON.stringify(adoptId)} exists, so up cannot adopt it`,
        },
      ];
    report(reads.client, spec, news, adoptId, existing, tools, "adopt");
    return [];
  }

  /** A key another object holds refuses the create, unless that object is about to leave it or this stack's own interrupted create made it. */
  private async checkNameFree(
    spec: ResourceSpec,
    reads: ClientReads,
    objects: ObjectAccess,
    news: Props,
    byName: boolean,
  ): Promise<CheckFailure[]> {
    const key = takenNameOf(spec);
    if (!key || key.fields.some((field) => news[field] === undefined || containsUnknown(news[field]))) return [];
    // In an update, a create the service refuses for a taken name (409) finds out itself: it takes over what this
    // stack's interrupted create made, or fails naming the name and how to adopt the object (create.ts). Creates that
    // share an array call (APs) are still checked: one taken name would fail the call for all of them.
    if (this.update && takesOverByName(spec)) return [];
    // A name formed with an object this process made new (an AP group's venue, an activation's network) is held by
    // nothing but this process's own objects: no list (an update the host was not told of, APs).
    const tenant = reads.client.tenantId;
    const formedWithNew = (field: string) =>
      field !== spec.identity.idFromInput && this.madeNew(tenant, REFERENCES[field], news[field]);
    if (key.fields.some(formedWithNew)) return [];
    const params: Record<string, string> = {};
    if (key.parent) {
      const parentId = String(news[key.parent.field]);
      // A scope this process created holds only what this process put there.
      if (this.seen.created.has(`${reads.client.tenantId} ${key.parent.kind} ${parentId}`)) return [];
      params[key.parent.param] = parentId;
    }
    const listed = await reads.list(key.list, params, key.query);
    const holder = (key.items ? key.items(listed) : listed).find((object) => key.holds(object, news));
    if (!holder) return [];
    // The request ID of up's create comes from the inputs: with some still unknown, whether up takes the holder over is not
    // known. The state's identity alone unknown is a state's first run (provider/stateIdentity.ts): no earlier create of it.
    const firstRunOfState = containsUnknown(news[RESOURCE_STACK_INPUT]);
    if (containsUnknown({ ...news, [RESOURCE_STACK_INPUT]: undefined })) return [];
    const id = objects.idOf(holder, news);
    if (this.seen.created.has(`${reads.client.tenantId} ${spec.kind} ${id}`)) return [];
    const diffed = this.seen.diffed.get(`${reads.client.tenantId} ${spec.kind} ${id}`);
    // This very resource's old object (a replacement's check), one its resource replaces or renames in this run: not for sure.
    const own = diffed !== undefined && diffed.inputs[RESOURCE_NAME_INPUT] === news[RESOURCE_NAME_INPUT];
    if (diffed && (own || diffed.replaced || key.fields.some((field) => diffed.inputs[field] !== news[field])))
      return [];
    if (!firstRunOfState && (await madeByInterruptedCreate(spec, reads.client, news, id))) return [];
    const shown = key.fields.map((field) => `${field} ${JSON.stringify(news[field])}`).join(", ");
    const manager =
      typeof diffed?.inputs[RESOURCE_NAME_INPUT] === "string" ? diffed.inputs[RESOURCE_NAME_INPUT] : undefined;
    const held = `nms:${spec.kind} ${id} already holds ${shown} (unique in ${key.scope})`;
    const reason = manager
      ? `${held}, and resource ${JSON.stringify(manager)} of this stack manages it: up's create would be refused`
      : byName
        ? `${held}, but adoptByName does not take that object over, so up's create would be refused; adoptId: ${JSON.stringify(id)} names it`
        : `${held} and no resource of this program adopts it, so up's create would be refused; ` +
          `to take it over, set ${spec.findByName ? "adoptByName: true or " : ""}adoptId: ${JSON.stringify(id)} on this resource`;
    return [{ property: key.fields[0], reason }];
  }

  /** Settings that always exist: their create takes over what the service holds. Say what it overwrites. */
  private async reportSettingsTakeover(
    spec: ResourceSpec,
    reads: ClientReads,
    objects: ObjectAccess,
    tools: LifecycleTools,
    news: Props,
  ): Promise<void> {
    const field = spec.identity.idFromInput;
    const named = field !== undefined ? news[field] : "";
    if (typeof named !== "string" || isUnknown(named) || Object.values(objects.params(news)).some(isUnknown)) return;
    // Settings of an object this process created hold the service's defaults: nothing of anyone's to overwrite.
    const owners = [...(field !== undefined ? [field] : []), ...Object.keys(spec.identity.parents ?? {})];
    if (
      owners.some(
        (input) =>
          OWNERS[input] !== undefined &&
          this.seen.created.has(`${reads.client.tenantId} ${OWNERS[input]} ${String(news[input])}`),
      )
    )
      return;
    let existing: Props | undefined;
    if (spec.readFromList && named !== "") {
      // The list alone: what it lacks is not worth a read per resource for a report (a parent the program has yet to create lists nothing).
      const { op, query, items, lacks } = spec.readFromList;
      const listed = await reads.list(op, objects.params(news), query);
      const found = (items ? items(listed) : listed).find((object) => String(object[objects.idField]) === named);
      existing = found && lacks && lacks.length > 0 ? await objects.readLive(named, news) : found;
    } else {
      existing = await objects.readLive(named, news);
    }
    if (!existing) return;
    report(reads.client, spec, news, named === "" ? objects.idOf(existing, news) : named, existing, tools, "settings");
  }
}
