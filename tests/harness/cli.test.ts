// The harness's command line with --expect-no-changes, the flag of Pulumi's CLI that the
// README's scheduled drift check uses (`preview --refresh --expect-no-changes`): it passes while
// nothing drifted, fails (exit 1, Pulumi's message) once a field was changed out of band, and
// `up --expect-no-changes` then changes nothing.
import * as fs from "fs";
import * as path from "path";
import { up } from "../../harness";
import { main, UNEXPECTED_CHANGES } from "../../harness/cli";
import { expectNoChildren, fixtureCliArgs, PASSPHRASE, scenario, Scenario } from "./helpers";

// Six runs of the stack; a loaded 2-core machine needs minutes, not seconds.
jest.setTimeout(240_000);

let s: Scenario;
let passphraseFile: string;

beforeAll(async () => {
  s = scenario("expect-no-changes");
  passphraseFile = path.join(s.dir, "pp.txt");
  fs.writeFileSync(passphraseFile, PASSPHRASE + "\n");
  const result = await up(s.opts());
  if (result.failed) throw new Error(result.errors.join("\n"));
});
afterAll(() => s.cleanup());

/** Runs the CLI, capturing what it prints. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const stdout = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    const code = await main([...args, ...fixtureCliArgs(s, passphraseFile)]);
    return { code, out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
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

  // A plain up puts the value back; the drift check passes again.
  expect((await cli("up", "--refresh")).code).toBe(0);
  expect((await cli("preview", "--refresh", "--expect-no-changes")).code).toBe(0);
  expectNoChildren();
});

test("--expect-no-changes goes with preview and up only", async () => {
  expect((await cli("destroy", "--expect-no-changes")).code).toBe(2);
});
