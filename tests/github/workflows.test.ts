// The GitOps workflows users copy (docs/gitops.md): preview with the plan posted on a pull
// request, up on merge, and a scheduled drift check that fails on any change; one run at a time per
// stack, and credentials only from the CI service's secrets. The harness's --expect-no-changes
// (tests/harness/cli.test.ts) is the same check the drift workflow makes with Pulumi's CLI.
import * as fs from "node:fs";
import * as path from "node:path";
import { load } from "js-yaml";
import { RECOMMENDED_PARALLEL } from "../../sdk/parallelHint";

const DIR = path.resolve(__dirname, "..", "..", ".github", "workflows");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency: { group: string; "cancel-in-progress": boolean };
  permissions: Record<string, string>;
  jobs: Record<string, { env: Record<string, string>; steps: Step[] }>;
}

function workflow(name: string): { text: string; flow: Workflow; pulumi: Step } {
  const text = fs.readFileSync(path.join(DIR, name), "utf8");
  const flow = load(text) as Workflow;
  const steps = Object.values(flow.jobs).flatMap((job) => job.steps);
  const pulumi = steps.find((step) => step.uses?.startsWith("pulumi/actions@"));
  if (!pulumi) throw new Error(`${name} has no pulumi/actions step`);
  return { text, flow, pulumi };
}

test("pull requests get a refreshed preview whose plan is posted as a comment", () => {
  const { flow, pulumi } = workflow("preview.yml");
  expect(Object.keys(flow.on)).toEqual(["pull_request"]);
  expect(pulumi.with).toMatchObject({ command: "preview", refresh: true, "comment-on-pr": true });
  expect(flow.permissions["pull-requests"]).toBe("write");
});

test("the pull request's preview runs the package's policy pack, where npm ci installs it", () => {
  const { pulumi } = workflow("preview.yml");
  expect(pulumi.with).toMatchObject({ policyPacks: "node_modules/pulumi-nms/policy" });
  // This repository installs itself as pulumi-nms (package.json devDependencies), as a user's project would.
  const pack = path.resolve(DIR, "..", "..", String(pulumi.with?.["policyPacks"]));
  expect(fs.existsSync(path.join(pack, "PulumiPolicy.yaml"))).toBe(true);
  expect(fs.readFileSync(path.join(pack, "index.js"), "utf8")).toContain('require("../dist/policy/pack")');
});

test("a merge to main runs up", () => {
  const { flow, pulumi } = workflow("deploy.yml");
  expect(flow.on).toEqual({ push: { branches: ["main"] } });
  expect(pulumi.with).toMatchObject({ command: "up", refresh: true });
});

test("the scheduled drift check is preview --refresh --expect-no-changes", () => {
  const { flow, pulumi } = workflow("drift.yml");
  expect(Object.keys(flow.on).sort()).toEqual(["schedule", "workflow_dispatch"]);
  expect(pulumi.with).toMatchObject({ command: "preview", refresh: true, "expect-no-changes": true });
});

test.each(["preview.yml", "deploy.yml", "drift.yml"])(
  "%s: one run at a time per stack, credentials from secrets only, the package built first",
  (name) => {
    const { text, flow } = workflow(name);
    expect(flow.concurrency).toEqual({ group: "pulumi-${{ vars.PULUMI_STACK }}", "cancel-in-progress": false });
    for (const job of Object.values(flow.jobs)) {
      for (const key of [
        "NMS_PASSWORD",
        "NMS_USERNAME",
        "NMS_TENANT_ID",
        "PULUMI_ACCESS_TOKEN",
        "PULUMI_CONFIG_PASSPHRASE",
      ]) {
        expect(job.env[key]).toBe(`\${{ secrets.${key} }}`);
      }
      expect(job.steps.map((s) => s.run).filter(Boolean)).toEqual(["npm ci", "npm run build"]);
    }
    expect(text).not.toMatch(/password:\s*["']?[^$\s]/i);
  },
);

test.each(["preview.yml", "deploy.yml", "drift.yml"])(
  "%s: Pulumi runs the recommended number of steps at once (docs/performance.md), not a runner's default of 4 per CPU",
  (name) => {
    const { flow } = workflow(name);
    for (const job of Object.values(flow.jobs)) expect(job.env.PULUMI_PARALLEL).toBe(RECOMMENDED_PARALLEL);
  },
);
