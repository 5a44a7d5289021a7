// The bench's command line: flags, their defaults and their limits.
import { defaultParallel } from "../../harness/run";
import { RECOMMENDED_PARALLEL } from "../../sdk/parallelHint";

export interface BenchOptions {
  /** Target sizes in resources, ascending; each is deployed, refreshed and destroyed in turn. */
  sizes: number[];
  latencyMs: number;
  jitterMs: number;
  rate: number;
  burst: number;
  clientRate: number;
  /** The parallelism every figure of a size is measured at: the one the README recommends (PULUMI_PARALLEL). */
  parallel: number;
  /** The engine's own default on this machine (4 × CPUs), at which each size's up is measured again. */
  engineParallel: number;
  /** Whether to measure the up at engineParallel too. */
  engineDefault: boolean;
  naivePollMs: number;
  seed: number;
  baseline: boolean;
  verbose: boolean;
  /** Extra node options for the program process (Pulumi.yaml's runtime nodeargs); none by default. */
  programNodeArgs: string[];
  /** Extra node options for the dynamic-provider host; none by default. */
  providerNodeArgs: string[];
}

const USAGE = `usage: npm run bench [-- options]
  --sizes A,B,C         target stack sizes in resources, each run in turn (250,1000,4000); the stack
                        nearest to each (scripts/bench/composition.ts) is deployed
  --latency-ms N        least time an async write stays PENDING (300)
  --jitter-ms N         uniform extra PENDING time on top of it (200)
  --rate N, --burst N   the emulator's per-tenant rate limit (100 req/s, burst 100)
  --client-rate N       the provider's nms:maxRequestsPerSecond (95)
  --parallel N          the parallelism (PULUMI_PARALLEL) every figure is measured at: the README's
                        recommendation (${RECOMMENDED_PARALLEL})
  --engine-parallel N   the engine's default it is measured at again, up only (4 × CPUs: ${defaultParallel({})})
  --no-engine-default   skip the up at the engine's default
  --naive-poll-ms N     the naive baseline's fixed A2 polling interval (1000)
  --seed N              emulator seed: IDs and latency draws repeat (42)
  --program-node-args S extra node options for the program process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  --provider-node-args S  the same for the dynamic-provider host
  --no-baseline         skip the naive baseline
  --verbose             print the harness's progress lines`;

export const DEFAULT_SIZES: readonly number[] = [250, 1000, 4000];
/** The largest size the bench accepts: the emulator's AP serial numbers and switch serials stay unique well past it. */
export const MAX_SIZE = 20_000;

/** "250,1000,4000" → [250, 1000, 4000]: integers from 20 to MAX_SIZE, each once, ascending. */
export function parseSizes(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === "") throw new Error("--sizes needs a comma-separated list of resource counts, e.g. 250,1000");
  const sizes = raw.split(",").map((part) => Number(part.trim()));
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 20 || size > MAX_SIZE) throw new Error(`--sizes: each size must be an integer from 20 to ${MAX_SIZE} (got ${raw})`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** Parses the flags after `npm run bench --`; `--help` prints the usage and exits. */
export function parseArgs(argv: string[]): BenchOptions {
  const opts: BenchOptions = {
    sizes: [...DEFAULT_SIZES],
    latencyMs: 300,
    jitterMs: 200,
    rate: 100,
    burst: 100,
    clientRate: 95,
    parallel: RECOMMENDED_PARALLEL,
    engineParallel: defaultParallel({}),
    engineDefault: true,
    naivePollMs: 1000,
    seed: 42,
    baseline: true,
    verbose: false,
    programNodeArgs: [],
    providerNodeArgs: [],
  };
  const numeric: Record<string, keyof BenchOptions> = {
    "--latency-ms": "latencyMs",
    "--jitter-ms": "jitterMs",
    "--rate": "rate",
    "--burst": "burst",
    "--client-rate": "clientRate",
    "--parallel": "parallel",
    "--engine-parallel": "engineParallel",
    "--naive-poll-ms": "naivePollMs",
    "--seed": "seed",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--sizes") {
      const raw = inline ?? argv[++i];
      opts.sizes = parseSizes(raw);
    } else if (flag === "--no-baseline") opts.baseline = false;
    else if (flag === "--no-engine-default") opts.engineDefault = false;
    else if (flag === "--verbose") opts.verbose = true;
    else if (flag === "--program-node-args" || flag === "--provider-node-args") {
      const raw = inline ?? argv[++i];
      if (raw === undefined) throw new Error(`${flag} needs a value, e.g. "--max-semi-space-size=64"`);
      const nodeArgs = raw.split(/\s+/).filter((a) => a !== "");
      if (flag === "--program-node-args") opts.programNodeArgs = nodeArgs;
      else opts.providerNodeArgs = nodeArgs;
    }
    else if (flag in numeric) {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      if (raw === undefined || !Number.isFinite(value) || value < 0) throw new Error(`${flag} needs a non-negative number`);
      (opts[numeric[flag]] as number) = value;
    } else if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else {
      throw new Error(`unknown option ${arg} (see --help)`);
    }
  }
  if (!(opts.rate > 0) || !(opts.clientRate > 0)) throw new Error("--rate and --client-rate must be positive");
  for (const flag of ["parallel", "engineParallel"] as const) {
    if (!Number.isInteger(opts[flag]) || opts[flag] < 1) throw new Error(`--${flag === "parallel" ? "parallel" : "engine-parallel"} must be a whole number, at least 1`);
  }
  if (!(opts.burst >= 1)) throw new Error("--burst must be at least 1");
  return opts;
}
