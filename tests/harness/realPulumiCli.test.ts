/**
 * The same scenario through a real `pulumi` CLI with a local file backend, when one is on PATH. There is none on
 * the machines this project is built on (docs/pulumi-facts.md §2), so this normally reports itself skipped and only
 * checks the detection.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { API_PASSWORD, FIXTURE_PROGRAM, NET_PASSWORD, PROJECT_DIR } from "./helpers";

/** The first executable called `name` on PATH, if any. */
function findOnPath(name: string, envPath = process.env["PATH"] ?? ""): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

const pulumiCli = findOnPath("pulumi");

test("the detection finds executables on PATH and misses what is not there", () => {
  expect(findOnPath("node")).toBeDefined();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-path-"));
  try {
    const fake = path.join(dir, "pulumi");
    fs.writeFileSync(fake, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    expect(findOnPath("pulumi", `${dir}${path.delimiter}/nonexistent`)).toBe(fake);
    expect(findOnPath("pulumi", "/nonexistent")).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Without a CLI the comparison is reported skipped, with the reason in its name, never passed.
const describeWithCli = pulumiCli ? describe : describe.skip;

describeWithCli(`real pulumi CLI comparison (${pulumiCli ?? "skipped: no pulumi CLI on PATH"})`, () => {
  jest.setTimeout(300000);
  let dir = "";
  let db = "";
  let env: NodeJS.ProcessEnv = {};
  const run = (...args: string[]): string =>
    execFileSync(pulumiCli!, [...args, "--non-interactive", "--cwd", dir], {
      env,
      encoding: "utf8",
      cwd: PROJECT_DIR,
    });

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-pulumi-"));
    db = path.join(dir, "db.json");
    env = {
      ...process.env,
      PULUMI_HOME: path.join(dir, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "pulumi-cli-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    fs.mkdirSync(path.join(dir, "backend"), { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: fixture\nruntime: nodejs\nmain: index.js\n");
    fs.writeFileSync(path.join(dir, "index.js"), `module.exports = require(${JSON.stringify(FIXTURE_PROGRAM)});\n`);
    fs.symlinkSync(path.join(PROJECT_DIR, "node_modules"), path.join(dir, "node_modules"));
    run("stack", "init", "test");
    run("config", "set", "fixture:dbPath", db);
    run("config", "set", "--secret", "fixture:netPassword", NET_PASSWORD);
    run("config", "set", "--secret", "fixture:apiPassword", API_PASSWORD);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("up creates in dependency order, preview shows no changes, destroy removes everything", () => {
    run("up", "--yes", "--skip-preview");
    const log = () =>
      fs
        .readFileSync(`${db}.log`, "utf8")
        .split("\n")
        .filter((l) => l && !l.startsWith("read "));
    expect(log()).toEqual(["create network-1 lan", "create site-2 hq"]);
    run("preview", "--expect-no-changes");
    run("destroy", "--yes", "--skip-preview");
    expect(log().slice(-2)).toEqual(["delete site-2 hq", "delete network-1 lan"]);
  });
});
