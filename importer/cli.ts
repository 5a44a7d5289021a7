#!/usr/bin/env node
// nms-import: the package's command that writes a stack project managing what a tenant already
// holds (README "Bring an existing network under management"). Exit code 0 written, 1 the tenant
// could not be read, 2 bad usage or configuration.
import { parseArgs } from "node:util";
import { importTenant, ImportUsageError, type ImportResult } from "./index";

export const USAGE = `usage: nms-import --out DIR [--tenant ID]... [--kinds K1,K2,...] [--venue ID|NAME] [--all-settings]
                  [--stack NAME] [--project NAME] [--config nms:KEY=VALUE]... [--write-secrets] [--force]
       nms-import --help
  (npx nms-import from a project that installed pulumi-nms)

Reads the tenant the nms: settings name, with the provider's own client and configuration, and writes a
stack project to DIR (Pulumi.yaml, Pulumi.<stack>.yaml, package.json, tsconfig.json, index.ts, README.md)
with one resource per object the tenant holds, each taking the object over (adoptId) on the first up.

  --out DIR            where the project is written (its name is the project's name unless --project)
  --tenant ID          a tenant to import (repeatable, or IDs separated by commas): one program for all of them, each
                       tenant's resources together and naming it in tenantId, reached with the configured login (an MSP's
                       end customers, through delegated access); default the configured tenant (nms:tenantId) alone
  --kinds K1,K2        only these kinds (SDK class names: Venue,ApGroup,Network,...); default every kind
  --venue ID|NAME      only this venue, what belongs to it, and what that refers to (its networks, ...)
  --all-settings       settings objects at their defaults get a resource too (default: only those that differ)
  --stack NAME         the stack whose config file is written (default dev)
  --project NAME       the project's name
  --config nms:K=V     a provider setting (nms:tenantId, nms:username, nms:baseUrl, nms:region, ...); the
                       environment's NMS_* variables give the rest (NMS_PASSWORD: keep the password off the
                       command line)
  --write-secrets      write the secrets' values into Pulumi.<stack>.yaml, encrypted as the Pulumi CLI does with
                       the passphrase in PULUMI_CONFIG_PASSPHRASE (or the file PULUMI_CONFIG_PASSPHRASE_FILE names)
  --force              write into a directory that already holds an index.ts

Exit code: 0 written, 1 the tenant could not be read, 2 usage or configuration error.`;

/** The `--config nms:KEY=VALUE` entries as settings (nms-import's and nms-drift's); `fail` makes the usage error. */
export function configEntries(
  entries: readonly string[] | undefined,
  fail: new (message: string) => Error,
): Record<string, string> {
  const config: Record<string, string> = {};
  for (const entry of entries ?? []) {
    const eq = entry.indexOf("=");
    if (eq <= 0 || !entry.startsWith("nms:")) throw new fail(`--config ${entry}: expected nms:KEY=VALUE`);
    config[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return config;
}

/** `--kinds K1,K2` as a list (undefined when not given); `fail` makes the usage error. */
export function kindList(raw: string | undefined, fail: new (message: string) => Error): string[] | undefined {
  const kinds = raw?.split(",").filter((k) => k.trim() !== "");
  if (kinds !== undefined && kinds.length === 0) throw new fail("--kinds needs at least one kind");
  return kinds;
}

interface Parsed {
  help: boolean;
  options?: Parameters<typeof importTenant>[0];
}

export function parseCommandLine(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        out: { type: "string" },
        kinds: { type: "string" },
        venue: { type: "string" },
        tenant: { type: "string", multiple: true },
        "all-settings": { type: "boolean" },
        stack: { type: "string" },
        project: { type: "string" },
        config: { type: "string", multiple: true },
        "write-secrets": { type: "boolean" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new ImportUsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return { help: true };
  if (!values.out) throw new ImportUsageError("--out DIR is required");
  const config = configEntries(values.config, ImportUsageError);
  const kinds = kindList(values.kinds, ImportUsageError);
  const tenants = values.tenant
    ?.flatMap((entry) => entry.split(","))
    .map((t) => t.trim())
    .filter((t) => t !== "");
  if (values.tenant !== undefined && tenants!.length === 0) throw new ImportUsageError("--tenant needs a tenant ID");
  return {
    help: false,
    options: {
      out: values.out,
      config,
      kinds,
      venue: values.venue,
      ...(tenants !== undefined ? { tenants } : {}),
      allSettings: values["all-settings"] ?? false,
      stack: values.stack,
      project: values.project,
      writeSecrets: values["write-secrets"] ?? false,
      force: values.force ?? false,
    },
  };
}

/** What the command prints when it has written the project. */
export function summary(result: ImportResult, out: string): string {
  const { model } = result;
  const requests = Object.values(result.requests).reduce((a, b) => a + b, 0);
  const lines = [
    `nms-import: wrote ${result.files.length} files to ${out}: ${model.declarations.length} resources from ${result.objectsRead} objects read ` +
      `(${requests} requests, ${(result.durationMs / 1000).toFixed(1)} s)`,
  ];
  const atDefaults = Object.values(model.atDefaults).reduce((a, b) => a + b, 0);
  if (atDefaults > 0)
    lines.push(`  ${atDefaults} settings objects at their defaults left out (--all-settings writes them)`);
  if (model.skipped.length > 0)
    lines.push(
      `  ${model.skipped.length} objects the service made on its own or the import's login left out (README.md)`,
    );
  for (const u of model.unreadable) lines.push(`  ${u.kind} not imported: ${u.reason}`);
  if (model.secrets.length > 0)
    lines.push(`  ${model.secrets.length} secrets read from the stack's config: README.md says how to set them`);
  for (const p of model.problems) lines.push(`  warning: ${p.resource} ${p.property}: ${p.reason}`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  let parsed: Parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`nms-import: ${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    process.stdout.write(USAGE + "\n");
    return;
  }
  try {
    const result = await importTenant(parsed.options!);
    process.stdout.write(summary(result, parsed.options!.out) + "\n");
  } catch (error) {
    process.stderr.write(`nms-import: ${(error as Error).message}\n`);
    process.exitCode = error instanceof ImportUsageError ? 2 : 1;
  }
}

if (require.main === module) void main();
