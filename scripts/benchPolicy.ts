// What the package's policy pack adds to a preview: the bench's stack program (scripts/bench/program.ts) at its
// 1,000-resource size (996 resources), previewed on one emulator tenant without and with `--policy-pack policy`,
// alternately, --rounds times each; prints each run, the medians and their ratio (with / without).
//
//   npm run bench:policy [-- --rounds 3] [--size 1000] [any flag of npm run bench: --latency-ms, --parallel, ...]
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview } from "../harness";
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

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const rounds = takeFlag(argv, "--rounds", 3);
  const size = takeFlag(argv, "--size", 1000);
  const opts = parseArgs(argv);
  const stack = compositionOf(sitesFor(size));
  const pack = path.join(ROOT, "policy");
  const emulator = await BenchEmulator.start(opts.seed);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-bench-policy-"));
  const seconds: Record<"without" | "with", number[]> = { without: [], with: [] };
  try {
    const creds = await freshService(emulator, opts, stack);
    const [provider] = variantsToRun({ ...opts, baseline: false });
    const base = stackOptions(opts, stack, provider, opts.parallel, emulator.info.url, creds, "", () => undefined);
    console.log(`preview of ${stack.resources} resources at --parallel ${opts.parallel}, ${rounds} rounds`);
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so that neither always meets a warmer machine.
      const order: ("without" | "with")[] = round % 2 === 0 ? ["without", "with"] : ["with", "without"];
      for (const which of order) {
        const started = Date.now();
        const result = await preview({
          ...base,
          // The pack's own timings (harness/policy/packs.ts): when it was ready, its calls, the stack analysis.
          log: (line) => {
            if (line.startsWith("policy")) console.log(`    ${((Date.now() - started) / 1000).toFixed(2)} s: ${line}`);
          },
          statePath: path.join(workDir, `state-${which}-${round}.json`),
          ...(which === "with" ? { policyPacks: [{ dir: pack }] } : {}),
        });
        if (result.failed) throw new Error(`preview ${which} the pack failed: ${result.errors.slice(0, 3).join("; ")}`);
        const planned = result.steps.filter((s) => s.custom).length;
        const violations = result.policyViolations?.length ?? 0;
        seconds[which].push(result.durationMs / 1000);
        if (round === 0 && violations > 0) {
          const byPolicy = new Map<string, number>();
          for (const v of result.policyViolations ?? [])
            byPolicy.set(
              `${v.policy}: ${v.message.split("\n").pop()}`,
              (byPolicy.get(`${v.policy}: ${v.message.split("\n").pop()}`) ?? 0) + 1,
            );
          for (const [k, n] of byPolicy) console.log(`    ${n} × ${k.slice(0, 200)}`);
        }
        console.log(
          `  round ${round + 1} ${which.padEnd(7)} the pack: ${(result.durationMs / 1000).toFixed(2)} s, ` +
            `${planned} resources planned${which === "with" ? `, ${violations} violations` : ""}`,
        );
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
    await emulator.stop();
  }
  const without = median(seconds.without);
  const withPack = median(seconds.with);
  console.log(
    `median without ${without.toFixed(2)} s, with ${withPack.toFixed(2)} s: ratio ${(withPack / without).toFixed(3)} ` +
      `(+${((withPack / without - 1) * 100).toFixed(1)} %)`,
  );
  console.log(JSON.stringify({ resources: stack.resources, rounds, without: seconds.without, with: seconds.with }));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
