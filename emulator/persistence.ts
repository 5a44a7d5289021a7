// Keeps the service's state in a file (--state-file): restored at start, written a short while
// after each change (stateSaveDelayMs, so that a burst of writes costs one file write), and at
// stop, after every accepted write still waiting for its latency has been applied. A stop by
// SIGTERM or SIGINT goes through close() (emulator/main.ts), so no accepted write is lost; a
// process killed outright loses at most the changes of the last stateSaveDelayMs.
import { snapshotOf } from "./snapshot";
import type { EmulatorServer } from "./server";
import { readStateFile, StateFileError, writeStateFile } from "./stateFile";

export class Persistence {
  private timer: NodeJS.Timeout | undefined;
  /** Saves done since start (tests and the admin API read it). */
  saves = 0;
  lastError: string | undefined;

  constructor(
    private readonly server: EmulatorServer,
    readonly file: string,
    private readonly delayMs: number,
  ) {}

  /** Restores the file's state if there is a file; throws StateFileError when it is torn or corrupt. */
  load(): boolean {
    const snapshot = readStateFile(this.file);
    if (snapshot) this.server.restore(snapshot);
    return snapshot !== undefined;
  }

  /** From now on, every change is written. Writes the current state once, so the file exists from the start. */
  attach(): void {
    this.save();
    this.server.onChange = () => this.changed();
    this.server.tracker.onSettled = () => this.changed();
  }

  private changed(): void {
    if (this.timer !== undefined) return;
    if (this.delayMs <= 0) {
      this.trySave();
      return;
    }
    this.timer = setTimeout(() => this.trySave(), this.delayMs);
    this.timer.unref();
  }

  /** A save in the background must not stop the service: the error is reported and the next change tries again. */
  private trySave(): void {
    try {
      this.save();
    } catch (error) {
      this.lastError = (error as Error).message;
      process.stderr.write(`emulator: ${this.lastError}\n`);
    }
  }

  save(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    try {
      writeStateFile(this.file, snapshotOf(this.server));
    } catch (error) {
      throw new StateFileError(this.file, `cannot be written: ${(error as Error).message}`);
    }
    this.saves++;
    this.lastError = undefined;
  }

  /** No more saves (a start that failed after attach). */
  detach(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.server.onChange = () => undefined;
    this.server.tracker.onSettled = () => undefined;
  }

  /** The last save: accepted writes still waiting are applied first, so that none is lost. Throws when it cannot write. */
  stop(): void {
    this.detach();
    this.server.tracker.settleAll();
    this.save();
  }
}
