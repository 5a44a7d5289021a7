// Writes whose body is an array (createAps, createGuestUsers guest users, the bulk deletes deleteVenues, deleteAps, deleteVlans...):
// objects submitted to the same operation and path go in one call, up to a batch size, while they keep coming: each
// object waits for the next for a short window, and the first waits at most ten windows. The engine hands the
// provider a site's APs one Check at a time, so under load they come a few milliseconds apart each, more than one
// window in all: at a fixed window from the first, the MSP estate's 320 APs went in 105 calls. The service writes an array all or nothing and names the entries at fault
// (`[2].name`); those fail alone, with the index taken off the field's path (and the status of
// their own code), and the others are sent again without them. An entry that can also be written
// on its own (`alone`: a delete by its single operation) goes that way when it is alone in its
// batch, and when the service refuses the batch without naming an entry, or its request FAILs:
// then every entry is written on its own, so that only the failing one fails. A call whose answer
// was lost is resolved from its request record like any write (writes.ts); each entry then gets
// the record with its own ID of the record's entityId (the IDs of the call's objects, in order).
import { ERROR_CODES, statusOfCode, type ApiErrorEntry } from "../../contract/errors";
import type { RequestRecord } from "../../contract/requestRecord";
import { formatErrorEntries, NmsApiError, NmsRequestFailedError } from "./errors";

export interface BatchSettings {
  /** How long a batch waits for another object after its last, in milliseconds. */
  windowMs: number;
  /** The longest the first object of a batch waits for others; default ten windows. */
  maxWaitMs?: number;
  /** The most objects in one call. */
  maxSize: number;
  /** Whether few requests wait at the login (RequestWaiter.fewWaiting): see BatchWindow. */
  fewWaiting?: () => boolean;
}

/** Batches in a row that closed holding one object, after which a batch waits the short window (BatchWindow). */
const LONELY_BATCHES_BEFORE_SHORT_WINDOW = 3;
/** A batch's wait for the next object once waiting has stopped paying. */
export const SHORT_BATCH_WINDOW_MS = 3;

/**
 * The wait a new batch gets for its next object: the configured window, unless few requests wait at the login and the
 * last batches each closed holding one object. Then each step holds one of few slots (Pulumi's default parallelism,
 * 4 × CPUs), the next objects come only as other steps end, and a batch's wait only holds its own steps' slots: at
 * 996 resources and 8 slots, 20 ms windows cost each step ~19 ms on average (docs/performance.md). A batch that
 * gathers two objects again brings the full window back.
 */
export class BatchWindow {
  private lonely: number;

  // Fields are set here, not by initializers: see the client's note on closure serialization.
  constructor(
    private readonly windowMs: number,
    private readonly fewWaiting: () => boolean = () => false,
  ) {
    this.lonely = 0;
  }

  /** The window of a batch opening now. */
  next(): number {
    if (this.lonely < LONELY_BATCHES_BEFORE_SHORT_WINDOW || !this.fewWaiting()) return this.windowMs;
    return Math.min(SHORT_BATCH_WINDOW_MS, this.windowMs);
  }

  /** A batch went out holding `objects`. */
  closed(objects: number): void {
    this.lonely = objects > 1 ? 0 : this.lonely + 1;
  }
}

/** One write of an array: its answer's array (absent when the answer was lost) and the request record (async routes, or a lost answer). */
export type SendArray = (
  items: unknown[],
) => Promise<{ response?: unknown; record?: RequestRecord; requestId?: string }>;

export interface BatchedResult<T> {
  response?: T;
  record?: RequestRecord;
  /** The call's request ID (shared by every entry of the call), when the service gave one. */
  requestId?: string;
}

/** How one entry may be settled without its batch. */
export interface EntryFallbacks<T> {
  /** The entry's write on its own: used for a batch of one, and entry by entry when the service refuses the batch as a whole. */
  alone?: () => Promise<BatchedResult<T>>;
}

interface Pending {
  item: unknown;
  alone?: () => Promise<BatchedResult<unknown>>;
  resolve(result: BatchedResult<unknown>): void;
  reject(error: unknown): void;
}

interface OpenBatch {
  entries: Pending[];
  timer: NodeJS.Timeout;
  /** When the batch is sent at the latest (Date.now() milliseconds). */
  deadline: number;
  /** Its wait for the next object, fixed when it opened. */
  windowMs: number;
}

const ENTRY_PATH = /^\[(\d+)\](?:\.(.*))?$/;

export class WriteBatcher {
  private readonly open: Map<string, OpenBatch>;
  private readonly window: BatchWindow;

  constructor(private readonly settings: BatchSettings) {
    this.open = new Map();
    this.window = new BatchWindow(settings.windowMs, settings.fewWaiting);
  }

  /** Adds one object to the batch of `key` (operation and path); resolves with its own element of the answer. */
  submit<T>(
    key: string,
    operation: string,
    send: SendArray,
    item: unknown,
    fallbacks: EntryFallbacks<T> = {},
  ): Promise<BatchedResult<T>> {
    return new Promise<BatchedResult<unknown>>((resolve, reject) => {
      const now = Date.now();
      let batch = this.open.get(key);
      const windowMs = batch ? batch.windowMs : this.window.next();
      const { maxWaitMs = 10 * windowMs } = this.settings;
      if (!batch) {
        const timer = setTimeout(() => this.flush(key, operation, send), windowMs);
        batch = { entries: [], timer, deadline: now + Math.max(windowMs, maxWaitMs), windowMs };
        this.open.set(key, batch);
      } else {
        // Another object came within the window: the batch waits one more for the next, up to its deadline.
        clearTimeout(batch.timer);
        batch.timer = setTimeout(() => this.flush(key, operation, send), Math.min(windowMs, batch.deadline - now));
      }
      batch.entries.push({ item, alone: fallbacks.alone as Pending["alone"], resolve, reject });
      if (batch.entries.length >= this.settings.maxSize) {
        clearTimeout(batch.timer);
        this.flush(key, operation, send);
      }
    }) as Promise<BatchedResult<T>>;
  }

  private flush(key: string, operation: string, send: SendArray): void {
    const batch = this.open.get(key);
    if (!batch) return;
    this.open.delete(key);
    this.window.closed(batch.entries.length);
    void sendBatch(operation, send, batch.entries);
  }
}

async function sendBatch(operation: string, send: SendArray, entries: Pending[]): Promise<void> {
  if (entries.length === 1 && entries[0].alone) return settleAlone(entries[0]);
  let answer: { response?: unknown; record?: RequestRecord; requestId?: string };
  try {
    answer = await send(entries.map((e) => e.item));
  } catch (error) {
    const atFault = entriesAtFault(error, entries.length);
    if (!atFault) {
      if (refusedAsAWhole(error) && entries.every((e) => e.alone)) await Promise.all(entries.map(settleAlone));
      else for (const entry of entries) entry.reject(error);
      return;
    }
    const rest: Pending[] = [];
    await Promise.all(
      entries.map(async (entry, i) => {
        const own = atFault.get(i);
        if (!own) return rest.push(entry);
        entry.reject(entryError(operation, error as NmsApiError, own));
      }),
    );
    if (rest.length > 0) await sendBatch(operation, send, rest);
    return;
  }
  const elements = Array.isArray(answer.response) ? answer.response : [];
  const record = answer.record;
  // Without the answer's array (it was lost), each entry's object is named by its part of the record's entityId.
  const ids = record && !Array.isArray(answer.response) ? record.entityId.split(",") : [];
  entries.forEach((entry, i) =>
    entry.resolve({
      response: elements[i],
      record: record && ids.length === entries.length ? { ...record, entityId: ids[i] } : record,
      requestId: answer.requestId ?? record?.requestId,
    }),
  );
}

function settleAlone(entry: Pending): Promise<void> {
  return entry.alone!().then(entry.resolve, entry.reject);
}

/**
 * The service refused the call or its request FAILed without saying which entry is at fault: some entry may be, so
 * each is tried alone. Not for refusals about the caller (401, 403, 429), which every entry would get again.
 */
function refusedAsAWhole(error: unknown): boolean {
  if (error instanceof NmsRequestFailedError) return true;
  return (
    error instanceof NmsApiError && error.status >= 400 && error.status < 500 && ![401, 403, 429].includes(error.status)
  );
}

/** The refused entries of an array, by index, with their own error entries; undefined when the error names none. */
function entriesAtFault(
  error: unknown,
  count: number,
): Map<number, { status: number; entries: ApiErrorEntry[] }> | undefined {
  if (!(error instanceof NmsApiError) || error.status < 400 || error.status >= 500) return undefined;
  const byIndex = new Map<number, { status: number; entries: ApiErrorEntry[] }>();
  for (const entry of error.errors) {
    const match = ENTRY_PATH.exec(entry.object ?? "");
    if (!match || Number(match[1]) >= count) return undefined; // an error about the whole call
    const index = Number(match[1]);
    // One answer may refuse entries for different reasons (one unknown, one in use): each keeps its own code's status.
    const status = ERROR_CODES[entry.code] ? statusOfCode(entry.code) : error.status;
    const own = byIndex.get(index) ?? { status, entries: [] };
    own.entries.push({ ...entry, object: match[2] });
    byIndex.set(index, own);
  }
  return byIndex.size > 0 ? byIndex : undefined;
}

function entryError(
  operation: string,
  error: NmsApiError,
  own: { status: number; entries: ApiErrorEntry[] },
): NmsApiError {
  const { status, entries } = own;
  const message = `${operation} failed with HTTP ${status}: ${formatErrorEntries(entries)}${error.requestId ? ` (requestId ${error.requestId})` : ""}`;
  const { requestId, method, path, attempts } = error;
  return new NmsApiError(message, { operation, status, errors: entries, requestId, method, path, attempts });
}
