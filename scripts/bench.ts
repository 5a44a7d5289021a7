// Benchmark of the provider at MSP scale: deploys examples/estate (sites × 4 resources: venue, AP
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
//
// Parts, under scripts/bench/: options.ts (flags), stack.ts (the stack and its variants),
// emulator.ts (the emulator and its counters), measure.ts (the measured runs), report.ts (output).
import * as fs from "node:fs";
import { BenchEmulator } from "./bench/emulator";
import { Figures, measureVariant } from "./bench/measure";
import { parseArgs } from "./bench/options";
import { printReport, printSetup } from "./bench/report";
import { PROGRAM, Variant, variantsToRun } from "./bench/stack";

/** For the whole benchmark: a run that takes longer is broken, not slow. */
const BENCH_TIMEOUT_MS = 15 * 60 * 1000;

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const watchdog = setTimeout(() => {
    console.error(`the benchmark did not finish within ${BENCH_TIMEOUT_MS / 60000} minutes; giving up`);
    process.exit(1); // the exit hooks stop the emulator and the harness's children
  }, BENCH_TIMEOUT_MS);
  watchdog.unref();
  if (!fs.existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run npm run -s build first`);
  const log = (line: string) => console.log(line);
  printSetup(opts);

  const emulator = await BenchEmulator.start(opts.seed);
  const results: Partial<Record<Variant["name"], Figures>> = {};
  try {
    for (const variant of variantsToRun(opts)) {
      console.log(`\n${variant.name}: ${variant.description}`);
      results[variant.name] = await measureVariant(emulator, opts, variant, log);
    }
  } finally {
    await emulator.stop();
  }
  printReport(opts, results);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
