// The pack's entry point as the Pulumi CLI loads it (policy/package.json "main"): the pack is written
// in TypeScript (policy/*.ts) and shipped compiled in dist/policy, so running it compiles nothing.
require("../dist/policy/pack");
