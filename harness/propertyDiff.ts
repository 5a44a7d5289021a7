/** Which property paths differ between two property maps, as the engine's ObjectDiff reports them. */
import { type PropertyMap, type PropertyValue, has, isObject, isSecret, secretInner } from "./props";
import { joinPath, parsePath } from "./propertyPaths";

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
    return ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

export type DiffKind = "add" | "delete" | "update";
export interface PropertyDiff {
  path: string;
  kind: DiffKind;
}

/**
 * The property paths that differ between two property maps, like the engine's ObjectDiff turned into a detailed
 * diff (values inside secrets are compared as values; a change of secret-ness alone is reported on that path).
 */
export function diffProperties(
  olds: PropertyMap,
  news: PropertyMap,
  ignore: ReadonlySet<string> = new Set(),
): PropertyDiff[] {
  const out: PropertyDiff[] = [];
  const keys = unionKeys(olds, news);
  for (const k of keys) {
    if (ignore.has(k)) continue;
    diffValue(joinPath("", k), has(olds, k) ? olds[k] : undefined, has(news, k) ? news[k] : undefined, out);
  }
  return out;
}

function unionKeys(a: PropertyMap, b: PropertyMap): string[] {
  const keys = Object.keys(a);
  for (const k of Object.keys(b)) if (!has(a, k)) keys.push(k);
  return keys;
}

function diffValue(
  path: string,
  a: PropertyValue | undefined,
  b: PropertyValue | undefined,
  out: PropertyDiff[],
): void {
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
    for (let i = 0; i < n; i++)
      diffValue(joinPath(path, i), i < a.length ? a[i] : undefined, i < b.length ? b[i] : undefined, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of unionKeys(a, b))
      diffValue(joinPath(path, k), has(a, k) ? a[k] : undefined, has(b, k) ? b[k] : undefined, out);
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
