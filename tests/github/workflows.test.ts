// The GitOps workflows users copy (docs/gitops.md): preview with the plan posted on a pull
// request, up on merge, and a scheduled drift check (nms-drift, its Markdown report as the job summary
// and an issue where configured) that fails on drift; one run at a time per stack, and credentials
// only from the CI service's secrets.
import * as fs from "node:fs";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import * as os from "node:os";
import { load } from "js-yaml";
import { RECOMMENDED_PARALLEL } from "../../sdk/parallelHint";

const DIR = path.resolve(__dirname, "..", "..", ".github", "workflows");

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
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

test("the scheduled drift check exports the state and runs nms-drift, its Markdown report the job's summary", () => {
  const { flow, pulumi } = workflow("drift.yml");
  expect(Object.keys(flow.on).sort()).toEqual(["schedule", "workflow_dispatch"]);
  // The action only installs the CLI: the state is exported for nms-drift, which reads the service itself.
  expect(pulumi.with).toBeUndefined();
  const steps = flow.jobs.drift.steps;
  expect(steps.find((s) => s.run?.startsWith("pulumi stack export"))?.run).toContain(
    '--file "$RUNNER_TEMP/state.json"',
  );
  const report = steps.find((s) => s.id === "drift")!;
  expect(report.run).toContain(
    'node node_modules/pulumi-nms/dist/drift/cli.js --state "$RUNNER_TEMP/state.json" --format markdown',
  );
  // The path the step runs is the package's nms-drift command.
  expect(JSON.parse(fs.readFileSync(path.join(DIR, "..", "..", "package.json"), "utf8")).bin["nms-drift"]).toBe(
    "dist/drift/cli.js",
  );
  expect(report.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
  const issue = steps.find((s) => s.run?.startsWith("gh issue create"))!;
  expect(issue.if).toBe("steps.drift.outputs.code == '2' && vars.DRIFT_ISSUE == 'true'");
  expect(issue.run).toContain('--body-file "$RUNNER_TEMP/drift.md"');
  expect(flow.permissions.issues).toBe("write");
});

/** The report step's script run with a stand-in nms-drift exiting `code`: what it exits, and the summary it writes. */
function reportStep(code: number): { exit: number; summary: string; output: string } {
  const run = workflow("drift.yml").flow.jobs.drift.steps.find((s) => s.id === "drift")!.run!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drift-step-"));
  try {
    // A stand-in for the package's command at the path the step runs, relative to the working directory.
    const cli = path.join(dir, "node_modules", "pulumi-nms", "dist", "drift", "cli.js");
    fs.mkdirSync(path.dirname(cli), { recursive: true });
    fs.writeFileSync(cli, `console.log("## nms-drift report"); process.exit(${code});\n`);
    const env = {
      PATH: process.env.PATH,
      RUNNER_TEMP: dir,
      GITHUB_STEP_SUMMARY: path.join(dir, "summary"),
      GITHUB_OUTPUT: path.join(dir, "output"),
    };
    let exit = 0;
    try {
      // As GitHub runs a step of `shell: bash`.
      execFileSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", run], { env, cwd: dir, stdio: "pipe" });
    } catch (error) {
      exit = (error as { status: number }).status;
    }
    return {
      exit,
      summary: fs.readFileSync(env.GITHUB_STEP_SUMMARY, "utf8"),
      output: fs.readFileSync(env.GITHUB_OUTPUT, "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test.each([
  [0, 0],
  [2, 0],
  [1, 1],
])(
  "nms-drift exiting %d: the report step exits %d, the report in the summary, the code kept for the next steps",
  (code, exit) => {
    const step = reportStep(code);
    expect(step).toEqual({ exit, summary: "## nms-drift report\n", output: `code=${code}\n` });
  },
);

test("the run fails on drift, by a step of its own after the issue", () => {
  const steps = workflow("drift.yml").flow.jobs.drift.steps;
  const fail = steps.findIndex((s) => s.if === "steps.drift.outputs.code == '2'" && /exit 1/.test(s.run ?? ""));
  expect(fail).toBe(steps.length - 1);
  expect(steps.findIndex((s) => s.run?.startsWith("gh issue create"))).toBe(fail - 1);
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
      expect(
        job.steps
          .map((s) => s.run)
          .filter(Boolean)
          .slice(0, 2),
      ).toEqual(["npm ci", "npm run build"]);
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
