// `up` of the harness API previews first, as `pulumi up` does, which doubles its time: the suites skip that preview
// unless they pass skipPreview: false (tests/harness/upPreview.test.ts and the CLI's tests check it; harness/README.md).
process.env.NMS_HARNESS_SKIP_PREVIEW ??= "1";

/** @type {import('jest').Config} */
module.exports = {
  preset: "ts-jest",
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  // Slow scenarios (chaos, large stacks) run through their own scripts, not the default suite.
  testPathIgnorePatterns: ["/node_modules/", "\\.slow\\.test\\.ts$"],
  // Long suites first, also on a fresh clone that has no durations of a previous run.
  testSequencer: "<rootDir>/tests/support/longSuitesFirst.js",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  testTimeout: 60000,
  // Jest's default on a 2-core machine is one worker, and most suites wait on child processes and
  // sockets: two workers keep both cores busy (npm test on a fresh clone: 9m46s with one, see README).
  maxWorkers: 2,
};
