// The bench's command line: flags, their defaults and their limits.
import { defaultParallel } from "../../harness/options";
import { RECOMMENDED_PARALLEL } from "../../sdk/parallelHint";
import { MSP_SITES_PER_TENANT, MSP_TENANTS, mspCompositionOf } from "./composition";

export interface BenchOptions {
  /** Target sizes in resources, ascending; each is deployed, refreshed and destroyed in turn. */
  sizes: number[];
  /** Whether to run the MSP estate too (`msp` in --sizes, or --msp-estate), after the sizes. */
  msp: boolean;
  /** The MSP estate's end customers, each a tenant of its own. */
  mspTenants: number;
  /** Sites per end customer (a switch block each per 10 sites or part of it). */
  mspSitesPerTenant: number;
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
  /** Only the two previews of each size, the floor's and the provider's, alternately and `previewRepeats` times. */
  previewOnly: boolean;
  previewRepeats: number;
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
                        nearest to each (scripts/bench/composition.ts) is deployed in one tenant;
                        \`msp\` in the list (e.g. 250,msp, or msp alone) adds the MSP estate
  --msp-estate          add the MSP estate: --msp-tenants end customers' tenants of --msp-sites sites
                        each, in one stack with the MSP's login (delegated access), run after the sizes
  --msp-tenants N       the estate's end customers (${MSP_TENANTS})
  --msp-sites N         sites per end customer (${MSP_SITES_PER_TENANT}: 54 resources a tenant)
  --latency-ms N        least time an async write stays PENDING (300)
  --jitter-ms N         uniform extra PENDING time on top of it (200)
  --rate N, --burst N   the emulator's rate limit, per login and per tenant (100 req/s, burst 100); the
                        MSP estate's one login is held to it across all its tenants
  --client-rate N       the provider's nms:maxRequestsPerSecond (95)
  --parallel N          the parallelism (PULUMI_PARALLEL) every figure is measured at: the README's
                        recommendation (${RECOMMENDED_PARALLEL})
  --engine-parallel N   the engine's default it is measured at again, up only (4 × CPUs: ${defaultParallel({})})
  --no-engine-default   skip the up at the engine's default
  --naive-poll-ms N     the naive baseline's fixed getRequest polling interval (1000)
  --seed N              emulator seed: IDs and latency draws repeat (42)
  --program-node-args S extra node options for the program process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  --provider-node-args S  the same for the dynamic-provider host
  --no-baseline         skip the naive baseline
  --preview-only [N]    only the previews of each size: the floor's, then the provider's, N times (1), with the CPU
                        seconds of each process: a quick look at the preview against its floor
  --verbose             print the harness's progress lines`;

export const DEFAULT_SIZES: readonly number[] = [250, 1000, 4000];
/** The largest size the bench accepts: the emulator's AP serial numbers and switch serials stay unique well past it. */
export const MAX_SIZE = 20_000;

/** The most end customers the estate takes: each is a tenant the emulator creates, names carry two digits. */
export const MAX_MSP_TENANTS = 99;

/** "250,1000,4000" → [250, 1000, 4000]: integers from 20 to MAX_SIZE, each once, ascending. */
export function parseSizes(raw: string | undefined): number[] {
  return parseSizeList(raw).sizes;
}

/** parseSizes, and whether the list names the MSP estate (`msp`) among the sizes, or alone. */
export function parseSizeList(raw: string | undefined): { sizes: number[]; msp: boolean } {
  if (raw === undefined || raw.trim() === "")
    throw new Error(
      "--sizes needs a comma-separated list of resource counts, e.g. 250,1000 (and msp for the MSP estate)",
    );
  const parts = raw.split(",").map((part) => part.trim());
  const msp = parts.some((part) => part.toLowerCase() === "msp");
  const sizes = parts.filter((part) => part.toLowerCase() !== "msp").map(Number);
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 20 || size > MAX_SIZE)
      throw new Error(`--sizes: each size must be an integer from 20 to ${MAX_SIZE}, or msp (got ${raw})`);
  }
  return { sizes: [...new Set(sizes)].sort((a, b) => a - b), msp };
}

/** Parses the flags after `npm run bench --`; `--help` prints the usage and exits. */
export function parseArgs(argv: string[]): BenchOptions {
  const opts: BenchOptions = {
    sizes: [...DEFAULT_SIZES],
    msp: false,
    mspTenants: MSP_TENANTS,
    mspSitesPerTenant: MSP_SITES_PER_TENANT,
    latencyMs: 300,
    jitterMs: 200,
    rate: 100,
    burst: 100,
    clientRate: 95,
    parallel: RECOMMENDED_PARALLEL,
    engineParallel: defaultParallel({}),
    engineDefault: true,
    previewOnly: false,
    previewRepeats: 1,
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
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    if (flag === "--sizes") {
      const raw = inline ?? argv[++i];
      const list = parseSizeList(raw);
      opts.sizes = list.sizes;
      opts.msp ||= list.msp;
    } else if (flag === "--msp-estate") opts.msp = true;
    else if (flag === "--msp-tenants" || flag === "--msp-sites") {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      const most = flag === "--msp-tenants" ? MAX_MSP_TENANTS : Math.floor(MAX_SIZE / 100);
      if (raw === undefined || !Number.isInteger(value) || value < 1 || value > most)
        throw new Error(`${flag} needs a whole number from 1 to ${most}`);
      if (flag === "--msp-tenants") opts.mspTenants = value;
      else opts.mspSitesPerTenant = value;
      opts.msp = true;
    } else if (flag === "--no-baseline") opts.baseline = false;
    else if (flag === "--no-engine-default") opts.engineDefault = false;
    else if (flag === "--preview-only") {
      opts.previewOnly = true;
      const raw = inline ?? (/^\d+$/.test(argv[i + 1] ?? "") ? argv[++i] : undefined);
      if (raw !== undefined) {
        const repeats = Number(raw);
        if (!Number.isInteger(repeats) || repeats < 1)
          throw new Error("--preview-only takes a whole number of runs, at least 1");
        opts.previewRepeats = repeats;
      }
    } else if (flag === "--verbose") opts.verbose = true;
    else if (flag === "--program-node-args" || flag === "--provider-node-args") {
      const raw = inline ?? argv[++i];
      if (raw === undefined) throw new Error(`${flag} needs a value, e.g. "--max-semi-space-size=64"`);
      const nodeArgs = raw.split(/\s+/).filter((a) => a !== "");
      if (flag === "--program-node-args") opts.programNodeArgs = nodeArgs;
      else opts.providerNodeArgs = nodeArgs;
    } else if (flag in numeric) {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      if (raw === undefined || !Number.isFinite(value) || value < 0)
        throw new Error(`${flag} needs a non-negative number`);
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
    if (!Number.isInteger(opts[flag]) || opts[flag] < 1)
      throw new Error(`--${flag === "parallel" ? "parallel" : "engine-parallel"} must be a whole number, at least 1`);
  }
  if (!(opts.burst >= 1)) throw new Error("--burst must be at least 1");
  if (opts.msp && mspCompositionOf(opts.mspTenants, opts.mspSitesPerTenant).resources > MAX_SIZE) {
    throw new Error(`--msp-tenants × --msp-sites: the MSP estate would hold more than ${MAX_SIZE} resources`);
  }
  return opts;
}
