/**
 * Property values as they travel between the program, the harness and the provider host.
 *
 * The harness keeps every property in the engine's "wire form" (what `Struct.toJavaScript()` gives):
 *   - a secret is `{ [SIG_KEY]: SECRET_SIG, value: <plain> }`
 *   - an unknown (preview only) is the string UNKNOWN_VALUE
 * That form is plain JSON, so it can be diffed, copied and written (after encrypting secrets).
 */

/** Signature key of special values (see @pulumi/pulumi runtime/rpc.js). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** Signature value of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** Signature of a resource reference (only produced when the monitor claims `resourceReferences`; we do not). */
export const RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
/** Signature of an output value (only produced when the monitor claims `outputValues`; we do not). */
export const OUTPUT_VALUE_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4";
/** The string the SDK and the engine use for a value that is not known yet (previews). */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** Key of the serialized dynamic provider inside a dynamic resource's inputs and outputs. */
export const PROVIDER_KEY = "__provider";

export type PropertyValue = null | boolean | number | string | PropertyValue[] | { [key: string]: PropertyValue };
export type PropertyMap = { [key: string]: PropertyValue };

export function isObject(v: unknown): v is { [key: string]: PropertyValue } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function isSecret(v: unknown): v is { [key: string]: PropertyValue } {
  return isObject(v) && v[SIG_KEY] === SECRET_SIG;
}

export function makeSecret(v: PropertyValue): PropertyValue {
  return isSecret(v) ? v : { [SIG_KEY]: SECRET_SIG, value: v };
}

/** The value inside a secret wrapper (or the value itself). */
export function secretInner(v: PropertyValue): PropertyValue {
  return isSecret(v) ? (v["value"] === undefined ? null : v["value"]) : v;
}

export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN_VALUE;
}

export function containsSecrets(v: unknown): boolean {
  if (isSecret(v)) return true;
  if (Array.isArray(v)) return v.some(containsSecrets);
  if (isObject(v)) return Object.values(v).some(containsSecrets);
  return false;
}

export function containsUnknowns(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknowns);
  if (isObject(v)) return Object.values(v).some(containsUnknowns);
  return false;
}

/** Deep copy of a JSON-like value. */
export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Removes every secret wrapper (what a provider that does not accept secrets must receive). */
export function stripSecrets(v: PropertyValue): PropertyValue {
  if (isSecret(v)) return stripSecrets(secretInner(v));
  if (Array.isArray(v)) return v.map(stripSecrets);
  if (isObject(v)) {
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(v)) out[k] = stripSecrets(x);
    return out;
  }
  return v;
}

export function stripSecretsMap(m: PropertyMap): PropertyMap {
  return stripSecrets(m) as PropertyMap;
}

/**
 * Copies the secret-ness of `inputs` onto `outputs`, like the engine's annotateSecrets: for a key present in both,
 * recurse when both are plain objects, otherwise mark the whole output value secret when the input value
 * contains a secret anywhere (so an array with one secret element becomes a secret array).
 * Mutates and returns `outputs`.
 */
export function annotateSecrets(outputs: PropertyMap, inputs: PropertyMap | undefined): PropertyMap {
  if (!inputs) return outputs;
  for (const [key, inputValue] of Object.entries(inputs)) {
    if (!Object.prototype.hasOwnProperty.call(outputs, key)) continue;
    const outputValue = outputs[key];
    if (isObject(inputValue) && !isSecret(inputValue) && isObject(outputValue) && !isSecret(outputValue)) {
      annotateSecrets(outputValue, inputValue);
    } else if (!isSecret(outputValue) && containsSecrets(inputValue)) {
      outputs[key] = makeSecret(outputValue);
    }
  }
  return outputs;
}

/** Marks the listed top-level keys secret (the additionalSecretOutputs option). Mutates and returns `outputs`. */
export function markSecretKeys(outputs: PropertyMap, keys: readonly string[]): PropertyMap {
  for (const k of keys) {
    if (Object.prototype.hasOwnProperty.call(outputs, k)) outputs[k] = makeSecret(outputs[k]);
  }
  return outputs;
}

/** Structural equality of wire values (secret-ness counts: making a value secret is a change). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

export type DiffKind = "add" | "delete" | "update";
export interface PropertyDiff {
  path: string;
  kind: DiffKind;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** Appends a key to a property path the way Pulumi prints them: a.b, a[0], a["odd.key"]. */
export function joinPath(prefix: string, key: string | number): string {
  if (typeof key === "number") return `${prefix}[${key}]`;
  if (IDENT.test(key)) return prefix === "" ? key : `${prefix}.${key}`;
  return `${prefix}[${JSON.stringify(key)}]`;
}

/** Parses "a.b[0]["c.d"]" into ["a","b",0,"c.d"]; returns undefined when malformed. */
export function parsePath(path: string): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  let i = 0;
  const n = path.length;
  while (i < n) {
    const c = path[i];
    if (c === ".") {
      if (i === 0) return undefined;
      i++;
      continue;
    }
    if (c === "[") {
      const close = path.indexOf("]", i);
      if (close < 0) return undefined;
      const inner = path.slice(i + 1, close);
      if (inner.startsWith('"')) {
        try {
          out.push(JSON.parse(inner) as string);
        } catch {
          return undefined;
        }
      } else if (inner === "*") {
        out.push("*");
      } else {
        const num = Number(inner);
        if (!Number.isInteger(num) || num < 0) return undefined;
        out.push(num);
      }
      i = close + 1;
      continue;
    }
    let j = i;
    while (j < n && path[j] !== "." && path[j] !== "[") j++;
    out.push(path.slice(i, j));
    i = j;
  }
  return out.length === 0 ? undefined : out;
}

/**
 * The property paths that differ between two property maps, like the engine's ObjectDiff turned into a detailed
 * diff (values inside secrets are compared as values; a change of secret-ness alone is reported on that path).
 */
export function diffProperties(olds: PropertyMap, news: PropertyMap, ignore: ReadonlySet<string> = new Set()): PropertyDiff[] {
  const out: PropertyDiff[] = [];
  const keys = unionKeys(olds, news);
  for (const k of keys) {
    if (ignore.has(k)) continue;
    diffValue(joinPath("", k), has(olds, k) ? olds[k] : undefined, has(news, k) ? news[k] : undefined, out);
  }
  return out;
}

function has(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

function unionKeys(a: PropertyMap, b: PropertyMap): string[] {
  const keys = Object.keys(a);
  for (const k of Object.keys(b)) if (!has(a, k)) keys.push(k);
  return keys;
}

function diffValue(path: string, a: PropertyValue | undefined, b: PropertyValue | undefined, out: PropertyDiff[]): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined || a === null) {
    if (b !== undefined && b !== null) out.push({ path, kind: "add" });
    return;
  }
  if (b === undefined || b === null) {
    out.push({ path, kind: "delete" });
    return;
  }
  if (isSecret(a) || isSecret(b)) {
    if (isSecret(a) !== isSecret(b)) {
      out.push({ path, kind: "update" });
      return;
    }
    if (!deepEqual(secretInner(a), secretInner(b))) out.push({ path, kind: "update" });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) diffValue(joinPath(path, i), i < a.length ? a[i] : undefined, i < b.length ? b[i] : undefined, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of unionKeys(a, b)) diffValue(joinPath(path, k), has(a, k) ? a[k] : undefined, has(b, k) ? b[k] : undefined, out);
    return;
  }
  if (!deepEqual(a, b)) out.push({ path, kind: "update" });
}

/** First segment of a property path ("wlan.vlanId" -> "wlan", "a[0]" -> "a", `["x.y"].z` -> "x.y"). */
export function topLevelKey(path: string): string {
  const parsed = parsePath(path);
  if (!parsed || parsed.length === 0) return path;
  return String(parsed[0]);
}

export function uniqueTopLevel(diffs: readonly PropertyDiff[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const d of diffs) {
    const k = topLevelKey(d.path);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  return out;
}

/** Does `prefix` (a parsed path, may contain "*") contain `path`? */
export function pathContains(prefix: (string | number)[], path: (string | number)[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    if (prefix[i] === "*") continue;
    if (prefix[i] !== path[i] && String(prefix[i]) !== String(path[i])) return false;
  }
  return true;
}

/**
 * ignoreChanges: copies the old value at each path into the new inputs (or removes it when the old inputs do not
 * have it), so the provider sees no change there. Returns the paths that could not be applied.
 */
export function applyIgnoreChanges(news: PropertyMap, olds: PropertyMap, paths: readonly string[]): string[] {
  const invalid: string[] = [];
  for (const p of paths) {
    const parsed = parsePath(p);
    if (!parsed || parsed.includes("*")) {
      invalid.push(p);
      continue;
    }
    const oldParent = walk(olds, parsed.slice(0, -1));
    const newParent = walk(news, parsed.slice(0, -1));
    const last = parsed[parsed.length - 1];
    if (newParent === undefined || (typeof newParent !== "object" || newParent === null)) {
      if (oldParent === undefined) continue; // neither side has it: nothing to ignore
      invalid.push(p);
      continue;
    }
    const oldValue = oldParent !== undefined && typeof oldParent === "object" && oldParent !== null ? getKey(oldParent, last) : undefined;
    setKey(newParent, last, oldValue === undefined ? undefined : clone(oldValue));
  }
  return invalid;
}

function walk(v: PropertyValue | undefined, path: (string | number)[]): PropertyValue | undefined {
  let cur: PropertyValue | undefined = v;
  for (const seg of path) {
    if (cur === undefined || cur === null || typeof cur !== "object") return undefined;
    if (isSecret(cur)) cur = secretInner(cur);
    cur = getKey(cur as PropertyValue, seg);
  }
  if (isSecret(cur)) return secretInner(cur as PropertyValue);
  return cur;
}

function getKey(container: PropertyValue, key: string | number): PropertyValue | undefined {
  if (Array.isArray(container)) return typeof key === "number" ? container[key] : undefined;
  if (isObject(container)) return has(container, String(key)) ? container[String(key)] : undefined;
  return undefined;
}

function setKey(container: PropertyValue, key: string | number, value: PropertyValue | undefined): void {
  if (Array.isArray(container) && typeof key === "number") {
    if (value === undefined) {
      if (key < container.length) container[key] = null;
    } else container[key] = value;
    return;
  }
  if (isObject(container)) {
    if (value === undefined) delete container[String(key)];
    else container[String(key)] = value;
  }
}

/**
 * Converts wire values to what a user expects to see: secrets unwrapped (or masked), unknowns as the
 * UNKNOWN_VALUE string (or masked).
 */
export function toDisplay(v: PropertyValue, opts: { showSecrets: boolean }): unknown {
  if (isSecret(v)) return opts.showSecrets ? toDisplay(secretInner(v), opts) : "[secret]";
  if (v === UNKNOWN_VALUE) return opts.showSecrets ? UNKNOWN_VALUE : "[unknown]";
  if (Array.isArray(v)) return v.map((x) => toDisplay(x, opts));
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toDisplay(x, opts);
    return out;
  }
  return v;
}

/** Removes undefined members (Struct.fromJavaScript rejects them). */
export function sanitize(v: unknown): PropertyValue {
  if (v === undefined) return null;
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : sanitize(x)));
  if (typeof v === "object") {
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = sanitize(x);
    return out;
  }
  return String(v);
}
