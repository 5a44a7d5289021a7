// The chaos suite at MSP scale for every fault kind: the MSP estate at 25 sites (100 resources)
// under 10% of each kind, with the checks of chaos/helpers.ts. Not in `npm test` (the .slow
// pattern; about 2 minutes on 2 cores); after `npm run build`, run it with
//   npx jest --testPathIgnorePatterns=/node_modules/ --testPathPattern 'chaos\.slow'
// (a path given after --testPathIgnorePatterns=… would be read as one more ignore pattern).
// The default suite (chaos.test.ts) runs the quickstart for every kind and this estate for
// lost-answer and http-5xx.
import type { FaultKind } from "../../emulator";
import { ChaosEmulator, expectFailuresOf, FAULT_KINDS, formatReport, mspStack, runScenario, ScenarioReport, startChaosEmulator } from "./chaos/helpers";

let emu: ChaosEmulator;
const reports: ScenarioReport[] = [];

beforeAll(async () => {
  emu = await startChaosEmulator();
});
afterAll(async () => {
  await emu.close();
  if (reports.length > 0) process.stdout.write(`chaos scenarios:\n${reports.map(formatReport).join("\n")}\n`);
});

describe("the MSP estate (25 sites, 100 resources) under 10% of each fault kind", () => {
  const medium = mspStack(25);
  test.each(FAULT_KINDS)("%s", async (kind: FaultKind) => {
    const report = await runScenario(emu, medium, kind);
    reports.push(report);
    expectFailuresOf(kind, report);
  }, 600_000);
});
