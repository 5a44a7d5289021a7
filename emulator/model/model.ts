// State and invariants of every tenant, with one method per operation. Reads return the read
// form; writes are validated now and return a PreparedWrite whose commit() re-checks against the
// state of that later moment and applies. The generic flow (create, update, remove, get, list)
// is written once here and driven by the kind specs in kinds/.
import { REQUEST_STATUSES, RequestRecord, RequestStatus, validateBody } from "../../contract";
import { ApiError, badRequest, notFound, validationError } from "../errors";
import type { IdSource } from "../ids";
import type { KindSpec, RelatedPut, WriteContext } from "./kind";
import { activationSpec, activationView } from "./kinds/activation";
import { apGroupSpec } from "./kinds/apGroup";
import { networkDeepSpec, networkDeepView, networkSpec } from "./kinds/network";
import { venueSpec } from "./kinds/venue";
import type { Collection, Entity } from "./collection";
import type { ActivationRecord, KindName, RecordKinds } from "./records";
import { TenantDetails, TenantState, tenantView } from "./tenant";
import type { DpskPassphraseFormat } from "../../contract/schemas/network";

const DPSK_PASSPHRASE_FORMATS: readonly DpskPassphraseFormat[] = [
  { id: "most-secured", name: "Most secured", dpskGenerationParams: { passphraseExpirationEnum: "UNLIMITED", passphraseFormatEnum: "MOST_SECURED", passphraseLength: 18 } },
  { id: "keyboard-friendly", name: "Keyboard friendly", dpskGenerationParams: { passphraseExpirationEnum: "UNLIMITED", passphraseFormatEnum: "KEYBOARD_FRIENDLY", passphraseLength: 12 } },
  { id: "numbers-only", name: "Numbers only", dpskGenerationParams: { passphraseExpirationEnum: "UNLIMITED", passphraseFormatEnum: "NUMBERS_ONLY", passphraseLength: 12 } },
];

/** An accepted write: what the 202 shows now, and how to apply it later. */
export interface PreparedWrite {
  /** ID of the object written; IDs joined by commas for a bulk delete. */
  entityId: string;
  count: number;
  /** The object as it will be stored; absent for deletes. */
  response?: unknown;
  /** Re-checks against the current state and applies; throws ApiError when it no longer can. Ends the write. */
  commit(): void;
  /** Ends the write without applying it (its record FAILed): frees the unique key a create reserved. */
  release(): void;
}

/** Zero-based page; no size means everything. */
export interface PageRequest {
  page: number;
  size?: number;
}

function slicePage<T>(items: T[], page: PageRequest): T[] {
  if (page.size === undefined) return items;
  const start = page.page * page.size;
  return items.slice(start, start + page.size);
}

export class NmsModel {
  private readonly tenants = new Map<string, TenantState>();

  constructor(private readonly ids: IdSource) {}

  // ---- Tenants ----

  createTenant(name: string, details: TenantDetails, id = this.ids.hex32()): TenantState {
    const tenant = new TenantState(id, name, new Date().toISOString(), details);
    this.tenants.set(id, tenant);
    return tenant;
  }

  tenant(id: string): TenantState | undefined {
    return this.tenants.get(id);
  }

  clear(): void {
    this.tenants.clear();
  }

  /** Every object a tenant holds, by kind (admin API). */
  objectsOf(t: TenantState): Record<string, unknown[]> {
    return {
      venues: t.venues.all().map((v) => venueSpec.view(t, v)),
      apGroups: t.apGroups.all().map((g) => apGroupSpec.view(t, g)),
      networks: t.networks.all().map((n) => networkDeepSpec.view(t, n)),
      activations: t.activations.all().map((a) => activationView(t, a)),
      radius: t.radius.all(),
    };
  }

  // ---- A2, A3: request records ----

  getRequest(t: TenantState, requestId: string): RequestRecord {
    const record = t.requests.get(requestId);
    if (!record) throw notFound("request", "requestId", requestId);
    return record;
  }

  listRequests(t: TenantState, status: string, page: PageRequest): RequestRecord[] {
    if (!(REQUEST_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError("NMS-BAD-REQUEST", { message: `status must be one of ${REQUEST_STATUSES.join(", ")}`, object: "status", value: status });
    }
    // Newest first (records are kept in submission order), so page 0 shows the latest requests.
    const matching: RequestRecord[] = [];
    for (const record of t.requests.values()) if (record.status === (status as RequestStatus)) matching.push(record);
    return slicePage(matching.reverse(), page);
  }

  // ---- A4, A5: tenant ----

  getTenant(t: TenantState, deep: boolean): unknown {
    return tenantView(t, deep);
  }

  getTenantDetails(t: TenantState): TenantDetails {
    return t.details;
  }

  // ---- A6-A11: venues ----

  listVenues = (t: TenantState, page: PageRequest) => this.list(venueSpec, t, page);
  addVenue = (t: TenantState, body: unknown) => this.create(venueSpec, t, body);
  deleteVenues = (t: TenantState, body: unknown) => this.remove(venueSpec, t, idList(body));
  getVenue = (t: TenantState, venueId: string) => this.get(venueSpec, t, venueId);
  updateVenue = (t: TenantState, venueId: string, body: unknown) => this.update(venueSpec, t, venueId, body);
  deleteVenue = (t: TenantState, venueId: string) => this.remove(venueSpec, t, [venueId]);

  // ---- W23-W30: AP groups ----

  listApGroups = (t: TenantState, page: PageRequest) => this.list(apGroupSpec, t, page);
  createApGroup = (t: TenantState, body: unknown) => this.create(apGroupSpec, t, body);
  deleteApGroups = (t: TenantState, body: unknown) => this.remove(apGroupSpec, t, idList(body));
  getApGroup = (t: TenantState, apGroupId: string) => this.get(apGroupSpec, t, apGroupId);
  updateApGroup = (t: TenantState, apGroupId: string, body: unknown) => this.update(apGroupSpec, t, apGroupId, body);
  deleteApGroup = (t: TenantState, apGroupId: string) => this.remove(apGroupSpec, t, [apGroupId]);

  listVenueApGroups(t: TenantState, venueId: string, page: PageRequest): unknown[] {
    this.existing(venueSpec, t, venueId);
    return this.list(apGroupSpec, t, page, (g) => g.venueId === venueId);
  }

  getVenueDefaultApGroup(t: TenantState, venueId: string): unknown {
    this.existing(venueSpec, t, venueId);
    const group = t.apGroups.find((g) => g.venueId === venueId && g.isDefault);
    if (!group) throw new ApiError("NMS-NOT-FOUND", { message: "venue has no default AP group", object: "venueId", value: venueId });
    return apGroupSpec.view(t, group);
  }

  // ---- W49-W58: networks ----

  /** W53: the seeds give the shape, not the values; these are the emulator's fixed catalogue. */
  listDpskPassphraseFormats(): DpskPassphraseFormat[] {
    return DPSK_PASSPHRASE_FORMATS.map((format) => ({ ...format, dpskGenerationParams: { ...format.dpskGenerationParams } }));
  }

  /** W49; deep=true gives each network in W57's form, so a whole tenant reads in a few calls. */
  listNetworks(t: TenantState, page: PageRequest, deep: boolean): unknown[] {
    if (!deep) return this.list(networkSpec, t, page);
    // One pass over the activations instead of one per network.
    const activationsByNetwork = new Map<string, ActivationRecord[]>();
    for (const activation of t.activations.all()) {
      const list = activationsByNetwork.get(activation.networkId);
      if (list) list.push(activation);
      else activationsByNetwork.set(activation.networkId, [activation]);
    }
    return slicePage(t.networks.all(), page).map((n) => networkDeepView(t, n, activationsByNetwork.get(n.id) ?? []));
  }

  createNetwork = (t: TenantState, body: unknown) => this.create(networkSpec, t, body);
  deleteNetworks = (t: TenantState, body: unknown) => this.remove(networkSpec, t, idList(body));
  createNetworkDeep = (t: TenantState, body: unknown) => this.create(networkDeepSpec, t, body);
  getNetwork = (t: TenantState, networkId: string) => this.get(networkSpec, t, networkId);
  updateNetwork = (t: TenantState, networkId: string, body: unknown) => this.update(networkSpec, t, networkId, body);
  deleteNetwork = (t: TenantState, networkId: string) => this.remove(networkSpec, t, [networkId]);
  getNetworkDeep = (t: TenantState, networkId: string) => this.get(networkDeepSpec, t, networkId);
  updateNetworkDeep = (t: TenantState, networkId: string, body: unknown) => this.update(networkDeepSpec, t, networkId, body);

  // ---- W59-W66: network-venue activations ----

  createNetworkVenue = (t: TenantState, body: unknown) => this.create(activationSpec, t, body);
  deleteNetworkVenues = (t: TenantState, body: unknown) => this.remove(activationSpec, t, idList(body));
  getNetworkVenue = (t: TenantState, networkVenueId: string) => this.get(activationSpec, t, networkVenueId);
  updateNetworkVenue = (t: TenantState, networkVenueId: string, body: unknown) => this.update(activationSpec, t, networkVenueId, body);
  deleteNetworkVenue = (t: TenantState, networkVenueId: string) => this.remove(activationSpec, t, [networkVenueId]);

  listNetworkVenuesOfNetwork(t: TenantState, networkId: string, page: PageRequest): unknown[] {
    this.existing(networkSpec, t, networkId);
    return this.list(activationSpec, t, page, (a) => a.networkId === networkId);
  }

  getNetworkVenueByNetworkAndVenue(t: TenantState, networkId: string, venueId: string): unknown {
    this.existing(networkSpec, t, networkId);
    this.existing(venueSpec, t, venueId);
    const activation = t.activations.find((a) => a.networkId === networkId && a.venueId === venueId);
    if (!activation) throw new ApiError("NMS-NOT-FOUND", { message: "network is not activated on this venue", object: "venueId", value: venueId });
    return activationSpec.view(t, activation);
  }

  listNetworkVenuesOfVenue(t: TenantState, venueId: string, page: PageRequest): unknown[] {
    this.existing(venueSpec, t, venueId);
    return this.list(activationSpec, t, page, (a) => a.venueId === venueId);
  }

  // ---- The generic flow ----

  private existing<K extends KindName>(spec: KindSpec<K, unknown>, t: TenantState, id: string): RecordKinds[K] {
    const record = t.collection(spec.kind).get(id);
    if (!record) throw notFound(spec.noun, spec.idParam, id);
    return record;
  }

  private get<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, id: string): unknown {
    return spec.view(t, this.existing(spec, t, id));
  }

  private list<K extends KindName, I>(
    spec: KindSpec<K, I>,
    t: TenantState,
    page: PageRequest,
    filter?: (record: RecordKinds[K]) => boolean,
  ): unknown[] {
    const collection = t.collection(spec.kind);
    const records = filter ? collection.filter(filter) : collection.all();
    return slicePage(records, page).map((r) => spec.view(t, r));
  }

  private create<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, body: unknown): PreparedWrite {
    return this.write(spec, t, undefined, body);
  }

  private update<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, id: string, body: unknown): PreparedWrite {
    return this.write(spec, t, this.existing(spec, t, id), body);
  }

  private write<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, previous: RecordKinds[K] | undefined, body: unknown): PreparedWrite {
    const input = parseInput(spec, body);
    const id = previous?.id ?? this.ids.hex32();
    const draft = spec.build(this.context(t), input, id, previous);
    this.check(spec, t, draft.record, previous);
    // Only creates reserve: a retried update or delete names the same object and cannot duplicate it.
    const collection = t.collection(spec.kind);
    const release = previous ? () => undefined : () => collection.release(draft.record);
    if (!previous) collection.reserve(draft.record);
    return {
      entityId: id,
      count: 1,
      response: spec.view(t, draft.record, draft.related),
      commit: () => {
        try {
          // An update applies to the object as it is now; one deleted meanwhile fails the request.
          this.check(spec, t, draft.record, previous && this.existing(spec, t, id));
          this.store(spec, t, draft.record, draft.related);
        } finally {
          release();
        }
      },
      release,
    };
  }

  private remove<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, ids: string[]): PreparedWrite {
    const checkAll = () => ids.map((id) => {
      const record = this.existing(spec, t, id);
      spec.guardDelete?.(t, record);
      return record;
    });
    checkAll();
    return {
      entityId: ids.join(","),
      count: ids.length,
      release: () => undefined,
      commit: () => {
        // All or nothing: every object is checked before the first is deleted.
        for (const record of checkAll()) {
          t.collection(spec.kind).delete(record.id);
          spec.onDelete?.(t, record);
        }
      },
    };
  }

  private check<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, record: RecordKinds[K], previous: RecordKinds[K] | undefined): void {
    spec.check?.(t, record, previous);
    const collection = t.collection(spec.kind);
    if (collection.unique && collection.clashOf(record) !== undefined) {
      const { code, object, message } = collection.unique;
      throw new ApiError(code, { message, object, value: (record as unknown as Record<string, unknown>)[object] });
    }
  }

  private store<K extends KindName, I>(spec: KindSpec<K, I>, t: TenantState, record: RecordKinds[K], related: readonly RelatedPut[] | undefined): void {
    t.collection(spec.kind).put(record);
    for (const put of related ?? []) (t.collection(put.kind) as Collection<Entity>).put(put.record);
    spec.afterPut?.(t, record);
  }

  private context(t: TenantState): WriteContext {
    return { t, newId: () => this.ids.hex32(), now: new Date().toISOString() };
  }
}

function parseInput<I>(spec: KindSpec<KindName, I>, body: unknown): I {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest(`body must be a JSON object (${spec.noun})`, "body");
  }
  const result = validateBody(spec.schema, body);
  if (!result.ok) throw validationError(result.failures, body);
  return result.value;
}

/** Body of the bulk deletes: a non-empty JSON array of IDs; repeated IDs count once. */
function idList(body: unknown): string[] {
  if (!Array.isArray(body) || body.length === 0 || !body.every((id) => typeof id === "string" && id !== "")) {
    throw badRequest("body must be a non-empty JSON array of ID strings", "body");
  }
  return [...new Set(body as string[])];
}
