// What the bench prints: the setup and the limit it is measured against, the figures of each variant at each size,
// the growth of the per-resource cost between the two largest sizes, whether the provider met its goals, and the last
// line, JSON for scripts.
import * as os from "node:os";
import { Composition, CRITICAL_PATH_DEPTH } from "./composition";
import { Figures } from "./measure";
import { BenchOptions } from "./options";
import { speedLimit } from "./stack";

const REQUESTS_NEEDED_DEFINITION =
  "requests needed = one write per resource + one login: the irreducible minimum for a client that must call the service once per object; " +
  "waiting for the async writes and reading objects back are not counted, so every poll and read counts against the ratio";

/** One size's outcome: the stack deployed and each variant's figures. */
export interface SizeResult {
  /** The size asked for with --sizes; the stack nearest to it has stack.resources resources. */
  target: number;
  stack: Composition;
  provider: Figures;
  naive?: Figures;
}

export function printSetup(opts: BenchOptions, stacks: Composition[]): void {
  console.log(`nms benchmark: the generated MSP estate of scripts/bench/program.ts at ${stacks.length} size(s), harness parallel ${opts.parallel}`);
  for (const s of stacks) {
    console.log(
      `  ${s.resources} resources: ${s.sites} sites (venue, radio, syslog, AP group, ${s.aps / s.sites} APs, network, activation) and ` +
        `${s.blocks} switch blocks (profile, ${s.vlans / s.blocks} VLANs, switch, ${s.ports / s.blocks} port settings)`,
    );
  }
  console.log(
    `emulator: async latency ${opts.latencyMs}–${opts.latencyMs + opts.jitterMs} ms (uniform), rate limit ${opts.rate} req/s (burst ${opts.burst}); ` +
      `provider nms:maxRequestsPerSecond ${opts.clientRate}`,
  );
  console.log(REQUESTS_NEEDED_DEFINITION);
  console.log(
    `limit = max(critical-path depth ${CRITICAL_PATH_DEPTH} × least async latency, requests needed ÷ the service's rate limit), ignoring bursts; ` +
      `the provider's own budget (${opts.clientRate}/s, a margin under the service's limit so that it is never refused) puts its floor at ` +
      `${(opts.rate / opts.clientRate).toFixed(3)} × the rate term`,
  );
}

const ops = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([op, n]) => `${op} ${n}`)
    .join(", ") || "none";
const mb = (v: number | null) => (v === null ? "n/a" : `${v} MB`);

export function printFigures(title: string, f: Figures, opts: BenchOptions, stack: Composition): void {
  const limit = speedLimit(opts, stack);
  console.log(`\n== ${title}`);
  console.log(`  up wall time             ${f.wallSeconds.toFixed(2)} s for ${f.resourcesCreated} resources (whole harness command: program, provider host, state)`);
  console.log(
    `  limit                    ${f.limitSeconds.toFixed(2)} s = max(depth ${CRITICAL_PATH_DEPTH} × ${opts.latencyMs} ms = ${limit.depthSeconds.toFixed(2)} s, ` +
      `${f.requestsNeeded} requests needed ÷ ${opts.rate}/s = ${limit.rateSeconds.toFixed(2)} s)`,
  );
  console.log(`  ratio                    ${f.ratio.toFixed(3)}`);
  console.log(
    `  where the time went      ${f.startupSeconds.toFixed(2)} s until the first API request (provider host ready at ${f.providerHostReadySeconds.toFixed(2)} s; ` +
      `first registration reached Create at ${f.firstCreateSeconds.toFixed(2)} s),`,
  );
  console.log(
    `                           ${f.apiSeconds.toFixed(2)} s from the first to the last API request (${f.apiRatio.toFixed(3)} × limit), ` +
      `${f.finishSeconds.toFixed(2)} s after it (last wait, program exit, state save)`,
  );
  console.log(`  preview before up        ${f.previewRequests} requests in ${f.previewSeconds.toFixed(2)} s (what check reads of the service): ${ops(f.previewRequestsByOp)}`);
  console.log(`  up requests              ${f.upRequests} (${f.requestsPerResource.toFixed(3)} per resource created): ${ops(f.upRequestsByOp)}`);
  console.log(`  up answers by status     ${ops(f.upStatus)}`);
  console.log(`  refresh                  ${f.refreshRequests} requests in ${f.refreshSeconds.toFixed(2)} s: ${ops(f.refreshRequestsByOp)}`);
  console.log(`  refresh found            ${f.refreshChanges} changed resources: ${ops(f.refreshChangedFields)}`);
  console.log(
    `  destroy                  ${f.destroyRequests} requests (${f.destroyRequestsPerResource.toFixed(3)} per resource) in ${f.destroySeconds.toFixed(2)} s: ${ops(f.destroyRequestsByOp)}`,
  );
  const p = f.providerPeakRssMbByPhase;
  console.log(`  provider host peak RSS   ${mb(f.providerPeakRssMb)} (VmHWM; up ${p.up ?? "n/a"}, refresh ${p.refresh ?? "n/a"}, destroy ${p.destroy ?? "n/a"})`);
  console.log(`  harness peak RSS         ${mb(f.harnessPeakRssMb)} (the bench process, which runs the engine harness)`);
  console.log(`  program peak RSS         ${mb(f.programPeakRssMb)} (the stack program's process during up)`);
  console.log(`  serialized provider      ${f.providerBytesPerResource} bytes per resource in state`);
  for (const phase of ["up", "refresh", "destroy"] as const) {
    const { cpuSeconds: c, loadAverage } = f.cpu[phase];
    console.log(
      `  CPU of ${phase.padEnd(8)}         harness ${c.harness} s, program ${c.program} s, provider host ${c.providerHost} s, emulator ${c.emulator} s ` +
        `(load average ${loadAverage[0]} → ${loadAverage[1]} on ${os.cpus().length} CPUs)`,
    );
  }
}

/** The keys every size entry of the JSON line carries, for the provider and (under `baseline`) the naive run. */
function headline(f: Figures): Record<string, unknown> {
  return {
    resources: f.resourcesCreated,
    wallSeconds: f.wallSeconds,
    limitSeconds: f.limitSeconds,
    ratio: f.ratio,
    requestsPerResource: f.requestsPerResource,
    destroyRequestsPerResource: f.destroyRequestsPerResource,
    refreshRequests: f.refreshRequests,
    providerPeakRssMb: f.providerPeakRssMb,
    harnessPeakRssMb: f.harnessPeakRssMb,
    programPeakRssMb: f.programPeakRssMb,
    firstCreateSeconds: f.firstCreateSeconds,
    startupSeconds: f.startupSeconds,
    apiSeconds: f.apiSeconds,
    apiRatio: f.apiRatio,
    finishSeconds: f.finishSeconds,
    providerBytesPerResource: f.providerBytesPerResource,
    upRequests: f.upRequests,
    upStatus: f.upStatus,
    upRequestsByOp: f.upRequestsByOp,
    previewSeconds: f.previewSeconds,
    previewRequests: f.previewRequests,
    previewRequestsByOp: f.previewRequestsByOp,
    refreshSeconds: f.refreshSeconds,
    refreshRequestsByOp: f.refreshRequestsByOp,
    refreshChangedFields: f.refreshChangedFields,
    destroySeconds: f.destroySeconds,
    destroyRequests: f.destroyRequests,
    destroyRequestsByOp: f.destroyRequestsByOp,
    cpu: f.cpu,
  };
}

/** The per-resource cost of up: wall seconds per resource, in milliseconds. */
export function perResourceMs(f: Figures): number {
  return (f.wallSeconds * 1000) / f.resourcesCreated;
}

export interface Growth {
  from: number;
  to: number;
  fromMsPerResource: number;
  toMsPerResource: number;
  /** toMsPerResource ÷ fromMsPerResource − 1 (0.1 is 10% dearer per resource at the larger size). */
  growth: number;
}

/** Growth of the per-resource cost between the two largest sizes run (1,000 and 4,000 by default); null with one size. */
export function costGrowth(results: SizeResult[]): Growth | null {
  if (results.length < 2) return null;
  const [a, b] = results.slice(-2);
  const from = perResourceMs(a.provider);
  const to = perResourceMs(b.provider);
  return { from: a.stack.resources, to: b.stack.resources, fromMsPerResource: round(from), toMsPerResource: round(to), growth: round(to / from - 1) };
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

interface Goal {
  name: string;
  /** undefined: the goal does not apply at this size. */
  met: boolean | undefined;
  measured: string;
}

/** The goals of issue 12 for the provider at one size (the ratio goals apply from 1,000 resources). */
export function goalsOf(r: SizeResult): Goal[] {
  const f = r.provider;
  const ratioBound = r.target >= 4000 ? 1.15 : r.target >= 1000 ? 1.25 : undefined;
  return [
    { name: `ratio ≤ ${ratioBound ?? "(none below 1,000)"}`, met: ratioBound === undefined ? undefined : f.ratio <= ratioBound, measured: String(f.ratio) },
    { name: "≤ 1.1 requests per created resource", met: f.requestsPerResource <= 1.1, measured: String(f.requestsPerResource) },
    { name: "refresh in ≤ 100 requests", met: f.refreshRequests <= 100, measured: String(f.refreshRequests) },
    { name: "provider host peak RSS < 400 MB", met: f.providerPeakRssMb !== null && f.providerPeakRssMb < 400, measured: mb(f.providerPeakRssMb) },
  ];
}

const verdict = (met: boolean | undefined) => (met === undefined ? "n/a" : met ? "met" : "MISSED");

/** Everything after the runs: the summary per size, the growth, the goals, and the JSON line. */
export function printSummary(opts: BenchOptions, results: SizeResult[]): void {
  console.log("\n== Summary (provider; naive baseline in brackets)");
  console.log("  resources  wall s (naive)      limit s  ratio (naive)     req/res up (naive)  req/res destroy  refresh req (naive)  provider MB  harness MB  program MB  first Create s");
  for (const r of results) {
    const f = r.provider;
    const n = r.naive;
    const cell = (mine: number | null, theirs: number | null | undefined, width: number) => `${mine ?? "n/a"}${theirs === undefined ? "" : ` (${theirs ?? "n/a"})`}`.padEnd(width);
    console.log(
      `  ${String(f.resourcesCreated).padEnd(9)}  ${cell(f.wallSeconds, n?.wallSeconds, 18)}  ${String(f.limitSeconds).padEnd(7)}  ${cell(f.ratio, n?.ratio, 16)}  ` +
        `${cell(f.requestsPerResource, n?.requestsPerResource, 18)}  ${String(f.destroyRequestsPerResource).padEnd(15)}  ${cell(f.refreshRequests, n?.refreshRequests, 19)}  ` +
        `${String(f.providerPeakRssMb ?? "n/a").padEnd(11)}  ${String(f.harnessPeakRssMb).padEnd(10)}  ${String(f.programPeakRssMb ?? "n/a").padEnd(10)}  ${f.firstCreateSeconds}`,
    );
  }
  const growth = costGrowth(results);
  if (growth) {
    console.log(
      `  per-resource cost of up: ${growth.fromMsPerResource} ms at ${growth.from} resources, ${growth.toMsPerResource} ms at ${growth.to}: ` +
        `${(growth.growth * 100).toFixed(1)}% growth`,
    );
  }

  console.log("\n== Goals (provider variant)");
  const goals: Record<string, Record<string, boolean | null>> = {};
  for (const r of results) {
    const entry: Record<string, boolean | null> = {};
    for (const goal of goalsOf(r)) {
      console.log(`  ${String(r.stack.resources).padStart(5)} resources: ${goal.name.padEnd(38)} ${verdict(goal.met).padEnd(6)} (${goal.measured})`);
      entry[goal.name] = goal.met ?? null;
    }
    goals[String(r.target)] = entry;
  }
  const growthMet = growth ? growth.growth <= 0.1 : undefined;
  console.log(
    `  per-resource cost at the largest size within 10% of the next: ${verdict(growthMet)}` + (growth ? ` (${(growth.growth * 100).toFixed(1)}%, ${growth.from} → ${growth.to})` : " (needs two sizes)"),
  );

  const limits = results.map((r) => speedLimit(opts, r.stack));
  console.log(
    JSON.stringify({
      config: {
        sizes: opts.sizes,
        latencyMs: opts.latencyMs,
        jitterMs: opts.jitterMs,
        rateLimit: opts.rate,
        burst: opts.burst,
        clientRate: opts.clientRate,
        parallel: opts.parallel,
        naivePollMs: opts.naivePollMs,
        programNodeArgs: opts.programNodeArgs.join(" "),
        providerNodeArgs: opts.providerNodeArgs.join(" "),
        seed: opts.seed,
        cpus: os.cpus().length,
        criticalPathDepth: CRITICAL_PATH_DEPTH,
      },
      sizes: results.map((r, i) => ({
        target: r.target,
        sites: r.stack.sites,
        binds: limits[i].rateSeconds >= limits[i].depthSeconds ? "rate" : "depth",
        ...headline(r.provider),
        baseline: r.naive ? headline(r.naive) : null,
      })),
      perResourceCostGrowth: growth,
      goals: { bySize: goals, perResourceCostGrowth: growthMet ?? null },
    }),
  );
}
