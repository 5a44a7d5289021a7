// The per-kind spec that the generic create/update/delete/read flow in model.ts runs. A new
// resource kind is a record type in records.ts, a collection in tenant.ts, a spec like those in
// kinds/, and one-line model methods and handlers: no new CRUD code.
import type { z } from "zod";
import type { UniqueRule } from "./collection";
import type { KindName, RecordKinds } from "./records";
import type { TenantState } from "./tenant";

/** What a write may use besides the tenant: fresh IDs and the time of the write. */
export interface WriteContext {
  readonly t: TenantState;
  newId(): string;
  readonly now: string;
}

/** An object of another kind written together with the main one (default AP group, RADIUS pair). */
export type RelatedPut = { [K in KindName]: { kind: K; record: RecordKinds[K] } }[KindName];

/** What a write will store, computed at submit time so that the 202 can show it. */
export interface Draft<R> {
  record: R;
  related?: RelatedPut[];
}

export interface KindSpec<K extends KindName, I> {
  readonly kind: K;
  /** Word used in messages ("venue"). */
  readonly noun: string;
  /** Path parameter naming one object, also the error entry's object for an unknown ID. */
  readonly idParam: string;
  /** Input schema from the contract. */
  readonly schema: z.ZodType<I, z.ZodTypeDef, unknown>;
  readonly unique?: UniqueRule<RecordKinds[K]>;
  /** The stored object: input plus server defaults and generated IDs. Must not change state. */
  build(ctx: WriteContext, input: I, id: string, previous: RecordKinds[K] | undefined): Draft<RecordKinds[K]>;
  /** Invariants against the current state (references, immutable fields); runs at submit and again at apply. */
  check?(t: TenantState, record: RecordKinds[K], previous: RecordKinds[K] | undefined): void;
  /** Why the object may not be deleted now (still in use); runs at submit and again at apply. */
  guardDelete?(t: TenantState, record: RecordKinds[K]): void;
  /** Cascade at apply time, after the object is gone. */
  onDelete?(t: TenantState, record: RecordKinds[K]): void;
  /** Follow-up at apply time, after the object and its related objects are stored. */
  afterPut?(t: TenantState, record: RecordKinds[K]): void;
  /** The read form; `related` holds the draft's related objects, not stored yet when a 202 is shaped. */
  view(t: TenantState, record: RecordKinds[K], related?: readonly RelatedPut[]): unknown;
}
