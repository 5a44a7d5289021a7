// What the bench prints: the setup and the limit it is measured against, the figures of each variant, whether the
// provider met its goals, and the last line, JSON for scripts.
import * as os from "node:os";
import { Figures } from "./measure";
import { BenchOptions } from "./options";
import { CRITICAL_PATH_DEPTH, RESOURCES_PER_SITE, Variant, speedLimit } from "./stack";

const REQUESTS_NEEDED_DEFINITION =
  "requests needed = one write (POST) per resource + one login: the irreducible minimum for a client that must call the service once per object; " +
  "waiting for the async writes and reading objects back are not counted, so every poll counts against the ratio";

export function printSetup(opts: BenchOptions): void {
  const resources = opts.sites * RESOURCES_PER_SITE;
  const { depthSeconds, rateSeconds } = speedLimit(opts);
  console.log(`nms benchmark: examples/estate, ${opts.sites} sites × ${RESOURCES_PER_SITE} = ${resources} resources, harness parallel ${opts.parallel}`);
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
    `limit = max(critical-path depth × async latency, requests needed ÷ rate limit) = max(${depthSeconds.toFixed(2)} s, ${rateSeconds.toFixed(2)} s): ` +
      `${rateSeconds >= depthSeconds ? "the rate limit binds" : "the depth × latency term dominates"}`,
  );
}

function printFigures(title: string, f: Figures, opts: BenchOptions): void {
  const ops = (m: Record<string, number>) =>
    Object.entries(m)
      .map(([op, n]) => `${op} ${n}`)
      .join(", ") || "none";
  console.log(`\n== ${title}`);
  console.log(`  up wall time             ${f.wallSeconds.toFixed(2)} s for ${f.resourcesCreated} resources (whole harness command: program, provider host, state)`);
  console.log(
    `  limit                    ${f.limitSeconds.toFixed(2)} s = max(depth ${CRITICAL_PATH_DEPTH} × ${opts.latencyMs} ms (least latency) = ${speedLimit(opts).depthSeconds.toFixed(2)} s, ` +
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

/** The figures the JSON line carries for a variant. */
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

/** Everything after the runs: each variant's figures, the provider's goals, and the JSON line. */
export function printReport(opts: BenchOptions, results: Partial<Record<Variant["name"], Figures>>): void {
  printFigures("provider (coalesced poller, refresh from lists)", results.provider!, opts);
  if (results.naive) printFigures(`naive baseline (A2 every ${opts.naivePollMs} ms, GET per refreshed resource)`, results.naive, opts);

  const resources = opts.sites * RESOURCES_PER_SITE;
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

  const { depthSeconds, rateSeconds } = speedLimit(opts);
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
        binds: rateSeconds >= depthSeconds ? "rate" : "depth",
      },
      ...headline(ours),
      goals,
      baseline: results.naive ? headline(results.naive) : null,
    }),
  );
}
