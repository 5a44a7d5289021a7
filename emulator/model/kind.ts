// A kind of object is one declaration: its schema, identity, rules, read form and the operations
// that reach it, by role. The generic flow (model.ts) runs the roles and the handlers
// (handlers.ts) are derived from the declarations, so a new kind is one file in services/ and
// one line in services/registry.ts.
import type { z } from "zod";
import type { BodyEncoding, OperationName, RouteDef, WifiApiVariant } from "../../contract";
import type { Session } from "../auth/auth";
import type { Answer } from "../http/wire";
import type { AnyRecord, UniqueRule } from "./collection";
import type { TenantState } from "./tenant";

/** What a write may use besides the tenant: fresh IDs, the time of the write, the tenant's API variant. */
export interface WriteContext {
  readonly t: TenantState;
  newId(): string;
  readonly now: string;
  readonly variant: WifiApiVariant;
}

/** An object of another kind written together with the main one (default AP group, RADIUS pair). */
export interface RelatedPut {
  kind: string;
  record: AnyRecord;
}

/** What a write will store, computed at submit time so that the 202 can show it. */
export interface Draft<R> {
  record: R;
  related?: RelatedPut[];
}

/**
 * A list operation: every object of the kind, or those whose `field` equals the path parameter
 * `param` (listVenueApGroups AP groups of a venue), after checking that the object of `kind` it names exists.
 */
export interface ListDef {
  op: OperationName;
  where?: { param: string; field: string; kind: string; noun: string };
}

/** The operations of a kind, by the role the generic flow plays for them. */
export interface KindOps {
  lists?: ListDef[];
  /** Body: one object. */
  create?: OperationName;
  /** Body: an array of objects, written all or nothing (createAps, createGuestUsers). */
  createMany?: OperationName;
  get?: OperationName;
  /** By the ID in the path, or in the body's `id` when the path has no slot for it (updateSwitchProfile, updateVlan). */
  update?: OperationName;
  delete?: OperationName;
  /** Body: an array of IDs, deleted all or nothing. */
  bulkDelete?: OperationName;
  /** Settings: back to their defaults. */
  reset?: OperationName;
}

/**
 * What an operation reads and answers, as schemas of the contract: the OpenAPI document and the
 * tests that read every answer take them from here (emulator/operations/operationSchemas.ts).
 */
export interface OperationSchemas {
  /** The JSON body the operation reads; its handler parses with the same schema. */
  body?(variant: WifiApiVariant): z.ZodTypeAny;
  /** The body of its success answer, the async envelope included. */
  answer?(variant: WifiApiVariant): z.ZodTypeAny;
}

export interface KindDef<R extends AnyRecord = AnyRecord, I = unknown> {
  /** Collection name, also the key of the admin API's object listing. */
  readonly name: string;
  /** Word used in messages ("venue"). */
  readonly noun: string;
  /** Path parameter naming one object, also the error entry's object for an unknown ID. */
  readonly idParam: string;
  /**
   * Where a new object's ID comes from: generated (default), an input field that names it (an
   * AP's serialNumber), or the path parameter of the object it belongs to (a venue's settings).
   */
  readonly idFrom?: { field: string; takenCode?: string } | { param: string };
  /** Path parameters that scope the object, by the record field that holds them (a VLAN's profileId). */
  readonly parents?: Readonly<Record<string, { field: string; kind: string; noun: string }>>;
  /** Input schema from the contract, per Wi-Fi API variant. */
  schema(variant: WifiApiVariant): z.ZodType<I, z.ZodTypeDef, unknown>;
  readonly unique?: UniqueRule<R>;
  /**
   * Settings that always exist while the object they belong to does (a venue's radio): read and
   * update materialise them from these defaults the first time; reset puts them back.
   */
  readonly settingsOf?: { kind: string; defaults(ctx: WriteContext, ownerId: string): R };
  /** The stored object: input plus server defaults and generated IDs. Must not change state. */
  build(ctx: WriteContext, input: I, id: string, previous: R | undefined): Draft<R>;
  /** Invariants against the current state (references, immutable fields); runs at submit and again at apply. */
  check?(t: TenantState, record: R, previous: R | undefined): void;
  /**
   * Invariants of all the objects one write stores together (licence counts); runs before `check`. An ApiError with an
   * `index` names that entry of an array body.
   */
  checkBatch?(t: TenantState, records: R[], previous: (R | undefined)[]): void;
  /** Why the object may not be deleted now (still in use); runs at submit and again at apply. */
  guardDelete?(t: TenantState, record: R): void;
  /** Cascade at apply time, after the object is gone. */
  onDelete?(t: TenantState, record: R): void;
  /** Follow-up at apply time, after the object and its related objects are stored. */
  afterPut?(t: TenantState, record: R): void;
  /**
   * The read form; `related` holds the draft's related objects, not stored yet when a 202 is shaped, and `query` the
   * read's query parameters (the newer variant's operational=false).
   */
  view(t: TenantState, record: R, related?: readonly RelatedPut[], query?: URLSearchParams): unknown;
  readonly ops: KindOps;
  /**
   * The schema of the read form `view` gives (from the contract): the answers of the kind's roles
   * follow from it (a get answers it, a list an array of it, a write the envelope with it).
   */
  readSchema?(variant: WifiApiVariant): z.ZodTypeAny;
  /** Operations of this kind that no role covers (getVenueDefaultApGroup, getNetworkActivationByVenue, actions), each with its own handler. */
  readonly extra?: Partial<Record<OperationName, Handler>>;
  /** Bodies and answers of the `extra` operations, and of a role whose body or answer is not the generic one. */
  readonly schemasOf?: Partial<Record<OperationName, OperationSchemas>>;
}

/** An accepted write: what the answer shows now, and how to apply it later. */
export interface PreparedWrite {
  /** ID of the object written; IDs joined by commas for a bulk write. */
  entityId: string;
  count: number;
  /** The object (or objects) as it will be stored; absent for deletes and bare actions. */
  response?: unknown;
  /** Re-checks against the current state and applies; throws ApiError when it no longer can. Ends the write. */
  commit(): void;
  /**
   * commit, over several turns of the event loop, for a batch of new objects too large to write in one (a guest import):
   * absent when commit is the only way. No read sees the objects before the last turn, and a failure leaves none.
   */
  commitYielding?(): Promise<void>;
  /** Ends the write without applying it (its record FAILed): frees the unique keys a create reserved. */
  release(): void;
}

/** A page as the list operation counts it; no size means everything. */
export interface PageRequest {
  /** Zero-based, whatever the operation's first page number is on the wire. */
  page: number;
  size?: number;
}

/** Path parameters of the call. */
export type Params = Readonly<Record<string, string>>;

/** The generic flow as a handler calls it (model/model.ts NmsModel implements it). */
export interface HandlerModel {
  readonly kinds: readonly KindDef[];
  tenant(id: string): TenantState | undefined;
  allTenants(): TenantState[];
  context(t: TenantState): WriteContext;
  existing<R extends AnyRecord>(kind: KindDef<R, unknown>, t: TenantState, id: string, params?: Params): R;
  get<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    id: string,
    params?: Params,
    query?: URLSearchParams,
  ): unknown;
  list<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    list: ListDef,
    params: Params,
    page: PageRequest,
    query?: URLSearchParams,
  ): { items: unknown[]; total: number };
  create<R extends AnyRecord, I>(kind: KindDef<R, I>, t: TenantState, body: unknown, params?: Params): PreparedWrite;
  createMany<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    body: unknown,
    params?: Params,
  ): PreparedWrite;
  /** createMany, giving the event loop back between slices of entries: for bodies that may hold tens of thousands. */
  createManyYielding<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    body: unknown,
    params?: Params,
  ): Promise<PreparedWrite>;
  update<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    id: string | undefined,
    body: unknown,
    params?: Params,
    encoding?: BodyEncoding,
  ): PreparedWrite;
  reset<R extends AnyRecord>(kind: KindDef<R, unknown>, t: TenantState, id: string, params?: Params): PreparedWrite;
  remove<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    ids: string[],
    params?: Params,
    bulk?: boolean,
  ): PreparedWrite;
  action(entityId: string, response: unknown, apply?: () => void): PreparedWrite;
}

/** What a handler gets: the call, already authenticated, with its tenant and parsed body. */
export interface OpContext {
  readonly op: OperationName;
  readonly route: RouteDef;
  readonly model: HandlerModel;
  readonly tenant: TenantState;
  readonly session: Session;
  readonly params: Params;
  readonly query: URLSearchParams;
  readonly body: unknown;
  /** Scheme, host and port the request came to, for absolute addresses in answers (getUploadUrl, getDownloadUrl). */
  readonly origin: string;
  /**
   * Answers a write as its route says: async routes submit it and answer 202 with its request
   * ID; others (createGuestUsers, 201) apply it now, with a request record that is already SUCCESS.
   */
  finish(write: PreparedWrite): Answer | Promise<Answer>;
}

/** A handler answers at once, or later when its work gives the event loop back to others on the way (createManyYielding). */
export type Handler = (c: OpContext) => Answer | Promise<Answer>;
