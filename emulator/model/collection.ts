// A tenant's objects of one kind, in creation order, with an optional uniqueness index (names
// per scope, one activation per network and venue). Holds committed state, plus the unique keys
// that PENDING creates reserve: a client retrying a create whose answer was lost must meet a 409,
// not make a duplicate, so a key counts as taken from the create's 202 until it ends. A large
// batch of new objects may be written over several turns of the event loop (stage), held back
// from every read until its last one (publish): no request sees part of it.
import type { ErrorCode } from "../../contract";

export interface Entity {
  id: string;
}

// Records are loosely typed at the registry's level; each kind file types its own.
// biome-ignore lint/suspicious/noExplicitAny: records of every kind, whose fields each kind's handlers know.
export type AnyRecord = { id: string } & Record<string, any>;

/** Objects of a kind whose keys are equal may not coexist. */
export interface UniqueRule<R> {
  /** The key, scope included (for example venueId + name). */
  key(record: R): string;
  code: ErrorCode;
  /** Property named in the error entry. */
  object: string;
  message: string;
}

/** New objects written into a collection over several turns, seen by no read until published. */
export class Staging {
  /** IDs written so far, in order. */
  readonly ids: string[] = [];
  /** Until published, every read passes over the staged objects. */
  published = false;
}

export class Collection<R extends Entity> {
  private readonly byId = new Map<string, R>();
  /** ID → the staging holding the object back; emptied when no staging is open. */
  private staged = new Map<string, Staging>();
  /** Objects staged and not yet published: the size leaves them out. */
  private hiddenCount = 0;
  private openStagings = 0;
  private readonly idByKey = new Map<string, string>();
  /** Unique key → ID of the PENDING create that reserved it. */
  private readonly reservedIdByKey = new Map<string, string>();
  /** ID → how many keys it reserves, so that asking whether an ID is reserved is one lookup. */
  private readonly reservations = new Map<string, number>();

  constructor(readonly unique?: UniqueRule<R>) {}

  get size(): number {
    return this.byId.size - this.hiddenCount;
  }

  get(id: string): R | undefined {
    const record = this.byId.get(id);
    return record === undefined || this.staged.size === 0 || !this.isHidden(id) ? record : undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  all(): R[] {
    return this.staged.size === 0 ? [...this.byId.values()] : this.filter(() => true);
  }

  filter(predicate: (record: R) => boolean): R[] {
    const out: R[] = [];
    const hiding = this.staged.size !== 0;
    for (const record of this.byId.values())
      if (!(hiding && this.isHidden(record.id)) && predicate(record)) out.push(record);
    return out;
  }

  find(predicate: (record: R) => boolean): R | undefined {
    const hiding = this.staged.size !== 0;
    for (const record of this.byId.values())
      if (!(hiding && this.isHidden(record.id)) && predicate(record)) return record;
    return undefined;
  }

  some(predicate: (record: R) => boolean): boolean {
    return this.find(predicate) !== undefined;
  }

  /** ID of another object holding, or another PENDING create reserving, the same unique key as this one, if any. */
  clashOf(record: R): string | undefined {
    if (!this.unique) return undefined;
    const key = this.unique.key(record);
    const holder = this.idByKey.get(key);
    if (holder !== undefined && holder !== record.id) return holder;
    const reserver = this.reservedIdByKey.get(key);
    return reserver !== undefined && reserver !== record.id ? reserver : undefined;
  }

  /** Holds the record's unique key for it until release (a create from its 202 until it ends). */
  reserve(record: R): void {
    // Without a unique rule the ID itself is the key: a kind whose ID is an input reserves it.
    const key = this.unique ? this.unique.key(record) : `\u0001${record.id}`;
    const previous = this.reservedIdByKey.get(key);
    if (previous === record.id) return;
    if (previous !== undefined) this.unreserve(key, previous);
    this.reservedIdByKey.set(key, record.id);
    this.reservations.set(record.id, (this.reservations.get(record.id) ?? 0) + 1);
  }

  /** Whether a PENDING create holds this ID (kinds whose ID is an input, like an AP's serial number). */
  isReservedId(id: string): boolean {
    return this.reservations.has(id);
  }

  release(record: R): void {
    const key = this.unique ? this.unique.key(record) : `\u0001${record.id}`;
    if (this.reservedIdByKey.get(key) === record.id) this.unreserve(key, record.id);
  }

  private unreserve(key: string, id: string): void {
    this.reservedIdByKey.delete(key);
    const left = (this.reservations.get(id) ?? 1) - 1;
    if (left > 0) this.reservations.set(id, left);
    else this.reservations.delete(id);
  }

  /** Begins a batch of new objects (IDs the service made, no unique rule: nothing else can hold them). */
  beginStaging(): Staging {
    if (this.unique)
      throw new Error("a collection with a unique rule cannot hold objects back: its index would show them");
    this.openStagings++;
    return new Staging();
  }

  /** Writes a new object of the staging, unseen until publish. */
  stage(staging: Staging, record: R): void {
    this.byId.set(record.id, record);
    this.staged.set(record.id, staging);
    staging.ids.push(record.id);
    this.hiddenCount++;
  }

  /** Every object of the staging appears at once. */
  publish(staging: Staging): void {
    staging.published = true;
    this.hiddenCount -= staging.ids.length;
    this.endStaging();
  }

  /** Takes back `count` objects of an unpublished staging from `from` on (a failed batch: undone a slice at a time). */
  unstage(staging: Staging, from: number, count: number): void {
    for (const id of staging.ids.slice(from, from + count)) {
      this.byId.delete(id);
      this.staged.delete(id);
      this.hiddenCount--;
    }
  }

  /** Ends an unpublished staging once every object of it is taken back. */
  abandon(staging: Staging): void {
    staging.ids.length = 0;
    this.endStaging();
  }

  private endStaging(): void {
    // The last open staging ends: a published one's objects need no lookup any more, and an empty map costs reads none.
    if (--this.openStagings === 0) this.staged = new Map();
  }

  private isHidden(id: string): boolean {
    const staging = this.staged.get(id);
    return staging !== undefined && !staging.published;
  }

  put(record: R): void {
    if (this.unique) {
      const previous = this.byId.get(record.id);
      if (previous) this.idByKey.delete(this.unique.key(previous));
      this.idByKey.set(this.unique.key(record), record.id);
    }
    this.byId.set(record.id, record);
  }

  delete(id: string): R | undefined {
    const record = this.get(id);
    if (!record) return undefined;
    this.byId.delete(id);
    if (this.unique) this.idByKey.delete(this.unique.key(record));
    return record;
  }
}
