/**
 * Assets and archives in property values: hashed when a registration arrives, elided to signature and hash where the
 * engine sends no contents, and put back where it restores them.
 */
import * as crypto from "node:crypto";
import { promises as fsp } from "node:fs";
import * as nodePath from "node:path";
import { type PropertyMap, type PropertyValue, SIG_KEY, clone, isObject, isSecret, secretInner } from "./props";

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

async function contentsOf(
  where: { path?: PropertyValue; text?: PropertyValue; uri?: PropertyValue },
  pwd: string,
): Promise<Buffer | undefined> {
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
  for (const v of Object.values(original))
    for (const a of assetsIn(v)) if (typeof a["hash"] === "string") byHash.set(`${String(a[SIG_KEY])}:${a["hash"]}`, a);
  for (const v of Object.values(transformed)) {
    for (const a of assetsIn(v)) {
      const source = byHash.get(`${String(a[SIG_KEY])}:${String(a["hash"])}`);
      const empty = !a["text"] && !a["path"] && !a["uri"] && !a["assets"];
      if (!source || !empty) continue;
      for (const field of ["text", "path", "uri", "assets"]) if (field in source) a[field] = clone(source[field]);
    }
  }
}
