// Jest's order of test files: the longest first, so that no long file starts while the other worker
// has nothing left to do. Jest orders by the durations of the last run on this machine, and runs
// files without one first, by size; a fresh clone has none, which puts the suites that drive whole
// stacks (short files, a minute or two each) wherever their size falls, often last. Here every file
// has a duration: the last run's, else the seconds below (the mean of three full `npm test` runs on a
// fresh clone of a 2-core machine, files of 5 s or more), else a few milliseconds per kilobyte, so that
// unlisted files keep Jest's largest-first order behind the listed ones.
const Sequencer = require("@jest/test-sequencer").default;

/** Seconds each long suite took in a full run; refresh from a run's `--json` figures when they drift. */
const MEASURED_SECONDS = {
  "tests/sdk/kinds.test.ts": 100,
  "tests/provider/chaos.test.ts": 73,
  "tests/harness/lifecycle.test.ts": 50,
  "tests/harness/cli.test.ts": 40,
  "tests/provider/crash.test.ts": 36,
  "tests/provider/lifecycle/previewReads.test.ts": 35,
  "tests/examples/deploy.test.ts": 34,
  "tests/provider/tenantIsolation.test.ts": 33,
  "tests/importer/importTenant.test.ts": 31,
  "tests/sdk/acceptance.test.ts": 29,
  "tests/sdk/ownership.test.ts": 26,
  "tests/provider/lifecycle/takeoverAcrossStacks.test.ts": 22,
  "tests/sdk/kindsConvergence.test.ts": 21,
  "tests/provider/lifecycle/everyKindThroughEachStep.test.ts": 20,
  "tests/harness/upPreview.test.ts": 19,
  "tests/harness/failedRuns.test.ts": 19,
  "tests/sdk/deletedWith.test.ts": 18,
  "tests/harness/stepFailures.test.ts": 17,
  "tests/provider/badInput.property.test.ts": 17,
  "tests/provider/lifecycle/secretReplacement.test.ts": 16,
  "tests/harness/stepGenerator.test.ts": 14,
  "tests/harness/policyPack.test.ts": 14,
  "tests/provider/client/reachability.test.ts": 13,
  "tests/sdk/resourceOptions.test.ts": 13,
  "tests/provider/lifecycle/stateIdentity.test.ts": 12,
  "tests/harness/attribution.test.ts": 12,
  "tests/harness/replacementTrigger.test.ts": 12,
  "tests/sdk/unreachable.test.ts": 11,
  "tests/emulator/hostile.test.ts": 10,
  "tests/drift/drift.test.ts": 10,
  "tests/importGraph.test.ts": 9,
  "tests/sdk/driftCheck.test.ts": 9,
  "tests/sdk/parallelHint.test.ts": 8,
  "tests/sdk/lookupsStack.test.ts": 8,
  "tests/scripts/bench.test.ts": 7,
  "tests/provider/emptyAndNull.test.ts": 7,
  "tests/harness/programSecrets.test.ts": 7,
  "tests/importer/cli.test.ts": 7,
  "tests/emulator/hardening.test.ts": 6,
  "tests/emulator/operations/async.test.ts": 6,
  "tests/importer/typescriptVersions.test.ts": 5,
  "tests/sdk/functionsStack.test.ts": 5,
};

class LongSuitesFirst extends Sequencer {
  time(test) {
    const recorded = super.time(test);
    if (recorded !== undefined) return recorded;
    const relative = test.path
      .slice(test.context.config.rootDir.length + 1)
      .split("\\")
      .join("/");
    const seconds = MEASURED_SECONDS[relative];
    if (seconds !== undefined) return seconds * 1000;
    return (test.context.hasteFS.getSize(test.path) ?? 0) / 100;
  }
}

module.exports = LongSuitesFirst;
