/**
 * Property values as they travel between the program, the harness and the provider host.
 *
 * The harness keeps every property in the engine's "wire form" (what `Struct.toJavaScript()` gives):
 *   - a secret is `{ [SIG_KEY]: SECRET_SIG, value: <plain> }`
 *   - an unknown (preview only) is the string UNKNOWN_VALUE
 * That form is plain JSON, so it can be diffed, copied and written (after encrypting secrets).
 */
import * as crypto from "crypto";
import { promises as fsp } from "fs";
import * as nodePath from "path";

/** Signature key of special values (see @pulumi/pulumi runtime/rpc.js). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** Signature value of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
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

function isUnknown(v: unknown): boolean {
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

/**
 * What the engine's step executor does to the new state of every step, sames included (pkg/resource/deploy/
 * step_executor.go, continueExecuteStep): the keys of additionalSecretOutputs, and every output whose same-named input
 * is a secret, become secret. ("id" cannot be made secret; the engine warns and the harness ignores it.) Mutates and
 * returns `outputs`.
 */
export function markStepSecrets(outputs: PropertyMap, inputs: PropertyMap, additionalSecretOutputs: readonly string[]): PropertyMap {
  for (const k of additionalSecretOutputs) {
    if (k !== "id" && has(outputs, k) && !isSecret(outputs[k])) outputs[k] = makeSecret(outputs[k]);
  }
  for (const [k, v] of Object.entries(outputs)) {
    if (!isSecret(v) && has(inputs, k) && isSecret(inputs[k])) outputs[k] = makeSecret(v);
  }
  return outputs;
}

/** Structural equality of wire values (secret-ness counts: making a value secret is a change). */
function deepEqual(a: unknown, b: unknown): boolean {
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
function topLevelKey(path: string): string {
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

/**
 * ignoreChanges as the engine applies it (pkg/resource/deploy/step_generator.go processIgnoreChanges, with
 * PropertyPath.Reset of sdk/go/common/resource/properties_path.go): each path's old value is put back into the new
 * inputs (or the key removed where the old inputs lack it), `*` covering every key or element. Mutates `news`.
 * Returns the paths the engine could not reset (an element added or removed on the way); the engine only reports
 * those, as an info message, and goes on.
 */
export function applyIgnoreChanges(news: PropertyMap, olds: PropertyMap, paths: readonly string[]): string[] {
  const invalid: string[] = [];
  for (const p of paths) {
    const parsed = parsePath(p);
    if (!parsed) continue; // the engine skips a path it cannot parse
    if (!resetPath(parsed, olds, news, false, false)) invalid.push(p);
  }
  return invalid;
}

/** The engine's message for paths applyIgnoreChanges could not reset. */
export function ignoreChangesMessage(invalid: readonly string[]): string {
  return `cannot ignore changes in added or removed elements of the path: ${JSON.stringify(invalid.join(", "))}`;
}

type Slot = PropertyValue | undefined;

function unwrapSecret(v: Slot): { value: Slot; secret: boolean } {
  let secret = false;
  while (isSecret(v)) {
    v = secretInner(v);
    secret = true;
  }
  return { value: v, secret };
}

const resetValue = (v: PropertyValue, oldIsSecret: boolean, newIsSecret: boolean): PropertyValue =>
  oldIsSecret && !newIsSecret ? makeSecret(clone(v)) : clone(v);

/** PropertyPath.reset, step for step (the engine mutates `news` through shared references, as this does). */
function resetPath(path: readonly (string | number)[], oldRaw: Slot, newRaw: Slot, oldSecret: boolean, newSecret: boolean): boolean {
  if (path.length === 0) return false;
  const o = unwrapSecret(oldRaw);
  const n = unwrapSecret(newRaw);
  const old = o.value;
  const nu = n.value;
  const oldIsSecret = oldSecret || o.secret;
  const newIsSecret = newSecret || n.secret;
  const key = path[0];
  const leaf = path.length === 1;
  if (typeof key === "number") {
    if (key < 0) return false;
    const oldArr = Array.isArray(old) ? old : undefined;
    const newArr = Array.isArray(nu) ? nu : undefined;
    if (leaf) {
      if (!oldArr && !newArr) return true;
      if (!oldArr || !newArr) return false;
      if (key >= oldArr.length && key >= newArr.length) return true;
      if (key >= oldArr.length || key >= newArr.length) return false;
      newArr[key] = resetValue(oldArr[key], oldIsSecret, newIsSecret);
      return true;
    }
    if (!oldArr || !newArr) return !oldArr && !newArr;
    if (key >= oldArr.length || key >= newArr.length) return false;
    return resetPath(path.slice(1), oldArr[key], newArr[key], oldIsSecret, newIsSecret);
  }
  if (key === "*") {
    if (leaf) {
      if (isObject(nu)) {
        if (isObject(old)) {
          for (const k of Object.keys(old)) nu[k] = resetValue(old[k], oldIsSecret, newIsSecret);
          for (const k of Object.keys(nu)) if (!has(old, k)) delete nu[k];
        }
        return true;
      }
      if (Array.isArray(nu)) {
        if (Array.isArray(old)) {
          for (let i = 0; i < old.length && i < nu.length; i++) nu[i] = resetValue(old[i], oldIsSecret, newIsSecret);
          if (old.length !== nu.length) return false;
        }
        return true;
      }
      return false;
    }
    if (isObject(old) && isObject(nu)) {
      for (const k of Object.keys(old)) {
        if (!has(nu, k)) return false;
        if (!resetPath(path.slice(1), old[k], nu[k], oldIsSecret, newIsSecret)) return false;
      }
      return true;
    }
    if (Array.isArray(old) && Array.isArray(nu)) {
      for (let i = 0; i < old.length && i < nu.length; i++) {
        if (!resetPath(path.slice(1), old[i], nu[i], oldIsSecret, newIsSecret)) return false;
      }
      return old.length === nu.length;
    }
    return false;
  }
  if (leaf) {
    if (isObject(old) && has(old, key)) {
      if (!isObject(nu)) return false;
      nu[key] = resetValue(old[key], oldIsSecret, newIsSecret);
    } else if (isObject(nu)) {
      delete nu[key];
    }
    return true;
  }
  if (!isObject(old) || !isObject(nu)) return !isObject(old) && !isObject(nu);
  const hasOld = has(old, key);
  const hasNew = has(nu, key);
  if (hasOld && !hasNew) return false;
  if (!hasOld && !hasNew) return true;
  return resetPath(path.slice(1), hasOld ? old[key] : undefined, nu[key], oldIsSecret, newIsSecret);
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

/** Signature values of assets and archives on the wire (sdk/go/common/resource/asset, archive). */
export const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";

function isAssetLike(v: unknown): v is { [key: string]: PropertyValue } {
  return isObject(v) && (v[SIG_KEY] === ASSET_SIG || v[SIG_KEY] === ARCHIVE_SIG);
}

/** Every asset and archive in `v` (inside secrets, objects and arrays), for visiting. */
function* assetsIn(v: PropertyValue | undefined): Generator<{ [key: string]: PropertyValue }> {
  if (isAssetLike(v)) yield v;
  else if (isSecret(v)) yield* assetsIn(secretInner(v));
  else if (Array.isArray(v)) for (const x of v) yield* assetsIn(x);
  else if (isObject(v)) for (const x of Object.values(v)) yield* assetsIn(x);
}

async function contentsOf(where: { path?: PropertyValue; text?: PropertyValue; uri?: PropertyValue }, pwd: string): Promise<Buffer | undefined> {
  if (typeof where.text === "string" && where.text !== "") return Buffer.from(where.text, "utf8");
  if (typeof where.path === "string" && where.path !== "") {
    const file = nodePath.resolve(pwd, where.path);
    try {
      if ((await fsp.stat(file)).isDirectory()) return undefined;
      return await fsp.readFile(file);
    } catch (e) {
      throw new Error(`failed to open asset file '${file}': ${(e as Error).message}`);
    }
  }
  if (typeof where.uri === "string" && where.uri !== "") {
    const url = new URL(where.uri);
    if (url.protocol === "file:") return fsp.readFile(url);
    if (url.protocol === "http:" || url.protocol === "https:") {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`GET ${where.uri}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }
    throw new Error(`Unrecognized or unsupported URI scheme: ${url.protocol.replace(/:$/, "")}`);
  }
  return undefined;
}

/** The fields an asset or archive keeps through the engine (asset.Deserialize, archive.Deserialize). */
const ASSET_FIELDS: Record<string, readonly string[]> = {
  [ASSET_SIG]: ["hash", "text", "path", "uri"],
  [ARCHIVE_SIG]: ["hash", "assets", "path", "uri"],
};

/**
 * Assets as the engine takes them from a registration (pkg/resource/deploy/source_eval.go RegisterResource,
 * UnmarshalProperties with ComputeAssetHashes): only the asset's own fields stay (the SDK's `__pulumiAsset` marker
 * goes, as do empty ones), and an asset without a hash gets one (asset.EnsureHashWithWD): the hex SHA-256 of the
 * contents, a relative path read from the program's directory. Archives that are one file (a path or URI) get the
 * hash of its bytes; archives of a directory or of assets are left without one. Mutates and returns `m`.
 */
export async function hashAssets(m: PropertyMap, pwd: string): Promise<PropertyMap> {
  for (const [key, v] of Object.entries(m)) {
    for (const asset of assetsIn(v)) {
      const fields = ASSET_FIELDS[String(asset[SIG_KEY])];
      for (const k of Object.keys(asset)) {
        if (k === SIG_KEY) continue;
        const value = asset[k];
        if (!fields.includes(k) || value === "" || value === null) delete asset[k];
      }
      if (typeof asset["hash"] === "string" && asset["hash"] !== "") continue;
      let bytes: Buffer | undefined;
      try {
        bytes = await contentsOf(asset, pwd);
      } catch (e) {
        throw new Error(`failed to compute asset hash for ${JSON.stringify(key)}: ${(e as Error).message}`);
      }
      if (bytes !== undefined) asset["hash"] = crypto.createHash("sha256").update(bytes).digest("hex");
    }
  }
  return m;
}

/**
 * `m` with every asset and archive cut down to its signature and hash: what the engine sends to Diff, to the old
 * side of Update, and to Read and Delete (MarshalOptions.ElideAssetContents in sdk/go/common/resource/plugin/rpc.go).
 */
export function elideAssets(m: PropertyMap): PropertyMap {
  const elide = (v: PropertyValue): PropertyValue => {
    if (isAssetLike(v)) {
      const out: PropertyMap = { [SIG_KEY]: v[SIG_KEY] };
      if (typeof v["hash"] === "string" && v["hash"] !== "") out["hash"] = v["hash"];
      return out;
    }
    if (Array.isArray(v)) return v.map(elide);
    if (isObject(v)) {
      const out: PropertyMap = {};
      for (const [k, x] of Object.entries(v)) out[k] = elide(x);
      return out;
    }
    return v;
  };
  return elide(m) as PropertyMap;
}

/**
 * After Read: an elided asset the provider echoed back gets the fields of the asset with the same hash in `original`,
 * so the state never holds an empty asset (restoreElidedAssetContents in sdk/go/common/resource/plugin/
 * provider_plugin.go). Mutates `transformed`.
 */
export function restoreElidedAssets(original: PropertyMap, transformed: PropertyMap): void {
  const byHash = new Map<string, { [key: string]: PropertyValue }>();
  for (const v of Object.values(original)) for (const a of assetsIn(v)) if (typeof a["hash"] === "string") byHash.set(`${String(a[SIG_KEY])}:${a["hash"]}`, a);
  for (const v of Object.values(transformed)) {
    for (const a of assetsIn(v)) {
      const source = byHash.get(`${String(a[SIG_KEY])}:${String(a["hash"])}`);
      const empty = !a["text"] && !a["path"] && !a["uri"] && !a["assets"];
      if (!source || !empty) continue;
      for (const field of ["text", "path", "uri", "assets"]) if (field in source) a[field] = clone(source[field]);
    }
  }
}
