// The generic write flow every kind runs once its drafts are made: the checks (each entry, and the
// batch), the reservations a pending create holds, the read form answered, and the commit, at
// once or (a large batch of new objects) over several turns of the event loop. Also the helpers
// that name an array body's entry in an error (`[2].name`).
import { type BodyEncoding, validateBody } from "../../contract";
import { ApiError, badRequest, validationError } from "./errors";
import { ENTRIES_PER_TURN, TurnBudget, yieldToOthers } from "./turns";
import type { AnyRecord } from "./collection";
import type { Draft, KindDef, PreparedWrite } from "./kind";
import type { TenantState } from "./tenant";

/** The object an ID names now (NmsModel.existing): what an update's commit applies to. */
export type ExistingOf = <R extends AnyRecord>(kind: KindDef<R, unknown>, t: TenantState, id: string) => R;

/** writeOf's work; it yields (nothing) where a turn's share of the work ends (TurnBudget). */
export function* writeSteps<R extends AnyRecord, I>(
  existing: ExistingOf,
  kind: KindDef<R, I>,
  t: TenantState,
  drafts: Draft<R>[],
  previous: (R | undefined)[],
  many: boolean,
  budget: TurnBudget,
): Generator<void, PreparedWrite> {
  const collection = t.of<R>(kind.name);
  const checkBatch = (current: (R | undefined)[]) => {
    try {
      kind.checkBatch?.(
        t,
        drafts.map((d) => d.record),
        current,
      );
    } catch (error) {
      const index = (error as { index?: unknown }).index;
      throw many && typeof index === "number" && error instanceof ApiError ? prefixed(index, error) : error;
    }
  };
  const checkOne = (i: number, current: R | undefined) =>
    many ? atIndex(i, () => check(kind, t, drafts[i].record, current)) : check(kind, t, drafts[i].record, current);
  const checkAll = (current: (R | undefined)[]) => {
    checkBatch(current);
    for (let i = 0; i < drafts.length; i++) checkOne(i, current[i]);
  };
  checkBatch(previous);
  for (let i = 0; i < drafts.length; i++) {
    checkOne(i, previous[i]);
    if (budget.spent()) {
      yield;
      budget.restart();
    }
  }
  // Only creates reserve, and only what another create could take meanwhile: a unique key, or an ID the caller gives
  // (an AP's serial number). An ID the service makes up is no one else's; a retried update or delete names the same
  // object and cannot duplicate it.
  const idGiven = kind.idFrom !== undefined && "field" in kind.idFrom;
  const reserving = !kind.settingsOf && (collection.unique !== undefined || idGiven);
  const creates = reserving ? drafts.filter((_, i) => previous[i] === undefined) : [];
  for (const draft of creates) collection.reserve(draft.record);
  const release = () => creates.forEach((draft) => collection.release(draft.record));
  const views: unknown[] = [];
  const ids: string[] = [];
  for (const draft of drafts) {
    views.push(kind.view(t, draft.record, draft.related));
    ids.push(draft.record.id);
    if (budget.spent()) {
      yield;
      budget.restart();
    }
  }
  const commit = () => {
    try {
      // An update applies to the object as it is now; one deleted meanwhile fails the request.
      checkAll(drafts.map((draft, i) => previous[i] && existing(kind, t, draft.record.id)));
      for (const draft of drafts) store(kind, t, draft);
    } finally {
      release();
    }
  };
  // A large batch of new objects nothing else can clash with (IDs the service makes, no unique rule, nothing written
  // beside them) is written a turn's share at a time, unseen until the last turn: other requests wait one share.
  const stageable =
    many &&
    drafts.length > ENTRIES_PER_TURN &&
    !reserving &&
    !kind.settingsOf &&
    !idGiven &&
    collection.unique === undefined &&
    previous.every((p) => p === undefined) &&
    drafts.every((d) => d.related === undefined || d.related.length === 0);
  const commitYielding = async () => {
    const staging = collection.beginStaging();
    let published = false;
    try {
      const writing = new TurnBudget();
      for (const draft of drafts) {
        collection.stage(staging, draft.record);
        if (writing.spent()) await writing.next();
      }
      // The state of this moment, in the turn the objects appear: every check again (a lookup or two per entry).
      checkAll(previous);
      collection.publish(staging);
      published = true;
      for (const draft of drafts) kind.afterPut?.(t, draft.record);
    } finally {
      if (!published) {
        // Unseen all along; taken back a share at a time before the failure is answered, so that a retry finds none.
        for (let from = 0; from < staging.ids.length; from += ENTRIES_PER_TURN) {
          collection.unstage(staging, from, ENTRIES_PER_TURN);
          await yieldToOthers();
        }
        collection.abandon(staging);
      }
    }
  };
  return {
    entityId: ids.join(","),
    count: drafts.length,
    response: many ? views : views[0],
    commit,
    ...(stageable ? { commitYielding } : {}),
    release,
  };
}

function check<R extends AnyRecord, I>(kind: KindDef<R, I>, t: TenantState, record: R, previous: R | undefined): void {
  kind.check?.(t, record, previous);
  const collection = t.of<R>(kind.name);
  if (collection.unique && collection.clashOf(record) !== undefined) {
    const { code, object, message } = collection.unique;
    throw new ApiError(code, { message, object, value: record[object] });
  }
}

function store<R extends AnyRecord, I>(kind: KindDef<R, I>, t: TenantState, draft: Draft<R>): void {
  t.of<R>(kind.name).put(draft.record);
  for (const put of draft.related ?? []) t.of(put.kind).put(put.record);
  kind.afterPut?.(t, draft.record);
}

/**
 * Entries of one call clash with each other as they would with stored objects: the first earlier entry with the same
 * ID or unique key is found by a map lookup, so that a body of tens of thousands of entries costs one pass.
 */
export function* clashesWithin<R extends AnyRecord, I>(
  kind: KindDef<R, I>,
  t: TenantState,
  drafts: Draft<R>[],
  budget: TurnBudget,
): Generator<void, void> {
  const collection = t.of<R>(kind.name);
  const firstById = new Map<string, number>();
  const firstByKey = new Map<string, number>();
  for (let i = 0; i < drafts.length; i++) {
    const draft = drafts[i];
    const key = collection.unique?.key(draft.record);
    const byId = firstById.get(draft.record.id);
    const byKey = key === undefined ? undefined : firstByKey.get(key);
    const twin = Math.min(byId ?? i, byKey ?? i);
    if (twin < i) {
      // Two entries naming one object (an AP's serial number) clash on the ID, not on the unique name.
      const sameId =
        drafts[twin].record.id === draft.record.id && kind.idFrom !== undefined && "field" in kind.idFrom
          ? kind.idFrom
          : undefined;
      const code = sameId ? (sameId.takenCode ?? "NMS-DUPLICATE-NAME") : (collection.unique?.code ?? "NMS-VALIDATION");
      const object = sameId ? sameId.field : collection.unique?.object;
      throw prefixed(i, new ApiError(code, { message: `same as entry ${twin} of this request`, object }));
    }
    firstById.set(draft.record.id, i);
    if (key !== undefined) firstByKey.set(key, i);
    if (budget.spent()) {
      yield;
      budget.restart();
    }
  }
}

export function parseObject<I>(
  kind: KindDef<AnyRecord, I>,
  t: TenantState,
  body: unknown,
  encoding: BodyEncoding = "object",
): I {
  if (encoding === "array") {
    if (!Array.isArray(body)) throw badRequest(`body must be a JSON array (${kind.noun})`, "body");
  } else if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest(`body must be a JSON object (${kind.noun})`, "body");
  }
  const result = validateBody(kind.schema(t.variant), body);
  if (!result.ok) throw validationError(result.failures, body);
  return result.value;
}

export function idInBody(kind: KindDef<AnyRecord, unknown>, body: unknown): string {
  const id = body !== null && typeof body === "object" ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== "string" || id === "")
    throw new ApiError("NMS-VALIDATION", { message: `is required: it names the ${kind.noun} to update`, object: "id" });
  return id;
}

/** Runs `run` for entry `i` of an array body; an ApiError it throws names the entry (`[i].field`). */
export function atIndex<T>(i: number, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof ApiError ? prefixed(i, error) : error;
  }
}

/** Runs a generator of work slices to its end in one go, for callers that do not give the event loop back. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export function prefixed(i: number, error: ApiError): ApiError {
  for (const entry of error.entries) entry.object = entry.object === undefined ? `[${i}]` : `[${i}].${entry.object}`;
  return error;
}
