// The crash suite's short form, in `npm test`: one trial per mode (the provider host killed, the
// whole run killed) of an `up` of the MSP estate at 5 sites (20 resources) spread over two end
// customers' tenants in one stack (the MSP's login), SIGKILLed at a seeded random point, and one of 12 guest users (a kind without a unique name, found again by its request
// ID); see crash/helpers.ts for what a trial checks. The full form (20 trials per mode at
// 100 resources) is crash.slow.test.ts, `npm run test:crash`. Measured 104 s for both trials on the
// 2-core development machine while its load average was about 20 (other jobs sharing it).
import { type ChaosEmulator, guestStack, mspStack, startChaosEmulator } from "./chaos/helpers";
import {
  CRASH_MODES,
  crashSeed,
  type CrashTrialReport,
  formatCrashReport,
  runCrashTrial,
  seededRandom,
  summarize,
} from "./crash/helpers";

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

test.each(CRASH_MODES)(
  "SIGKILL of the %s in the middle of an up: the next up converges, no duplicate, destroy leaves nothing",
  async (mode) => {
    const random = seededRandom(seed + (mode === "whole-run" ? 1 : 0));
    reports.push(await runCrashTrial(emu, mspStack(5, { tenants: 2 }), mode, random, 1));
  },
  240_000,
);

test("SIGKILL of the provider host in the middle of an up of guest users (no unique name): the next up converges, one guest each", async () => {
  const random = seededRandom(seed + 2);
  reports.push(await runCrashTrial(emu, guestStack(12), "provider-host", random, 1));
}, 240_000);
