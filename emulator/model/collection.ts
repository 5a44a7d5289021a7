// A tenant's objects of one kind, in creation order, with an optional uniqueness index (names
// per scope, one activation per network and venue). Holds committed state, plus the unique keys
// that PENDING creates reserve: a client retrying a create whose answer was lost must meet a 409,
// not make a duplicate, so a key counts as taken from the create's 202 until it ends.
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

export class Collection<R extends Entity> {
  private readonly byId = new Map<string, R>();
  private readonly idByKey = new Map<string, string>();
  /** Unique key → ID of the PENDING create that reserved it. */
  private readonly reservedIdByKey = new Map<string, string>();
  /** ID → how many keys it reserves, so that asking whether an ID is reserved is one lookup. */
  private readonly reservations = new Map<string, number>();

  constructor(readonly unique?: UniqueRule<R>) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): R | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): R[] {
    return [...this.byId.values()];
  }

  filter(predicate: (record: R) => boolean): R[] {
    const out: R[] = [];
    for (const record of this.byId.values()) if (predicate(record)) out.push(record);
    return out;
  }

  find(predicate: (record: R) => boolean): R | undefined {
    for (const record of this.byId.values()) if (predicate(record)) return record;
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

  put(record: R): void {
    if (this.unique) {
      const previous = this.byId.get(record.id);
      if (previous) this.idByKey.delete(this.unique.key(previous));
      this.idByKey.set(this.unique.key(record), record.id);
    }
    this.byId.set(record.id, record);
  }

  delete(id: string): R | undefined {
    const record = this.byId.get(id);
    if (!record) return undefined;
    this.byId.delete(id);
    if (this.unique) this.idByKey.delete(this.unique.key(record));
    return record;
  }
}
