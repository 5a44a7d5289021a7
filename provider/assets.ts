// Pulumi assets given as resource inputs (contract/meta.ts pulumiAsset), read in the provider host.
// A dynamic provider receives its inputs as the engine's wire form, where an asset is a plain object
// under the SDK's signature key, with `path`, `text` or `uri` (and `hash` when the Pulumi CLI
// computed one); an SDK that deserializes inputs first would hand over an Asset instance whose
// fields are Promises. Both are read here, so no SDK version's choice matters (docs/pulumi-facts.md).
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";

/** Signature key and values of special objects on Pulumi's wire (@pulumi/pulumi runtime/rpc). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";

export interface AssetContent {
  readonly bytes: Buffer;
  /** The file name or URI the content came from, when it has one (for its extension). */
  readonly source?: string;
}

type AssetFields = { path?: unknown; text?: unknown; uri?: unknown };

function assetFields(value: unknown): AssetFields | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "must be a Pulumi asset (pulumi.asset.FileAsset, StringAsset or RemoteAsset)";
  }
  const object = value as Record<string, unknown>;
  if (object[SIG_KEY] === ARCHIVE_SIG || object.__pulumiArchive === true) return "must be an asset, not an archive";
  if (object[SIG_KEY] !== ASSET_SIG && object.__pulumiAsset !== true) {
    return "must be a Pulumi asset (pulumi.asset.FileAsset, StringAsset or RemoteAsset)";
  }
  return object as AssetFields;
}

/** The asset's content, or the reason it cannot be read (an Error whose message names no secret: assets hold none). */
export async function readAsset(value: unknown): Promise<AssetContent> {
  const fields = assetFields(value);
  if (typeof fields === "string") throw new Error(fields);
  const [path, text, uri] = await Promise.all([fields.path, fields.text, fields.uri]);
  if (typeof path === "string" && path !== "") return { bytes: await readFile(path), source: path };
  if (typeof text === "string") return { bytes: Buffer.from(text, "utf8") };
  if (typeof uri === "string" && uri !== "") return { bytes: await readRemote(uri), source: uri };
  throw new Error("is an asset with neither a path, a text nor a URI");
}

async function readRemote(uri: string): Promise<Buffer> {
  const scheme = uri.slice(0, uri.indexOf(":") + 1).toLowerCase();
  if (scheme === "file:") return readFile(fileURLToPath(uri));
  if (scheme === "http:" || scheme === "https:") {
    // A RemoteAsset is fetched as Pulumi's engine fetches one: a plain GET, none of the service's credentials.
    const response = await fetch(uri, { redirect: "follow" });
    if (!response.ok) throw new Error(`cannot be fetched from ${uri}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
  throw new Error(`has a URI scheme the provider cannot read (${scheme || uri}): use file:, http: or https:`);
}

/** The extension of the source's name, lower case and without the dot ("" when there is none). */
export function extensionOf(source: string | undefined): string {
  if (source === undefined) return "";
  const name = /^[a-z]+:/i.test(source) && !/^[a-z]:[\\/]/i.test(source) ? new URL(source).pathname : source;
  return extname(name).slice(1).toLowerCase();
}
