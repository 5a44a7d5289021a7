/**
 * The stack's state file: one JSON document with every resource the harness manages.
 *
 * Secrets never appear in plaintext: each secret value is written as
 *   {"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","ciphertext":"..."}
 * and decrypted on load. Saving state with secrets requires a passphrase.
 */
import * as fs from "fs";
import * as path from "path";
import { journalPath, replayJournal } from "./journal";
import { Crypter, SecretsError, SecretsHeader } from "./secrets";
import { PROVIDER_KEY, PropertyMap, PropertyValue, SECRET_SIG, SIG_KEY, containsSecrets, isObject, isSecret, secretInner } from "./props";

export const STATE_VERSION = 1;

export interface ResourceState {
  urn: string;
  type: string;
  custom: boolean;
  /** Provider id of a custom resource. */
  id?: string;
  parent?: string;
  /** Checked inputs (wire form, secrets wrapped). For dynamic resources includes "__provider". */
  inputs: PropertyMap;
  /** Outputs (wire form). For dynamic resources includes "__provider". */
  outputs: PropertyMap;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  additionalSecretOutputs: string[];
  protect?: boolean;
  retainOnDelete?: boolean;
  deletedWith?: string;
  deleteBeforeReplace?: boolean;
  ignoreChanges?: string[];
  replaceOnChanges?: string[];
  /** Set on an old copy that was replaced and still has to be deleted (like the engine's pending deletes). */
  delete?: boolean;
  /**
   * Set when a delete-before-replace deleted the object and its replacement is not created yet (the engine's
   * PendingReplacement, pkg/resource/deploy/step.go DeleteStep): the next run replaces it without deleting again,
   * refresh does not read it, and a program that drops it only removes it from the state.
   */
  pendingReplacement?: boolean;
  /** Error of the last create/update that the provider reported after the object came into being. */
  initErrors?: string[];
  created?: string;
  modified?: string;
}

/** The form of ResourceState.created and .modified. */
export function timestampNow(): string {
  return new Date().toISOString();
}

/** An operation that was started and has not ended, as the engine's checkpoint records it (`pending_operations`). */
export interface PendingOperation {
  type: "creating" | "updating" | "deleting";
  urn: string;
  resourceType: string;
}

export interface StackState {
  version: number;
  project?: string;
  stack?: string;
  resources: ResourceState[];
  /** Operations a run began and did not finish (it was killed): creates are kept until `refresh` clears them. */
  pendingOperations?: PendingOperation[];
}

/** A resource as written in the file: serialized provider pulled out once, secrets encrypted. */
export interface FileResource extends Omit<ResourceState, "inputs" | "outputs"> {
  serializedProvider?: string;
  inputs: unknown;
  outputs: unknown;
}

interface StateFile {
  version: number;
  kind: "nms-harness-state";
  project?: string;
  stack?: string;
  secrets?: SecretsHeader;
  resources: FileResource[];
  pendingOperations?: PendingOperation[];
}

export function emptyState(project?: string, stack?: string): StackState {
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
  let file: StateFile;
  try {
    file = JSON.parse(text) as StateFile;
  } catch (e) {
    throw new Error(`state file ${statePath} is not valid JSON: ${(e as Error).message}`);
  }
  if (file.kind !== "nms-harness-state" || typeof file.version !== "number" || !Array.isArray(file.resources)) {
    throw new Error(`${statePath} is not a harness state file`);
  }
  if (file.version > STATE_VERSION) throw new Error(`state file version ${file.version} is newer than this harness (${STATE_VERSION})`);
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

/** A resource as the file holds it, secrets decrypted and the serialized provider put back. */
function decodeResource(fr: FileResource, crypter: Crypter | null, statePath: string): ResourceState {
  const decrypt = (v: unknown): PropertyValue => {
    if (isObject(v) && v[SIG_KEY] === SECRET_SIG && typeof v["ciphertext"] === "string") {
      if (!crypter) {
        throw new SecretsError(
          `state file ${statePath} holds secrets: give a passphrase (option 'passphrase' or env NMS_HARNESS_PASSPHRASE)`,
        );
      }
      return { [SIG_KEY]: SECRET_SIG, value: crypter.decryptValue(v["ciphertext"]) as PropertyValue };
    }
    if (Array.isArray(v)) return v.map(decrypt);
    if (isObject(v)) {
      const out: PropertyMap = {};
      for (const [k, x] of Object.entries(v)) out[k] = decrypt(x);
      return out;
    }
    return v as PropertyValue;
  };
  const { serializedProvider, inputs, outputs, ...rest } = fr;
  const r: ResourceState = {
    ...rest,
    inputs: (decrypt(inputs ?? {}) as PropertyMap) ?? {},
    outputs: (decrypt(outputs ?? {}) as PropertyMap) ?? {},
    dependencies: rest.dependencies ?? [],
    propertyDependencies: rest.propertyDependencies ?? {},
    additionalSecretOutputs: rest.additionalSecretOutputs ?? [],
  };
  if (serializedProvider !== undefined) {
    if (!(PROVIDER_KEY in r.inputs)) r.inputs[PROVIDER_KEY] = serializedProvider;
    if (!(PROVIDER_KEY in r.outputs)) r.outputs[PROVIDER_KEY] = serializedProvider;
  }
  return r;
}

export function stateHasSecrets(state: StackState): boolean {
  return state.resources.some((r) => containsSecrets(r.inputs) || containsSecrets(r.outputs));
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

/** A resource as the file holds it: the serialized provider pulled out, secrets encrypted. */
export function encodeResource(r: ResourceState, crypter: Crypter | null): FileResource {
  const encrypt = (v: PropertyValue): unknown => {
    if (isSecret(v)) return { [SIG_KEY]: SECRET_SIG, ciphertext: crypter!.encryptValue(secretInner(v)) };
    if (Array.isArray(v)) return v.map(encrypt);
    if (isObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = encrypt(x);
      return out;
    }
    return v;
  };
  const inputs: PropertyMap = { ...r.inputs };
  const outputs: PropertyMap = { ...r.outputs };
  let serializedProvider: string | undefined;
  const pin = inputs[PROVIDER_KEY];
  if (typeof pin === "string") {
    serializedProvider = pin;
    delete inputs[PROVIDER_KEY];
    if (outputs[PROVIDER_KEY] === pin) delete outputs[PROVIDER_KEY];
  } else if (typeof outputs[PROVIDER_KEY] === "string") {
    serializedProvider = outputs[PROVIDER_KEY] as string;
    delete outputs[PROVIDER_KEY];
  }
  const fr: FileResource = { ...r, inputs: encrypt(inputs), outputs: encrypt(outputs) };
  if (serializedProvider !== undefined) fr.serializedProvider = serializedProvider;
  return fr;
}

/** Everything a resource depends on: parent, dependencies, property dependencies, deletedWith. */
export function dependenciesOf(r: ResourceState): Set<string> {
  const out = new Set<string>();
  if (r.parent) out.add(r.parent);
  for (const d of r.dependencies) out.add(d);
  for (const list of Object.values(r.propertyDependencies)) for (const d of list) out.add(d);
  if (r.deletedWith) out.add(r.deletedWith);
  out.delete(r.urn);
  return out;
}

/**
 * Stable topological order: every resource after the resources it depends on (by URN; a pending-delete copy and its
 * replacement share a URN and both count). Cycles, which a valid program cannot produce, are broken by input order.
 */
export function sortResources(resources: readonly ResourceState[]): ResourceState[] {
  const byUrn = new Map<string, ResourceState[]>();
  for (const r of resources) {
    const list = byUrn.get(r.urn) ?? [];
    list.push(r);
    byUrn.set(r.urn, list);
  }
  const out: ResourceState[] = [];
  const state = new Map<ResourceState, 1 | 2>();
  const visit = (r: ResourceState): void => {
    const s = state.get(r);
    if (s !== undefined) return;
    state.set(r, 1);
    for (const dep of dependenciesOf(r)) for (const d of byUrn.get(dep) ?? []) if (d !== r) visit(d);
    state.set(r, 2);
    out.push(r);
  };
  for (const r of resources) visit(r);
  return out;
}

/**
 * Order in which a set of resources can be deleted: a resource only after every resource of the set that depends
 * on it. Returns the resources in deletion order.
 */
export function deletionOrder(condemned: readonly ResourceState[]): ResourceState[] {
  return sortResources(condemned).reverse();
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
