// The crash suite's full form: NMS_CRASH_TRIALS (default 20) trials per mode of an `up` of the MSP
// estate at 25 sites (100 resources) SIGKILLed at a seeded random point, the provider host alone
// or the whole run, and a quarter as many of an `up` of 20 guest users (a kind without a unique
// name); see crash/helpers.ts for what each trial checks. Not in `npm test`; run it
// with `npm run test:crash` (builds first; NMS_CRASH_SEED repeats a run, NMS_CRASH_TRIALS and
// NMS_CRASH_MODES choose how many and which). The short form is crash.test.ts.
import { startChaosEmulator, type ChaosEmulator, guestStack, mspStack } from "./chaos/helpers";
import {
  CRASH_MODES,
  crashSeed,
  type CrashTrialReport,
  formatCrashReport,
  runCrashTrial,
  seededRandom,
  summarize,
} from "./crash/helpers";

const TRIALS = Number(process.env.NMS_CRASH_TRIALS ?? 20);
/** NMS_CRASH_MODES=whole-run (or provider-host) runs one mode only, e.g. one per process. */
const MODES = CRASH_MODES.filter((mode) =>
  (process.env.NMS_CRASH_MODES ?? CRASH_MODES.join(",")).split(",").includes(mode),
);
const seed = crashSeed();
let emu: ChaosEmulator;
const reports: CrashTrialReport[] = [];

beforeAll(async () => {
  emu = await startChaosEmulator();
});
afterAll(async () => {
  await emu?.close();
  process.stdout.write(
    `crash trials (seed ${seed}):\n${reports.map(formatCrashReport).join("\n")}\n${summarize(reports)}\n`,
  );
});

describe.each(MODES)("SIGKILL of the %s in the middle of an up of the MSP estate (100 resources)", (mode) => {
  // One generator per mode, so that each mode's trials do not depend on the other's.
  const random = seededRandom(seed + (mode === "whole-run" ? 1 : 0));
  test.each(Array.from({ length: TRIALS }, (_, i) => i + 1))(
    "trial %i: the next up converges, no duplicate, destroy leaves nothing",
    async (trial) => {
      const report = await runCrashTrial(emu, mspStack(25), mode, random, trial);
      reports.push(report);
      process.stdout.write(`${formatCrashReport(report)}\n`);
    },
    300_000,
  );
});

describe.each(MODES)("SIGKILL of the %s in the middle of an up of 20 guest users (no unique name)", (mode) => {
  const random = seededRandom(seed + (mode === "whole-run" ? 3 : 2));
  test.each(Array.from({ length: Math.max(1, Math.ceil(TRIALS / 4)) }, (_, i) => i + 1))(
    "trial %i: the next up converges, one guest each, destroy leaves nothing",
    async (trial) => {
      const report = await runCrashTrial(emu, guestStack(20), mode, random, trial);
      reports.push(report);
      process.stdout.write(`${formatCrashReport(report)}\n`);
    },
    300_000,
  );
});
