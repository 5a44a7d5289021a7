// Reads of objects that a list operation also returns (a venue's radio and syslog settings, all in listVenueWifiSettings; a switch's
// ports, in listSwitchPorts), asked for within a short window: one list call answers them all. A settings resource's create reads
// the object before writing it and again after, and the resources of one parent are created together (a venue's
// settings as soon as the venue exists, a switch's ports at once), so their reads come in bursts: at 1,000 resources
// the benchmark made 480 single reads in its up, each taking the place of a write under the rate limit.
//
// A batch waits a window after its last read for another, the first read at most ten windows: the engine hands the
// provider a switch's ports one Check at a time, so under load their reads come several milliseconds apart each.
// Every list starts after the last read of its batch was asked for, so an answer is never older than the ask (unlike
// the list cache of refresh, which may be). A read alone in its batch goes as the single read it was. A list of a large
// tenant takes several pages (500 objects each): a batch fetches fewer pages than it has reads, so that the list never
// costs more calls than the reads would, and the reads of objects not on those pages go on their own.
import { BatchWindow } from "./batcher";

export interface BatchedRead<T> {
  /** The reader's own read: for a batch of one, and when the list does not hold the object. */
  alone(): Promise<T>;
  /** The object out of the shared list; undefined when the list does not hold it (then `alone` runs). */
  fromList(listed: unknown[]): T | undefined;
}

interface Waiting {
  read: BatchedRead<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface OpenBatch {
  readonly waiting: Waiting[];
  timer: NodeJS.Timeout;
  /** When the list is sent at the latest (Date.now() milliseconds). */
  readonly deadline: number;
  /** Its wait for the next read, fixed when it opened. */
  readonly windowMs: number;
}

export class ReadBatcher {
  private readonly open: Map<string, OpenBatch>;

  private readonly window: BatchWindow;

  // Fields are set here, not by initializers: see the client's note on closure serialization.
  constructor(windowMs: number, fewWaiting?: () => boolean) {
    this.open = new Map();
    this.window = new BatchWindow(windowMs, fewWaiting);
  }

  /**
   * Joins the batch of `key` (the list operation and its path); `list` fetches the list once for the batch, at most
   * `pages` requests of it.
   */
  read<T>(key: string, list: (pages: number) => Promise<unknown[]>, read: BatchedRead<T>): Promise<T> {
    return new Promise<unknown>((resolve, reject) => {
      const now = Date.now();
      const send = () => {
        const batch = this.open.get(key);
        this.open.delete(key);
        if (!batch) return;
        this.window.closed(batch.waiting.length);
        void settle(batch.waiting, list);
      };
      let batch = this.open.get(key);
      if (!batch) {
        const windowMs = this.window.next();
        batch = { waiting: [], timer: setTimeout(send, windowMs), deadline: now + 10 * windowMs, windowMs };
        this.open.set(key, batch);
      } else {
        clearTimeout(batch.timer);
        batch.timer = setTimeout(send, Math.min(batch.windowMs, batch.deadline - now));
      }
      batch.waiting.push({ read: read as BatchedRead<unknown>, resolve, reject });
    }) as Promise<T>;
  }
}

async function settle(batch: Waiting[], list: (pages: number) => Promise<unknown[]>): Promise<void> {
  const own = (w: Waiting) => w.read.alone().then(w.resolve, w.reject);
  if (batch.length === 1) return own(batch[0]);
  let listed: unknown[];
  try {
    listed = await list(batch.length - 1);
  } catch {
    // The list failed (refused, or the service is in trouble): each read asks on its own, and meets its own error.
    await Promise.all(batch.map(own));
    return;
  }
  await Promise.all(
    batch.map((w) => {
      try {
        const found = w.read.fromList(listed);
        return found === undefined ? own(w) : w.resolve(found);
      } catch (error) {
        return w.reject(error);
      }
    }),
  );
}
