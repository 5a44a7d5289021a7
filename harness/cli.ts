#!/usr/bin/env node
/**
 * nms-harness <preview|up|refresh|destroy> --stack S --state F [--project-dir D] [--program P]
 *     [--project NAME] [--config k=v]... [--config-file F] [--secrets-file F] [--refresh] [--parallel N]
 *     [--passphrase-file F] [--expect-no-changes] [--clear-pending-creates] [--skip-preview] [--yes] [--json] [--verbose]
 *     [--policy-pack DIR [--policy-pack-config FILE]]...
 *
 * up previews first, in a run of its own, and applies the changes when the preview succeeded, as `pulumi up` does
 * (pkg/backend/apply.go); --skip-preview (-f) skips the preview, --yes (-y) is accepted and changes nothing (the
 * harness never asks for a confirmation).
 *
 * --expect-no-changes (preview and up): fail without changing anything when the plan has any change (for up, its own
 * preview; with --skip-preview a preview is run for it); `preview --refresh --expect-no-changes` is the
 * scheduled drift check of the README's GitOps section.
 *
 * Secrets never come from the command line, where every user of the machine can read them (`ps`): program secrets
 * come from the stack config file (Pulumi.<stack>.yaml, `secure:` values, passphrase from PULUMI_CONFIG_PASSPHRASE or
 * PULUMI_CONFIG_PASSPHRASE_FILE), from --secrets-file, or from env NMS_HARNESS_SECRETS; the state file's passphrase
 * from NMS_HARNESS_PASSPHRASE or --passphrase-file. Exit code: 0 ok, 1 failed, 2 usage error.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseJsonText, parseYamlText, TextParseError } from "../contract/textParsing";
import { destroy, formatPlan, preview, refresh, up } from "./index";
import { readProject } from "./project";
import { resolvePulumiSdk } from "./processes";
import type { RunResult, StackOptions } from "./types";

/** The environment variable that may hold program secrets: a JSON object of config key to value. */
export const SECRETS_ENV = "NMS_HARNESS_SECRETS";

const SECRETS_HELP = `program secrets: Pulumi.<stack>.yaml (secure: values; passphrase from PULUMI_CONFIG_PASSPHRASE
           or PULUMI_CONFIG_PASSPHRASE_FILE), --secrets-file FILE (a YAML or JSON mapping key: value),
           or env ${SECRETS_ENV} (a JSON object {"key": "value"})`;

const USAGE = `usage: nms-harness <preview|up|refresh|destroy> --stack NAME --state FILE [--project-dir DIR] [--program FILE]
           [--project NAME] [--config k=v]... [--config-file FILE] [--secrets-file FILE] [--refresh]
           [--parallel N] [--passphrase-file FILE] [--expect-no-changes] [--clear-pending-creates]
           [--show-sames] [--skip-preview|-f] [--yes|-y] [--json] [--verbose]
           [--policy-pack DIR [--policy-pack-config FILE]]...
${SECRETS_HELP}
up: previews first, then applies the changes (as pulumi up); --skip-preview applies without a preview
policy packs (preview, up): --policy-pack DIR runs the pack in DIR (repeatable; the package's own is
           node_modules/pulumi-nms/policy), --policy-pack-config FILE configures the pack of the same position;
           see docs/policy.md
output: the resources that change (--show-sames: every resource), outputs and a summary of what happened on stdout;
        as the run goes, on stderr, every line the program and the provider print and a line every 15 s for a provider
        call still under way (--json: one JSON document instead, diagnostics in it; --verbose adds the harness's own
        progress lines and, on an unexpected error, its stack)
state passphrase: env NMS_HARNESS_PASSPHRASE or --passphrase-file
       nms-harness --help
  (npx nms-harness from a project that installed pulumi-nms; npm run harness -- ... in its repository)
See harness/README.md; it ships in the package.`;

interface Parsed {
  command: string;
  opts: StackOptions & { refresh?: boolean };
  json: boolean;
  expectNoChanges: boolean;
  showSames: boolean;
  skipPreview: boolean;
}

/** What Pulumi's CLI says when --expect-no-changes meets a plan with changes. */
export const UNEXPECTED_CHANGES = "no changes were expected but changes were proposed";

class UsageError extends Error {}

/** A secrets file or the secrets variable: a mapping of config key to value (scalars as text, the rest as JSON). */
function secretsFrom(doc: unknown, where: string): Record<string, string> {
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== "object" || Array.isArray(doc))
    throw new UsageError(`${where} must be a mapping of config key to value`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(doc as Record<string, unknown>)) {
    if (v === null || v === undefined) throw new UsageError(`${where}: ${k} has no value`);
    out[k] = typeof v === "object" ? JSON.stringify(v) : String(v);
  }
  return out;
}

function readSecretsFile(file: string, sdkDir: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`--secrets-file: ${(e as Error).message}`);
  }
  const yaml = require(require.resolve("js-yaml", { paths: [sdkDir, __dirname] })) as typeof import("js-yaml");
  return secretsFrom(
    parseUserText(() => parseYamlText(yaml.load, text, `--secrets-file ${file}`)),
    `--secrets-file ${file}`,
  );
}

function secretsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const text = env[SECRETS_ENV];
  if (text === undefined || text === "") return {};
  return secretsFrom(
    parseUserText(() => parseJsonText(text, SECRETS_ENV)),
    SECRETS_ENV,
  );
}

/** A secrets source that does not parse is a usage error naming the source, line and column, never its text. */
function parseUserText(parse: () => unknown): unknown {
  try {
    return parse();
  } catch (e) {
    throw e instanceof TextParseError ? new UsageError(e.message) : e;
  }
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Parsed {
  const [command, ...rest] = argv;
  if (!command || !["preview", "up", "refresh", "destroy"].includes(command))
    throw new UsageError(`unknown command '${command ?? ""}'`);
  const values: Record<string, string> = {};
  const config: Record<string, string> = {};
  let doRefresh = false;
  let json = false;
  let verbose = false;
  let showSames = false;
  let expectNoChanges = false;
  let clearPendingCreates = false;
  let skipPreview = false;
  const policyPackDirs: string[] = [];
  const policyPackConfigs: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--refresh":
        doRefresh = true;
        break;
      case "--json":
        json = true;
        break;
      case "--expect-no-changes":
        expectNoChanges = true;
        break;
      case "--clear-pending-creates":
        clearPendingCreates = true;
        break;
      case "--verbose":
        verbose = true;
        break;
      case "--show-sames":
        showSames = true;
        break;
      case "--skip-preview":
      case "-f":
        skipPreview = true;
        break;
      case "--yes":
      case "-y":
        // pulumi up asks before it applies unless --yes; the harness never asks, so there is nothing to skip.
        break;
      case "--secret":
        // Refused before anything else: the value is in `ps` for every user to see already, and must not be used.
        throw new UsageError(
          "--secret is not accepted: the command line is visible to every user of the machine (ps). Put program secrets " +
            `in Pulumi.<stack>.yaml as secure: values, in a file given with --secrets-file, or in env ${SECRETS_ENV}`,
        );
      case "--policy-pack":
        policyPackDirs.push(path.resolve(value()));
        break;
      case "--policy-pack-config":
        policyPackConfigs.push(path.resolve(value()));
        break;
      case "--config": {
        const kv = value();
        const idx = kv.indexOf("=");
        if (idx <= 0) throw new UsageError(`--config expects key=value, got '${kv}'`);
        config[kv.slice(0, idx)] = kv.slice(idx + 1);
        break;
      }
      case "--project-dir":
      case "--program":
      case "--stack":
      case "--state":
      case "--project":
      case "--parallel":
      case "--passphrase-file":
      case "--secrets-file":
      case "--config-file":
        values[flag.slice(2)] = value();
        break;
      default:
        throw new UsageError(`unknown option '${arg}'`);
    }
  }
  const projectDir = path.resolve(values["project-dir"] ?? process.cwd());
  const stackName = values["stack"];
  if (!stackName) throw new UsageError("--stack is required");
  if (!values["state"]) throw new UsageError("--state is required");
  if (expectNoChanges && command !== "preview" && command !== "up")
    throw new UsageError("--expect-no-changes goes with preview or up");
  if (clearPendingCreates && command !== "refresh") throw new UsageError("--clear-pending-creates goes with refresh");
  if (skipPreview && command !== "up") throw new UsageError("--skip-preview goes with up");
  if ((policyPackDirs.length > 0 || policyPackConfigs.length > 0) && command !== "preview" && command !== "up")
    throw new UsageError("--policy-pack goes with preview or up");
  if (policyPackConfigs.length > policyPackDirs.length)
    throw new UsageError("each --policy-pack-config goes with a --policy-pack (the one at the same position)");
  let passphrase: string | undefined;
  if (values["passphrase-file"]) {
    try {
      passphrase = fs.readFileSync(values["passphrase-file"], "utf8").replace(/\r?\n$/, "");
    } catch (e) {
      throw new UsageError(`--passphrase-file: ${(e as Error).message}`);
    }
  }
  const sdkDir = resolvePulumiSdk(projectDir);
  const project = readProject(projectDir, sdkDir);
  const projectName = values["project"] ?? project.name ?? readPackageName(projectDir) ?? path.basename(projectDir);
  // The stack config file: --config-file, else Pulumi.<stack>.yaml next to Pulumi.yaml when there is one.
  let stackConfigFile = values["config-file"];
  if (stackConfigFile === undefined) {
    const beside = path.join(projectDir, `Pulumi.${stackName}.yaml`);
    if (fs.existsSync(beside)) stackConfigFile = beside;
  } else if (!fs.existsSync(stackConfigFile)) throw new UsageError(`--config-file ${stackConfigFile} does not exist`);
  const secretConfig = {
    ...(values["secrets-file"] ? readSecretsFile(values["secrets-file"], sdkDir) : {}),
    ...secretsFromEnv(env),
  };
  for (const key of Object.keys(secretConfig)) {
    if (key in config) throw new UsageError(`${key} is given both as --config and as a secret`);
  }
  const opts: StackOptions & { refresh?: boolean } = {
    projectDir,
    projectName,
    stackName,
    statePath: values["state"],
    config,
    secretConfig,
    refresh: doRefresh,
    ...(values["program"] ? { program: values["program"] } : {}),
    ...(stackConfigFile ? { stackConfigFile } : {}),
    ...(clearPendingCreates ? { clearPendingCreates } : {}),
    ...(policyPackDirs.length > 0
      ? {
          policyPacks: policyPackDirs.map((dir, i) =>
            policyPackConfigs[i] ? { dir, config: policyPackConfigs[i] } : { dir },
          ),
        }
      : {}),
    // What the CLI shows as the run goes, on stderr (stdout keeps the report or the JSON document): --verbose every
    // line, else the diagnostics and the progress of long provider calls; --json none of them (its document holds
    // the diagnostics), as Pulumi's --json shows no progress.
    ...(verbose ? { log: toStderr } : json ? {} : { display: toStderr }),
  };
  if (passphrase !== undefined) opts.passphrase = passphrase;
  if (values["parallel"]) {
    const parallel = Number(values["parallel"]);
    if (!Number.isInteger(parallel) || parallel < 1)
      throw new UsageError(`--parallel expects a positive whole number, got '${values["parallel"]}'`);
    opts.parallel = parallel;
  }
  return { command, opts, json, expectNoChanges, showSames, skipPreview };
}

function toStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** package.json's name without its scope, when there is one. */
function readPackageName(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string };
    return pkg.name ? pkg.name.replace(/^@[^/]+\//, "") : undefined;
  } catch {
    return undefined;
  }
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`error: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  const { command, opts } = parsed;
  let result: RunResult;
  let plan: RunResult | undefined;
  if (parsed.expectNoChanges) {
    plan = await preview(opts);
    if (plan.failed || plan.changes > 0) {
      print(parsed, plan);
      if (!plan.failed) process.stderr.write(`error: ${UNEXPECTED_CHANGES} (${plan.changes})\n`);
      return 1;
    }
  }
  switch (command) {
    case "preview":
      result = plan ?? (await preview(opts));
      break;
    case "up":
      // With --expect-no-changes the plan above is the up's own preview: the update follows without another.
      if (plan && !parsed.skipPreview) {
        result = await up({ ...opts, skipPreview: true });
        result.preview = plan;
        result.durationMs += plan.durationMs;
      } else result = await up({ ...opts, skipPreview: parsed.skipPreview });
      break;
    case "refresh":
      result = await refresh(opts);
      break;
    default:
      result = await destroy(opts);
  }
  print(parsed, result);
  return result.failed ? 1 : 0;
}

/** The result with its secret outputs, and its preview's, shown as "[secret]". */
function maskSecretOutputs(result: RunResult): RunResult {
  const masked: RunResult = {
    ...result,
    outputs: Object.fromEntries(
      Object.entries(result.outputs).map(([k, v]) => [k, result.secretOutputs.includes(k) ? "[secret]" : v]),
    ),
  };
  if (result.preview) masked.preview = maskSecretOutputs(result.preview);
  return masked;
}

/** The report on stdout: an up's preview first, as the CLI shows it before the update. */
function print(parsed: Parsed, result: RunResult): void {
  if (!parsed.json && result.preview) {
    process.stdout.write(formatPlan(result.preview, { showSames: parsed.showSames }));
    // A failed preview ends the up before the update: there is nothing more to show.
    if (result.preview.failed) return;
    process.stdout.write("\n");
  }
  if (parsed.json) {
    process.stdout.write(JSON.stringify(maskSecretOutputs(result), null, 2) + "\n");
  } else {
    process.stdout.write(formatPlan(result, { showSames: parsed.showSames }));
  }
}

/**
 * main, and an unexpected error printed as its message alone: a stack names the files of the machine it ran on, and
 * shows only with --verbose.
 */
export async function run(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (e) {
    const stack = argv.includes("--verbose") && e instanceof Error ? e.stack : undefined;
    process.stderr.write(`error: ${stack ?? (e instanceof Error ? e.message : String(e))}\n`);
    return 1;
  }
}

if (require.main === module) {
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
