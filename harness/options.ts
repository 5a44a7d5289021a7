/** A command's options resolved: project, program, config and secrets, parallelism, timeouts, where lines go. */
import * as path from "node:path";
import { type CgroupFiles, goMaxProcs } from "./cpuQuota";
import { configPassphraseFromEnv } from "../stackSecrets/passphrase";
import { resolvePulumiSdk } from "./processes";
import { DEFAULT_PROGRESS_INTERVAL_MS } from "./progress";
import { pwdMain, readProject, readStackConfig } from "./project";
import type { StackOptions } from "./types";

export const PASSPHRASE_ENV = "NMS_HARNESS_PASSPHRASE";
const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * The CLI's default --parallel (pkg/cmd/pulumi/operations/up.go defaultParallel): PULUMI_PARALLEL when it is a
 * positive whole number, else 4 × GOMAXPROCS, which follows the container's CPU quota (cpuQuota.ts).
 */
export function defaultParallel(env: NodeJS.ProcessEnv = process.env, cgroups?: CgroupFiles): number {
  const fromEnv = env["PULUMI_PARALLEL"];
  if (fromEnv !== undefined && /^[+]?\d+$/.test(fromEnv) && Number(fromEnv) > 0) return Number(fromEnv);
  return 4 * goMaxProcs(env, cgroups);
}

/**
 * PULUMI_PARALLEL_DIFF (sdk/go/common/env/env.go, a Bool: "1" or "true" in any case): the engine's ParallelDiff, which
 * runs each Diff outside the step generator, in the step executor's `--parallel` workers
 * (pkg/resource/deploy/step_generator.go diff, DiffStep in step.go).
 */
export function parallelDiffFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env["PULUMI_PARALLEL_DIFF"];
  return v !== undefined && (v === "1" || v.toLowerCase() === "true");
}

export interface ResolvedOptions {
  projectDir: string;
  /** Where the program and the provider host run (getPwdMain). */
  pwd: string;
  program: string;
  projectName: string;
  stackName: string;
  statePath: string;
  config: Record<string, string>;
  secretKeys: string[];
  passphrase: string | undefined;
  parallel: number;
  parallelDiff: boolean;
  nodeArgs: string[];
  providerNodeArgs: string[];
  env: Record<string, string>;
  timeoutMs: number;
  sdkDir: string;
  log: (line: string) => void;
  display: (line: string) => void;
  progressIntervalMs: number;
}

/** "key" -> "project:key"; "ns:config:key" -> "ns:key" (the SDK's cleanKey). */
export function normalizeConfigKey(key: string, project: string): string {
  const idx = key.indexOf(":");
  if (idx < 0) return `${project}:${key}`;
  if (key.startsWith("config:", idx + 1)) return key.slice(0, idx) + ":" + key.slice(idx + 1 + "config:".length);
  return key;
}

export function resolveOptions(opts: StackOptions): ResolvedOptions {
  if (!opts.projectDir) throw new Error("projectDir is required");
  if (!opts.projectName || !opts.stackName) throw new Error("projectName and stackName are required");
  if (!opts.statePath) throw new Error("statePath is required");
  const projectDir = path.resolve(opts.projectDir);
  const sdkDir = resolvePulumiSdk(projectDir);
  const { pwd, program } = pwdMain(projectDir, opts.program ?? readProject(projectDir, sdkDir).main);
  const config: Record<string, string> = {};
  const secretKeys = new Set<string>();
  const set = (entries: Record<string, string>, secret: boolean) => {
    for (const [k, v] of Object.entries(entries)) {
      const key = normalizeConfigKey(k, opts.projectName);
      config[key] = String(v);
      if (secret) secretKeys.add(key);
      else secretKeys.delete(key);
    }
  };
  if (opts.stackConfigFile) {
    const fromFile = readStackConfig(
      path.resolve(opts.stackConfigFile),
      opts.projectName,
      opts.configPassphrase ?? configPassphraseFromEnv(),
      sdkDir,
    );
    set(fromFile.config, false);
    set(fromFile.secretConfig, true);
  }
  set(opts.config ?? {}, false);
  set(opts.secretConfig ?? {}, true);
  const passphrase = opts.passphrase ?? process.env[PASSPHRASE_ENV] ?? undefined;
  return {
    projectDir,
    pwd,
    program,
    projectName: opts.projectName,
    stackName: opts.stackName,
    statePath: path.resolve(opts.statePath),
    config,
    secretKeys: [...secretKeys],
    passphrase: passphrase === "" ? undefined : passphrase,
    parallel: opts.parallel && opts.parallel > 0 ? Math.floor(opts.parallel) : defaultParallel(),
    parallelDiff: opts.parallelDiff ?? parallelDiffFromEnv(),
    nodeArgs: [...(opts.nodeArgs ?? [])],
    providerNodeArgs: [...(opts.providerNodeArgs ?? [])],
    env: { ...(opts.env ?? {}) },
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    sdkDir,
    log: opts.log ?? (() => undefined),
    display: opts.display ?? (() => undefined),
    progressIntervalMs:
      opts.progressIntervalMs && opts.progressIntervalMs > 0 ? opts.progressIntervalMs : DEFAULT_PROGRESS_INTERVAL_MS,
  };
}
