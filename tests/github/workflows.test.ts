// The GitOps workflows users copy into their stack repositories (examples/gitops/, docs/gitops.md):
// preview with the plan posted on a pull request, up on merge, and a scheduled drift check
// (nms-drift, its Markdown report as the job summary and an issue where configured) that fails on
// drift; one run at a time per stack, credentials only from the CI service's secrets, and only
// commands and flags that exist. This repository's own workflows deploy nothing.
import * as fs from "node:fs";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import * as os from "node:os";
import { load } from "js-yaml";
import { parseCommandLine as parseDriftCommandLine } from "../../drift/cli";
import { RECOMMENDED_PARALLEL } from "../../sdk/parallelHint";

const ROOT = path.resolve(__dirname, "..", "..");
const DIR = path.join(ROOT, "examples", "gitops", ".github", "workflows");
const TEMPLATES = ["preview.yml", "deploy.yml", "drift.yml"];
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  bin: Record<string, string>;
  files: string[];
};

/** The inputs of pulumi/actions v6 (its action.yml at tag v6.6.1) and the commands its README accepts. */
// biome-ignore format: a list of names, kept dense
const PULUMI_ACTION_INPUTS = [
  "command", "stack-name", "pulumi-version", "pulumi-version-file", "work-dir", "comment-on-pr",
  "comment-on-pr-number", "comment-on-summary", "github-token", "cloud-url", "secrets-provider", "parallel",
  "message", "config-map", "expect-no-changes", "diff", "replace", "exclude", "exclude-dependents", "target",
  "target-dependents", "policyPacks", "policyPackConfigs", "refresh", "upsert", "remove", "edit-pr-comment",
  "color", "exclude-protected", "plan", "suppress-outputs", "suppress-progress", "always-include-summary",
  "continue-on-error", "log-verbosity", "log-flow", "debug",
];
const PULUMI_ACTION_COMMANDS = ["up", "update", "refresh", "destroy", "preview", "output"];
/**
 * The flags of each command the run steps may call, from the real CLIs' sources: `pulumi stack export`
 * (pulumi/pulumi pkg/cmd/pulumi/stack/stack_export.go, newStackExportCmd) and `gh issue create`
 * (cli/cli pkg/cmd/issue/create/create.go, NewCmdCreate). npm: only `npm ci`, since a stack project as
 * nms-import writes it has no scripts of its own.
 */
// biome-ignore format: lists of flags, kept dense
const CLI_FLAGS: Record<string, readonly string[]> = {
  "pulumi stack export": ["--stack", "-s", "--file", "--version", "--show-secrets"],
  "gh issue create": ["--title", "-t", "--body", "-b", "--body-file", "-F", "--web", "-w", "--assignee", "-a",
    "--label", "-l", "--project", "-p", "--milestone", "-m", "--recover"],
  "npm ci": [],
};
/** Words of the run scripts that are the shell's own, not programs. */
const SHELL_WORDS = new Set(["set", "cat", "echo", "if", "then", "fi", "exit"]);

/** A shell line's words, quotes removed (enough for these scripts: no escapes, no nesting). */
function shellWords(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Every simple command of a run script: its words, redirections left out. */
function commandsOf(script: string): string[][] {
  return script
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .flatMap((line) => line.split(/;|&&|\|\|/))
    .map((segment) => {
      const words = shellWords(segment.trim());
      return words.filter((word, i) => !/^\d?>>?/.test(word) && !/^\d?>>?$/.test(words[i - 1] ?? ""));
    })
    .filter((words) => words.length > 0 && !/^\w+=/.test(words[0]));
}

/** What is wrong with one command of a template: "" when it exists with every flag it is given. */
function commandProblem(words: string[]): string {
  const [program, ...args] = words;
  if (SHELL_WORDS.has(program) || program === "[") return "";
  const bin = /^\.\/node_modules\/\.bin\/(.+)$/.exec(program)?.[1];
  if (bin !== undefined) {
    if (PACKAGE.bin[bin] === undefined) return `${program}: pulumi-nms has no command ${bin}`;
    if (bin !== "nms-drift") return `${program}: no parser known to the test`;
    try {
      return parseDriftCommandLine(args).help ? `${program}: asks for help` : "";
    } catch (error) {
      return `${words.join(" ")}: ${(error as Error).message}`;
    }
  }
  const command = Object.keys(CLI_FLAGS).find((name) => words.slice(0, name.split(" ").length).join(" ") === name);
  if (!command) return `${words.join(" ")}: unknown command`;
  const unknown = words
    .slice(command.split(" ").length)
    .filter((arg) => arg.startsWith("-"))
    .map((arg) => arg.split("=")[0])
    .filter((flag) => !CLI_FLAGS[command].includes(flag));
  return unknown.length > 0 ? `${command}: no flag ${unknown.join(", ")}` : "";
}

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
  // This repository installs itself as pulumi-nms (package.json devDependencies), as a user's project would,
  // and the package ships the pack's files.
  const pack = path.join(ROOT, String(pulumi.with?.["policyPacks"]));
  expect(fs.existsSync(path.join(pack, "PulumiPolicy.yaml"))).toBe(true);
  expect(fs.readFileSync(path.join(pack, "index.js"), "utf8")).toContain('require("../dist/policy/pack")');
  expect(PACKAGE.files).toEqual(
    expect.arrayContaining(["policy/PulumiPolicy.yaml", "policy/package.json", "policy/index.js"]),
  );
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
  expect(report.run).toContain('./node_modules/.bin/nms-drift --state "$RUNNER_TEMP/state.json" --format markdown');
  // The link npm ci makes is the package's nms-drift command.
  expect(PACKAGE.bin["nms-drift"]).toBe("dist/drift/cli.js");
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
    const cli = path.join(dir, "node_modules", ".bin", "nms-drift");
    fs.mkdirSync(path.dirname(cli), { recursive: true });
    fs.writeFileSync(cli, `#!/bin/sh\necho "## nms-drift report"\nexit ${code}\n`, { mode: 0o755 });
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

test.each(TEMPLATES)(
  "%s: one run at a time per stack, credentials from secrets only, the stack's dependencies installed first",
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
      expect(job.steps.map((s) => s.run).filter(Boolean)[0]).toBe("npm ci");
    }
    expect(text).not.toMatch(/password:\s*["']?[^$\s]/i);
  },
);

test.each(TEMPLATES)(
  "%s: Pulumi runs the recommended number of steps at once (docs/performance.md), not a runner's default of 4 per CPU",
  (name) => {
    const { flow } = workflow(name);
    for (const job of Object.values(flow.jobs)) expect(job.env.PULUMI_PARALLEL).toBe(RECOMMENDED_PARALLEL);
  },
);

test.each(TEMPLATES)("%s parses, and names only commands, flags and action inputs that exist", (name) => {
  const { flow } = workflow(name);
  const problems: string[] = [];
  for (const step of Object.values(flow.jobs).flatMap((job) => job.steps)) {
    if (step.uses?.startsWith("pulumi/actions@")) {
      expect(step.uses).toBe("pulumi/actions@v6");
      for (const input of Object.keys(step.with ?? {}))
        if (!PULUMI_ACTION_INPUTS.includes(input)) problems.push(`pulumi/actions: no input ${input}`);
      const command = step.with?.["command"];
      if (command !== undefined && !PULUMI_ACTION_COMMANDS.includes(String(command)))
        problems.push(`pulumi/actions: no command ${String(command)}`);
    }
    for (const words of commandsOf(step.run ?? "")) problems.push(commandProblem(words));
  }
  expect(problems.filter(Boolean)).toEqual([]);
});

test("the command check refuses a command, a flag or an input that does not exist", () => {
  expect(commandProblem(["npm", "run", "build"])).toBe("npm run build: unknown command");
  expect(commandProblem(["pulumi", "stack", "export", "--out", "x"])).toBe("pulumi stack export: no flag --out");
  expect(commandProblem(["pulumi", "stack", "export", "--file", "x"])).toBe("");
  expect(commandProblem(["./node_modules/.bin/nms-drift", "--state", "x", "--format", "html"])).toContain(
    "--format html",
  );
  expect(commandProblem(["./node_modules/.bin/nms-drift", "--state", "x", "--formats", "markdown"])).not.toBe("");
  expect(commandProblem(["./node_modules/.bin/nms-drifts"])).toContain("no command nms-drifts");
  expect(commandsOf('set +e\n# a comment\nx --a "$B c" > "$F"; code=$?\nif [ 1 ]; then exit 2; fi')).toEqual([
    ["set", "+e"],
    ["x", "--a", "$B c"],
    ["if", "[", "1", "]"],
    ["then", "exit", "2"],
    ["fi"],
  ]);
});

test("this repository's own workflows deploy nothing: no Pulumi action, no environment, no pulumi up", () => {
  const own = path.join(ROOT, ".github", "workflows");
  const files = fs.readdirSync(own).filter((file) => /\.ya?ml$/.test(file));
  expect(files.filter((file) => TEMPLATES.includes(file))).toEqual([]);
  for (const file of files) {
    const text = fs.readFileSync(path.join(own, file), "utf8");
    expect({ file, deploys: /pulumi\/actions@|^\s*environment:|pulumi (up|destroy)\b/m.test(text) }).toEqual({
      file,
      deploys: false,
    });
  }
});

test("the template's README names each workflow and every secret and variable they read", () => {
  const readme = fs.readFileSync(path.join(ROOT, "examples", "gitops", "README.md"), "utf8");
  const texts = TEMPLATES.map((name) => fs.readFileSync(path.join(DIR, name), "utf8")).join("\n");
  const settings = new Set([...texts.matchAll(/\b(?:secrets|vars)\.(\w+)/g)].map((m) => m[1]));
  settings.delete("GITHUB_TOKEN"); // GitHub gives every run its own
  expect(settings.size).toBeGreaterThan(5);
  const missing = [...TEMPLATES, ...settings].filter((name) => !readme.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});
