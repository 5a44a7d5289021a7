// Keeps the service's state in a file (--state-file): restored at start, written a short while
// after each change (stateSaveDelayMs, so that a burst of writes costs one file write), and at
// stop, after every accepted write still waiting for its latency has been applied. A stop by
// SIGTERM or SIGINT goes through close() (emulator/main.ts), so no accepted write is lost; a
// process killed outright loses at most the changes of the last stateSaveDelayMs.
// Saves run off the request path: a change only arms a timer; the save takes the state as it is
// when it starts (one JSON encoding, without the uploaded files' bytes), then writes it and any
// newly uploaded file asynchronously (emulator/state/stateFile.ts). One save runs at a time; changes
// made meanwhile are written by the next.
import { blobsOf, snapshotOf } from "./snapshot";
import type { EmulatorServer } from "../http/server";
import { encodeState, readBlob, readStateFile, StateFileError, writeState } from "./stateFile";

export class Persistence {
  private timer: NodeJS.Timeout | undefined;
  /** The save waiting for the one in progress to end; callers asking meanwhile share it. */
  private queued: Promise<void> | undefined;
  /** Resolves when the last save asked for has ended (successfully or not). */
  private last: Promise<void> = Promise.resolve();
  /** Digests of uploaded files already in the folder beside the state file. */
  private readonly blobsOnDisk = new Set<string>();
  /** Saves done since start (tests and the admin API read it). */
  saves = 0;
  lastError: string | undefined;

  constructor(
    private readonly server: EmulatorServer,
    readonly file: string,
    private readonly delayMs: number,
  ) {}

  /** Restores the file's state if there is a file; throws StateFileError when it (or an uploaded file it names) is torn or corrupt. */
  load(): boolean {
    const snapshot = readStateFile(this.file);
    if (!snapshot) return false;
    this.server.restore(snapshot, (sha256) => readBlob(this.file, sha256));
    for (const file of snapshot.files) if (file.sha256 !== undefined) this.blobsOnDisk.add(file.sha256);
    return true;
  }

  /** From now on, every change is written. Writes the current state once, so the file exists from the start. */
  async attach(): Promise<void> {
    await this.save();
    this.server.onChange = () => this.changed();
    this.server.tracker.onSettled = () => this.changed();
  }

  private changed(): void {
    if (this.timer !== undefined) return;
    // Even with no delay, the save starts after the request's answer, never inside it.
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.trySave();
      },
      Math.max(0, this.delayMs),
    );
    this.timer.unref();
  }

  /** A save in the background must not stop the service: the error is reported and the next change tries again. */
  private async trySave(): Promise<void> {
    try {
      await this.save();
    } catch (error) {
      this.lastError = (error as Error).message;
      process.stderr.write(`emulator: ${this.lastError}\n`);
    }
  }

  /** Writes the state as it is when the save starts (after any save in progress); rejects with a StateFileError. */
  save(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queued !== undefined) return this.queued;
    const run = this.last.then(() => {
      this.queued = undefined;
      return this.writeNow();
    });
    this.queued = run;
    this.last = run.catch(() => undefined);
    return run;
  }

  private async writeNow(): Promise<void> {
    const encoded = encodeState(snapshotOf(this.server));
    try {
      await writeState(this.file, encoded, blobsOf(this.server), this.blobsOnDisk);
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

  /** The last save: accepted writes still waiting are applied first, so that none is lost. Rejects when it cannot write. */
  async stop(): Promise<void> {
    this.detach();
    this.server.tracker.settleAll();
    await this.save();
  }
}
