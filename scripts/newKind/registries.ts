// The files npm run new-kind (scripts/newKind.ts) writes, and the registries it gives the kind's line: where in a
// registry's text the entry and its import go.
import * as fs from "node:fs";
import * as path from "node:path";

export interface ScaffoldFile {
  /** From the repository's root. */
  readonly path: string;
  readonly text: string;
  /** A file of its own (it must not exist), or a registry given its line. */
  readonly created: boolean;
}

/** Where the line closing what `opening` opens (`];`, `] as …`, `};` at its start) sits, in the file's text. */
export function closingOf(opening: string): (text: string, file: string) => number {
  return (text, file) => {
    const start = text.indexOf(opening);
    if (start < 0) throw new Error(`${file}: no ${opening} to add the kind to`);
    const close = /\n[\]}][^\n]*\n/g;
    close.lastIndex = start;
    const found = close.exec(text);
    if (!found) throw new Error(`${file}: ${opening} is not closed at the start of a line`);
    return found.index + 1;
  };
}

/** Where a line starts that holds `line`, in the file's text. */
export function lineOf(line: string): (text: string, file: string) => number {
  return (text, file) => {
    const at = text.indexOf(`\n${line}`);
    if (at < 0) throw new Error(`${file}: no ${JSON.stringify(line)} to add the kind before`);
    return at + 1;
  };
}

export function ownerKindsHave(root: string, idParam: string): boolean {
  const text = fs.readFileSync(path.join(root, "importer/kinds.ts"), "utf8");
  const start = text.indexOf("export const OWNER_KINDS");
  const end = text.indexOf("\n};", start);
  return new RegExp(`^\\s+${idParam}:`, "m").test(text.slice(start, end));
}

/** A registry with the kind's entry, and its import at the end of the imports (before the first line after them). */
export function registryLine(
  root: string,
  file: string,
  edit: {
    entry: string;
    entryAt: (text: string, file: string) => number;
    importLine?: string;
    importAt?: (text: string, file: string) => number;
  },
): ScaffoldFile {
  let text = fs.readFileSync(path.join(root, file), "utf8");
  const insert = (at: number, line: string) => {
    text = `${text.slice(0, at)}${line}\n${text.slice(at)}`;
  };
  const entryAt = edit.entryAt(text, file);
  const importAt = edit.importAt?.(text, file);
  if (importAt !== undefined && importAt > entryAt) throw new Error(`${file}: its imports follow its table`);
  insert(entryAt, edit.entry);
  if (edit.importLine && importAt !== undefined) insert(importAt, edit.importLine);
  return { path: file, text, created: false };
}
