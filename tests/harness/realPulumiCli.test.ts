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
export function findOnPath(name: string, envPath = process.env["PATH"] ?? ""): string | undefined {
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

if (!pulumiCli) {
  describe("real pulumi CLI comparison (skipped: no pulumi CLI on PATH)", () => {
    beforeAll(() => {
      console.log("skipped: no pulumi CLI on PATH; the harness scenario tests cover the engine's part instead");
    });

    test("the detection finds executables on PATH and reports pulumi missing", () => {
      expect(findOnPath("node")).toBeDefined();
      expect(findOnPath("pulumi")).toBeUndefined();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-path-"));
      try {
        const fake = path.join(dir, "pulumi");
        fs.writeFileSync(fake, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
        expect(findOnPath("pulumi", `${dir}${path.delimiter}/nonexistent`)).toBe(fake);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
} else {
  describe(`real pulumi CLI comparison (${pulumiCli})`, () => {
    jest.setTimeout(300000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-pulumi-"));
    const db = path.join(dir, "db.json");
    const env = {
      ...process.env,
      PULUMI_HOME: path.join(dir, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "pulumi-cli-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    const run = (...args: string[]): string =>
      execFileSync(pulumiCli, [...args, "--non-interactive", "--cwd", dir], {
        env,
        encoding: "utf8",
        cwd: PROJECT_DIR,
      });

    beforeAll(() => {
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
}
