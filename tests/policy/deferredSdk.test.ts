// The pack's process, started as the CLI starts it, serves without loading @pulumi/pulumi's index (its automation
// API and closure serializer: @npmcli/arborist, pacote, sigstore); @pulumi/policy still gets the real SDK the first
// time it reads it (policy/deferredSdk.ts).
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { resolvePulumiSdk } from "../../harness/processes";

const PACK = path.join(__dirname, "..", "..", "policy");
const REPORTER = path.join(__dirname, "fixtures", "sdkLoadReporter.js");

test("the pack serves before the SDK's index is loaded, and @pulumi/policy gets the real SDK when it reads it", () => {
  const runner = path.join(resolvePulumiSdk(PACK), "cmd", "run-policy-pack");
  const run = spawnSync(process.execPath, ["-r", REPORTER, runner, "127.0.0.1:1", PACK], {
    cwd: PACK,
    encoding: "utf8",
    timeout: 60000,
    env: {
      ...process.env,
      PULUMI_NODEJS_ORGANIZATION: "organization",
      PULUMI_NODEJS_PROJECT: "deferred",
      PULUMI_NODEJS_STACK: "dev",
      PULUMI_NODEJS_DRY_RUN: "true",
      PULUMI_CONFIG: "{}",
    },
  });
  const report = run.stderr.split("\n").find((line) => line.startsWith("{"));
  expect({ status: run.status, report: report && JSON.parse(report) }).toEqual({
    status: 0,
    report: {
      before: { sdkAutomation: false, arborist: false },
      after: { fileAsset: true, sdkAutomation: true },
    },
  });
});
