// The README's scheduled drift check (`preview --refresh --expect-no-changes`) right after an up of
// a stack whose children change their parents' read-only outputs (APs placed in a group fill its
// `aps`, VLANs fill their profile's `vlans`) and whose APs set a field the service would otherwise
// fill in (their group): it passes, and so does a plain refresh; one field changed out of band
// then fails it on exactly that field. Through the harness's CLI, the shared kinds program and
// the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { refresh, type RunResult, up } from "../../harness";
import { main, UNEXPECTED_CHANGES } from "../../harness/cli";
import type { NmsClient } from "../../provider/client";
import { demoClient } from "../support/emulatorClient";

// Five runs of a seven-resource stack; a loaded 2-core machine needs tens of seconds.
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "fixtures", "kinds", "index.js");
const PASSPHRASE = "drift check passphrase";
const AP_ONE = "412345670001";

const RESOURCES = [
  { name: "dc-venue", kind: "Venue", args: { name: "Drift check venue" } },
  { name: "dc-group", kind: "ApGroup", args: { name: "Drift check group", venueId: "${dc-venue}" } },
  {
    name: "dc-ap-1",
    kind: "Ap",
    args: { serialNumber: AP_ONE, name: "Drift AP one", venueId: "${dc-venue}", apGroupId: "${dc-group}" },
  },
  {
    name: "dc-ap-2",
    kind: "Ap",
    args: { serialNumber: "412345670002", name: "Drift AP two", venueId: "${dc-venue}", apGroupId: "${dc-group}" },
  },
  { name: "dc-profile", kind: "SwitchProfile", args: { name: "Drift check profile" } },
  { name: "dc-vlan-1", kind: "SwitchVlan", args: { profileId: "${dc-profile}", vlanId: 310, vlanName: "users" } },
  { name: "dc-vlan-2", kind: "SwitchVlan", args: { profileId: "${dc-profile}", vlanId: 320, vlanName: "voice" } },
];

let emulator: RunningEmulator;
let admin: NmsClient;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-drift-check-"));
const statePath = path.join(dir, "state.json");
const passphraseFile = path.join(dir, "passphrase");
const secretsFile = path.join(dir, "secrets.json");

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10 });
  admin = demoClient(emulator);
  fs.writeFileSync(passphraseFile, `${PASSPHRASE}\n`);
  fs.writeFileSync(secretsFile, JSON.stringify({ "nms:password": emulator.demo.password }), { mode: 0o600 });
});

afterAll(async () => {
  await admin.close();
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function cliArgs(): string[] {
  return [
    ...[
      "--project-dir",
      ROOT,
      "--program",
      PROGRAM,
      "--project",
      "kinds",
      "--stack",
      "drift",
      "--state",
      statePath,
      "--passphrase-file",
      passphraseFile,
    ],
    ...[
      "--config",
      `nms:baseUrl=${emulator.url}`,
      "--config",
      `nms:tenantId=${emulator.demo.tenantId}`,
      "--config",
      `nms:username=${emulator.demo.username}`,
    ],
    ...["--config", `kinds:resources=${JSON.stringify(RESOURCES)}`, "--secrets-file", secretsFile],
  ];
}

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const stdout = jest
    .spyOn(process.stdout, "write")
    .mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const stderr = jest
    .spyOn(process.stderr, "write")
    .mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    return { code: await main([...args, ...cliArgs()]), out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

const options = () => ({
  projectDir: ROOT,
  program: PROGRAM,
  projectName: "kinds",
  stackName: "drift",
  statePath,
  passphrase: PASSPHRASE,
  config: {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": emulator.demo.tenantId,
    "nms:username": emulator.demo.username,
    "kinds:resources": JSON.stringify(RESOURCES),
  },
  secretConfig: { "nms:password": emulator.demo.password },
});

/** name → op, changed paths: the steps that are not `same`. */
function changed(steps: RunResult["steps"]): Record<string, [string, string[]]> {
  return Object.fromEntries(
    steps.filter((s) => s.custom && s.op !== "same").map((s) => [s.name, [s.op, s.changedPaths]]),
  );
}

test("right after up the drift check passes; one field changed out of band fails it on that field only", async () => {
  const created = await up(options());
  expect(created.errors).toEqual([]);

  const check = await cli("preview", "--refresh", "--expect-no-changes", "--json");
  expect({ code: check.code, err: check.err }).toEqual({ code: 0, err: "" });
  const passed = JSON.parse(check.out) as RunResult;
  expect([changed(passed.refreshSteps!), changed(passed.steps), passed.changes]).toEqual([{}, {}, 0]);

  // A plain refresh (what the bench measures) finds nothing either, and leaves the APs' group among their inputs.
  const refreshed = await refresh(options());
  expect([refreshed.errors, changed(refreshed.steps), refreshed.changes]).toEqual([[], {}, 0]);
  const state = JSON.parse(fs.readFileSync(statePath, "utf8")) as {
    resources: { urn: string; id?: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }[];
  };
  const stateOf = (name: string) => state.resources.find((r) => r.urn.endsWith(`::${name}`))!;
  // The parents' lists grew after they were created (the first refresh sees them change), yet that is no drift.
  expect([
    (stateOf("dc-group").outputs.aps as unknown[]).length,
    (stateOf("dc-profile").outputs.vlans as unknown[]).length,
  ]).toEqual([2, 2]);
  expect(stateOf("dc-ap-1").inputs.apGroupId).toBe(stateOf("dc-group").id);

  const ap = await admin.call<Record<string, unknown>>("getAp", { serialNumber: AP_ONE });
  await admin.execute(
    "updateAp",
    { serialNumber: AP_ONE },
    { body: { serialNumber: AP_ONE, name: "Renamed by hand", venueId: ap.venueId, apGroupId: ap.apGroupId } },
  );
  const drift = await cli("preview", "--refresh", "--expect-no-changes", "--json");
  expect(drift.code).toBe(1);
  expect(drift.err).toContain(UNEXPECTED_CHANGES);
  const failed = JSON.parse(drift.out) as RunResult;
  expect(changed(failed.refreshSteps!)).toEqual({ "dc-ap-1": ["update", ["name"]] });
  expect([changed(failed.steps), failed.changes]).toEqual([{ "dc-ap-1": ["update", ["name"]] }, 1]);
});
