// Log of served requests, for tests and demos (GET /__admin/log). A fixed-size ring of small
// records: appending costs no allocation beyond the record and no I/O, so it stays off the hot
// path's bill; timestamps are formatted only when the log is read. Bodies are never kept, so no
// secret can end up here.

export interface LogEntry {
  seq: number;
  method: string;
  path: string;
  /** Operation ID ("A7"), "admin" for the admin API, "unknown" for an unmatched route. */
  op: string;
  status: number;
  tenantId: string | null;
  at: string;
}

interface RawEntry {
  seq: number;
  method: string;
  path: string;
  op: string;
  status: number;
  tenantId: string | null;
  atMs: number;
}

export class RequestLog {
  private readonly ring: (RawEntry | undefined)[];
  private nextSeq = 1;
  private count = 0;

  constructor(private readonly capacity = 20_000) {
    this.ring = new Array(capacity);
  }

  add(method: string, path: string, op: string, status: number, tenantId: string | null): void {
    const seq = this.nextSeq++;
    this.ring[seq % this.capacity] = { seq, method, path, op, status, tenantId, atMs: Date.now() };
    if (this.count < this.capacity) this.count++;
  }

  /** Oldest first; only the last `capacity` requests are kept. */
  entries(): LogEntry[] {
    const out: LogEntry[] = [];
    for (let seq = this.nextSeq - this.count; seq < this.nextSeq; seq++) {
      const raw = this.ring[seq % this.capacity];
      if (!raw) continue;
      const { atMs, ...rest } = raw;
      out.push({ ...rest, at: new Date(atMs).toISOString() });
    }
    return out;
  }

  /** Sequence numbers keep growing across clears, so a reader can tell old entries from new. */
  clear(): void {
    this.ring.fill(undefined);
    this.count = 0;
  }
}
