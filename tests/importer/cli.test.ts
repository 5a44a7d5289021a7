// The command line of nms-import: its options, and its exit codes for bad usage and configuration.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { parseCommandLine, USAGE } from "../../importer/cli";

const run = promisify(execFile);
const CLI = path.resolve(__dirname, "..", "..", "dist", "importer", "cli.js");

test("--help names the command", () => {
  expect(parseCommandLine(["--help"])).toEqual({ help: true });
  expect(USAGE.split("\n")[0]).toMatch(/^usage: nms-import --out DIR /);
});

test("options become the import's options; --config takes nms: settings only", () => {
  expect(
    parseCommandLine([
      "--out",
      "x",
      "--kinds",
      "Venue,ApGroup",
      "--venue",
      "HQ",
      "--all-settings",
      "--stack",
      "prod",
      "--config",
      "nms:region=eu",
      "--config",
      "nms:tenantId=t",
    ]).options,
  ).toEqual({
    out: "x",
    kinds: ["Venue", "ApGroup"],
    venue: "HQ",
    allSettings: true,
    stack: "prod",
    project: undefined,
    config: { "nms:region": "eu", "nms:tenantId": "t" },
    writeSecrets: false,
    force: false,
  });
  expect(parseCommandLine(["--out", "x", "--tenant", "a,b", "--tenant", "c"]).options).toMatchObject({
    tenants: ["a", "b", "c"],
  });
  expect(parseCommandLine(["--out", "x"]).options).not.toHaveProperty("tenants");
  expect(() => parseCommandLine(["--out", "x", "--tenant", ","])).toThrow("--tenant needs a tenant ID");
  expect(() => parseCommandLine(["--out", "x", "--config", "region=eu"])).toThrow(
    "--config region=eu: expected nms:KEY=VALUE",
  );
  expect(() => parseCommandLine(["--kinds", "Venue"])).toThrow("--out DIR is required");
  expect(() => parseCommandLine(["--out", "x", "--bogus"])).toThrow(/bogus/);
});

describe("the command", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-import-cli-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const env = { PATH: process.env.PATH ?? "" };

  it.each([
    ["no settings", ["--out", path.join(dir, "a")], /nms provider is not configured: set nms:tenantId/],
    [
      "an unknown kind",
      ["--out", path.join(dir, "b"), "--kinds", "Venue,Gadget"],
      /--kinds: Gadget is not a kind of pulumi-nms/,
    ],
    [
      "--write-secrets without a passphrase",
      ["--out", path.join(dir, "c"), "--write-secrets"],
      /set PULUMI_CONFIG_PASSPHRASE/,
    ],
    ["a bad option", ["--out", path.join(dir, "d"), "--frobnicate"], /frobnicate/],
    [
      "a tenant that is no tenant ID",
      ["--out", path.join(dir, "f"), "--tenant", "acme"],
      /--tenant acme: must be a tenant ID: 32 letters and digits/,
    ],
    [
      "--venue with two tenants",
      ["--out", path.join(dir, "g"), "--tenant", `${"a".repeat(32)},${"b".repeat(32)}`, "--venue", "HQ"],
      /--venue picks a venue of one tenant/,
    ],
    [
      "a tenant given twice",
      ["--out", path.join(dir, "h"), "--tenant", "a".repeat(32), "--tenant", "a".repeat(32)],
      /is given twice/,
    ],
  ])("exits 2 on %s, saying what is wrong, and writes nothing", async (_, args, message) => {
    const failed = await run(process.execPath, [CLI, ...args], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(message);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("exits 1 when the tenant cannot be read (no service at the address)", async () => {
    const settings = [
      "--config",
      "nms:baseUrl=http://127.0.0.1:9",
      "--config",
      "nms:tenantId=t",
      "--config",
      "nms:allowInsecureHttp=true",
      "--config",
      "nms:username=u",
    ];
    const failed = await run(process.execPath, [CLI, "--out", path.join(dir, "e"), ...settings], {
      env: { ...env, NMS_PASSWORD: "p" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect(fs.existsSync(path.join(dir, "e"))).toBe(false);
  }, 60_000);
});
