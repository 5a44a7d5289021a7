// A tenant's objects of one kind, in creation order, with an optional uniqueness index (names
// per scope, one activation per network and venue). Holds committed state only: a write that is
// still PENDING has not touched it.
import { ErrorCode } from "../../contract";

export interface Entity {
  id: string;
}

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

  /** ID of another object holding the same unique key as this one, if any. */
  clashOf(record: R): string | undefined {
    if (!this.unique) return undefined;
    const holder = this.idByKey.get(this.unique.key(record));
    return holder !== undefined && holder !== record.id ? holder : undefined;
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
