// The state file: one header line, then the snapshot as JSON. The header names the format, its
// version, the length of the JSON in bytes and its SHA-256, so that a file cut short (a torn
// write, a full disk) or altered is recognised at start with a clear error instead of being read
// as an empty or partial state. Writes go to a temporary file in the same folder, are flushed to
// disk, then renamed over the old file: a reader sees the old state or the new one, never half.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { EmulatorSnapshot, snapshotShape } from "./snapshot";

const MAGIC = "nms-emulator-state";
export const STATE_FORMAT_VERSION = 1;
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
  return Buffer.concat([Buffer.from(`${MAGIC} v${STATE_FORMAT_VERSION} bytes=${body.length} sha256=${sha}\n`, "utf8"), body]);
}

/** The snapshot in `bytes`, read from `file` (named in errors). */
export function decodeState(file: string, bytes: Buffer): EmulatorSnapshot {
  if (bytes.length === 0) throw new StateFileError(file, "the file is empty (a write was cut short?); nothing was restored");
  const newline = bytes.indexOf(0x0a);
  const header = (newline < 0 ? bytes : bytes.subarray(0, newline)).toString("utf8");
  const match = HEADER.exec(header);
  if (!match) {
    if (header.startsWith(MAGIC)) throw new StateFileError(file, `its header line is damaged: ${JSON.stringify(header.slice(0, 120))}`);
    throw new StateFileError(file, `not a state file of this emulator (the first line should start with "${MAGIC}")`);
  }
  const version = Number(match[1]);
  if (version !== STATE_FORMAT_VERSION) throw new StateFileError(file, `format version ${version} is not supported (this emulator reads version ${STATE_FORMAT_VERSION})`);
  const expected = Number(match[2]);
  const body = newline < 0 ? Buffer.alloc(0) : bytes.subarray(newline + 1);
  if (body.length !== expected) {
    const what = body.length < expected ? "torn: cut short" : "damaged: longer than its header says";
    throw new StateFileError(file, `${what} (the header announces ${expected} bytes of state, the file holds ${body.length})`);
  }
  if (createHash("sha256").update(body).digest("hex") !== match[3]) {
    throw new StateFileError(file, "corrupt: the SHA-256 of its state does not match the header");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new StateFileError(file, `its state is not JSON: ${(error as Error).message}`);
  }
  const shape = snapshotShape.safeParse(parsed);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    throw new StateFileError(file, `its state has not the expected shape: ${issue.path.join(".") || "(top)"}: ${issue.message}`);
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

/** Writes atomically: a temporary file next to it, flushed, then renamed over it. */
export function writeStateFile(file: string, snapshot: EmulatorSnapshot): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const fd = fs.openSync(temporary, "w", 0o600);
  try {
    try {
      fs.writeFileSync(fd, encodeState(snapshot));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true }); // a full disk leaves no half-written temporary behind; the old file stays
    throw error;
  }
}
