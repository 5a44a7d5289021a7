// `up` of the harness API previews first, as `pulumi up` does, which doubles its time: the suites skip that preview
// unless they pass skipPreview: false (tests/harness/upPreview.test.ts and the CLI's tests check it; harness/README.md).
process.env.NMS_HARNESS_SKIP_PREVIEW ??= "1";

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  // Slow scenarios (chaos, large stacks) run through their own scripts, not the default suite.
  testPathIgnorePatterns: ["/node_modules/", "\\.slow\\.test\\.ts$"],
  // Long suites first, also on a fresh clone that has no durations of a previous run.
  testSequencer: "<rootDir>/tests/support/longSuitesFirst.js",
  // Transpile only, as ts-jest did with isolatedModules (tsconfig.test.json): type-checking is `npm run typecheck`.
  // SWC transpiles the ~700 TypeScript files a fresh clone's run meets with a twentieth of the CPU that ts-jest took; its
  // options give tsc's output: CommonJS without interop helpers (esModuleInterop is off, so `import * as fs` is
  // the module itself, as jest.spyOn(fs, ...) needs), ES2022 (tsconfig.json's target), class names kept.
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript" }, target: "es2022", keepClassNames: true },
        module: { type: "commonjs", noInterop: true },
        sourceMaps: "inline",
      },
    ],
  },
  testTimeout: 60000,
  // Jest's default on a 2-core machine is one worker, and most suites wait on child processes and
  // sockets: two workers keep both cores busy (npm test on a fresh clone: 9m46s with one, see README).
  maxWorkers: 2,
  // A worker's heap grows with every file it runs (880 MB after the 49 files of tests/emulator and tests/contract,
  // `--logHeapUsage`), and each garbage collection walks it all: past this, the worker is replaced between files.
  workerIdleMemoryLimit: "600MB",
};
