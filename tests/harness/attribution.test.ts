// Who changed it (issue "Drift you can act on", part A): a stack deploys venues; a second administrator, added through
// the API and logged in with its own password, changes two and deletes one. refresh and preview --refresh name that
// administrator, the time, the method and the request of exactly those three, in the display next to each resource and
// in --json; an untouched venue gets no line; the request records are read once (one page per status), not once per
// resource. With a retention too short to reach back to the stack's last write, the line says so. Through the
// harness's CLI, the shared kinds program and the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { type RunResult, up, preview } from "../../harness";
import type { ResourceAttribution } from "../../harness/attribution";
import { main } from "../../harness/cli";
import { adminApi, Client, servedRequests, venueBody } from "../support/emulatorClient";

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "..", "sdk", "fixtures", "kinds", "index.js");
const PASSPHRASE = "attribution passphrase";
const SECOND = "night.shift@demo.example";
const SECOND_PASSWORD = "night-shift-password";
const NAMES = ["at-changed-1", "at-changed-2", "at-deleted", "at-untouched"];
const RESOURCES = NAMES.map((name) => ({ name, kind: "Venue", args: { name: `Attribution ${name}` } }));

let emulator: RunningEmulator;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-attribution-"));
const statePath = path.join(dir, "state.json");
const passphraseFile = path.join(dir, "passphrase");
const secretsFile = path.join(dir, "secrets.json");

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10, rateLimit: null });
  fs.writeFileSync(passphraseFile, `${PASSPHRASE}\n`);
  fs.writeFileSync(secretsFile, JSON.stringify({ "nms:password": emulator.demo.password }), { mode: 0o600 });
});

afterAll(async () => {
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const config = () => ({
  "nms:baseUrl": emulator.url,
  "nms:tenantId": emulator.demo.tenantId,
  "nms:username": emulator.demo.username,
  "kinds:resources": JSON.stringify(RESOURCES),
});

const options = () => ({
  projectDir: ROOT,
  program: PROGRAM,
  projectName: "kinds",
  stackName: "attribution",
  statePath,
  passphrase: PASSPHRASE,
  config: config(),
  secretConfig: { "nms:password": emulator.demo.password },
});

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  const common = ["--project-dir", ROOT, "--program", PROGRAM, "--project", "kinds", "--stack", "attribution"];
  const files = ["--state", statePath, "--passphrase-file", passphraseFile, "--secrets-file", secretsFile];
  const configArgs = Object.entries(config()).flatMap(([k, v]) => ["--config", `${k}=${v}`]);
  let out = "";
  const stdout = jest
    .spyOn(process.stdout, "write")
    .mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    return { code: await main([...args, ...common, ...files, ...configArgs]), out };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

interface StateResource {
  urn: string;
  id?: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}
const stateOf = (name: string): StateResource =>
  (JSON.parse(fs.readFileSync(statePath, "utf8")) as { resources: StateResource[] }).resources.find((r) =>
    r.urn.endsWith(`::${name}`),
  )!;

/** Requests the service served while `run` ran, by operation name. */
async function requestsDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = (await servedRequests(emulator)).length;
  await run();
  const counts: Record<string, number> = {};
  for (const { op } of (await servedRequests(emulator)).slice(before)) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

test("refresh names the second administrator for exactly the objects it changed and deleted, at one read of the records", async () => {
  const deployed = await up(options());
  expect(deployed.errors).toEqual([]);
  // The stack's last write is in the outputs, never among the inputs, and causes no diff.
  const created = stateOf("at-changed-1");
  expect(created.outputs.__nmsLastWrite).toEqual({ requestId: expect.any(String), timestamp: expect.any(String) });
  expect(created.inputs).not.toHaveProperty("__nmsLastWrite");
  const clean = await requestsDuring(async () => {
    const plan = await preview({ ...options(), refresh: true });
    expect([plan.errors, plan.changes, plan.attributions]).toEqual([[], 0, []]);
  });
  expect(clean.listRequestsByStatus).toBeUndefined(); // nothing drifted: the records are not read

  // A second administrator, added through the API, logs in with its own password and changes two venues, deletes one.
  const demo = await Client.login(emulator);
  await demo.ok("createAdmin", {}, { email: SECOND, role: "PRIME_ADMIN" });
  await adminApi(emulator, "POST", "/passwords", { username: SECOND, password: SECOND_PASSWORD });
  const second = await Client.login(emulator, SECOND, SECOND_PASSWORD);
  const ids = Object.fromEntries(NAMES.map((name) => [name, stateOf(name).id!]));
  const r1 = await second.write("updateVenue", { venueId: ids["at-changed-1"] }, venueBody("Renamed one"));
  const r2 = await second.write("updateVenue", { venueId: ids["at-changed-2"] }, venueBody("Renamed two"));
  const r3 = await second.write("deleteVenue", { venueId: ids["at-deleted"] });

  let json: RunResult | undefined;
  const cost = await requestsDuring(async () => {
    const run = await cli("preview", "--refresh", "--json");
    expect(run.code).toBe(0);
    json = JSON.parse(run.out) as RunResult;
  });
  // One page of each status list for the whole refresh, however many resources drifted; the rest as before, but the
  // direct read (getVenue) that finds the deleted venue gone.
  expect(cost.listRequestsByStatus).toBe(3);
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  expect({ ...cost, listRequestsByStatus: 0, getVenue: 0 }).toEqual({ ...clean, listRequestsByStatus: 0, getVenue: 0 });
  expect(total(cost)).toBeLessThanOrEqual(total(clean) + 3 + 1);
  const byUrn: Record<string, ResourceAttribution> = Object.fromEntries(
    (json?.attributions ?? []).map((a) => [a.urn.split("::").pop(), a]),
  );
  expect(Object.keys(byUrn).sort()).toEqual(["at-changed-1", "at-changed-2", "at-deleted"]);
  const named = (name: string) => byUrn[name].changes.map((c) => [c.admin, c.method, c.requestId]);
  expect(named("at-changed-1")).toEqual([[SECOND, "PUT", r1.accepted.body.requestId]]);
  expect(named("at-changed-2")).toEqual([[SECOND, "PUT", r2.accepted.body.requestId]]);
  expect(named("at-deleted")).toEqual([[SECOND, "DELETE", r3.accepted.body.requestId]]);
  expect(byUrn["at-deleted"].line).toMatch(/^nms:Venue "at-deleted" \S+ deleted outside the stack: by /);
  expect(byUrn["at-changed-1"].changes[0].timestamp).toBe(r1.record.timestamp);

  // The display: the line under the resource's row of the refresh.
  const text = await cli("refresh");
  expect(text.code).toBe(0);
  const lines = text.out.split("\n");
  const under = (name: string) => lines[lines.findIndex((l) => l.includes(` ${name} `)) + 1].trim();
  expect(under("at-changed-1")).toBe(
    `changed outside the stack: by ${SECOND} at ${r1.record.timestamp} (PUT, request ${r1.accepted.body.requestId})`,
  );
  expect(under("at-deleted")).toContain(`deleted outside the stack: by ${SECOND} at ${r3.record.timestamp} (DELETE`);
  expect(text.out).not.toContain(" at-untouched ");
});

test("when the records no longer reach back to the stack's last write, the line says so", async () => {
  // The state now holds the refreshed venues; the untouched one's last write is the stack's create.
  const second = await Client.login(emulator, SECOND, SECOND_PASSWORD);
  await adminApi(emulator, "PUT", "/config", { requestRecordKeepMs: 0, requestRecordKeepCount: 2 });
  const venueId = stateOf("at-untouched").id!;
  for (let i = 0; i < 3; i++) await second.ok("updateVenue", { venueId }, venueBody(`Night ${i}`));
  const run = await cli("refresh", "--json");
  expect(run.code).toBe(0);
  const [attribution, ...others] = (JSON.parse(run.out) as RunResult).attributions ?? [];
  expect(others).toEqual([]);
  expect(attribution.urn).toMatch(/::at-untouched$/);
  expect(attribution.changes.every((c) => c.admin === SECOND)).toBe(true);
  expect(attribution.line).toContain("the tenant's request records do not reach back to the stack's last write");
});
