// What the package's policy pack adds to a preview: the bench's stack program (scripts/bench/program.ts) at its
// 1,000-resource size (996 resources), previewed on one emulator tenant without a pack and with each --pack (the
// package's own, policy/, by default), in turn, --rounds times each, the order rotated every round; prints each run
// with the CPU seconds of every process (the harness is this one) and the load average, then the medians and
// their ratios (with / without). Several --pack compare versions of a pack under the same load.
//
//   npm run bench:policy [-- --rounds 3] [--size 1000] [--pack DIR]... [any flag of npm run bench: --parallel, ...]
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview } from "../harness";
import { type CpuSplit, CpuWatcher } from "./bench/processes";
import { compositionOf, sitesFor } from "./bench/composition";
import { BenchEmulator } from "./bench/emulator";
import { freshService } from "./bench/service";
import { parseArgs } from "./bench/options";
import { ROOT, stackOptions, variantsToRun } from "./bench/stack";

function takeFlag(argv: string[], flag: string, fallback: number): number {
  const at = argv.indexOf(flag);
  if (at < 0) return fallback;
  const value = Number(argv[at + 1]);
  argv.splice(at, 2);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} expects a positive whole number`);
  return value;
}

function takePacks(argv: string[]): string[] {
  const packs: string[] = [];
  for (let at = argv.indexOf("--pack"); at >= 0; at = argv.indexOf("--pack")) {
    if (!argv[at + 1]) throw new Error("--pack expects a policy pack's directory");
    packs.push(path.resolve(argv[at + 1]));
    argv.splice(at, 2);
  }
  return packs;
}

/**
 * The CPU seconds of a run by process, sampled every 250 ms (CpuWatcher): the pack's process is the one it calls
 * "other" here.
 */
function cpuLine(cpu: CpuSplit): string {
  const s = cpu.cpuSeconds;
  return (
    `CPU s: harness ${s.harness}, program ${s.program}, provider host ${s.providerHost}, pack ${s.other}, ` +
    `emulator ${s.emulator}; load ${cpu.loadAverage.join(" to ")}`
  );
}

/**
 * CPU seconds of this process's children that have ended (utime + stime of the waited-for children, /proc/self/stat
 * cutime and cstime): exact for the program, the provider host and the pack, which a preview ends, where CpuWatcher's
 * samples every 250 ms miss each process's last moments (a pack's AnalyzeStack). Undefined off Linux.
 */
function endedChildrenCpuSeconds(): number | undefined {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const rounds = takeFlag(argv, "--rounds", 3);
  const size = takeFlag(argv, "--size", 1000);
  const packs = takePacks(argv);
  const opts = parseArgs(argv);
  const stack = compositionOf(sitesFor(size));
  if (packs.length === 0) packs.push(path.join(ROOT, "policy"));
  const variants = ["without", ...packs.map((_, i) => (packs.length === 1 ? "with" : `pack ${i + 1}`))];
  const emulator = await BenchEmulator.start(opts.seed);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-bench-policy-"));
  const seconds = new Map<string, number[]>(variants.map((v) => [v, []]));
  const cpuSeconds = new Map<string, number[]>(variants.map((v) => [v, []]));
  try {
    const creds = await freshService(emulator, opts, stack);
    const [provider] = variantsToRun({ ...opts, baseline: false });
    const base = stackOptions(opts, stack, provider, opts.parallel, emulator.info.url, creds, "", () => undefined);
    console.log(`preview of ${stack.resources} resources at --parallel ${opts.parallel}, ${rounds} rounds`);
    packs.forEach((p, i) => console.log(`  ${variants[i + 1]}: ${p}`));
    for (let round = 0; round < rounds; round++) {
      // The order rotates, so that no variant always meets a warmer machine.
      const order = variants.map((_, i) => variants[(i + round) % variants.length]);
      for (const which of order) {
        const pack = packs[variants.indexOf(which) - 1];
        const started = Date.now();
        const watcher = new CpuWatcher();
        const harnessBefore = process.cpuUsage();
        const childrenBefore = endedChildrenCpuSeconds();
        const result = await preview({
          ...base,
          // The pack's own timings (harness/policy/packs.ts): when it was ready, its calls, the stack analysis.
          log: (line) => {
            if (line.startsWith("policy")) console.log(`    ${((Date.now() - started) / 1000).toFixed(2)} s: ${line}`);
          },
          statePath: path.join(workDir, `state-${variants.indexOf(which)}-${round}.json`),
          ...(pack ? { policyPacks: [{ dir: pack }] } : {}),
        });
        const cpu = watcher.stop();
        const harness = process.cpuUsage(harnessBefore);
        const childrenAfter = endedChildrenCpuSeconds();
        // The run's CPU: the harness's and its ended children's, exactly where /proc says it (the emulator goes on).
        const runCpu =
          childrenBefore !== undefined && childrenAfter !== undefined
            ? (harness.user + harness.system) / 1e6 + childrenAfter - childrenBefore
            : Object.values(cpu.cpuSeconds).reduce((a, b) => a + b, 0);
        if (result.failed) throw new Error(`preview ${which}: ${result.errors.slice(0, 3).join("; ")}`);
        const planned = result.steps.filter((s) => s.custom).length;
        const violations = result.policyViolations?.length ?? 0;
        seconds.get(which)!.push(result.durationMs / 1000);
        cpuSeconds.get(which)!.push(runCpu);
        if (round === 0 && violations > 0) {
          const byPolicy = new Map<string, number>();
          for (const v of result.policyViolations ?? []) {
            const key = `${v.policy}: ${v.message.split("\n").pop()}`;
            byPolicy.set(key, (byPolicy.get(key) ?? 0) + 1);
          }
          for (const [k, n] of byPolicy) console.log(`    ${n} × ${k.slice(0, 200)}`);
        }
        console.log(
          `  round ${round + 1} ${which.padEnd(7)}: ${(result.durationMs / 1000).toFixed(2)} s, ` +
            `${planned} resources planned${pack ? `, ${violations} violations` : ""}; ${cpuLine(cpu)}; ` +
            `CPU of the run ${runCpu.toFixed(2)} s`,
        );
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
    await emulator.stop();
  }
  const without = median(seconds.get("without")!);
  const withoutCpu = median(cpuSeconds.get("without")!);
  console.log(`median without a pack ${without.toFixed(2)} s (CPU ${withoutCpu.toFixed(2)} s)`);
  for (const which of variants.slice(1)) {
    const wall = median(seconds.get(which)!);
    const cpu = median(cpuSeconds.get(which)!);
    console.log(
      `median ${which} ${wall.toFixed(2)} s: ratio ${(wall / without).toFixed(3)} (+${((wall / without - 1) * 100).toFixed(1)} %); ` +
        `CPU ${cpu.toFixed(2)} s: ratio ${(cpu / withoutCpu).toFixed(3)}`,
    );
  }
  console.log(
    JSON.stringify({
      resources: stack.resources,
      rounds,
      packs,
      seconds: Object.fromEntries(seconds),
      cpuSeconds: Object.fromEntries(cpuSeconds),
    }),
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
