// A short-lived cache of whole lists, so that a refresh of many resources of one kind costs one
// paged list instead of one read per resource. Entries are keyed by operation and parameters,
// live `ttlMs`, are shared by concurrent callers while their fetch is in flight, and are all
// dropped by any write of the owning client (the write may have changed any list).

interface ListEntry {
  /** The fetch, shared by every caller that asks while it runs. */
  readonly promise: Promise<unknown[]>;
  /** When the fetch finished; undefined while in flight. */
  settledAt: number | undefined;
}

export class ListCache {
  private readonly entries: Map<string, ListEntry>;
  /** Bumped by every invalidation; a fetch that started in an older generation is not kept. */
  private generation: number;

  constructor(private readonly ttlMs: number) {
    this.entries = new Map();
    this.generation = 0;
  }

  /**
   * The cached list of `key`, the fetch in flight for it, or a new fetch. Each caller gets its
   * own array (the objects in it are shared: treat them as read-only).
   */
  async get(key: string, fetch: () => Promise<unknown[]>): Promise<unknown[]> {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && entry.settledAt !== undefined && now - entry.settledAt >= this.ttlMs) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry) entry = this.start(key, fetch);
    const items = await entry.promise;
    return items.slice();
  }

  /** Forgets every list, including fetches in flight (their callers still get their answer). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private start(key: string, fetch: () => Promise<unknown[]>): ListEntry {
    const generation = this.generation;
    const entry: ListEntry = { promise: fetch(), settledAt: undefined };
    this.entries.set(key, entry);
    entry.promise.then(
      () => {
        // Kept only if no write happened meanwhile and caching is on at all.
        if (this.generation === generation && this.entries.get(key) === entry && this.ttlMs > 0)
          entry.settledAt = Date.now();
        else if (this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        // A failed fetch is not cached: the next caller tries again.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }
}
