// Benchmark of the provider at MSP scale: deploys a generated MSP estate (scripts/bench/program.ts: venues with radio
// and syslog settings, AP groups, APs, networks and activations, switch profiles with VLANs, switches with port
// settings) at several sizes (about 250, 1,000 and 4,000 resources) in one tenant, and with `msp` in --sizes (or
// --msp-estate) as an MSP's estate (20 end customers' tenants of 54 resources each, 1,080 in one stack, every resource
// naming its customer's tenant, the MSP's login reaching them by delegated access), through the engine harness against the emulator,
// refreshes it and destroys it, once with the provider's own settings and once as a naive client would (per-request
// getRequest polling at a fixed interval, one GET per refreshed resource), on the same emulator settings (the emulator is
// reset between runs).
//
//   npm run bench [-- --sizes 250,1000,4000,msp] [--msp-tenants 20] [--msp-sites 2] [--latency-ms 300] [--jitter-ms 200] [--rate 100] [--burst 100]
//                 [--client-rate 95] [--parallel 128] [--engine-parallel 4×CPUs] [--no-engine-default]
//                 [--naive-poll-ms 1000] [--seed 42]
//                 [--program-node-args "--cpu-prof --cpu-prof-dir=/tmp/prof"] [--provider-node-args "..."]
//                 [--no-baseline] [--verbose] [--preview-only [N]]
//
// Each size starts with its floor: the same program's up (and preview) with resources whose provider does nothing
// (scripts/bench/floorSdk.ts), at the same parallelism: what Pulumi itself costs on this machine. `pulumi up` as the
// CLI runs it is a preview and then the update: both are reported, and their sum (cliUpSeconds). The provider's up
// is measured at --parallel (the README's recommendation) and, up only, again at the engine's default (4 × CPUs, or
// PULUMI_PARALLEL) with a floor of its own; each wall time is also given as its ratio to the bound max(limit, floor).
// At the engine's default the bound also holds the latency bound (scripts/bench/pace.ts: the steps that wait for a
// request record × the least async latency ÷ the parallelism), and the steps started per 10-second window show
// whether the run kept its pace: the slowest window against the median.
//
// Figures per size and variant: wall time of `up` (the whole harness command), the limit
// max(critical-path depth × least async latency, requests needed ÷ service rate limit) with
// "requests needed" = one write per resource + one login, their ratio, and where the time went
// (until the first API request, first to last API request, after it); API requests by operation
// (the emulator's /__admin/stats) per created resource; requests and time of refresh and destroy (and destroy
// requests per resource); peak RSS of the dynamic-provider host (RunResult.providerPeakRssMb), of the harness (this
// process) and of the program; the time until the first registration reached Create; average size of the serialized
// provider per resource in the state file. Then the growth of the per-resource cost of up between the two largest
// sizes, and the goals.
//
// With --preview-only [N], each size runs only its floor's preview and the provider's, alternately N times, each
// printed with its wall time and the CPU seconds of each process (a quick look at the preview against its floor).
//
// The emulator runs in a child process (its own event loop); the program and the dynamic-provider
// host are child processes of the harness. Everything is on loopback. The last line is JSON with `sizes` (and `msp`,
// the estate's entry with the same keys, or null).
//
// Parts, under scripts/bench/: options.ts (flags), composition.ts (what a size holds), program.ts (the stack program),
// programStats.ts (the program's peak memory), floorSdk.ts and floorPreload.ts (the floor's no-op resources), stack.ts
// (the stack and its variants), emulator.ts (the emulator and its counters), service.ts (a fresh service for a run and
// what it holds), progress.ts (the harness's log during a run), measure.ts (the measured runs), report.ts (output).
import * as fs from "node:fs";
import { type Composition, compositionOf, mspCompositionOf, sitesFor } from "./bench/composition";
import { BenchEmulator } from "./bench/emulator";
import { measureUp, measureVariant } from "./bench/measure";
import { measurePreviews } from "./bench/previews";
import { parseArgs } from "./bench/options";
import { previewRunLines, printFigures, printSetup, printSummary, type SizeResult } from "./bench/report";
import { FLOOR, FLOOR_PRELOAD, PROGRAM, PROGRAM_STATS_PRELOAD, variantsToRun } from "./bench/stack";

/** For the whole benchmark: a run that takes longer is broken, not slow. */
const BENCH_TIMEOUT_MS = 150 * 60 * 1000;

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const watchdog = setTimeout(() => {
    console.error(`the benchmark did not finish within ${BENCH_TIMEOUT_MS / 60000} minutes; giving up`);
    process.exit(1); // the exit hooks stop the emulator and the harness's children
  }, BENCH_TIMEOUT_MS);
  watchdog.unref();
  for (const file of [PROGRAM, PROGRAM_STATS_PRELOAD, FLOOR_PRELOAD])
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run -s build first`);
  const log = (line: string) => console.log(line);
  const runs: { target: number; stack: Composition; title: string }[] = opts.sizes.map((size) => {
    const stack = compositionOf(sitesFor(size));
    return { target: size, stack, title: `${stack.resources} resources (size ${size})` };
  });
  if (opts.msp) {
    const stack = mspCompositionOf(opts.mspTenants, opts.mspSitesPerTenant);
    runs.push({
      target: stack.resources,
      stack,
      title: `the MSP estate: ${stack.resources} resources in ${stack.tenants} customers' tenants`,
    });
  }
  printSetup(
    opts,
    runs.map((run) => run.stack),
  );

  const emulator = await BenchEmulator.start(opts.seed);
  const results: SizeResult[] = [];
  try {
    for (const { target, stack, title } of runs) {
      console.log(`\n### ${title}`);
      if (opts.previewOnly) {
        await measurePreviews(emulator, opts, stack, log, (run, floor, provider) => {
          for (const line of previewRunLines(run, floor, provider)) log(line);
        });
        continue;
      }
      console.log(`\nfloor: ${FLOOR.description}`);
      const result: Partial<SizeResult> = {
        target,
        stack,
        floor: await measureUp(emulator, opts, stack, FLOOR, opts.parallel, log),
      };
      // The floor's preview, measured as the floor's up is: what Pulumi's own Check and Diff cost for the stack.
      result.previewFloor = await measureUp(emulator, opts, stack, FLOOR, opts.parallel, log, "preview");
      for (const variant of variantsToRun(opts)) {
        console.log(`\n${variant.name}: ${variant.description}`);
        result[variant.name] = await measureVariant(emulator, opts, stack, variant, log);
        if (variant.name === "provider" && opts.engineDefault) {
          console.log(
            `\nthe engine's default parallelism, ${opts.engineParallel} (4 × CPUs): the provider's up and the floor's`,
          );
          result.engineDefault = {
            run: await measureUp(emulator, opts, stack, variant, opts.engineParallel, log),
            floor:
              opts.engineParallel === opts.parallel
                ? result.floor!
                : await measureUp(emulator, opts, stack, FLOOR, opts.engineParallel, log),
          };
        }
      }
      const done = result as SizeResult;
      const what =
        stack.tenants > 0
          ? `MSP estate, ${stack.resources} resources in ${stack.tenants} tenants`
          : `${stack.resources} resources`;
      printFigures(`${what}: provider (coalesced poller, refresh from lists)`, done, opts);
      if (done.naive)
        printFigures(
          `${what}: naive baseline (getRequest every ${opts.naivePollMs} ms, GET per refreshed resource)`,
          done,
          opts,
          "naive",
        );
      results.push(done);
    }
  } finally {
    await emulator.stop();
  }
  if (!opts.previewOnly) printSummary(opts, results);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
