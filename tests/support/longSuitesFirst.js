// Jest's order of test files: the longest first, so that no long file starts while the other worker
// has nothing left to do. Jest orders by the durations of the last run on this machine, and runs
// files without one first, by size; a fresh clone has none, which puts the suites that drive whole
// stacks (short files, a minute or two each) wherever their size falls, often last. Here every file
// has a duration: the last run's, else the seconds below (a full `npm test --json` on a 2-core
// machine, files of 8 s or more), else a few milliseconds per kilobyte, so that unlisted files keep
// Jest's largest-first order behind the listed ones.
const Sequencer = require("@jest/test-sequencer").default;

/** Seconds each long suite took in a full run; refresh from a run's `--json` figures when they drift. */
const MEASURED_SECONDS = {
  "tests/sdk/kinds.test.ts": 102,
  "tests/provider/chaos.test.ts": 80,
  "tests/harness/lifecycle.test.ts": 46,
  "tests/harness/cli.test.ts": 42,
  "tests/provider/crash.test.ts": 33,
  "tests/provider/lifecycle/previewReads.test.ts": 29,
  "tests/importer/importTenant.test.ts": 27,
  "tests/provider/tenantIsolation.test.ts": 27,
  "tests/examples/deploy.test.ts": 27,
  "tests/sdk/acceptance.test.ts": 25,
  "tests/sdk/ownership.test.ts": 24,
  "tests/provider/lifecycle/takeoverAcrossStacks.test.ts": 23,
  "tests/harness/failedRuns.test.ts": 22,
  "tests/sdk/kindsConvergence.test.ts": 22,
  "tests/provider/lifecycle/everyKindThroughEachStep.test.ts": 20,
  "tests/provider/badInput.property.test.ts": 19,
  "tests/sdk/deletedWith.test.ts": 18,
  "tests/harness/stepGenerator.test.ts": 17,
  "tests/harness/stepFailures.test.ts": 17,
  "tests/provider/lifecycle/secretReplacement.test.ts": 16,
  "tests/sdk/driftCheck.test.ts": 15,
  "tests/sdk/unreachable.test.ts": 13,
  "tests/drift/drift.test.ts": 20,
  "tests/harness/upPreview.test.ts": 19,
  "tests/provider/client/reachability.test.ts": 13,
  "tests/provider/lifecycle/stateIdentity.test.ts": 12,
  "tests/harness/replacementTrigger.test.ts": 11,
  "tests/harness/attribution.test.ts": 10,
  "tests/sdk/resourceOptions.test.ts": 11,
  "tests/importGraph.test.ts": 10,
  "tests/harness/policyPack.test.ts": 10,
  "tests/emulator/hardening.test.ts": 9,
  "tests/sdk/lookupsStack.test.ts": 8,
  "tests/provider/emptyAndNull.test.ts": 8,
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
