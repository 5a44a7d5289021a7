// How one request's long work (tens of thousands of entries: a guest import) shares the event loop
// with every other request: it gives the loop back after a bounded share of entries or of time.
import { performance } from "node:perf_hooks";

/** Lets the requests waiting on the event loop (I/O, timers) run before the caller goes on. */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Entries of one request's long work done in one turn of the event loop at most (TurnBudget). */
export const ENTRIES_PER_TURN = 500;

/** Time one request's long work may take in one turn of the event loop before other requests get theirs. */
export const TURN_BUDGET_MS = 10;

/**
 * The share of one turn of the event loop that one request's long work (tens of thousands of entries) may take: the
 * work asks `spent()` after each entry and, when it is, gives the loop back (`next()`), so that another tenant's
 * request waits about one budget, whatever the entries cost and however loaded the machine is.
 */
export class TurnBudget {
  private started = performance.now();
  private entries = 0;

  /** Whether this turn has done ENTRIES_PER_TURN entries or run TURN_BUDGET_MS; counts the entry just done. */
  spent(): boolean {
    return ++this.entries >= ENTRIES_PER_TURN || performance.now() - this.started >= TURN_BUDGET_MS;
  }

  /** A new turn begins: after the caller gave the event loop back (a generator's yield). */
  restart(): void {
    this.entries = 0;
    this.started = performance.now();
  }

  /** Gives the event loop back, then begins a new turn. */
  async next(): Promise<void> {
    await yieldToOthers();
    this.restart();
  }
}
