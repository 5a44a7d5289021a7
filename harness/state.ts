/**
 * The stack's state file: one JSON document with every resource the harness manages, secrets encrypted
 * (fileResource.ts), the journal of the run that wrote it last folded in on load (journal.ts), and the lock that keeps
 * two runs from writing it at once. Saving state with secrets requires a passphrase.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type FileResource, decodeResource, encodeResource } from "./fileResource";
import { journalPath, replayJournal } from "./journal";
import { containsSecrets } from "./props";
import { sortResources } from "./resourceOrder";
import type { PendingOperation, StackState } from "./resourceState";
import { Crypter, SecretsError, type SecretsHeader } from "./secrets";
import { parseJsonText } from "../contract/textParsing";

const STATE_VERSION = 1;

interface StateFile {
  version: number;
  kind: "nms-harness-state";
  project?: string;
  stack?: string;
  secrets?: SecretsHeader;
  resources: FileResource[];
  pendingOperations?: PendingOperation[];
}

function emptyState(project?: string, stack?: string): StackState {
  return { version: STATE_VERSION, project, stack, resources: [] };
}

export interface LoadedState {
  state: StackState;
  /** Reused on save so the salt stays stable (null when no passphrase was given). */
  crypter: Crypter | null;
}

export function loadState(statePath: string, passphrase: string | undefined): LoadedState {
  if (!fs.existsSync(statePath)) {
    return { state: emptyState(), crypter: passphrase ? Crypter.create(passphrase) : null };
  }
  const text = fs.readFileSync(statePath, "utf8");
  // Its outputs are in the clear: a file that does not parse is named by line and column, never quoted.
  const file = parseJsonText(text, `state file ${statePath}`) as StateFile;
  if (file.kind !== "nms-harness-state" || typeof file.version !== "number" || !Array.isArray(file.resources)) {
    throw new Error(`${statePath} is not a harness state file`);
  }
  if (file.version > STATE_VERSION)
    throw new Error(`state file version ${file.version} is newer than this harness (${STATE_VERSION})`);
  let crypter: Crypter | null = null;
  if (file.secrets) {
    if (passphrase) crypter = Crypter.open(passphrase, file.secrets);
  } else if (passphrase) {
    crypter = Crypter.create(passphrase);
  }
  const resources = file.resources.map((fr) => decodeResource(fr, crypter, statePath));
  const state: StackState = { version: STATE_VERSION, project: file.project, stack: file.stack, resources };
  if (file.pendingOperations?.length) state.pendingOperations = file.pendingOperations;
  replayJournal(statePath, state, (fr) => decodeResource(fr as FileResource, crypter, statePath));
  return { state, crypter };
}

function stateHasSecrets(state: StackState): boolean {
  return state.resources.some(
    (r) => containsSecrets(r.inputs) || containsSecrets(r.outputs) || containsSecrets(r.replacementTrigger),
  );
}

/** Writes the state atomically (temp file + rename, mode 0600). Refuses to write secrets without a crypter. */
export function saveState(statePath: string, state: StackState, crypter: Crypter | null): void {
  const needsCrypter = stateHasSecrets(state);
  if (needsCrypter && !crypter) {
    throw new SecretsError(
      "refusing to save secret values without a passphrase (option 'passphrase' or env NMS_HARNESS_PASSPHRASE)",
    );
  }
  const file: StateFile = {
    version: STATE_VERSION,
    kind: "nms-harness-state",
    project: state.project,
    stack: state.stack,
    ...(crypter ? { secrets: crypter.header } : {}),
    resources: sortResources(state.resources).map((r) => encodeResource(r, crypter)),
    ...(state.pendingOperations?.length ? { pendingOperations: state.pendingOperations } : {}),
  };
  const dir = path.dirname(path.resolve(statePath));
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(statePath)}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(file, null, 2) + "\n", { mode: 0o600 });
  fs.renameSync(tmp, statePath);
  // The file now holds everything the journal said.
  fs.rmSync(journalPath(statePath), { force: true });
}

/**
 * An exclusive lock next to the state file (statePath + ".lock", holding the owner's pid). A lock left by a dead
 * process is taken over.
 */
export function acquireLock(statePath: string): () => void {
  const lockPath = `${statePath}.lock`;
  fs.mkdirSync(path.dirname(path.resolve(lockPath)), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new Error(`state file ${statePath} is locked by process ${owner} (${lockPath})`);
      }
      if (owner === process.pid) throw new Error(`state file ${statePath} is already in use by this process`);
      fs.unlinkSync(lockPath); // stale
    }
  }
  throw new Error(`could not lock ${statePath}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
