// State and invariants of every tenant, and the generic flow every kind declaration runs: get,
// list, create (one or many), update, delete (one or many), reset. Reads return the read form;
// writes are validated now and return a PreparedWrite whose commit() re-checks against the state
// of that later moment and applies (writeFlow.ts).
import type { BodyEncoding } from "../../contract";
import { ApiError, badRequest, notFound } from "./errors";
import { Directory } from "./directory";
import { TurnBudget, yieldToOthers } from "./turns";
import type { IdSource } from "./ids";
import type { AnyRecord } from "./collection";
import type { Draft, HandlerModel, KindDef, ListDef, PageRequest, Params, PreparedWrite, WriteContext } from "./kind";
import { type TenantDetails, type TenantSettings, TenantState } from "./tenant";
import { atIndex, clashesWithin, type ExistingOf, idInBody, parseObject, runToEnd, writeSteps } from "./writeFlow";

export function slicePage<T>(items: T[], page: PageRequest): T[] {
  if (page.size === undefined) return items;
  const start = page.page * page.size;
  return items.slice(start, start + page.size);
}

export class NmsModel implements HandlerModel {
  private readonly tenants = new Map<string, TenantState>();
  /** Shared by every tenant: logins, the support directory, MSP customers. */
  readonly directory = new Directory();

  /** existing, bound: what the write flow re-reads an update's object with. */
  private readonly existingOf: ExistingOf = (kind, t, id) => this.existing(kind, t, id);

  constructor(
    private readonly ids: IdSource,
    readonly kinds: readonly KindDef[],
  ) {}

  // ---- Tenants ----

  createTenant(
    name: string,
    details: TenantDetails,
    id = this.ids.hex32(),
    settings: Partial<TenantSettings> = {},
  ): TenantState {
    const tenant = new TenantState(id, name, new Date().toISOString(), details, this.kinds, settings, this.directory);
    this.tenants.set(id, tenant);
    return tenant;
  }

  tenant(id: string): TenantState | undefined {
    return this.tenants.get(id);
  }

  /** Every tenant, in creation order. */
  allTenants(): TenantState[] {
    return [...this.tenants.values()];
  }

  /** A tenant built elsewhere with its own creation date (a restart from a state file). */
  addTenant(tenant: TenantState): void {
    this.tenants.set(tenant.id, tenant);
  }

  clear(): void {
    this.tenants.clear();
    this.directory.clear();
  }

  /** Every object a tenant holds, by kind, in the read form (admin API). */
  objectsOf(t: TenantState): Record<string, unknown[]> {
    return Object.fromEntries(
      this.kinds.map((kind) => [
        kind.name,
        t
          .of(kind.name)
          .all()
          .map((r) => kind.view(t, r)),
      ]),
    );
  }

  context(t: TenantState): WriteContext {
    return { t, newId: () => this.ids.hex32(), now: new Date().toISOString(), variant: t.variant };
  }

  // ---- Reads ----

  /** The object an ID names, within the parents the path names; settings exist while their owner does. */
  existing<R extends AnyRecord>(kind: KindDef<R, unknown>, t: TenantState, id: string, params: Params = {}): R {
    this.checkParents(kind, t, params);
    const stored = t.of<R>(kind.name).get(id);
    if (stored && this.withinParents(kind, stored, params)) return stored;
    if (kind.settingsOf && !stored) {
      if (!t.of(kind.settingsOf.kind).has(id)) throw notFound(kind.noun, kind.idParam, id);
      return kind.settingsOf.defaults(this.context(t), id);
    }
    throw notFound(kind.noun, kind.idParam, id);
  }

  get<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    id: string,
    params: Params = {},
    query?: URLSearchParams,
  ): unknown {
    return kind.view(t, this.existing(kind, t, id, params), undefined, query);
  }

  /** One page of a list operation, in the read form, and how many objects the whole list holds. */
  list<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    list: ListDef,
    params: Params,
    page: PageRequest,
    query?: URLSearchParams,
  ): { items: unknown[]; total: number } {
    this.checkParents(kind, t, params);
    const where = list.where;
    if (where && !t.of(where.kind).has(params[where.param]))
      throw notFound(where.noun, where.param, params[where.param]);
    const records = t
      .of<R>(kind.name)
      .filter((r) => this.withinParents(kind, r, params) && (!where || r[where.field] === params[where.param]));
    return { items: slicePage(records, page).map((r) => kind.view(t, r, undefined, query)), total: records.length };
  }

  // ---- Writes ----

  create<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    body: unknown,
    params: Params = {},
  ): PreparedWrite {
    this.checkParents(kind, t, params);
    const draft = this.draftCreate(kind, t, parseObject(kind, t, body), params);
    return this.writeOf(kind, t, [draft], [undefined], false);
  }

  /** An array body: every entry is checked (failures name their index, `[2].name`), then all are written or none. */
  createMany<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    body: unknown,
    params: Params = {},
  ): PreparedWrite {
    return runToEnd(this.createManySteps(kind, t, body, params));
  }

  /**
   * createMany, giving the event loop back whenever a turn's share of the work is done (TurnBudget): a body of tens of
   * thousands of entries (a guest import at the body limit) then delays other tenants' requests by one share, not by
   * all of it.
   */
  async createManyYielding<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    body: unknown,
    params: Params = {},
  ): Promise<PreparedWrite> {
    const steps = this.createManySteps(kind, t, body, params);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await yieldToOthers();
    }
  }

  /** createMany's work; it yields (nothing) where a turn's share of the work ends (TurnBudget). */
  private *createManySteps<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    body: unknown,
    params: Params,
  ): Generator<void, PreparedWrite> {
    this.checkParents(kind, t, params);
    if (!Array.isArray(body) || body.length === 0)
      throw badRequest(`body must be a non-empty JSON array of ${kind.noun} objects`, "body");
    const budget = new TurnBudget();
    const inputs: I[] = [];
    for (let i = 0; i < body.length; i++) {
      inputs.push(atIndex(i, () => parseObject(kind, t, body[i])));
      if (budget.spent()) {
        yield;
        budget.restart();
      }
    }
    const ctx = this.context(t);
    const drafts: Draft<R>[] = [];
    for (let i = 0; i < inputs.length; i++) {
      drafts.push(atIndex(i, () => this.draftCreate(kind, t, inputs[i], params, ctx)));
      if (budget.spent()) {
        yield;
        budget.restart();
      }
    }
    // Parents checked again: one may have gone while other requests ran between slices.
    this.checkParents(kind, t, params);
    yield* clashesWithin(kind, t, drafts, budget);
    return yield* writeSteps(
      this.existingOf,
      kind,
      t,
      drafts,
      drafts.map(() => undefined),
      true,
      budget,
    );
  }

  /**
   * An update of the object the path names, or (`idInBody`) the one the body's `id` names. `encoding` is the route's:
   * an "array" body (the per-AP-model venue settings, updateVenueCellularSettings, updateVenueLanPorts, updateVenueLeds) is read whole by the kind's array schema.
   */
  update<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    id: string | undefined,
    body: unknown,
    params: Params = {},
    encoding: BodyEncoding = "object",
  ): PreparedWrite {
    // A body that names the object is read first: its field rules are reported with the missing or unknown id (updateVenueSwitchSettings).
    const early = id === undefined ? parseObject(kind, t, body, encoding) : undefined;
    const targetId = id ?? idInBody(kind, body);
    const previous = this.existing(kind, t, targetId, params);
    const input = early ?? parseObject(kind, t, body, encoding);
    if (kind.idFrom && "field" in kind.idFrom) {
      const given = (input as Record<string, unknown>)[kind.idFrom.field];
      if (given !== undefined && given !== targetId) {
        throw new ApiError("NMS-VALIDATION", {
          message: `${kind.idFrom.field} names the ${kind.noun} and cannot change`,
          object: kind.idFrom.field,
          value: given,
        });
      }
    }
    const draft = this.withParents(kind, kind.build(this.context(t), input, targetId, previous), params);
    return this.writeOf(kind, t, [draft], [previous], false);
  }

  /** Settings back to their defaults. */
  reset<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    id: string,
    params: Params = {},
  ): PreparedWrite {
    if (!kind.settingsOf) throw new Error(`${kind.name} has no defaults to reset to`);
    const previous = this.existing(kind, t, id, params);
    const draft: Draft<R> = { record: kind.settingsOf.defaults(this.context(t), id) };
    return this.writeOf(kind, t, [draft], [previous], false);
  }

  /**
   * Deletes every object named, all or nothing; repeated IDs count once. `bulk`: the IDs are a bulk
   * delete's body, and every entry refused (unknown, or guarded) is named by its index in it
   * (`[2].venueId`), all in one answer, so that a client can tell them from the rest.
   */
  remove<R extends AnyRecord>(
    kind: KindDef<R, unknown>,
    t: TenantState,
    ids: string[],
    params: Params = {},
    bulk = false,
  ): PreparedWrite {
    const unique = [...new Set(ids)];
    const checkAll = (): R[] => {
      if (!bulk) {
        return unique.map((id) => {
          const record = this.existing(kind, t, id, params);
          kind.guardDelete?.(t, record);
          return record;
        });
      }
      this.checkParents(kind, t, params); // a missing parent is about the whole call, not an entry
      const records: R[] = [];
      const refused: ApiError[] = [];
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) return;
        seen.add(id);
        try {
          records.push(
            atIndex(i, () => {
              const record = this.existing(kind, t, id, params);
              kind.guardDelete?.(t, record);
              return record;
            }),
          );
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refused.push(error);
        }
      });
      if (refused.length > 0) throw ApiError.many(refused.flatMap((error) => error.entries));
      return records;
    };
    checkAll();
    return {
      entityId: unique.join(","),
      count: unique.length,
      release: () => undefined,
      commit: () => {
        for (const record of checkAll()) {
          t.of(kind.name).delete(record.id);
          // Settings that belong to the object go with it.
          for (const owned of this.kinds.filter((k) => k.settingsOf?.kind === kind.name))
            t.of(owned.name).delete(record.id);
          kind.onDelete?.(t, record);
        }
      },
    };
  }

  /** A write of no object of a kind (an action, a state toggle): `apply` runs when the request completes. */
  action(entityId: string, response: unknown, apply: () => void = () => undefined): PreparedWrite {
    return { entityId, count: 1, response, commit: apply, release: () => undefined };
  }

  // ---- The generic flow ----

  private draftCreate<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    input: I,
    params: Params,
    ctx: WriteContext = this.context(t),
  ): Draft<R> {
    let id: string;
    if (kind.idFrom && "field" in kind.idFrom) {
      id = String((input as Record<string, unknown>)[kind.idFrom.field]);
      if (t.of(kind.name).has(id) || t.of(kind.name).isReservedId(id)) {
        throw new ApiError(kind.idFrom.takenCode ?? "NMS-DUPLICATE-NAME", {
          message: `${kind.noun} ${id} already exists`,
          object: kind.idFrom.field,
          value: id,
        });
      }
    } else if (kind.idFrom && "param" in kind.idFrom) {
      id = params[kind.idFrom.param];
    } else {
      id = this.ids.hex32();
    }
    return this.withParents(kind, kind.build(ctx, input, id, undefined), params);
  }

  private writeOf<R extends AnyRecord, I>(
    kind: KindDef<R, I>,
    t: TenantState,
    drafts: Draft<R>[],
    previous: (R | undefined)[],
    many: boolean,
  ): PreparedWrite {
    return runToEnd(writeSteps(this.existingOf, kind, t, drafts, previous, many, new TurnBudget()));
  }

  private checkParents(kind: KindDef<AnyRecord, unknown>, t: TenantState, params: Params): void {
    for (const [param, parent] of Object.entries(kind.parents ?? {})) {
      // No parameter: a re-check at apply time, by the object's own ID.
      if (params[param] !== undefined && !t.of(parent.kind).has(params[param]))
        throw notFound(parent.noun, param, params[param]);
    }
  }

  private withinParents(kind: KindDef<AnyRecord, unknown>, record: AnyRecord, params: Params): boolean {
    return Object.entries(kind.parents ?? {}).every(
      ([param, parent]) => params[param] === undefined || record[parent.field] === params[param],
    );
  }

  private withParents<R extends AnyRecord>(kind: KindDef<R, unknown>, draft: Draft<R>, params: Params): Draft<R> {
    // An update whose path does not name the parent (updateLag names a LAG by the body's id only) keeps the one the build kept.
    for (const [param, parent] of Object.entries(kind.parents ?? {})) {
      if (params[param] !== undefined) (draft.record as AnyRecord)[parent.field] = params[param];
    }
    return draft;
  }
}
