// nms-import as a function: read a tenant with the provider's own configuration and client, and
// write a stack project that manages every object it holds (see README "Bring an existing network
// under management"). The command line is cli.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import { CONFIG_KEYS, resolveConfig, resolveWifiApiVariant, type ConfigLookup } from "../provider/config";
import { RESOURCE_SPECS } from "../provider/resources";
import { clientOf } from "../provider/configuredClient";
import { projectFiles } from "./emit";
import { slug } from "./naming";
import { KIND_IMPORTS } from "./kinds";
import { passphraseEncrypter, passphraseFromEnv } from "./passphrase";
import { ImportUsageError, programOf, type ProgramModel } from "./program";
import { readTenant } from "./read";

export { ImportUsageError } from "./program";

export interface ImportOptions {
  /** Where the project is written. */
  readonly out: string;
  /** nms:* settings (tenantId, username, password, baseUrl or region, ...); the environment's NMS_* fill in the rest. */
  readonly config?: Readonly<Record<string, string>>;
  readonly env?: NodeJS.ProcessEnv;
  /** Kinds to import (SDK class names, any case); default every kind. */
  readonly kinds?: readonly string[];
  /** Only this venue (ID or name), what belongs to it and what that refers to. */
  readonly venue?: string;
  readonly allSettings?: boolean;
  /** Stack name of the config file written (default dev). */
  readonly stack?: string;
  /** Project name (default: the out directory's name). */
  readonly project?: string;
  /** Write the secrets' values into Pulumi.<stack>.yaml, encrypted with PULUMI_CONFIG_PASSPHRASE(_FILE). */
  readonly writeSecrets?: boolean;
  /** Write into a directory that already holds a program. */
  readonly force?: boolean;
}

export interface ImportResult {
  readonly model: ProgramModel;
  readonly files: string[];
  readonly objectsRead: number;
  /** HTTP requests by operation, the login included. */
  readonly requests: Record<string, number>;
  readonly durationMs: number;
}

/** pulumi-nms's version, from the package.json above this file (the source tree's or, built, above dist/). */
function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
}

/** The kind's SDK class name for a name in any case; a usage error naming the kinds for an unknown one. */
export function kindsNamed(names: readonly string[]): string[] {
  const known = Object.keys(RESOURCE_SPECS);
  return names.map((name) => {
    const kind = known.find((k) => k.toLowerCase() === name.trim().toLowerCase());
    if (!kind) throw new ImportUsageError(`--kinds: ${name} is not a kind of pulumi-nms (one of ${known.join(", ")})`);
    return kind;
  });
}

export async function importTenant(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const given = options.config ?? {};
  const lookup: ConfigLookup = (key) => given[key];
  const kinds = options.kinds ? kindsNamed(options.kinds) : Object.keys(RESOURCE_SPECS);
  const out = path.resolve(options.out);
  if (!options.force && fs.existsSync(path.join(out, "index.ts"))) throw new ImportUsageError(`--out ${options.out} already holds a program (index.ts); give --force to overwrite it`);
  const stack = options.stack ?? "dev";
  const project = options.project ?? (slug(path.basename(out)) || "network");
  let passphrase: string | undefined;
  if (options.writeSecrets) {
    passphrase = passphraseFromEnv(env);
    if (passphrase === undefined) throw new ImportUsageError("--write-secrets encrypts with the stack's passphrase: set PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE");
  }
  let config;
  try {
    config = resolveConfig(lookup, env);
  } catch (error) {
    throw new ImportUsageError((error as Error).message);
  }
  const variant = resolveWifiApiVariant(lookup, env);
  const client = clientOf(config, undefined);
  try {
    // Objects another imported kind holds (a venue's vSPoT binding, in its server's venues) are not read at all.
    const heldElsewhere = kinds.filter((kind) => KIND_IMPORTS[kind]?.heldBy && kinds.includes(KIND_IMPORTS[kind]!.heldBy!.kind));
    const read = await readTenant(client, { kinds: kinds.filter((kind) => !heldElsewhere.includes(kind)), variant, context: { tenantId: config.tenantId, username: config.username } });
    read.unreadable.push(...heldElsewhere.map((kind) => ({ kind, reason: KIND_IMPORTS[kind]!.heldBy!.why })));
    const model = await programOf(read, { kinds, venue: options.venue, allSettings: options.allSettings, variant });
    let encrypted;
    if (passphrase !== undefined && model.secrets.some((s) => s.value !== undefined)) {
      const encrypter = passphraseEncrypter(passphrase);
      const values: Record<string, string> = {};
      for (const secret of model.secrets) if (secret.value !== undefined) values[secret.key] = encrypter.encrypt(secret.value);
      encrypted = { salt: encrypter.salt, values };
    }
    const configured = (name: keyof typeof CONFIG_KEYS) => given[CONFIG_KEYS[name][0]] ?? env[CONFIG_KEYS[name][1]];
    const files = projectFiles(model, {
      project,
      stack,
      tenantId: config.tenantId,
      address: config.baseUrl !== undefined ? { key: "nms:baseUrl", value: config.baseUrl } : { key: "nms:region", value: config.region! },
      wifiApiVariant: configured("wifiApiVariant") || undefined,
      allowInsecureHttp: config.allowInsecureHttp,
      packageVersion: packageVersion(),
      encrypted,
    });
    fs.mkdirSync(out, { recursive: true });
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(out, name), text, { mode: name.startsWith("Pulumi.") ? 0o600 : 0o644 });
    return { model, files: Object.keys(files), objectsRead: read.objects.length, requests: client.stats().requests, durationMs: Date.now() - started };
  } finally {
    await client.close();
  }
}
