/** @type {import('jest').Config} */
module.exports = {
  preset: "ts-jest",
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  // Slow scenarios (chaos, large stacks) run through their own scripts, not the default suite.
  testPathIgnorePatterns: ["/node_modules/", "\\.slow\\.test\\.ts$"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  testTimeout: 60000,
};
