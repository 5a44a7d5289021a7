// The harness's command line. With --expect-no-changes, the flag of Pulumi's CLI that the README's
// scheduled drift check uses (`preview --refresh --expect-no-changes`): it passes while nothing
// drifted, fails (exit 1, Pulumi's message) once a field was changed out of band, and
// `up --expect-no-changes` then changes nothing. What it prints, as the Pulumi CLI does: the
// resources that change (the unchanged ones with --show-sames), a summary that counts what
// happened, every line the provider host prints, and no paths of the machine on an unexpected error.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type RunResult, up } from "../../harness";
import { main, run, UNEXPECTED_CHANGES } from "../../harness/cli";
import { expectNoChildren, fixtureCliArgs, PASSPHRASE, PROJECT_DIR, scenario, type Scenario } from "./helpers";

// Six runs of the stack per block; a loaded 2-core machine needs minutes, not seconds.
jest.setTimeout(240_000);

let s: Scenario;
let passphraseFile: string;

beforeAll(async () => {
  s = scenario("expect-no-changes");
  passphraseFile = passphraseFileIn(s);
  const result = await up(s.opts());
  if (result.failed) throw new Error(result.errors.join("\n"));
});
afterAll(() => s.cleanup());

function passphraseFileIn(scn: Scenario): string {
  const file = path.join(scn.dir, "pp.txt");
  fs.writeFileSync(file, PASSPHRASE + "\n");
  return file;
}

/** Runs `entry` (the CLI's main by default), capturing what it prints. */
async function capture(
  args: string[],
  entry: (argv: string[]) => Promise<number> = main,
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const stdout = jest
    .spyOn(process.stdout, "write")
    .mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const stderr = jest
    .spyOn(process.stderr, "write")
    .mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    const code = await entry(args);
    return { code, out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

/** Runs the CLI on the fixture stack of `scn`. */
function cliOn(scn: Scenario, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return capture([...args, ...fixtureCliArgs(scn, passphraseFileIn(scn))]);
}

/** Runs the CLI on the drift check's stack. */
function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return capture([...args, ...fixtureCliArgs(s, passphraseFile)]);
}

/** The rows of the printed table(s) that name a resource of the fixture stack. */
function rows(out: string): string[] {
  return out.split("\n").filter((line) => /^ .{2} {2}(pulumi|fixture)[:\w/-]+ {2}/.test(line));
}

/** How many times `needle` occurs in `text`. */
function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

test("the drift check passes while nothing changed out of band", async () => {
  const run = await cli("preview", "--refresh", "--expect-no-changes");
  expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: "" });
  expectNoChildren();
});

test("the drift check fails with Pulumi's message once a field was changed out of band, and up --expect-no-changes writes nothing", async () => {
  s.editDb((objects) => {
    const network = Object.keys(objects).find((id) => id.startsWith("network-"))!;
    objects[network]["vlan"] = 99;
  });
  const check = await cli("preview", "--refresh", "--expect-no-changes");
  expect(check.code).toBe(1);
  expect(check.err).toContain(UNEXPECTED_CHANGES);
  expect(check.out).toMatch(/vlan/);

  const writesBefore = s.writes().length;
  const guarded = await cli("up", "--refresh", "--expect-no-changes");
  expect(guarded.code).toBe(1);
  expect(s.writes()).toHaveLength(writesBefore);

  // A plain up puts the value back (without the preview it runs first, which the guarded up above showed); the drift
  // check passes again.
  expect((await cli("up", "--refresh", "--skip-preview")).code).toBe(0);
  expect((await cli("preview", "--refresh", "--expect-no-changes")).code).toBe(0);
  expectNoChildren();
});

test("--expect-no-changes goes with preview and up only", async () => {
  expect((await cli("destroy", "--expect-no-changes")).code).toBe(2);
});

describe("what the CLI prints, as Pulumi's does", () => {
  const EXTRA = 12;
  let many: Scenario;
  beforeAll(async () => {
    many = scenario("display");
    const result = await up(many.opts({ "fixture:extraNetworks": String(EXTRA) }));
    if (result.failed) throw new Error(result.errors.join("\n"));
  });
  afterAll(() => many.cleanup());

  test("a preview lists only what changes (and the stack), counts the rest as unchanged, and lists them with --show-sames", async () => {
    const args = ["preview", "--config", `fixture:extraNetworks=${EXTRA}`, "--config", "fixture:vlan=11"];
    const plan = await cliOn(many, ...args);
    expect(plan.code).toBe(0);
    // One change among 16 resources: the stack, the group, the site and 12 extra networks are unchanged.
    expect(rows(plan.out)).toEqual([
      expect.stringMatching(/^ {5}pulumi:pulumi:Stack +fixture-test +same$/),
      expect.stringMatching(
        /^ ~ {3}pulumi-nodejs:dynamic\/fixture:Network +net +update +\[diff: ~vlan\] id=network-1$/,
      ),
    ]);
    expect(plan.out).toContain("Resources:\n    ~ 1 to update\n    15 unchanged\n");
    expect(plan.out).toMatch(/OK \(1 change,/);

    const all = await cliOn(many, ...args, "--show-sames");
    expect(all.code).toBe(0);
    expect(rows(all.out)).toHaveLength(16);
    for (let i = 1; i <= EXTRA; i++)
      expect(all.out).toMatch(new RegExp(`^ {5}pulumi-nodejs:dynamic/fixture:Network +extra-${i} +same$`, "m"));
    expect(all.out).toContain("    15 unchanged\n");

    // --json keeps its shape (every step, `changes`) and adds the summary of what happened.
    const json = await cliOn(many, ...args, "--json");
    const result = JSON.parse(json.out) as RunResult;
    expect([result.steps.length, result.changes, result.summary]).toEqual([16, 1, { update: 1, same: 15 }]);
    expectNoChildren();
  });

  test("every line the provider host prints is shown on stderr once; --verbose adds the harness's own lines; --json keeps them in its document", async () => {
    const say = ["--config", `fixture:extraNetworks=${EXTRA}`, "--config", "fixture:say=fixture-provider"];
    const line = "[provider] fixture-provider: read network-1";
    const plain = await cliOn(many, "refresh", ...say);
    expect(plain.code).toBe(0);
    expect(occurrences(plain.err, `${line}\n`)).toBe(1);
    expect(occurrences(plain.err, "fixture-provider: read network-")).toBe(EXTRA + 1);
    expect(plain.err).not.toContain("provider host started");
    expect(plain.out).not.toContain("fixture-provider");

    const verbose = await cliOn(many, "refresh", ...say, "--verbose");
    expect(occurrences(verbose.err, `${line}\n`)).toBe(1);
    expect(verbose.err).toContain("provider host started");

    const json = await cliOn(many, "refresh", ...say, "--json");
    expect(json.err).toBe("");
    expect((JSON.parse(json.out) as RunResult).diagnostics).toContain(line);
    expectNoChildren();
  });
});

describe("a failed up's summary counts only the steps that completed", () => {
  const scenarios: Scenario[] = [];
  const make = (name: string): Scenario => {
    const scn = scenario(name);
    scenarios.push(scn);
    return scn;
  };
  afterAll(() => scenarios.forEach((scn) => scn.cleanup()));

  test("a failed create is not counted as created; the resources created before it are", async () => {
    const scn = make("failed-create");
    // The preview up runs first plans every create (the site's refusal comes from its Create); --yes changes nothing.
    const run = await cliOn(
      scn,
      "up",
      "--yes",
      "--config",
      "fixture:extraNetworks=3",
      "--config",
      "fixture:siteLabel=reject",
    );
    expect(run.code).toBe(1);
    expect(run.out.indexOf("Previewing update:")).toBe(0);
    expect(run.out.indexOf("Updating:")).toBeGreaterThan(run.out.indexOf("+ 7 to create"));
    expect(Object.keys(scn.dbObjects())).toHaveLength(4); // net and 3 extra networks; the site was refused
    expect(run.out).toMatch(/^ \+ {3}pulumi-nodejs:dynamic\/fixture:Site +g-site +creating failed +\[/m);
    // Created: the stack, the group, net and 3 extra networks.
    expect(run.out).toContain("Resources:\n    + 6 created\n    1 errored\n");
    expect(run.out).toMatch(/FAILED \(6 changes,/);
    expectNoChildren();
  });

  test("resources that never started after the first failure are neither listed nor counted", async () => {
    const scn = make("failed-check");
    // net fails its Check (vlan out of range): the preview up runs first fails, and the up stops before any change.
    const previewed = await cliOn(scn, "up", "--config", "fixture:extraNetworks=5", "--config", "fixture:vlan=5000");
    expect(previewed.code).toBe(1);
    expect(previewed.out).toMatch(/^Previewing update:/);
    expect(previewed.out).not.toContain("Updating:");
    expect(fs.existsSync(scn.state) ? JSON.parse(fs.readFileSync(scn.state, "utf8")).resources : []).toEqual([]);
    // Without the preview the update runs: net fails its Check before anything else is checked, its 5 extra networks
    // and the site never start.
    const run = await cliOn(
      scn,
      "up",
      "--skip-preview",
      "--config",
      "fixture:extraNetworks=5",
      "--config",
      "fixture:vlan=5000",
    );
    expect(run.code).toBe(1);
    expect(run.out).not.toContain("Previewing update:");
    expect(scn.writes()).toEqual([]);
    expect(run.out).not.toMatch(/extra-|g-site/);
    expect(run.out).toMatch(/^ \+ {3}pulumi-nodejs:dynamic\/fixture:Network +net +creating failed$/m);
    // Only the components (the stack and the group) were created.
    expect(run.out).toContain("Resources:\n    + 2 created\n    1 errored\n");

    const all = await cliOn(
      scn,
      "up",
      "--config",
      "fixture:extraNetworks=5",
      "--config",
      "fixture:vlan=5000",
      "--show-sames",
      "-f",
    );
    expect(all.out).toMatch(/^ \+ {3}pulumi-nodejs:dynamic\/fixture:Network +extra-5 +skipped$/m);
    expect(all.out).toContain("Resources:\n    2 unchanged\n    1 errored\n");
    expectNoChildren();
  });
});

describe("long provider calls and unexpected errors", () => {
  let slow: Scenario;
  beforeAll(() => {
    slow = scenario("progress");
  });
  afterAll(() => slow.cleanup());

  test("a provider call that takes long gets a line with its elapsed time as the run goes", async () => {
    const shown: string[] = [];
    const result = await up(
      slow.opts(
        { "fixture:withSite": "false", "fixture:createDelayMs": "1500" },
        { display: (line) => shown.push(line), progressIntervalMs: 300 },
      ),
    );
    expect(result.errors).toEqual([]);
    const progress = shown.filter((line) => line.includes("creating"));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const line of progress)
      expect(line).toMatch(/^ {2}\+ pulumi-nodejs:dynamic\/fixture:Network net creating \(\d+s\)$/);
    // What the CLI shows at its default level holds no harness internals.
    expect(shown.filter((line) => line.includes("provider host started"))).toEqual([]);
    expectNoChildren();
  });

  test("an unexpected error prints its message without the machine's paths; --verbose adds the stack", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-broken-"));
    try {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: [unclosed\n");
      const args = ["preview", "--project-dir", dir, "--stack", "dev", "--state", path.join(dir, "state.json")];
      const plain = await capture(args, run);
      expect(plain.code).toBe(1);
      expect(plain.err).toMatch(/^error: .*Pulumi\.yaml: not valid YAML at line 2, column 1/);
      expect(plain.err).not.toMatch(/^\s+at /m);
      expect(plain.err).not.toContain(PROJECT_DIR);

      const verbose = await capture([...args, "--verbose"], run);
      expect(verbose.code).toBe(1);
      expect(verbose.err).toMatch(/^\s+at /m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
