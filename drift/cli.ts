#!/usr/bin/env node
// nms-drift: the package's command that reports everything in the stack's tenants that differs from
// its state (docs/drift.md): managed objects changed or gone, objects no resource holds, each with
// who did it and when. Exit code 0 no drift, 2 drift found, 1 an error (one line on stderr).
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { kindsNamed, withImportPace } from "../importer";
import { configEntries, kindList } from "../importer/cli";
import { type ConfigLookup, resolveConfig, resolveWifiApiVariant } from "../provider/config";
import { clientOf } from "../provider/configuredClient";
import { RESOURCE_SPECS } from "../provider/resources";
import { driftCode } from "./code";
import { type Format, FORMATS, formatReport } from "./format";
import { DEFAULT_IGNORE_FILE, readIgnoreFile } from "./ignore";
import { type DriftReport, driftReport, hasDrift } from "./report";
import { readStackState } from "./state";

export const EXIT_NO_DRIFT = 0;
export const EXIT_ERROR = 1;
export const EXIT_DRIFT = 2;

export const USAGE = `usage: nms-drift --state FILE [--format text|json|markdown] [--kinds K1,K2,...] [--venue ID|NAME]
                 [--ignore FILE] [--write-code FILE] [--config nms:KEY=VALUE]...
       nms-drift --help
  (npx nms-drift from a project that installed pulumi-nms; docs/drift.md)

Reads the stack's tenants with the provider's own client and configuration and reports what differs from the
stack's state: managed objects changed in the service (field, state value, service value; secrets masked), managed
objects gone, and objects of the tenants no resource of the state holds, each with who did it and when.

  --state FILE         the stack's state: \`pulumi stack export --file FILE\`, or the harness's state file; its
                       secrets are decrypted with PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE;
                       the harness's NMS_HARNESS_PASSPHRASE first for its own files)
  --format F           text (default), json (schema in docs/drift.md) or markdown (a PR comment, an issue)
  --kinds K1,K2        only these kinds (SDK class names: Venue,ApGroup,Network,...); default every kind
  --venue ID|NAME      only this venue, what belongs to it, and what that refers to
  --ignore FILE        objects managed elsewhere, kept out of the report (default ${DEFAULT_IGNORE_FILE}, if present)
  --write-code FILE    write program code: a resource adopting each unmanaged object (adoptId), and the values
                       the service now holds for each changed one
  --config nms:K=V     a provider setting (nms:tenantId, nms:username, nms:baseUrl, nms:region, ...); the
                       environment's NMS_* variables give the rest (NMS_PASSWORD: keep the password off the
                       command line)

Exit code: ${EXIT_NO_DRIFT} no drift, ${EXIT_DRIFT} drift found, ${EXIT_ERROR} an error (bad input, unreadable state, wrong passphrase, the service).`;

/** Bad usage: said with the usage. */
export class DriftUsageError extends Error {}

export interface DriftCommand {
  readonly state: string;
  readonly format: Format;
  readonly kinds?: readonly string[];
  readonly venue?: string;
  readonly ignore?: string;
  readonly writeCode?: string;
  readonly config: Readonly<Record<string, string>>;
}

export function parseCommandLine(argv: string[]): { help: true } | { help: false; command: DriftCommand } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        state: { type: "string" },
        format: { type: "string" },
        kinds: { type: "string" },
        venue: { type: "string" },
        ignore: { type: "string" },
        "write-code": { type: "string" },
        config: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new DriftUsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return { help: true };
  if (!values.state)
    throw new DriftUsageError("--state FILE is required (`pulumi stack export --file FILE` writes one)");
  const format = (values.format ?? "text") as Format;
  if (!FORMATS.includes(format)) throw new DriftUsageError(`--format ${values.format}: one of ${FORMATS.join(", ")}`);
  const config = configEntries(values.config, DriftUsageError);
  const kinds = kindList(values.kinds, DriftUsageError);
  return {
    help: false,
    command: {
      state: values.state,
      format,
      kinds,
      venue: values.venue,
      ignore: values.ignore,
      writeCode: values["write-code"],
      config,
    },
  };
}

export interface DriftRun {
  readonly report: DriftReport;
  readonly output: string;
  readonly exitCode: number;
}

/** The command as a function: the report, its text in the format asked for, and the exit code. */
export async function runDrift(command: DriftCommand, env: NodeJS.ProcessEnv = process.env): Promise<DriftRun> {
  const allKinds = Object.keys(RESOURCE_SPECS);
  const kinds = command.kinds ? kindsNamed(command.kinds) : allKinds;
  const ignore = readIgnoreFile(command.ignore ?? DEFAULT_IGNORE_FILE, command.ignore !== undefined, allKinds);
  const state = readStackState(command.state, env);
  const lookup: ConfigLookup = (key) => command.config[key];
  const config = resolveConfig(lookup, env);
  const variant = resolveWifiApiVariant(lookup, env);
  // Reads only, once: the pace nms-import reads at (nms:maxRequestsPerSecond when set).
  const client = clientOf(withImportPace(config), undefined);
  try {
    const report = await driftReport({
      client,
      configuredTenant: config.tenantId,
      username: config.username,
      variant,
      resources: state.resources,
      kinds,
      venue: command.venue,
      ignore,
    });
    if (command.writeCode) {
      fs.mkdirSync(path.dirname(path.resolve(command.writeCode)), { recursive: true });
      fs.writeFileSync(command.writeCode, driftCode(report));
    }
    return {
      report,
      output: formatReport(report, command.format),
      exitCode: hasDrift(report) ? EXIT_DRIFT : EXIT_NO_DRIFT,
    };
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`nms-drift: ${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = EXIT_ERROR;
    return;
  }
  if (parsed.help) {
    process.stdout.write(USAGE + "\n");
    return;
  }
  try {
    const run = await runDrift(parsed.command);
    process.stdout.write(run.output);
    process.exitCode = run.exitCode;
  } catch (error) {
    process.stderr.write(`nms-drift: ${oneLine((error as Error).message)}\n`);
    process.exitCode = EXIT_ERROR;
  }
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

if (require.main === module) void main();
