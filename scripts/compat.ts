// The acceptance suite on the Pulumi SDK and Node.js versions users run (README "The Pulumi
// versions users run"): a scratch copy of this repository gets the combination's @pulumi/pulumi
// and, when the combination's Node.js major is not the one running this script, a Node.js binary
// installed from the npm registry as a package (node-<platform>-<arch>, which holds the binary
// itself and runs no install script). The copy is built and its acceptance tests run with that
// Node.js first on PATH, so jest, the programs and the provider hosts the harness starts all run
// on it. Scratch directories are kept, so a second run reuses their node_modules.
//
//   npm run test:compat -- --combo oldest|latest|both [--dir <scratch root>] [--pulumi <version>] [--node <major>]
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

/** The two supported ends: the oldest SDK the peer range admits on Node 20, the newest SDK on Node 22. */
export const COMBOS = {
  oldest: { pulumi: "3.141.0", node: 20 },
  latest: { pulumi: "latest", node: 22 },
} as const;
type ComboName = keyof typeof COMBOS;

/** What the combinations run: the quickstart (up, empty second preview, secrets, destroy), adoption, late creates, functions in a stack, mocks. */
export const COMPAT_TESTS = [
  "tests/sdk/acceptance.test.ts",
  "tests/sdk/functionsStack.test.ts",
  "tests/sdk/mocks.test.ts",
];

/** Not copied into the scratch project: installed or built there, or not part of the source. */
const NOT_COPIED = new Set(["node_modules", "dist", ".git", "coverage", ".nms-state", ".pulumi"]);

interface Args {
  combos: ComboName[];
  dir: string;
  pulumi?: string;
  node?: number;
}

interface Outcome {
  combo: ComboName;
  node: string;
  pulumi: string;
  pulumiCopies: number;
  passed: boolean;
  installMs: number;
  buildMs: number;
  testMs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { combos: [], dir: path.join(os.tmpdir(), "pulumi-nms-compat") };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    switch (argv[i]) {
      case "--combo":
        if (value === "both") args.combos = ["oldest", "latest"];
        else if (value === "oldest" || value === "latest") args.combos = [value];
        else throw new Error(`--combo must be oldest, latest or both, got ${String(value)}`);
        i++;
        break;
      case "--dir":
        args.dir = path.resolve(required(argv[i], value));
        i++;
        break;
      case "--pulumi":
        args.pulumi = required(argv[i], value);
        i++;
        break;
      case "--node":
        args.node = Number(required(argv[i], value));
        if (!Number.isInteger(args.node)) throw new Error(`--node takes a major version, got ${value}`);
        i++;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (args.combos.length === 0)
    throw new Error("usage: npm run test:compat -- --combo oldest|latest|both [--dir D] [--pulumi V] [--node MAJOR]");
  return args;
}

function required(flag: string, value: string | undefined): string {
  if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
  return value;
}

function say(line: string): void {
  console.log(`[compat] ${line}`);
}

/** Runs a command, its output streamed; throws when it fails. Returns its duration. */
function run(
  command: string,
  args: string[],
  options: SpawnSyncOptions & { allowFailure?: boolean },
): { ok: boolean; ms: number } {
  const started = Date.now();
  say(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  const ok = result.status === 0;
  if (!ok && !options.allowFailure)
    throw new Error(`${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`})`);
  return { ok, ms: Date.now() - started };
}

function output(command: string, args: string[], options: SpawnSyncOptions): string {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${String(result.stderr)}`);
  return String(result.stdout).trim();
}

/** The repository's source into `project`, replacing what an earlier run copied but keeping its node_modules. */
function copySource(project: string): void {
  fs.mkdirSync(project, { recursive: true });
  for (const entry of fs.readdirSync(project)) {
    if (entry !== "node_modules") fs.rmSync(path.join(project, entry), { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(ROOT)) {
    if (NOT_COPIED.has(entry)) continue;
    fs.cpSync(path.join(ROOT, entry), path.join(project, entry), { recursive: true });
  }
}

/**
 * The directory holding a `node` of the given major: this process's own when it matches, else one
 * installed from the npm registry under `cache` (the package node-<platform>-<arch> ships the
 * binary in its tarball; --ignore-scripts because it needs none).
 */
function nodeBinDir(major: number, cache: string): string {
  if (Number(process.versions.node.split(".")[0]) === major) return path.dirname(process.execPath);
  const pkg = `node-${process.platform}-${process.arch}`;
  const binDir = path.join(cache, "node_modules", pkg, "bin");
  const installed = path.join(binDir, "node");
  const version = fs.existsSync(installed) ? output(installed, ["--version"], {}) : "";
  if (!version.startsWith(`v${major}.`)) {
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, "package.json"), JSON.stringify({ name: "node-cache", private: true }));
    run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--no-save", `${pkg}@${major}`],
      { cwd: cache },
    );
  }
  return binDir;
}

function runCombo(name: ComboName, args: Args): Outcome {
  const combo = { pulumi: args.pulumi ?? COMBOS[name].pulumi, node: args.node ?? COMBOS[name].node };
  const scratch = path.join(args.dir, name);
  const project = path.join(scratch, "project");
  say(`${name}: @pulumi/pulumi ${combo.pulumi} on Node.js ${combo.node}, in ${scratch}`);
  const binDir = nodeBinDir(combo.node, path.join(scratch, "node-cache"));
  const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` };
  const node = path.join(binDir, "node");
  const nodeVersion = output(node, ["--version"], { env });
  say(`node ${nodeVersion} at ${node}`);

  copySource(project);
  // npm runs on the combination's Node.js too (it is found on PATH), so engines are checked against it.
  const install = run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--save-dev",
      "--save-exact",
      `@pulumi/pulumi@${combo.pulumi}`,
    ],
    {
      cwd: project,
      env,
    },
  );
  const pulumiVersion = JSON.parse(
    fs.readFileSync(path.join(project, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
  ).version as string;
  const copies = countPulumiCopies(project, env);
  say(`@pulumi/pulumi ${pulumiVersion} installed (${copies} cop${copies === 1 ? "y" : "ies"} in the tree)`);
  const build = run(node, [path.join("node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], {
    cwd: project,
    env,
  });
  // One suite at a time and a generous per-test deadline: these runs are about versions, and a
  // shared machine must not turn a slow step into a timeout.
  const tests = run(
    node,
    [
      path.join("node_modules", "jest", "bin", "jest.js"),
      "--ci",
      "--runInBand",
      "--testTimeout=300000",
      ...COMPAT_TESTS,
    ],
    { cwd: project, env, allowFailure: true },
  );
  return {
    combo: name,
    node: nodeVersion,
    pulumi: pulumiVersion,
    pulumiCopies: copies,
    passed: tests.ok && copies === 1,
    installMs: install.ms,
    buildMs: build.ms,
    testMs: tests.ms,
  };
}

/** Distinct installed copies of @pulumi/pulumi (npm ls prints a deduped one once). */
function countPulumiCopies(project: string, env: NodeJS.ProcessEnv): number {
  const result = spawnSync("npm", ["ls", "@pulumi/pulumi", "--all", "--parseable"], {
    cwd: project,
    env,
    encoding: "utf8",
  });
  return new Set(
    String(result.stdout)
      .split("\n")
      .filter((line) => line.endsWith(path.join("@pulumi", "pulumi"))),
  ).size;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const outcomes: Outcome[] = [];
  for (const name of args.combos) outcomes.push(runCombo(name, args));
  for (const o of outcomes) {
    say(
      `${o.combo}: @pulumi/pulumi ${o.pulumi} on Node.js ${o.node}: ${o.passed ? "PASSED" : "FAILED"} (install ${s(o.installMs)}, build ${s(o.buildMs)}, tests ${s(o.testMs)})`,
    );
  }
  console.log(JSON.stringify({ compat: outcomes }));
  if (outcomes.some((o) => !o.passed)) process.exitCode = 1;
}

function s(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`[compat] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
