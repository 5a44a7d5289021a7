// Benchmark of the provider at MSP scale: deploys examples/msp (sites × 4 resources: venue, AP
// group, network, activation) through the engine harness against the emulator, refreshes it and
// destroys it, once with the provider's own settings and once as a naive client would (per-request
// A2 polling at a fixed interval, one GET per refreshed resource), on the same emulator settings
// (the emulator is reset between the two).
//
//   npm run bench [-- --sites 25] [--latency-ms 300] [--jitter-ms 200] [--rate 100] [--burst 100]
//                 [--client-rate 95] [--parallel 128] [--naive-poll-ms 1000] [--seed 42]
//                 [--program-node-args "--cpu-prof --cpu-prof-dir=/tmp/prof"] [--no-baseline] [--verbose]
//
// Figures per variant: wall time of `up` (the whole harness command), the limit
// max(critical-path depth × least async latency, requests needed ÷ service rate limit) with
// "requests needed" = one write per resource + one login, their ratio, and where the time went
// (until the first API request, first to last API request, after it); API requests by operation
// (the emulator's /__admin/stats) per created resource; requests and time of refresh and destroy;
// peak RSS of the dynamic-provider host (RunResult.providerPeakRssMb); average size of the
// serialized provider per resource in the state file.
//
// The emulator runs in a child process (its own event loop); the program and the dynamic-provider
// host are child processes of the harness. Everything is on loopback. The last line is JSON.
import type { ChildProcess } from "node:child_process";
import { EmulatorInfo, spawnEmulator, stopEmulator } from "./emulatorProcess";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, refresh, up, RunResult, StackOptions } from "../harness";

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(ROOT, "dist", "examples", "msp", "index.js");
/** Critical path of one site: venue → AP group → activation (the network is created beside them). */
const CRITICAL_PATH_DEPTH = 3;
const RESOURCES_PER_SITE = 4;
/** Per harness command (up), and for the whole benchmark: a run that takes longer is broken, not slow. */
const COMMAND_TIMEOUT_MS = 5 * 60 * 1000;
const BENCH_TIMEOUT_MS = 15 * 60 * 1000;

const REQUESTS_NEEDED_DEFINITION =
  "requests needed = one write (POST) per resource + one login: the irreducible minimum for a client that must call the service once per object; " +
  "waiting for the async writes and reading objects back are not counted, so every poll counts against the ratio";

interface Options {
  sites: number;
  latencyMs: number;
  jitterMs: number;
  rate: number;
  burst: number;
  clientRate: number;
  parallel: number;
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
  --sites N             sites of examples/msp, 4 resources each (250)
  --latency-ms N        least time an async write stays PENDING (300)
  --jitter-ms N         uniform extra PENDING time on top of it (200)
  --rate N, --burst N   the emulator's per-tenant rate limit (100 req/s, burst 100)
  --client-rate N       the provider's nms:maxRequestsPerSecond (95)
  --parallel N          harness parallelism: refresh reads and deletes in flight (128)
  --naive-poll-ms N     the naive baseline's fixed A2 polling interval (1000)
  --seed N              emulator seed: IDs and latency draws repeat (42)
  --program-node-args S extra node options for the program process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  --provider-node-args S  the same for the dynamic-provider host
  --no-baseline         skip the naive baseline
  --verbose             print the harness's progress lines`;

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    sites: 250,
    latencyMs: 300,
    jitterMs: 200,
    rate: 100,
    burst: 100,
    clientRate: 95,
    parallel: 128,
    naivePollMs: 1000,
    seed: 42,
    baseline: true,
    verbose: false,
    programNodeArgs: [],
    providerNodeArgs: [],
  };
  const numeric: Record<string, keyof Options> = {
    "--sites": "sites",
    "--latency-ms": "latencyMs",
    "--jitter-ms": "jitterMs",
    "--rate": "rate",
    "--burst": "burst",
    "--client-rate": "clientRate",
    "--parallel": "parallel",
    "--naive-poll-ms": "naivePollMs",
    "--seed": "seed",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--no-baseline") opts.baseline = false;
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
  if (!Number.isInteger(opts.sites) || opts.sites < 1 || opts.sites > 5000) throw new Error("--sites must be an integer from 1 to 5000");
  if (!(opts.rate > 0) || !(opts.clientRate > 0)) throw new Error("--rate and --client-rate must be positive");
  if (!(opts.parallel >= 1)) throw new Error("--parallel must be at least 1");
  if (!(opts.burst >= 1)) throw new Error("--burst must be at least 1");
  return opts;
}

// ---------------------------------------------------------------------------------------------
// The emulator, in a child process.

interface Stats {
  total: number;
  byOp: Record<string, Record<string, number>>;
}

class EmulatorProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly info: EmulatorInfo,
  ) {}

  static async start(seed: number): Promise<EmulatorProcess> {
    const { child, info } = await spawnEmulator(["--seed", String(seed)]);
    return new EmulatorProcess(child, info);
  }

  async admin<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.info.url}/__admin/${route}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__admin/${route}: HTTP ${response.status} ${text}`);
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }

  /** Times (ms since the epoch) of the first and last service request in the request log since it was cleared. */
  async takeRequestSpan(): Promise<{ firstAt: number; lastAt: number } | undefined> {
    const { entries } = await this.admin<{ entries: { op: string; at: string }[] }>("GET", "log");
    await this.admin("DELETE", "log");
    const times = entries.filter((e) => e.op !== "admin").map((e) => Date.parse(e.at));
    if (times.length === 0) return undefined;
    return { firstAt: Math.min(...times), lastAt: Math.max(...times) };
  }

  /** Service requests by operation since the last clear (the admin API's own calls left out). */
  async takeStats(): Promise<Stats> {
    const view = await this.admin<Stats>("GET", "stats");
    await this.admin("DELETE", "stats");
    const byOp = { ...view.byOp };
    delete byOp["admin"];
    let total = 0;
    for (const byStatus of Object.values(byOp)) for (const n of Object.values(byStatus)) total += n;
    return { total, byOp };
  }

  stop(): Promise<void> {
    return stopEmulator(this.child);
  }
}

// ---------------------------------------------------------------------------------------------
// One variant: up, refresh, destroy.

interface Variant {
  name: "provider" | "naive";
  description: string;
  config: Record<string, string>;
}

interface Figures {
  wallSeconds: number;
  limitSeconds: number;
  ratio: number;
  requestsPerResource: number;
  refreshRequests: number;
  providerPeakRssMb: number | null;
  providerBytesPerResource: number;
  resourcesCreated: number;
  /** From the start of up to the first API request (the login): program and provider host start, resource construction. */
  startupSeconds: number;
  /** From the start of up until the provider host answered Configure. */
  providerHostReadySeconds: number;
  /** From the start of up until the engine sent the first Create (program start and construction, first Check). */
  firstCreateSeconds: number;
  /** From the first to the last API request of up. */
  apiSeconds: number;
  /** apiSeconds ÷ limitSeconds: the part the provider controls. */
  apiRatio: number;
  /** From the last API request to the end of up (program exit, state save). */
  finishSeconds: number;
  requestsNeeded: number;
  upRequests: number;
  upRequestsByOp: Record<string, number>;
  upStatus: Record<string, number>;
  refreshSeconds: number;
  refreshRequestsByOp: Record<string, number>;
  refreshChanges: number;
  /** "Kind field" → refresh steps that changed it (a fresh deployment should show only what the service fills in later). */
  refreshChangedFields: Record<string, number>;
  destroySeconds: number;
  destroyRequests: number;
  destroyRequestsByOp: Record<string, number>;
  providerPeakRssMbByPhase: { up: number | null; refresh: number | null; destroy: number | null };
}

function byOpTotals(stats: Stats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const op of Object.keys(stats.byOp).sort()) out[op] = Object.values(stats.byOp[op]).reduce((a, b) => a + b, 0);
  return out;
}

function byStatusTotals(stats: Stats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const byStatus of Object.values(stats.byOp)) for (const [status, n] of Object.entries(byStatus)) out[status] = (out[status] ?? 0) + n;
  return out;
}

function changedFieldCounts(result: RunResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const step of result.steps) {
    if (step.op === "same") continue;
    const kind = step.type.split(":").pop() ?? step.type;
    const fields = step.op === "delete" ? ["(gone)"] : step.changedFields;
    for (const field of fields) out[`${kind}.${field}`] = (out[`${kind}.${field}`] ?? 0) + 1;
  }
  return out;
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Average length of the serialized provider stored with each custom resource of the state file. */
function serializedProviderBytes(statePath: string): { average: number; resources: number } {
  const file = JSON.parse(fs.readFileSync(statePath, "utf8")) as { resources: { custom: boolean; serializedProvider?: string }[] };
  const sizes = file.resources.filter((r) => r.custom).map((r) => Buffer.byteLength(r.serializedProvider ?? "", "utf8"));
  return { average: sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0, resources: sizes.length };
}

function check(result: RunResult, what: string): void {
  if (!result.failed) return;
  const errors = result.errors.slice(0, 10).join("\n  ");
  throw new Error(`${what} failed (${result.errors.length} errors):\n  ${errors}`);
}

async function runVariant(emulator: EmulatorProcess, opts: Options, variant: Variant, log: (line: string) => void): Promise<Figures> {
  // A fresh service for every variant: same tenant, same settings, counters cleared.
  const creds = await emulator.admin<EmulatorInfo>("POST", "reset");
  await emulator.admin("PUT", "config", {
    asyncDelayMs: opts.latencyMs,
    asyncJitterMs: opts.jitterMs,
    asyncLatencyByOp: {},
    rateLimit: { requestsPerSecond: opts.rate, burst: opts.burst },
  });
  await emulator.takeStats();
  await emulator.takeRequestSpan();

  // When the provider host was ready, and when the engine sent the first Create (the program's first resource passed
  // Check), from the harness's progress lines.
  const marks: { providerHostAt?: number; firstCreateAt?: number } = {};
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-bench-${variant.name}-`));
  const stack: StackOptions = {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "nms-msp",
    stackName: `bench-${variant.name}`,
    statePath: path.join(workDir, "state.json"),
    passphrase: randomBytes(16).toString("hex"),
    parallel: opts.parallel,
    nodeArgs: opts.programNodeArgs,
    providerNodeArgs: opts.providerNodeArgs,
    timeoutMs: COMMAND_TIMEOUT_MS,
    config: {
      "nms:baseUrl": emulator.info.url,
      "nms:tenantId": creds.tenantId,
      "nms:username": creds.username,
      "nms:maxRequestsPerSecond": String(opts.clientRate),
      "msp:sites": String(opts.sites),
      "msp:prefix": "site",
      ...variant.config,
    },
    secretConfig: { "nms:password": creds.password, "msp:radiusSecret": randomBytes(12).toString("hex") },
    log: (line) => {
      if (marks.firstCreateAt === undefined && /^\+\s+creating /.test(line)) marks.firstCreateAt = Date.now();
      if (marks.providerHostAt === undefined && line.startsWith("provider host started")) marks.providerHostAt = Date.now();
      if (opts.verbose) log(`    [${variant.name}] ${line}`);
    },
  };
  try {
    const expected = opts.sites * RESOURCES_PER_SITE;
    log(`  ${variant.name}: up (${expected} resources)…`);
    marks.firstCreateAt = marks.providerHostAt = undefined;
    const upStarted = Date.now();
    const upResult = await up(stack);
    const upEnded = Date.now();
    const wallMs = upEnded - upStarted;
    const upStats = await emulator.takeStats();
    const span = await emulator.takeRequestSpan();
    check(upResult, "up");
    const created = upResult.steps.filter((s) => s.custom && s.op === "create").length;
    if (created !== expected) throw new Error(`up created ${created} resources, expected ${expected}`);
    const held = await emulator.admin<{ venues: unknown[]; networks: unknown[]; activations: unknown[] }>("GET", `tenants/${creds.tenantId}/objects`);
    if (held.venues.length !== opts.sites || held.networks.length !== opts.sites || held.activations.length !== opts.sites) {
      throw new Error(`the emulator holds ${held.venues.length} venues, ${held.networks.length} networks, ${held.activations.length} activations; expected ${opts.sites} each`);
    }
    const provider = serializedProviderBytes(stack.statePath);

    const upMarks = { ...marks };
    log(`  ${variant.name}: refresh…`);
    const refreshStarted = Date.now();
    const refreshResult = await refresh(stack);
    const refreshMs = Date.now() - refreshStarted;
    const refreshStats = await emulator.takeStats();
    await emulator.takeRequestSpan();
    check(refreshResult, "refresh");

    log(`  ${variant.name}: destroy…`);
    const destroyStarted = Date.now();
    const destroyResult = await destroy(stack);
    const destroyMs = Date.now() - destroyStarted;
    const destroyStats = await emulator.takeStats();
    await emulator.takeRequestSpan();
    check(destroyResult, "destroy");

    const requestsNeeded = expected + 1;
    const limitSeconds = Math.max((CRITICAL_PATH_DEPTH * opts.latencyMs) / 1000, requestsNeeded / opts.rate);
    const wallSeconds = wallMs / 1000;
    const peaks = [upResult, refreshResult, destroyResult].map((r) => r.providerPeakRssMb ?? null);
    return {
      wallSeconds: round(wallSeconds, 2),
      limitSeconds: round(limitSeconds, 2),
      ratio: round(wallSeconds / limitSeconds),
      requestsPerResource: round(upStats.total / created),
      refreshRequests: refreshStats.total,
      providerPeakRssMb: peaks.some((p) => p !== null) ? Math.max(...peaks.map((p) => p ?? 0)) : null,
      providerBytesPerResource: Math.round(provider.average),
      resourcesCreated: created,
      startupSeconds: span ? round((span.firstAt - upStarted) / 1000, 2) : NaN,
      providerHostReadySeconds: upMarks.providerHostAt ? round((upMarks.providerHostAt - upStarted) / 1000, 2) : NaN,
      firstCreateSeconds: upMarks.firstCreateAt ? round((upMarks.firstCreateAt - upStarted) / 1000, 2) : NaN,
      apiSeconds: span ? round((span.lastAt - span.firstAt) / 1000, 2) : NaN,
      apiRatio: span ? round((span.lastAt - span.firstAt) / 1000 / limitSeconds) : NaN,
      finishSeconds: span ? round((upEnded - span.lastAt) / 1000, 2) : NaN,
      requestsNeeded,
      upRequests: upStats.total,
      upRequestsByOp: byOpTotals(upStats),
      upStatus: byStatusTotals(upStats),
      refreshSeconds: round(refreshMs / 1000, 2),
      refreshRequestsByOp: byOpTotals(refreshStats),
      refreshChanges: refreshResult.changes,
      refreshChangedFields: changedFieldCounts(refreshResult),
      destroySeconds: round(destroyMs / 1000, 2),
      destroyRequests: destroyStats.total,
      destroyRequestsByOp: byOpTotals(destroyStats),
      providerPeakRssMbByPhase: { up: peaks[0], refresh: peaks[1], destroy: peaks[2] },
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

function printFigures(title: string, f: Figures, opts: Options): void {
  const ops = (m: Record<string, number>) =>
    Object.entries(m)
      .map(([op, n]) => `${op} ${n}`)
      .join(", ") || "none";
  console.log(`\n== ${title}`);
  console.log(`  up wall time             ${f.wallSeconds.toFixed(2)} s for ${f.resourcesCreated} resources (whole harness command: program, provider host, state)`);
  console.log(
    `  limit                    ${f.limitSeconds.toFixed(2)} s = max(depth ${CRITICAL_PATH_DEPTH} × ${opts.latencyMs} ms (least latency) = ${((CRITICAL_PATH_DEPTH * opts.latencyMs) / 1000).toFixed(2)} s, ` +
      `${f.requestsNeeded} requests needed ÷ ${opts.rate}/s = ${(f.requestsNeeded / opts.rate).toFixed(2)} s)`,
  );
  console.log(`  ratio                    ${f.ratio.toFixed(3)}`);
  console.log(
    `  where the time went      ${f.startupSeconds.toFixed(2)} s until the first API request (provider host ready at ${f.providerHostReadySeconds.toFixed(2)} s; ` +
      `the program's first resource reached Create at ${f.firstCreateSeconds.toFixed(2)} s),`,
  );
  console.log(
    `                           ${f.apiSeconds.toFixed(2)} s from the first to the last API request (${f.apiRatio.toFixed(3)} × limit), ` +
      `${f.finishSeconds.toFixed(2)} s after it (last wait, program exit, state save)`,
  );
  console.log(`  up requests              ${f.upRequests} (${f.requestsPerResource.toFixed(3)} per resource created): ${ops(f.upRequestsByOp)}`);
  console.log(`  up answers by status     ${ops(f.upStatus)}`);
  console.log(`  refresh                  ${f.refreshRequests} requests in ${f.refreshSeconds.toFixed(2)} s: ${ops(f.refreshRequestsByOp)}`);
  console.log(`  refresh found            ${f.refreshChanges} changed resources: ${ops(f.refreshChangedFields)}`);
  console.log(`  destroy                  ${f.destroyRequests} requests in ${f.destroySeconds.toFixed(2)} s: ${ops(f.destroyRequestsByOp)}`);
  const p = f.providerPeakRssMbByPhase;
  console.log(`  provider host peak RSS   ${f.providerPeakRssMb ?? "n/a"} MB (VmHWM; up ${p.up ?? "n/a"}, refresh ${p.refresh ?? "n/a"}, destroy ${p.destroy ?? "n/a"})`);
  console.log(`  serialized provider      ${f.providerBytesPerResource} bytes per resource in state`);
}

function headline(f: Figures): Record<string, unknown> {
  return {
    wallSeconds: f.wallSeconds,
    limitSeconds: f.limitSeconds,
    ratio: f.ratio,
    requestsPerResource: f.requestsPerResource,
    refreshRequests: f.refreshRequests,
    providerPeakRssMb: f.providerPeakRssMb,
    providerBytesPerResource: f.providerBytesPerResource,
    startupSeconds: f.startupSeconds,
    firstCreateSeconds: f.firstCreateSeconds,
    apiSeconds: f.apiSeconds,
    apiRatio: f.apiRatio,
    finishSeconds: f.finishSeconds,
    upRequests: f.upRequests,
    upStatus: f.upStatus,
    upRequestsByOp: f.upRequestsByOp,
    refreshSeconds: f.refreshSeconds,
    refreshChangedFields: f.refreshChangedFields,
    destroySeconds: f.destroySeconds,
    destroyRequests: f.destroyRequests,
  };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const watchdog = setTimeout(() => {
    console.error(`the benchmark did not finish within ${BENCH_TIMEOUT_MS / 60000} minutes; giving up`);
    process.exit(1); // the exit hooks stop the emulator and the harness's children
  }, BENCH_TIMEOUT_MS);
  watchdog.unref();
  if (!fs.existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run npm run -s build first`);
  const resources = opts.sites * RESOURCES_PER_SITE;
  const log = (line: string) => console.log(line);
  const depthTerm = (CRITICAL_PATH_DEPTH * opts.latencyMs) / 1000;
  const rateTerm = (resources + 1) / opts.rate;
  console.log(`nms benchmark: examples/msp, ${opts.sites} sites × ${RESOURCES_PER_SITE} = ${resources} resources, harness parallel ${opts.parallel}`);
  console.log(
    `emulator: async latency ${opts.latencyMs}–${opts.latencyMs + opts.jitterMs} ms (uniform), rate limit ${opts.rate} req/s (burst ${opts.burst}); ` +
      `provider nms:maxRequestsPerSecond ${opts.clientRate}`,
  );
  console.log(REQUESTS_NEEDED_DEFINITION);
  console.log(
    `the provider's own budget (${opts.clientRate}/s, a margin under the service's limit so that it is never refused) makes its floor ` +
      `${((resources + 1) / opts.clientRate).toFixed(2)} s; the limit below uses the service's ${opts.rate}/s and ignores both bursts`,
  );
  console.log(
    `limit = max(critical-path depth × async latency, requests needed ÷ rate limit) = max(${depthTerm.toFixed(2)} s, ${rateTerm.toFixed(2)} s): ` +
      `${rateTerm >= depthTerm ? "the rate limit binds" : "the depth × latency term dominates"}`,
  );

  const variants: Variant[] = [
    {
      name: "provider",
      description: "the provider's defaults: coalesced request poller (A3 lists), refresh from cached lists",
      config: { "nms:waiter": "coalesced", "nms:refreshFromLists": "true" },
    },
  ];
  if (opts.baseline) {
    variants.push({
      name: "naive",
      description: `naive baseline: per-request A2 polling every ${opts.naivePollMs} ms, one GET per refreshed resource`,
      config: { "nms:waiter": "per-request", "nms:pollIntervalMs": String(opts.naivePollMs), "nms:refreshFromLists": "false" },
    });
  }

  const emulator = await EmulatorProcess.start(opts.seed);
  const results: Partial<Record<Variant["name"], Figures>> = {};
  try {
    for (const variant of variants) {
      console.log(`\n${variant.name}: ${variant.description}`);
      results[variant.name] = await runVariant(emulator, opts, variant, log);
    }
  } finally {
    await emulator.stop();
  }

  printFigures("provider (coalesced poller, refresh from lists)", results.provider!, opts);
  if (results.naive) printFigures(`naive baseline (A2 every ${opts.naivePollMs} ms, GET per refreshed resource)`, results.naive, opts);

  const ours = results.provider!;
  const goals = {
    ratio: ours.ratio <= 1.25,
    requestsPerResource: ours.requestsPerResource <= 1.3,
    refreshRequests: ours.refreshRequests <= 60,
    providerPeakRssMb: ours.providerPeakRssMb !== null && ours.providerPeakRssMb < 300,
    providerBytesPerResource: ours.providerBytesPerResource < 2048,
  };
  console.log("\n== Goals (provider variant)");
  console.log(`  ratio ≤ 1.25                     ${goals.ratio ? "met" : "MISSED"} (${ours.ratio})`);
  console.log(`  ≤ 1.3 requests per resource      ${goals.requestsPerResource ? "met" : "MISSED"} (${ours.requestsPerResource})`);
  console.log(`  refresh in ≤ 60 requests         ${goals.refreshRequests ? "met" : "MISSED"} (${ours.refreshRequests}${opts.sites === 250 ? "" : `, for ${resources} resources`})`);
  console.log(`  provider host peak RSS < 300 MB  ${goals.providerPeakRssMb ? "met" : "MISSED"} (${ours.providerPeakRssMb ?? "n/a"} MB)`);
  console.log(`  serialized provider < 2 KB       ${goals.providerBytesPerResource ? "met" : "MISSED"} (${ours.providerBytesPerResource} bytes)`);

  console.log(
    JSON.stringify({
      config: {
        sites: opts.sites,
        resources,
        latencyMs: opts.latencyMs,
        jitterMs: opts.jitterMs,
        rateLimit: opts.rate,
        burst: opts.burst,
        clientRate: opts.clientRate,
        parallel: opts.parallel,
        naivePollMs: opts.naivePollMs,
        programNodeArgs: opts.programNodeArgs.join(" "),
        seed: opts.seed,
        cpus: os.cpus().length,
        binds: rateTerm >= depthTerm ? "rate" : "depth",
      },
      ...headline(ours),
      goals,
      baseline: results.naive ? headline(results.naive) : null,
    }),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
