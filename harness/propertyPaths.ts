/**
 * Property paths as the engine writes and parses them (sdk/go/common/resource/properties_path.go): `a.b[0]["c.d"]`,
 * with `*` for every key or element.
 */

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** Appends a key to a property path the way Pulumi prints them: a.b, a[0], a["odd.key"]. */
export function joinPath(prefix: string, key: string | number): string {
  if (typeof key === "number") return `${prefix}[${key}]`;
  if (IDENT.test(key)) return prefix === "" ? key : `${prefix}.${key}`;
  return `${prefix}[${JSON.stringify(key)}]`;
}

/**
 * Parses a property path the way the engine does (sdk/go/common/resource/properties_path.go, parsePropertyPath):
 * `a.b[0]["c.d"]` -> ["a", "b", 0, "c.d"]; `[*]` is the wildcard "*"; a bare name runs to the next `.` or `[`.
 * Returns undefined where the engine's parser fails (it then skips the path).
 */
export function parsePath(path: string): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  let rest = path;
  if (rest.startsWith(".")) return undefined;
  while (rest.length > 0) {
    if (rest[0] === ".") {
      rest = rest.slice(1);
      if (rest.length === 0) return undefined;
      continue;
    }
    if (rest[0] === "[") {
      if (rest[1] === '"') {
        let key = "";
        let i = 2;
        for (;;) {
          if (i >= rest.length) return undefined;
          if (rest[i] === '"') {
            i++;
            break;
          }
          if (rest[i] === "\\" && rest[i + 1] === '"') {
            key += '"';
            i += 2;
          } else key += rest[i++];
        }
        if (rest[i] !== "]") return undefined;
        out.push(key);
        rest = rest.slice(i + 1);
      } else {
        const close = rest.indexOf("]");
        if (close < 0) return undefined;
        const segment = rest.slice(1, close);
        if (segment === "*") out.push("*");
        else {
          if (!/^[+-]?\d+$/.test(segment)) return undefined;
          out.push(Number(segment));
        }
        rest = rest.slice(close + 1);
      }
      continue;
    }
    let j = 0;
    while (j < rest.length && rest[j] !== "." && rest[j] !== "[") j++;
    out.push(rest.slice(0, j));
    rest = rest.slice(j);
  }
  return out;
}

/** Does `prefix` (a parsed path, may contain "*") contain `path`? The engine's PropertyPath.Contains. */
export function pathContains(prefix: readonly (string | number)[], path: readonly (string | number)[]): boolean {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const p = prefix[i];
    if (p === "*") continue;
    if (typeof p !== typeof path[i] || p !== path[i]) return false;
  }
  return true;
}
