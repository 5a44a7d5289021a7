// Log of served requests, for tests and demos (GET /__admin/log), and counters by operation and
// status (GET /__admin/stats) for benchmarks, which should not have to scan the log. The log is
// a fixed-size ring of small records: appending costs no allocation beyond the record and no
// I/O, so it stays off the hot path's bill; timestamps are formatted only when the log is read.
// Bodies are never kept, so no secret can end up here. A path is kept up to MAX_LOGGED_PATH
// characters: the ring's size is then bounded whatever paths clients send.

/** The longest path a log entry keeps; a longer one is cut there and ends with "…". The longest route (listVenueModelTaggedPortVlans, listVenueModelUntaggedPortVlans) with IDs of 64 characters stays below it. */
export const MAX_LOGGED_PATH = 512;

export interface LogEntry {
  seq: number;
  method: string;
  path: string;
  /** Operation name ("createVenue"), "admin" for the admin API, "unknown" for an unmatched route. */
  op: string;
  /** Status answered; 0 when no answer was sent (reset or lost-answer fault). */
  status: number;
  tenantId: string | null;
  at: string;
  /** The injected fault that shaped the answer, if any. */
  fault?: string;
  /** The tenant header (x-rks-tenantid) the request carried, if any: delegated calls and switch operations name their tenant in it. */
  tenantHeader?: string;
}

interface RawEntry {
  seq: number;
  method: string;
  path: string;
  op: string;
  status: number;
  tenantId: string | null;
  atMs: number;
  fault: string | undefined;
  tenantHeader: string | undefined;
}

export class RequestLog {
  private readonly ring: (RawEntry | undefined)[];
  private nextSeq = 1;
  private count = 0;

  constructor(private readonly capacity = 20_000) {
    this.ring = new Array(capacity);
  }

  add(
    method: string,
    path: string,
    op: string,
    status: number,
    tenantId: string | null,
    fault?: string,
    tenantHeader?: string,
  ): void {
    const seq = this.nextSeq++;
    const kept = path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
    const tenant =
      tenantId === null
        ? null
        : tenantId.length > MAX_LOGGED_PATH
          ? `${tenantId.slice(0, MAX_LOGGED_PATH)}…`
          : tenantId;
    const header =
      tenantHeader === undefined
        ? undefined
        : ownCopy(tenantHeader.length > MAX_LOGGED_PATH ? `${tenantHeader.slice(0, MAX_LOGGED_PATH)}…` : tenantHeader);
    this.ring[seq % this.capacity] = {
      seq,
      method,
      path: ownCopy(kept),
      op,
      status,
      tenantId: tenant === null ? null : ownCopy(tenant),
      atMs: Date.now(),
      fault,
      tenantHeader: header,
    };
    if (this.count < this.capacity) this.count++;
  }

  /** Oldest first; only the last `capacity` requests are kept. */
  entries(): LogEntry[] {
    const out: LogEntry[] = [];
    for (let seq = this.nextSeq - this.count; seq < this.nextSeq; seq++) {
      const raw = this.ring[seq % this.capacity];
      if (!raw) continue;
      const { atMs, fault, tenantHeader, ...rest } = raw;
      const entry: LogEntry = { ...rest, at: new Date(atMs).toISOString() };
      if (fault !== undefined) entry.fault = fault;
      if (tenantHeader !== undefined) entry.tenantHeader = tenantHeader;
      out.push(entry);
    }
    return out;
  }

  /** Sequence numbers keep growing across clears, so a reader can tell old entries from new. */
  clear(): void {
    this.ring.fill(undefined);
    this.count = 0;
  }
}

/**
 * `text` in memory of its own. A path or a path parameter is a slice of the request's URL, and V8
 * keeps the whole URL (up to 64 kB) alive for as long as such a slice lives; slicing a fresh
 * concatenation copies just the text.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

export interface StatsView {
  /** When counting started (start, reset or DELETE /__admin/stats). */
  since: string;
  total: number;
  /** op → status → requests; status 0: no answer sent. */
  byOp: Record<string, Record<string, number>>;
}

/** Requests counted by operation and status: two map lookups and an increment per request, never trimmed. */
export class RequestStats {
  private readonly counts = new Map<string, Map<number, number>>();
  private total = 0;
  private sinceMs = Date.now();

  add(op: string, status: number): void {
    let byStatus = this.counts.get(op);
    if (byStatus === undefined) this.counts.set(op, (byStatus = new Map()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.total++;
  }

  view(): StatsView {
    const byOp: Record<string, Record<string, number>> = {};
    for (const [op, byStatus] of this.counts)
      byOp[op] = Object.fromEntries([...byStatus].map(([status, n]) => [String(status), n]));
    return { since: new Date(this.sinceMs).toISOString(), total: this.total, byOp };
  }

  clear(): void {
    this.counts.clear();
    this.total = 0;
    this.sinceMs = Date.now();
  }
}
