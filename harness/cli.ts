#!/usr/bin/env node
/**
 * nms-harness <preview|up|refresh|destroy> --project-dir D --program P --stack S --state F
 *     [--project NAME] [--config k=v]... [--secret k=v]... [--refresh] [--parallel N] [--provider-cwd DIR]
 *     [--passphrase-file F] [--expect-no-changes] [--clear-pending-creates] [--json] [--verbose]
 *
 * --expect-no-changes (preview and up, as Pulumi's CLI has it): plan first, and fail without
 * changing anything when the plan has any change; `preview --refresh --expect-no-changes` is the
 * scheduled drift check of the README's GitOps section.
 *
 * The passphrase comes from NMS_HARNESS_PASSPHRASE or --passphrase-file (never from the command line, where other
 * users could read it). Exit code: 0 ok, 1 failed, 2 usage error.
 */
import * as fs from "fs";
import * as path from "path";
import { destroy, formatPlan, preview, refresh, up } from "./index";
import { RunResult, StackOptions } from "./types";

const USAGE = `usage: nms-harness <preview|up|refresh|destroy> --project-dir DIR --program FILE --stack NAME --state FILE
           [--project NAME] [--config k=v]... [--secret k=v]... [--refresh] [--parallel N]
           [--provider-cwd DIR] [--passphrase-file FILE] [--expect-no-changes] [--clear-pending-creates]
           [--json] [--verbose]
       nms-harness --help
  (npx nms-harness from a project that installed pulumi-nms; npm run harness -- ... in its repository)
passphrase: env NMS_HARNESS_PASSPHRASE or --passphrase-file
See harness/README.md; it ships in the package.`;

interface Parsed {
  command: string;
  opts: StackOptions & { refresh?: boolean };
  json: boolean;
  expectNoChanges: boolean;
}

/** What Pulumi's CLI says when --expect-no-changes meets a plan with changes. */
export const UNEXPECTED_CHANGES = "no changes were expected but changes were proposed";

class UsageError extends Error {}

export function parseArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  if (!command || !["preview", "up", "refresh", "destroy"].includes(command)) throw new UsageError(`unknown command '${command ?? ""}'`);
  const values: Record<string, string> = {};
  const config: Record<string, string> = {};
  const secretConfig: Record<string, string> = {};
  let doRefresh = false;
  let json = false;
  let verbose = false;
  let expectNoChanges = false;
  let clearPendingCreates = false;
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
      case "--config":
      case "--secret": {
        const kv = value();
        const idx = kv.indexOf("=");
        if (idx <= 0) throw new UsageError(`${flag} expects key=value, got '${kv}'`);
        (flag === "--config" ? config : secretConfig)[kv.slice(0, idx)] = kv.slice(idx + 1);
        break;
      }
      case "--project-dir":
      case "--program":
      case "--stack":
      case "--state":
      case "--project":
      case "--parallel":
      case "--provider-cwd":
      case "--passphrase-file":
        values[flag.slice(2)] = value();
        break;
      default:
        throw new UsageError(`unknown option '${arg}'`);
    }
  }
  const projectDir = values["project-dir"] ?? process.cwd();
  if (!values["stack"]) throw new UsageError("--stack is required");
  if (!values["state"]) throw new UsageError("--state is required");
  if (!values["program"] && command !== "refresh" && command !== "destroy") throw new UsageError("--program is required");
  if (expectNoChanges && command !== "preview" && command !== "up") throw new UsageError("--expect-no-changes goes with preview or up");
  if (clearPendingCreates && command !== "refresh") throw new UsageError("--clear-pending-creates goes with refresh");
  let passphrase: string | undefined;
  if (values["passphrase-file"]) passphrase = fs.readFileSync(values["passphrase-file"], "utf8").replace(/\r?\n$/, "");
  const projectName = values["project"] ?? readProjectName(projectDir);
  const opts: StackOptions & { refresh?: boolean } = {
    projectDir,
    program: values["program"] ?? ".",
    projectName,
    stackName: values["stack"],
    statePath: values["state"],
    config,
    secretConfig,
    refresh: doRefresh,
    ...(clearPendingCreates ? { clearPendingCreates } : {}),
    log: verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
  };
  if (passphrase !== undefined) opts.passphrase = passphrase;
  if (values["parallel"]) opts.parallel = Number(values["parallel"]);
  if (values["provider-cwd"]) opts.providerCwd = values["provider-cwd"];
  return { command, opts, json, expectNoChanges };
}

/** Project name: Pulumi.yaml's `name:` when present, else package.json's name, else the directory name. */
function readProjectName(dir: string): string {
  try {
    const yaml = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    const m = /^name:\s*["']?([^"'\s#]+)/m.exec(yaml);
    if (m) return m[1];
  } catch {
    /* none */
  }
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string };
    if (pkg.name) return pkg.name.replace(/^@[^/]+\//, "");
  } catch {
    /* none */
  }
  return path.basename(path.resolve(dir));
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
  if (parsed.expectNoChanges) {
    const plan = await preview(opts);
    if (plan.failed || plan.changes > 0) {
      print(parsed, plan);
      if (!plan.failed) process.stderr.write(`error: ${UNEXPECTED_CHANGES} (${plan.changes})\n`);
      return 1;
    }
  }
  switch (command) {
    case "preview":
      result = await preview(opts);
      break;
    case "up":
      result = await up(opts);
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

function print(parsed: Parsed, result: RunResult): void {
  if (parsed.json) {
    const masked = { ...result, outputs: Object.fromEntries(Object.entries(result.outputs).map(([k, v]) => [k, result.secretOutputs.includes(k) ? "[secret]" : v])) };
    process.stdout.write(JSON.stringify(masked, null, 2) + "\n");
  } else {
    process.stdout.write(formatPlan(result));
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`error: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
