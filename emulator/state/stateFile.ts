// The state file: one header line, then the snapshot as JSON. The header names the format, its
// version, the length of the JSON in bytes and its SHA-256, so that a file cut short (a torn
// write, a full disk) or altered is recognised at start with a clear error instead of being read
// as an empty or partial state. Writes go to a temporary file in the same folder, are flushed to
// disk, then renamed over the old file: a reader sees the old state or the new one, never half.
// Uploaded files are not in the JSON (version 1 had them there, in base64, rewritten at every
// save): their bytes sit beside it in the folder <file>.files/, one file per SHA-256, written once
// before the first state that names them and removed after the last state that did. Every write is
// asynchronous: a save never holds up a request.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { type EmulatorSnapshot, snapshotShape } from "./snapshot";
import { parseJsonText } from "../../contract/textParsing";

const MAGIC = "nms-emulator-state";
/** 2: uploaded files' bytes beside the file (sha256); 1 (still read): in it (bytes, base64). */
const STATE_FORMAT_VERSION = 2;
const READABLE_VERSIONS = [1, 2];
const DIGEST = /^[0-9a-f]{64}$/;
const HEADER = /^nms-emulator-state v(\d+) bytes=(\d+) sha256=([0-9a-f]{64})$/;

/** A state file that exists but cannot be used; the message names the file and what is wrong with it. */
export class StateFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`state file ${file}: ${problem}`);
  }
}

export function encodeState(snapshot: EmulatorSnapshot): Buffer {
  const body = Buffer.from(JSON.stringify(snapshot), "utf8");
  const sha = createHash("sha256").update(body).digest("hex");
  return Buffer.concat([
    Buffer.from(`${MAGIC} v${STATE_FORMAT_VERSION} bytes=${body.length} sha256=${sha}\n`, "utf8"),
    body,
  ]);
}

/** The snapshot in `bytes`, read from `file` (named in errors). */
export function decodeState(file: string, bytes: Buffer): EmulatorSnapshot {
  if (bytes.length === 0)
    throw new StateFileError(file, "the file is empty (a write was cut short?); nothing was restored");
  const newline = bytes.indexOf(0x0a);
  const header = (newline < 0 ? bytes : bytes.subarray(0, newline)).toString("utf8");
  const match = HEADER.exec(header);
  if (!match) {
    if (header.startsWith(MAGIC))
      throw new StateFileError(file, `its header line is damaged: ${JSON.stringify(header.slice(0, 120))}`);
    throw new StateFileError(file, `not a state file of this emulator (the first line should start with "${MAGIC}")`);
  }
  const version = Number(match[1]);
  if (!READABLE_VERSIONS.includes(version)) {
    throw new StateFileError(
      file,
      `format version ${version} is not supported (this emulator reads versions ${READABLE_VERSIONS.join(" and ")})`,
    );
  }
  const expected = Number(match[2]);
  const body = newline < 0 ? Buffer.alloc(0) : bytes.subarray(newline + 1);
  if (body.length !== expected) {
    const what = body.length < expected ? "torn: cut short" : "damaged: longer than its header says";
    throw new StateFileError(
      file,
      `${what} (the header announces ${expected} bytes of state, the file holds ${body.length})`,
    );
  }
  if (createHash("sha256").update(body).digest("hex") !== match[3]) {
    throw new StateFileError(file, "corrupt: the SHA-256 of its state does not match the header");
  }
  let parsed: unknown;
  try {
    // The state holds the tenants' passwords: a fault is named by line and column, never quoted.
    parsed = parseJsonText(body.toString("utf8"), "its state");
  } catch (error) {
    throw new StateFileError(file, (error as Error).message);
  }
  const shape = snapshotShape.safeParse(parsed);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    throw new StateFileError(
      file,
      `its state has not the expected shape: ${issue.path.join(".") || "(top)"}: ${issue.message}`,
    );
  }
  return parsed as EmulatorSnapshot;
}

/** The snapshot in the file, or undefined when there is no file yet (a first start). */
export function readStateFile(file: string): EmulatorSnapshot | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(file, `cannot be read: ${(error as Error).message}`);
  }
  return decodeState(file, bytes);
}

/** The folder beside `file` that holds the bytes of uploaded files, one file per SHA-256. */
function blobFolder(file: string): string {
  return `${file}.files`;
}

/** The bytes of an uploaded file kept beside `file`, checked against their digest. */
export function readBlob(file: string, sha256: string): Buffer {
  if (!DIGEST.test(sha256))
    throw new StateFileError(
      file,
      `names an uploaded file by ${JSON.stringify(sha256.slice(0, 80))}, which is not a SHA-256`,
    );
  const where = path.join(blobFolder(file), sha256);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(where);
  } catch (error) {
    throw new StateFileError(file, `the uploaded file ${where} it names cannot be read: ${(error as Error).message}`);
  }
  if (createHash("sha256").update(bytes).digest("hex") !== sha256)
    throw new StateFileError(file, `the uploaded file ${where} is corrupt: its SHA-256 differs from its name`);
  return bytes;
}

/**
 * Writes the state (`encoded`, from encodeState) and the uploaded files it names (`blobs`, by
 * SHA-256), all asynchronously: first the files not yet on disk (`onDisk`, updated here), then
 * the state, atomically, then the files no state names any more are removed.
 */
export async function writeState(
  file: string,
  encoded: Buffer,
  blobs: ReadonlyMap<string, Buffer>,
  onDisk: Set<string>,
): Promise<void> {
  const folder = blobFolder(file);
  if (blobs.size > 0) await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
  for (const [sha256, bytes] of blobs) {
    if (onDisk.has(sha256)) continue;
    const target = path.join(folder, sha256);
    if (!(await exists(target))) await writeAtomically(target, bytes);
    onDisk.add(sha256);
  }
  await writeAtomically(file, encoded);
  let names: string[];
  try {
    names = await fs.promises.readdir(folder);
  } catch {
    return; // no folder: no uploaded file was ever kept
  }
  for (const name of names) {
    if (!DIGEST.test(name) || blobs.has(name)) continue;
    await fs.promises.rm(path.join(folder, name), { force: true });
    onDisk.delete(name);
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.promises.access(target);
    return true;
  } catch {
    return false;
  }
}

/** A temporary file next to `target`, flushed, then renamed over it: a reader sees the old bytes or the new ones. */
async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  const handle = await fs.promises.open(temporary, "w", 0o600);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true }); // a full disk leaves no half-written temporary behind; the old file stays
    throw error;
  }
}
