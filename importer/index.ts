// nms-import as a function: read a tenant with the provider's own configuration and client, and
// write a stack project that manages every object it holds (see README "Bring an existing network
// under management"). With several tenants (an MSP's end customers, reached with the MSP's login
// through delegated access) it writes one program for all of them: each tenant's resources grouped
// together, named after the tenant, each naming its tenant in `tenantId`. The command line is cli.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import type { WifiApiVariant } from "../contract/meta";
import type { NmsClient } from "../provider/client";
import {
  CONFIG_KEYS,
  type ConfigLookup,
  type ProviderConfig,
  resolveConfig,
  resolveWifiApiVariant,
} from "../provider/config";
import { RESOURCE_SPECS } from "../provider/resources";
import { clientOf } from "../provider/configuredClient";
import { projectFiles } from "./emit";
import { noNamesGiven, slug } from "./naming";
import { KIND_IMPORTS } from "./kinds";
import { configPassphraseFromEnv, passphraseEncrypter } from "../stackSecrets/passphrase";
import { ImportUsageError, programOf, type ProgramModel } from "./program";
import { type ReadOptions, readTenant, type TenantRead } from "./read";
import { tenantFailures } from "../provider/tenant";

export { ImportUsageError } from "./program";

/**
 * The pace of nms-import's reads when nms:maxRequestsPerSecond is not set: twice the provider's default (20), which
 * is kept low for stacks that write while other clients of the tenant do. An import only reads, once; a 429 still
 * slows it down to the service's Retry-After, as for every client. A 1,000-object tenant takes about 900 reads.
 */
export const IMPORT_REQUESTS_PER_SECOND = 40;

/** The configuration nms-import's client runs with: nms:maxRequestsPerSecond when set, else its own pace. */
export function withImportPace(config: ProviderConfig): ProviderConfig {
  return { ...config, maxRequestsPerSecond: config.maxRequestsPerSecond ?? IMPORT_REQUESTS_PER_SECOND };
}

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
  /**
   * The tenants to import into one program (their IDs), each reached with the configured login (an MSP's end
   * customers: delegated access); every resource then names its tenant in `tenantId`. Default: the configured tenant
   * alone, whose resources leave `tenantId` out.
   */
  readonly tenants?: readonly string[];
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

/** The tenants asked for, checked: each a tenant ID, none twice, and --venue with one tenant only. */
function tenantsAsked(options: ImportOptions): string[] | undefined {
  const tenants = options.tenants;
  if (tenants === undefined || tenants.length === 0) return undefined;
  for (const tenantId of tenants) {
    const failure = tenantFailures({ tenantId })[0];
    if (failure) throw new ImportUsageError(`--tenant ${tenantId}: ${failure.reason}`);
  }
  const twice = tenants.find((tenantId, i) => tenants.indexOf(tenantId) !== i);
  if (twice !== undefined) throw new ImportUsageError(`--tenant ${twice} is given twice`);
  if (options.venue !== undefined && tenants.length > 1)
    throw new ImportUsageError("--venue picks a venue of one tenant: give one --tenant with it");
  return [...tenants];
}

/**
 * The objects of `kinds` one tenant holds, read with the login's client in that tenant. Objects another kind asked for
 * holds (a venue's vSPoT binding, in its server's venues) are not read at all: they are said unreadable, and why.
 */
export async function readTenantKinds(
  client: NmsClient,
  tenantId: string,
  kinds: readonly string[],
  variant: WifiApiVariant,
  username: string,
  readSettingsOf?: ReadOptions["readSettingsOf"],
): Promise<TenantRead> {
  const heldElsewhere = kinds.filter(
    (kind) => KIND_IMPORTS[kind]?.heldBy && kinds.includes(KIND_IMPORTS[kind]!.heldBy!.kind),
  );
  const read = await readTenant(client.forTenant(tenantId), {
    kinds: kinds.filter((kind) => !heldElsewhere.includes(kind)),
    variant,
    context: { tenantId, username },
    readSettingsOf,
  });
  read.unreadable.push(...heldElsewhere.map((kind) => ({ kind, reason: KIND_IMPORTS[kind]!.heldBy!.why })));
  return read;
}

/** One tenant's part of the program: what was read there and the resources made of it. */
interface TenantPart {
  readonly tenantId: string;
  readonly name: string;
  readonly read: TenantRead;
  readonly model: ProgramModel;
}

/** Each tenant's name (getTenant), made into a unique prefix of its resources' names. */
async function tenantPrefixes(
  client: NmsClient,
  tenants: readonly string[],
): Promise<{ tenantId: string; name: string; prefix: string }[]> {
  const taken = new Set<string>();
  const out: { tenantId: string; name: string; prefix: string }[] = [];
  for (const tenantId of tenants) {
    const tenant = await client.forTenant(tenantId).call<{ name?: string }>("getTenant");
    const name = typeof tenant?.name === "string" && tenant.name.trim() !== "" ? tenant.name : tenantId;
    const base = slug(name) || `tenant-${tenantId.slice(0, 8)}`;
    let prefix = base;
    for (let i = 2; taken.has(prefix); i++) prefix = `${base}-${i}`;
    taken.add(prefix);
    out.push({ tenantId, name, prefix });
  }
  return out;
}

/** The tenants' programs as one: their declarations grouped by tenant, what was left out said per tenant. */
function mergedModel(parts: readonly TenantPart[]): ProgramModel {
  const per = <T>(pick: (model: ProgramModel) => T[], note: (item: T, part: TenantPart) => T) =>
    parts.flatMap((part) => pick(part.model).map((item) => note(item, part)));
  const atDefaults: Record<string, number> = {};
  for (const part of parts)
    for (const [kind, n] of Object.entries(part.model.atDefaults)) atDefaults[kind] = (atDefaults[kind] ?? 0) + n;
  return {
    declarations: per(
      (m) => m.declarations,
      (d) => d,
    ),
    secrets: per(
      (m) => m.secrets,
      (s) => s,
    ),
    atDefaults,
    skipped: per(
      (m) => m.skipped,
      (s, part) => ({ ...s, reason: `${s.reason} (tenant ${part.name})` }),
    ),
    unreadable: per(
      (m) => m.unreadable,
      (u, part) => ({ ...u, reason: `${u.reason} (tenant ${part.name})` }),
    ),
    outside: per(
      (m) => m.outside,
      (o) => o,
    ),
    problems: per(
      (m) => m.problems,
      (p) => p,
    ),
  };
}

export async function importTenant(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const given = options.config ?? {};
  const lookup: ConfigLookup = (key) => given[key];
  const kinds = options.kinds ? kindsNamed(options.kinds) : Object.keys(RESOURCE_SPECS);
  const tenants = tenantsAsked(options);
  const out = path.resolve(options.out);
  if (!options.force && fs.existsSync(path.join(out, "index.ts")))
    throw new ImportUsageError(`--out ${options.out} already holds a program (index.ts); give --force to overwrite it`);
  const stack = options.stack ?? "dev";
  const project = options.project ?? (slug(path.basename(out)) || "network");
  let passphrase: string | undefined;
  if (options.writeSecrets) {
    passphrase = configPassphraseFromEnv(env);
    if (passphrase === undefined)
      throw new ImportUsageError(
        "--write-secrets encrypts with the stack's passphrase: set PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE",
      );
  }
  let config;
  try {
    config = resolveConfig(lookup, env);
  } catch (error) {
    throw new ImportUsageError((error as Error).message);
  }
  const variant = resolveWifiApiVariant(lookup, env);
  const client = clientOf(withImportPace(config), undefined);
  try {
    const readOne = (tenantId: string) => readTenantKinds(client, tenantId, kinds, variant, config.username);
    let model: ProgramModel;
    let objectsRead: number;
    let named: { tenantId: string; name: string; prefix: string }[] | undefined;
    if (tenants === undefined) {
      const read = await readOne(config.tenantId);
      model = await programOf(read, { kinds, venue: options.venue, allSettings: options.allSettings, variant });
      objectsRead = read.objects.length;
    } else {
      // One program for several tenants: each read in its own tenant, its resources named after it and naming it.
      const given = noNamesGiven();
      const parts: TenantPart[] = [];
      named = await tenantPrefixes(client, tenants);
      for (const { tenantId, name, prefix } of named) {
        const read = await readOne(tenantId);
        parts.push({
          tenantId,
          name,
          read,
          model: await programOf(read, {
            kinds,
            venue: options.venue,
            allSettings: options.allSettings,
            variant,
            tenant: { id: tenantId, prefix, given },
          }),
        });
      }
      model = mergedModel(parts);
      objectsRead = parts.reduce((n, part) => n + part.read.objects.length, 0);
    }
    let encrypted;
    if (passphrase !== undefined && model.secrets.some((s) => s.value !== undefined)) {
      const encrypter = passphraseEncrypter(passphrase);
      const values: Record<string, string> = {};
      for (const secret of model.secrets)
        if (secret.value !== undefined) values[secret.key] = encrypter.encrypt(secret.value);
      encrypted = { salt: encrypter.salt, values };
    }
    const configured = (name: keyof typeof CONFIG_KEYS) => given[CONFIG_KEYS[name][0]] ?? env[CONFIG_KEYS[name][1]];
    const files = projectFiles(model, {
      project,
      stack,
      tenantId: config.tenantId,
      ...(named ? { tenants: named } : {}),
      address:
        config.baseUrl !== undefined
          ? { key: "nms:baseUrl", value: config.baseUrl }
          : { key: "nms:region", value: config.region! },
      wifiApiVariant: configured("wifiApiVariant") || undefined,
      allowInsecureHttp: config.allowInsecureHttp,
      packageVersion: packageVersion(),
      encrypted,
    });
    fs.mkdirSync(out, { recursive: true });
    for (const [name, text] of Object.entries(files))
      fs.writeFileSync(path.join(out, name), text, { mode: name.startsWith("Pulumi.") ? 0o600 : 0o644 });
    return {
      model,
      files: Object.keys(files),
      objectsRead,
      requests: client.stats().requests,
      durationMs: Date.now() - started,
    };
  } finally {
    await client.close();
  }
}
