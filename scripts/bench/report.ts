// What the bench prints: the setup and the limit it is measured against, the figures of each variant at each size,
// the growth of the per-resource cost between the two largest sizes, whether the provider met its goals, and the last
// line, JSON for scripts.
import * as os from "node:os";
import { type Composition, CRITICAL_PATH_DEPTH } from "./composition";
import type { Figures, UpFigures } from "./measure";
import type { BenchOptions } from "./options";
import { driftLine } from "./drift";
import { round } from "./round";
import { speedLimit } from "./stack";
import { type SizeResult, ratioToBound, engineDefaultOf, previewOf, costGrowth, goalsOf } from "./goals";

// The figures and goals the tests and scripts read from here.
export {
  costGrowth,
  engineDefaultOf,
  goalsOf,
  ratioToBound,
  type SizeResult,
} from "./goals";

const REQUESTS_NEEDED_DEFINITION =
  "requests needed = one write per resource + one login: the irreducible minimum for a client that must call the service once per object; " +
  "waiting for the async writes and reading objects back are not counted, so every poll and read counts against the ratio";

export function printSetup(opts: BenchOptions, stacks: Composition[]): void {
  console.log(
    `nms benchmark: the generated MSP estate of scripts/bench/program.ts at ${stacks.length} size(s), at parallel ${opts.parallel} (the README's ` +
      `recommendation)` +
      (opts.engineDefault ? ` and, up only, at the engine's default ${opts.engineParallel} (4 × CPUs)` : ""),
  );
  for (const s of stacks) {
    const where =
      s.tenants > 0
        ? `the MSP estate, ${s.tenants} end customers' tenants of ${s.resources / s.tenants} resources each, reached by the MSP's one login ` +
          `(delegated access), nothing in the MSP's own tenant: `
        : "";
    console.log(
      `  ${s.resources} resources: ${where}${s.sites} sites (venue, radio, syslog, AP group, ${s.aps / s.sites} APs, network, activation) and ` +
        `${s.blocks} switch blocks (profile, ${s.vlans / s.blocks} VLANs, switch, ${s.ports / s.blocks} port settings)`,
    );
  }
  console.log(
    `emulator: async latency ${opts.latencyMs}–${opts.latencyMs + opts.jitterMs} ms (uniform), rate limit ${opts.rate} req/s (burst ${opts.burst}) ` +
      `per login and per tenant (the MSP estate's one login is held to it across its tenants); ` +
      `provider nms:maxRequestsPerSecond ${opts.clientRate}`,
  );
  console.log(REQUESTS_NEEDED_DEFINITION);
  console.log(
    `limit = max(critical-path depth ${CRITICAL_PATH_DEPTH} × least async latency, requests needed ÷ the service's rate limit), ignoring bursts; ` +
      `the provider's own budget (${opts.clientRate}/s, a margin under the service's limit so that it is never refused) puts its floor at ` +
      `${(opts.rate / opts.clientRate).toFixed(3)} × the rate term`,
  );
  console.log(
    "floor = the same program's up with resources whose provider does nothing, at the same parallelism: what Pulumi itself " +
      "costs on this machine (program, SDK, gRPC, the harness standing in for the engine); ratio to bound = wall ÷ max(limit, floor)",
  );
}

const ops = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([op, n]) => `${op} ${n}`)
    .join(", ") || "none";
const mb = (v: number | null) => (v === null ? "n/a" : `${v} MB`);

const cpuLine = ({ cpuSeconds: c, loadAverage }: UpFigures["cpu"]) =>
  `harness ${c.harness} s, program ${c.program} s, provider host ${c.providerHost} s, emulator ${c.emulator} s ` +
  `(load average ${loadAverage[0]} → ${loadAverage[1]} on ${os.cpus().length} CPUs)`;

/**
 * --preview-only: one run's floor and provider previews, each with its wall time and the CPU seconds of each process,
 * then their ratio. The program's CPU is the first to read: the preview is the program's registrations, one Check each.
 */
export function previewRunLines(run: number, floor: UpFigures, provider: UpFigures): string[] {
  const line = (name: string, f: UpFigures) => {
    const c = f.cpu.cpuSeconds;
    return (
      `  run ${run} ${name.padEnd(8)} preview ${f.wallSeconds.toFixed(2)} s; CPU s: program ${c.program}, ` +
      `provider host ${c.providerHost}, harness ${c.harness}, emulator ${c.emulator} ` +
      `(load average ${f.cpu.loadAverage[0]} → ${f.cpu.loadAverage[1]})`
    );
  };
  const programCpu = round(provider.cpu.cpuSeconds.program / floor.cpu.cpuSeconds.program);
  return [
    line("floor", floor),
    line("provider", provider),
    `  run ${run} provider ÷ floor: wall ${round(provider.wallSeconds / floor.wallSeconds)}, program CPU ${programCpu}`,
  ];
}

/** The figures of one size: the provider's (`variant` "provider", with the floor and the engine default) or the naive baseline's. */
export function printFigures(
  title: string,
  r: SizeResult,
  opts: BenchOptions,
  variant: "provider" | "naive" = "provider",
): void {
  const f = variant === "naive" && r.naive ? r.naive : r.provider;
  const limit = speedLimit(opts, r.stack);
  console.log(`\n== ${title}`);
  console.log(
    `  up wall time             ${f.wallSeconds.toFixed(2)} s for ${f.resourcesCreated} resources at parallel ${opts.parallel} (whole harness command: program, provider host, state)`,
  );
  console.log(
    `  limit                    ${f.limitSeconds.toFixed(2)} s = max(depth ${CRITICAL_PATH_DEPTH} × ${opts.latencyMs} ms = ${limit.depthSeconds.toFixed(2)} s, ` +
      `${f.requestsNeeded} requests needed ÷ ${opts.rate}/s = ${limit.rateSeconds.toFixed(2)} s)`,
  );
  console.log(`  ratio                    ${f.ratio.toFixed(3)}`);
  console.log(
    `  floor                    ${r.floor.wallSeconds.toFixed(2)} s, the no-op provider's up at parallel ${r.floor.parallel}: ${cpuLine(r.floor.cpu)}`,
  );
  console.log(
    `  ratio to bound           ${ratioToBound(f.wallSeconds, f.limitSeconds, r.floor.wallSeconds).toFixed(3)} (wall ÷ max(limit, floor))`,
  );
  const engine = variant === "provider" ? engineDefaultOf(r, opts.latencyMs, opts.jitterMs) : null;
  if (engine && r.engineDefault) {
    console.log(
      `  at the engine default    parallel ${engine.parallel}: up ${engine.wallSeconds.toFixed(2)} s, ratio ${engine.ratio.toFixed(3)}, floor ${engine.floorSeconds.toFixed(2)} s, ` +
        `ratio to bound ${engine.ratioToBound.toFixed(3)}; ${r.engineDefault.run.upRequests} requests; ${cpuLine(r.engineDefault.run.cpu)}`,
    );
    console.log(
      `                           latency bound ${engine.latencyBoundSeconds.toFixed(2)} s (${r.engineDefault.run.recordWaitingSteps} steps waiting for a request record × ` +
        `${opts.latencyMs} ms ÷ ${engine.parallel}), ratio to max(floor, limit, latency bound) ${engine.ratioToLatencyBound.toFixed(3)}; ` +
        (engine.slowestWindow
          ? `slowest 10-s window ${engine.slowestWindow.stepsPerSecond} steps/s from ${engine.slowestWindow.fromSeconds} s ` +
            `(median ${engine.slowestWindow.medianStepsPerSecond}/s, ratio ${engine.slowestWindowRatio})`
          : "fewer than 10 s of step starts: no window to compare"),
    );
    console.log(
      `                           mean-latency bound ${engine.meanLatencyBoundSeconds.toFixed(2)} s (the same steps × ` +
        `${opts.latencyMs + opts.jitterMs / 2} ms, the mean draw, ÷ ${engine.parallel}: no client's run is shorter on ` +
        `average), ratio ${engine.ratioToMeanLatencyBound.toFixed(3)}`,
    );
  }
  console.log(
    `  where the time went      ${f.startupSeconds.toFixed(2)} s until the first API request (provider host ready at ${f.providerHostReadySeconds.toFixed(2)} s; ` +
      `first registration reached Create at ${f.firstCreateSeconds.toFixed(2)} s),`,
  );
  console.log(
    `                           ${f.apiSeconds.toFixed(2)} s from the first to the last API request (${f.apiRatio.toFixed(3)} × limit), ` +
      `${f.finishSeconds.toFixed(2)} s after it (last wait, program exit, state save)`,
  );
  console.log(
    `  preview before up        ${f.previewRequests} requests in ${f.previewSeconds.toFixed(2)} s (what check reads of the service): ${ops(f.previewRequestsByOp)}`,
  );
  if (variant === "provider") {
    const p = previewOf(r);
    console.log(
      `  preview against floor    ${p.previewFloorSeconds === null ? "floor's preview not measured" : `floor's preview ${p.previewFloorSeconds.toFixed(2)} s, ratio ${p.previewRatioToFloor}`}; ` +
        `pulumi up as the CLI runs it (preview, then update) ${p.cliUpSeconds.toFixed(2)} s`,
    );
  }
  console.log(
    `  up requests              ${f.upRequests} (${f.requestsPerResource.toFixed(3)} per resource created): ${ops(f.upRequestsByOp)}`,
  );
  console.log(`  up answers by status     ${ops(f.upStatus)}`);
  console.log(
    `  refresh                  ${f.refreshRequests} requests in ${f.refreshSeconds.toFixed(2)} s: ${ops(f.refreshRequestsByOp)}`,
  );
  console.log(`  refresh found            ${f.refreshChanges} changed resources: ${ops(f.refreshChangedFields)}`);
  if (f.drift) console.log(`  ${driftLine(f.drift, opts.clientRate)}`);
  console.log(
    `  destroy                  ${f.destroyRequests} requests (${f.destroyRequestsPerResource.toFixed(3)} per resource) in ${f.destroySeconds.toFixed(2)} s: ${ops(f.destroyRequestsByOp)}`,
  );
  const p = f.providerPeakRssMbByPhase;
  console.log(
    `  provider host peak RSS   ${mb(f.providerPeakRssMb)} (VmHWM; up ${p.up ?? "n/a"}, refresh ${p.refresh ?? "n/a"}, destroy ${p.destroy ?? "n/a"})`,
  );
  console.log(
    `  harness peak RSS         ${mb(f.harnessPeakRssMb)} (the bench process, which runs the engine harness)`,
  );
  console.log(`  program peak RSS         ${mb(f.programPeakRssMb)} (the stack program's process during up)`);
  console.log(`  serialized provider      ${f.providerBytesPerResource} bytes per resource in state`);
  for (const phase of ["up", "refresh", "destroy"] as const)
    console.log(`  CPU of ${phase.padEnd(8)}         ${cpuLine(f.cpu[phase])}`);
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

/** One run's entry of the JSON line: a size's, or the MSP estate's (which adds its tenants). */
function sizeEntry(opts: BenchOptions, r: SizeResult): Record<string, unknown> {
  const limit = speedLimit(opts, r.stack);
  return {
    target: r.target,
    sites: r.stack.sites,
    binds: limit.rateSeconds >= limit.depthSeconds ? "rate" : "depth",
    parallel: opts.parallel,
    ...headline(r.provider),
    floorSeconds: r.floor.wallSeconds,
    ratioToBound: ratioToBound(r.provider.wallSeconds, r.provider.limitSeconds, r.floor.wallSeconds),
    ...previewOf(r),
    engineDefault: engineDefaultOf(r, opts.latencyMs, opts.jitterMs),
    baseline: r.naive ? headline(r.naive) : null,
  };
}

const verdict = (met: boolean | undefined) => (met === undefined ? "n/a" : met ? "met" : "MISSED");

/** Everything after the runs: the summary per size, the growth, the goals, and the JSON line. */
export function printSummary(opts: BenchOptions, results: SizeResult[]): void {
  console.log(`\n== Summary (provider at parallel ${opts.parallel}; naive baseline in brackets)`);
  const engineHeader = opts.engineDefault
    ? `  at parallel ${opts.engineParallel}: wall s, to bound, to latency bound, slowest window`
    : "";
  console.log(
    "  resources  wall s (naive)      limit s  floor s  ratio (naive)     to bound  req/res up (naive)  req/res destroy  refresh req (naive)  " +
      "provider MB  harness MB  program MB  first Create s" +
      engineHeader,
  );
  for (const r of results) {
    const f = r.provider;
    const n = r.naive;
    const cell = (mine: number | null, theirs: number | null | undefined, width: number) =>
      `${mine ?? "n/a"}${theirs === undefined ? "" : ` (${theirs ?? "n/a"})`}`.padEnd(width);
    const engine = engineDefaultOf(r, opts.latencyMs, opts.jitterMs);
    console.log(
      `  ${(r.stack.tenants > 0 ? `${f.resourcesCreated} msp` : String(f.resourcesCreated)).padEnd(9)}  ${cell(f.wallSeconds, n?.wallSeconds, 18)}  ${String(f.limitSeconds).padEnd(7)}  ${String(r.floor.wallSeconds).padEnd(7)}  ` +
        `${cell(f.ratio, n?.ratio, 16)}  ${String(ratioToBound(f.wallSeconds, f.limitSeconds, r.floor.wallSeconds)).padEnd(8)}  ` +
        `${cell(f.requestsPerResource, n?.requestsPerResource, 18)}  ${String(f.destroyRequestsPerResource).padEnd(15)}  ${cell(f.refreshRequests, n?.refreshRequests, 19)}  ` +
        `${String(f.providerPeakRssMb ?? "n/a").padEnd(11)}  ${String(f.harnessPeakRssMb).padEnd(10)}  ${String(f.programPeakRssMb ?? "n/a").padEnd(10)}  ${String(f.firstCreateSeconds).padEnd(14)}` +
        (engine
          ? `  ${engine.wallSeconds}, ${engine.ratioToBound}, ${engine.ratioToLatencyBound}, ${engine.slowestWindowRatio ?? "n/a"}`
          : ""),
    );
  }
  const growth = costGrowth(results.filter((r) => r.stack.tenants === 0));
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
    for (const goal of goalsOf(r, opts.latencyMs)) {
      const label = r.stack.tenants > 0 ? `${r.stack.resources} msp` : String(r.stack.resources);
      console.log(
        `  ${label.padStart(8)} resources: ${goal.name.padEnd(38)} ${verdict(goal.met).padEnd(6)} (${goal.measured})`,
      );
      entry[goal.name] = goal.met ?? null;
    }
    goals[r.stack.tenants > 0 ? "msp" : String(r.target)] = entry;
  }
  const growthMet = growth ? growth.growth <= 0.1 : undefined;
  console.log(
    `  per-resource cost at the largest size within 10% of the next: ${verdict(growthMet)}` +
      (growth ? ` (${(growth.growth * 100).toFixed(1)}%, ${growth.from} → ${growth.to})` : " (needs two sizes)"),
  );

  const msp = results.find((r) => r.stack.tenants > 0);
  console.log(
    JSON.stringify({
      config: {
        sizes: opts.sizes,
        msp: opts.msp ? { tenants: opts.mspTenants, sitesPerTenant: opts.mspSitesPerTenant } : null,
        latencyMs: opts.latencyMs,
        jitterMs: opts.jitterMs,
        rateLimit: opts.rate,
        burst: opts.burst,
        clientRate: opts.clientRate,
        parallel: opts.parallel,
        engineParallel: opts.engineDefault ? opts.engineParallel : null,
        naivePollMs: opts.naivePollMs,
        programNodeArgs: opts.programNodeArgs.join(" "),
        providerNodeArgs: opts.providerNodeArgs.join(" "),
        seed: opts.seed,
        cpus: os.cpus().length,
        criticalPathDepth: CRITICAL_PATH_DEPTH,
      },
      sizes: results.filter((r) => r.stack.tenants === 0).map((r) => sizeEntry(opts, r)),
      msp: msp
        ? {
            ...sizeEntry(opts, msp),
            requestsPerCreatedResource: msp.provider.requestsPerResource,
            tenants: msp.stack.tenants,
            sitesPerTenant: msp.stack.sitesPerTenant,
            resourcesPerTenant: msp.stack.resources / msp.stack.tenants,
          }
        : null,
      perResourceCostGrowth: growth,
      goals: { bySize: goals, perResourceCostGrowth: growthMet ?? null },
    }),
  );
}
