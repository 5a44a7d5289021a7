/**
 * The checkpoint of an update as it runs, like the engine's: before each create, update or delete the provider is
 * asked to make, the operation is recorded as pending; when it ends, the resource state it led to is recorded and the
 * operation is no longer pending. A run killed at any point leaves state that says what was done and what was under
 * way. Writing the whole state file after every step costs O(n) per step (O(n²) per update, as the engine's file
 * backend does); the harness appends one line per event to `<state>.journal` instead, as the engine's journaling
 * backends do, and folds the journal into the state file when the run ends (saveState removes it). Loading replays
 * it; a last line cut short by the kill is ignored.
 */
import * as fs from "node:fs";
import type { Crypter } from "./secrets";
import { encodeResource } from "./fileResource";
import type { PendingOperation, ResourceState, StackState } from "./resourceState";

export function journalPath(statePath: string): string {
  return `${statePath}.journal`;
}

type Entry =
  | { begin: PendingOperation }
  | { end: PendingOperation }
  /** A resource's state; a pending-delete copy (`delete: true`) is a resource of its own, told apart by its id. */
  | { put: unknown }
  | { remove: { urn: string; delete?: boolean; id?: string } };

/** What the deployment reports as it goes; the harness writes it to the journal. */
export interface Checkpoint {
  begin(op: PendingOperation): void;
  end(op: PendingOperation): void;
  put(resource: ResourceState): void;
  remove(resource: ResourceState): void;
}

export class Journal implements Checkpoint {
  constructor(
    private readonly statePath: string,
    private readonly crypter: Crypter | null,
  ) {}

  begin(op: PendingOperation): void {
    this.append({ begin: op });
  }

  end(op: PendingOperation): void {
    this.append({ end: op });
  }

  put(resource: ResourceState): void {
    this.append({ put: encodeResource(resource, this.crypter) });
  }

  remove(resource: ResourceState): void {
    this.append({ remove: { urn: resource.urn, ...(resource.delete ? { delete: true, id: resource.id } : {}) } });
  }

  private append(entry: Entry): void {
    // Synchronous: a pending operation must be on disk before the provider is asked to act.
    fs.appendFileSync(journalPath(this.statePath), JSON.stringify(entry) + "\n", { mode: 0o600 });
  }
}

const sameOp = (a: PendingOperation, b: PendingOperation) => a.type === b.type && a.urn === b.urn;
const sameResource = (r: ResourceState, key: { urn: string; delete?: boolean; id?: string }) =>
  r.urn === key.urn && !!r.delete === !!key.delete && (!key.delete || r.id === key.id);

/** Applies the journal left next to `statePath` (if any) to the state loaded from the file. */
export function replayJournal(
  statePath: string,
  state: StackState,
  decode: (fileResource: unknown) => ResourceState,
): void {
  let text: string;
  try {
    text = fs.readFileSync(journalPath(statePath), "utf8");
  } catch {
    return;
  }
  const pending = [...(state.pendingOperations ?? [])];
  for (const line of text.split("\n")) {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      continue; // empty, or cut short by the kill
    }
    if ("begin" in entry) {
      if (!pending.some((op) => sameOp(op, entry.begin))) pending.push(entry.begin);
    } else if ("end" in entry) {
      const at = pending.findIndex((op) => sameOp(op, entry.end));
      if (at >= 0) pending.splice(at, 1);
    } else if ("put" in entry) {
      const resource = decode(entry.put);
      const at = state.resources.findIndex((r) => sameResource(r, resource));
      if (at >= 0) state.resources[at] = resource;
      else state.resources.push(resource);
    } else if ("remove" in entry) {
      state.resources = state.resources.filter((r) => !sameResource(r, entry.remove));
    }
  }
  state.pendingOperations = pending;
}

/**
 * The engine keeps the pending creates of an interrupted run in every later checkpoint (they need the user: the object
 * may exist) until `refresh --clear-pending-creates`; other pending operations leave with the next run, whose
 * resources already say what was there before.
 */
export function carriedPendingCreates(state: { pendingOperations?: PendingOperation[] }): PendingOperation[] {
  return (state.pendingOperations ?? []).filter((op) => op.type === "creating");
}

/** The engine's warning at the start of an update that follows an interrupted one (deployment_executor.go). */
export function pendingOperationsWarning(pending: readonly PendingOperation[]): string {
  return (
    `warning: Attempting to deploy or update resources with ${pending.length} pending operations from previous deployment.\n` +
    pending.map((op) => `  * ${op.urn}, interrupted while ${op.type}\n`).join("") +
    "These resources are in an unknown state because the run was interrupted while waiting for changes to these resources to complete. " +
    "Confirm with the service whether the operations completed; `refresh` (with clearPendingCreates, --clear-pending-creates) then clears them."
  );
}
