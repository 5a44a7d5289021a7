// The ignore list: objects deliberately managed elsewhere (another stack, a team's console work),
// kept out of nms-drift's report. A JSON file in the project, `.nms-drift-ignore.json` by default
// (docs/drift.md "Ignore list"):
//   { "ignore": [ { "kind": "Admin", "name": "noc@example.com", "reason": "the NOC's own login" },
//                 { "kind": "Network", "name": "lab-*" }, { "id": "8f2c..." } ] }
// An entry matches an object when every field it gives does: `kind` the SDK class name, `id` the
// object's ID, `name` its name or its resource's name (`*` stands for any characters), `tenantId`.
import * as fs from "node:fs";

export const DEFAULT_IGNORE_FILE = ".nms-drift-ignore.json";

const ENTRY_FIELDS = ["kind", "id", "name", "tenantId", "reason"] as const;

export interface IgnoreEntry {
  readonly kind?: string;
  readonly id?: string;
  readonly name?: string;
  readonly tenantId?: string;
  /** Why the object is left out: for the reader of the file. */
  readonly reason?: string;
}

export interface IgnoreList {
  readonly entries: readonly IgnoreEntry[];
  matches(object: { tenantId: string; kind: string; id: string; name: string }): boolean;
}

export class IgnoreFileError extends Error {}

export function ignoreList(entries: readonly IgnoreEntry[]): IgnoreList {
  const pattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
  const compiled = entries.map((entry) => ({
    entry,
    name: entry.name === undefined ? undefined : pattern(entry.name),
  }));
  return {
    entries,
    matches: (object) =>
      compiled.some(
        ({ entry, name }) =>
          (entry.kind === undefined || entry.kind === object.kind) &&
          (entry.id === undefined || entry.id === object.id) &&
          (entry.tenantId === undefined || entry.tenantId === object.tenantId) &&
          (name === undefined || name.test(object.name)),
      ),
  };
}

/**
 * The list in `file`; an empty list when the file is the default one and absent. `kinds` are the kinds of pulumi-nms:
 * an entry naming another is refused (a typo would otherwise ignore nothing, silently).
 */
export function readIgnoreFile(file: string, required: boolean, kinds: readonly string[]): IgnoreList {
  if (!fs.existsSync(file)) {
    if (required) throw new IgnoreFileError(`--ignore ${file}: no such file`);
    return ignoreList([]);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new IgnoreFileError(`ignore file ${file} is not JSON: ${(error as Error).message}`);
  }
  const list = (doc as { ignore?: unknown })?.ignore;
  if (!Array.isArray(list)) throw new IgnoreFileError(`ignore file ${file}: expected {"ignore": [ ... ]}`);
  const entries = list.map((entry: unknown, i): IgnoreEntry => {
    const where = `ignore file ${file}: ignore[${i}]`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry))
      throw new IgnoreFileError(`${where} must be an object with kind, id, name or tenantId`);
    for (const [key, value] of Object.entries(entry)) {
      if (!(ENTRY_FIELDS as readonly string[]).includes(key))
        throw new IgnoreFileError(`${where}.${key} is not a field of an entry (one of ${ENTRY_FIELDS.join(", ")})`);
      if (typeof value !== "string" || value === "")
        throw new IgnoreFileError(`${where}.${key} must be a non-empty string`);
    }
    const e = entry as IgnoreEntry;
    if (e.kind === undefined && e.id === undefined && e.name === undefined && e.tenantId === undefined)
      throw new IgnoreFileError(`${where} names no object: give kind, id, name or tenantId`);
    if (e.kind !== undefined && !kinds.includes(e.kind))
      throw new IgnoreFileError(`${where}.kind: ${e.kind} is not a kind of pulumi-nms`);
    return e;
  });
  return ignoreList(entries);
}
