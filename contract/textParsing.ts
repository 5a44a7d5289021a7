// JSON and YAML a user hands the commands (secrets variables and files, stack config, the emulator's
// config and state): a document that does not parse is named with its line and column, never with its
// text. The parsers' own messages quote the text around the fault ("Unexpected token 'H', ..."assword":
// Hunter2-S3"..."), which for a secrets source is the secret itself, so they are never shown.
// No import: the harness, the emulator and nms-import all read it.

/** A document that does not parse; the message holds the source, the format, the line and the column only. */
export class TextParseError extends Error {
  constructor(
    readonly source: string,
    readonly format: "JSON" | "YAML",
    readonly line?: number,
    readonly column?: number,
  ) {
    super(`${source}: not valid ${format}${line === undefined ? "" : ` at line ${line}, column ${column}`}`);
    this.name = "TextParseError";
  }
}

/** Parses JSON; on failure a TextParseError naming `source` and where the fault is. */
export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8 gives the position in most messages ("... in JSON at position 7"), not for an unexpected token or
    // end; then the document is scanned for it. Only the number is taken from the message.
    const given = /at position (\d+)/.exec(String((error as Error)?.message))?.[1];
    const offset = given !== undefined ? Number(given) : jsonFaultOffset(text);
    const at = offset === undefined ? undefined : lineAndColumn(text, offset);
    throw new TextParseError(source, "JSON", at?.line, at?.column);
  }
}

/** Parses YAML with the caller's js-yaml `load` (the harness takes it from the project's @pulumi/pulumi). */
export function parseYamlText(load: (text: string) => unknown, text: string, source: string): unknown {
  try {
    return load(text);
  } catch (error) {
    // js-yaml's YAMLException: `mark` holds the 0-based line and column; its message quotes the text.
    const mark = (error as { mark?: { line?: unknown; column?: unknown } })?.mark;
    if (typeof mark?.line === "number" && typeof mark.column === "number")
      throw new TextParseError(source, "YAML", mark.line + 1, mark.column + 1);
    throw new TextParseError(source, "YAML");
  }
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.min(Math.max(offset, 0), text.length));
  const lastBreak = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: before.length - lastBreak };
}

const JSON_WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const JSON_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

/**
 * The offset of the first fault of a JSON document by RFC 8259's grammar, undefined when there is none. Iterative,
 * so that a deeply nested document cannot exhaust the stack.
 */
export function jsonFaultOffset(text: string): number | undefined {
  let i = 0;
  const closers: string[] = [];
  let expect: "value" | "key" | "after" = "value";
  const skipWhitespace = (): void => {
    while (i < text.length && JSON_WHITESPACE.has(text[i])) i++;
  };
  /** A string from its opening quote; false with `i` on the fault. */
  const scanString = (): boolean => {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const escaped = text[i + 1];
        if (escaped === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
          continue;
        }
        if (escaped === undefined || !JSON_ESCAPES.has(escaped)) {
          i++;
          return false;
        }
        i += 2;
        continue;
      }
      i++;
    }
    return false;
  };
  const scanScalar = (): boolean => {
    if (text[i] === '"') return scanString();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    }
    JSON_NUMBER.lastIndex = i;
    const number = JSON_NUMBER.exec(text);
    if (number === null) return false;
    i += number[0].length;
    return true;
  };
  for (;;) {
    skipWhitespace();
    if (expect === "value") {
      if (i >= text.length) return i;
      const opener = text[i];
      if (opener === "{" || opener === "[") {
        const closer = opener === "{" ? "}" : "]";
        i++;
        skipWhitespace();
        if (text[i] === closer) {
          i++;
          expect = "after";
        } else {
          closers.push(closer);
          expect = closer === "}" ? "key" : "value";
        }
        continue;
      }
      if (!scanScalar()) return i;
      expect = "after";
      continue;
    }
    if (expect === "key") {
      if (text[i] !== '"' || !scanString()) return i;
      skipWhitespace();
      if (text[i] !== ":") return i;
      i++;
      expect = "value";
      continue;
    }
    const closer = closers[closers.length - 1];
    if (closer === undefined) return i < text.length ? i : undefined;
    if (text[i] === ",") {
      i++;
      expect = closer === "}" ? "key" : "value";
    } else if (text[i] === closer) {
      i++;
      closers.pop();
    } else return i;
  }
}
