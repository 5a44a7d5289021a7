// The repository's own workflows: it tests itself on every push and pull request, and releases
// on a version tag after its checks; none of them deploys anything.
import * as fs from "node:fs";
import * as path from "node:path";
import { load } from "js-yaml";

const ROOT = path.resolve(__dirname, "..", "..");
const DIR = path.join(ROOT, ".github", "workflows");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  strategy?: { matrix: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (name: string): Workflow => load(fs.readFileSync(path.join(DIR, name), "utf8")) as Workflow;
const runs = (job: Job): string[] => job.steps.flatMap((step) => (step.run ? [step.run] : []));
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

test("ci runs .ci/run on push and pull request on Node 20 and 22", () => {
  const flow = read("ci.yml");
  expect(Object.keys(flow.on).sort()).toEqual(["pull_request", "push"]);
  const test = flow.jobs["test"]!;
  expect(test.strategy?.matrix["node"]).toEqual([20, 22]);
  expect(runs(test)).toEqual(["bash .ci/run"]);
  expect(fs.existsSync(path.join(ROOT, ".ci", "run"))).toBe(true);
});

test("ci runs the acceptance suite on the oldest and latest SDK of the peer range", () => {
  const job = read("ci.yml").jobs["sdk-range"]!;
  expect(job.strategy?.matrix["combo"]).toEqual(["oldest", "latest"]);
  expect(runs(job)).toContain("npm run test:compat -- --combo ${{ matrix.combo }}");
  expect(pkg.scripts["test:compat"]).toBeDefined();
});

test("a version tag publishes with provenance after the CHANGELOG check and the tests", () => {
  const flow = read("release.yml");
  expect(flow.on).toEqual({ push: { tags: ["v*"] } });
  expect(flow.permissions["id-token"]).toBe("write");
  const steps = runs(flow.jobs["publish"]!);
  const check = steps.findIndex((r) => r.startsWith("node dist/scripts/releaseCheck.js"));
  const tests = steps.indexOf("bash .ci/run");
  const publish = steps.findIndex((r) => r.startsWith("npm publish"));
  expect(check).toBeGreaterThanOrEqual(0);
  expect(tests).toBeGreaterThan(check);
  expect(publish).toBeGreaterThan(tests);
  expect(steps[publish]).toContain("--provenance");
  expect(fs.existsSync(path.join(ROOT, "scripts", "releaseCheck.ts"))).toBe(true);
});
