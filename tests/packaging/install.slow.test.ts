// The path a user takes: the package as `npm pack` makes it, installed from its tarball into a
// fresh project that has its own @pulumi/pulumi, type-checked as a consumer would import it, and a
// stack program (the quickstart) deployed through the engine harness against the emulator, with
// the program, the provider host and the provider's runtime all loaded from that project's
// node_modules; then the package's commands as a user runs them (`npx nms-emulator`,
// `npx nms-harness`), the installed emulator serving its page /ui/, and the installed harness
// planning the quickstart against it. Slow (an npm install): `npm run test:install`, not part of
// `npm test`.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { destroy, preview, up, type RunResult, type StackOptions } from "../../harness";
import { spawnEmulator, stopEmulator } from "../../scripts/emulatorProcess";

const ROOT = path.resolve(__dirname, "..", "..");
const QUICKSTART = path.join(ROOT, "dist", "examples", "quickstart", "index.js");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<string, any>;
const RADIUS_SECRET = "install-path-Secret-41d2";

let dir: string;
let consumer: string;
let tarball: string;
let emulator: RunningEmulator;
const timings: Record<string, number> = {};

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function timed<T>(name: string, work: () => T): T {
  const started = Date.now();
  try {
    return work();
  } finally {
    timings[name] = Date.now() - started;
  }
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

beforeAll(async () => {
  if (!fs.existsSync(QUICKSTART)) throw new Error("dist/ is missing: run `npm run build` first");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-install-"));
  consumer = path.join(dir, "consumer");
  fs.mkdirSync(consumer);
  // --ignore-scripts: prepack would build again; dist/ is already built.
  const packed = timed(
    "pack",
    () =>
      JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", dir], ROOT)) as {
        filename: string;
      }[],
  );
  tarball = path.join(dir, packed[0].filename);
  fs.writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      // The user's own SDK, as `pulumi new` writes it: a caret range.
      dependencies: { "@pulumi/pulumi": `^${pkg.devDependencies["@pulumi/pulumi"]}`, "pulumi-nms": `file:${tarball}` },
    }),
  );
  fs.copyFileSync(QUICKSTART, path.join(consumer, "index.js"));
  fs.writeFileSync(
    path.join(consumer, "check.ts"),
    [
      'import * as pulumi from "@pulumi/pulumi";',
      'import * as nms from "pulumi-nms";',
      'const venue: nms.Venue = new nms.Venue("hq", { name: "HQ" });',
      "export const id: pulumi.Output<string> = venue.id;",
      "export const tenant: Promise<unknown> = nms.getTenant();",
      "// @ts-expect-error: an unknown input is a type error, so the declarations are really read",
      'new nms.Venue("x", { name: "X", noSuchInput: 1 });',
      "",
    ].join("\n"),
  );
  timed("install", () => npm(["install", "--prefer-offline", "--no-audit", "--no-fund"], consumer));
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20 });
}, 600_000);

afterAll(async () => {
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  console.log(`install path timings (ms): ${JSON.stringify(timings)}`);
});

function stack(): StackOptions {
  return {
    projectDir: consumer,
    program: path.join(consumer, "index.js"),
    projectName: "quickstart",
    stackName: "dev",
    statePath: path.join(dir, "state.json"),
    passphrase: "install path passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
    },
    secretConfig: { "nms:password": emulator.demo.password, "quickstart:radiusSecret": RADIUS_SECRET },
  };
}

describe("pulumi-nms installed from its tarball", () => {
  it("installs as a real directory beside one copy of @pulumi/pulumi, the user's", () => {
    const installed = path.join(consumer, "node_modules", "pulumi-nms");
    expect(fs.lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(fs.existsSync(path.join(installed, "dist", "provider", "runtime.js"))).toBe(true);
    const copies = npm(["ls", "@pulumi/pulumi", "--all", "--parseable"], consumer)
      .split("\n")
      .filter((line) => line.endsWith(path.join("@pulumi", "pulumi")));
    expect([...new Set(copies)]).toEqual([path.join(consumer, "node_modules", "@pulumi", "pulumi")]);
    expect(fs.existsSync(path.join(installed, "node_modules", "@pulumi", "pulumi"))).toBe(false);
  });

  it("is refused, not installed beside a second copy, by a project whose @pulumi/pulumi is older than the peer range", () => {
    const old = path.join(dir, "old-sdk");
    fs.mkdirSync(old);
    // 3.139.0 lacks InvokeOutputOptions (docs/pulumi-facts.md §5).
    fs.writeFileSync(
      path.join(old, "package.json"),
      JSON.stringify({
        name: "old-sdk",
        private: true,
        dependencies: { "@pulumi/pulumi": "3.139.0", "pulumi-nms": `file:${tarball}` },
      }),
    );
    let failure = "";
    try {
      npm(["install", "--prefer-offline", "--no-audit", "--no-fund", "--dry-run"], old);
    } catch (error) {
      failure = String((error as { stderr?: string }).stderr ?? error);
    }
    expect(failure).toContain("ERESOLVE");
    expect(failure).toContain('peer @pulumi/pulumi@"^3.141.0"');
  }, 120_000);

  it('type-checks a consumer\'s `import * as nms from "pulumi-nms"` under both module resolutions', () => {
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    for (const [moduleKind, resolution] of [
      ["commonjs", "node10"],
      ["node16", "node16"],
    ]) {
      timed(`tsc ${resolution}`, () =>
        execFileSync(
          process.execPath,
          [
            tsc,
            "--noEmit",
            "--strict",
            "--types",
            "node",
            "--typeRoots",
            path.join(ROOT, "node_modules", "@types"),
            "--module",
            moduleKind,
            "--moduleResolution",
            resolution,
            "check.ts",
          ],
          {
            cwd: consumer,
            encoding: "utf8",
          },
        ),
      );
    }
  }, 180_000);

  it("deploys the quickstart, previews no changes, keeps the secret encrypted and destroys it all", async () => {
    const started = Date.now();
    const deployed = ok(await up(stack()));
    timings.up = Date.now() - started;
    expect(
      deployed.steps
        .filter((s) => s.custom && s.op === "create")
        .map((s) => s.name)
        .sort(),
    ).toEqual(["corp", "corp-at-hq", "hq", "lobby", "nms-state-identity"]);
    const state = fs.readFileSync(stack().statePath, "utf8");
    expect(state).not.toContain(RADIUS_SECRET);
    // The stored provider loads the implementation from the installed package by name.
    expect(state).toContain("pulumi-nms/runtime");
    expect(ok(await preview(stack())).changes).toBe(0);
    ok(await destroy(stack()));
    const held = (await (
      await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)
    ).json()) as Record<string, unknown[]>;
    expect([held.venues.length, held.networks.length, held.activations.length]).toEqual([0, 0, 0]);
  }, 300_000);
});

describe("the package's commands, from the project that installed it", () => {
  const bin = (name: string) => path.join(consumer, "node_modules", ".bin", name);
  /** `npx <command> ...args` in the project, as a user types it (npx runs the project's own node_modules/.bin first). */
  const npx = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    execFileSync("npx", args, {
      cwd: consumer,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });

  it("installs nms-emulator, nms-harness, nms-import and nms-drift as executables whose --help names their own command", () => {
    for (const name of ["nms-emulator", "nms-harness", "nms-import", "nms-drift"]) {
      fs.accessSync(bin(name), fs.constants.X_OK);
      const help = timed(`${name} --help`, () => npx([name, "--help"]));
      expect(help.split("\n")[0]).toMatch(new RegExp(`^usage: ${name} `));
      expect(help).not.toMatch(/node dist\/|dist\/(emulator|harness|importer|drift)/);
    }
  }, 120_000);

  it("starts the emulator from the installed package, which serves its page /ui/ and a plan of the quickstart through the installed harness", async () => {
    const { child, info } = await spawnEmulator(["--async-delay-ms", "20", "--no-rate-limit"], {
      file: bin("nms-emulator"),
      cwd: dir,
    });
    try {
      const started = info as typeof info & { ui: string };
      const page = await fetch(started.ui);
      expect({ status: page.status, type: page.headers.get("content-type") }).toEqual({
        status: 200,
        type: expect.stringContaining("text/html"),
      });
      const html = await page.text();
      expect(html).toContain("app.js");
      for (const file of ["app.js", "style.css"]) expect((await fetch(new URL(file, started.ui))).status).toBe(200);
      // The page's files are the installed package's, beside its dist/.
      expect(
        fs.readFileSync(path.join(consumer, "node_modules", "pulumi-nms", "emulator", "ui", "index.html"), "utf8"),
      ).toBe(html);

      const plan = timed("nms-harness preview", () =>
        npx(
          [
            "nms-harness",
            "preview",
            "--program",
            "index.js",
            "--stack",
            "cli",
            "--state",
            path.join(dir, "cli-state.json"),
            "--project",
            "quickstart",
            "--config",
            `nms:baseUrl=${info.url}`,
            "--config",
            `nms:tenantId=${info.tenantId}`,
            "--config",
            `nms:username=${info.username}`,
            "--secret",
            `nms:password=${info.password}`,
            "--secret",
            `quickstart:radiusSecret=${RADIUS_SECRET}`,
            "--json",
          ],
          { NMS_HARNESS_PASSPHRASE: "cli passphrase" },
        ),
      );
      const result = JSON.parse(plan) as RunResult;
      expect(result.failed).toBe(false);
      expect(
        result.steps
          .filter((s) => s.custom && s.op === "create")
          .map((s) => s.name)
          .sort(),
      ).toEqual(["corp", "corp-at-hq", "hq", "lobby", "nms-state-identity"]);
      expect(plan).not.toContain(RADIUS_SECRET);
    } finally {
      await stopEmulator(child);
    }
  }, 300_000);
});
