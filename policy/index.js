// The pack's entry point as the Pulumi CLI loads it (policy/package.json "main"): the pack is written
// in TypeScript (policy/*.ts) and shipped compiled in dist/policy, so running it compiles nothing.
// @pulumi/pulumi's index is loaded only when the pack first reads it (policy/deferredSdk.ts: why).
require("../dist/policy/deferredSdk").deferPulumiSdk();
require("../dist/policy/pack");
