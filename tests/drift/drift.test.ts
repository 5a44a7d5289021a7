// nms-drift end to end: a small estate deployed by a stack through the harness against the
// emulator; a second administrator (added through the API, logged in with its own password)
// changes two managed objects, deletes one and makes three by hand. The report names exactly
// those, with their fields and that administrator, in every format, secrets masked; its
// --write-code output, added to the program, makes the next up adopt the three objects without a
// create, after which the report is clean (exit 0). The same from a `pulumi stack export` file.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import * as ts from "typescript";
import { EXIT_DRIFT, EXIT_ERROR, EXIT_NO_DRIFT, parseCommandLine, runDrift, USAGE } from "../../drift/cli";
import { jsonReport } from "../../drift/format";
import type { RunningEmulator } from "../../emulator";
import { type StackOptions, up } from "../../harness";
import { passphraseEncrypter } from "../../stackSecrets/passphrase";
import { loadState } from "../../harness/state";
import { SECRET_SIG, SIG_KEY } from "../../harness/props";
import { admin, adminApi, Client, start } from "../support/emulatorClient";

jest.setTimeout(120_000);

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..", "..");
const CLI = path.join(ROOT, "dist", "drift", "cli.js");
const KINDS_PROGRAM = path.join(ROOT, "tests", "sdk", "fixtures", "kinds", "index.js");
const PASSPHRASE = "drift test passphrase";
const STAFF_PASSPHRASE = "staff-Passphrase-51d0";
const CHANGED_PASSPHRASE = "changed-Passphrase-8e2a";
const OPS = { email: "ops@drift.example", password: "ops-Password-3c9b" };

const RESOURCES = [
  { name: "hq", kind: "Venue", args: { name: "HQ", description: "Head office" } },
  { name: "lobby", kind: "ApGroup", args: { name: "Lobby", venueId: "${hq}" } },
  {
    name: "staff",
    kind: "Network",
    args: {
      name: "Staff",
      type: "psk",
      wlan: { ssid: "staff", wlanSecurity: "WPA2Personal" },
      passphrase: "${secret:staffPassphrase}",
    },
  },
  {
    name: "oncall",
    kind: "NotificationRecipient",
    args: { description: "On-call", endpoints: [{ type: "EMAIL", destination: "oncall@drift.example" }] },
  },
];

let emulator: RunningEmulator;
let dir: string;
let tenant: { tenantId: string; username: string; password: string };
let stack: StackOptions;
const ids: Record<string, string> = {};

const env = () => ({
  NMS_BASE_URL: emulator.url,
  NMS_TENANT_ID: tenant.tenantId,
  NMS_USERNAME: tenant.username,
  NMS_PASSWORD: tenant.password,
  NMS_ALLOW_INSECURE_HTTP: "true",
  NMS_MAX_REQUESTS_PER_SECOND: "1000",
  NMS_HARNESS_PASSPHRASE: PASSPHRASE,
});

/** The command as a function, from the project directory (where the ignore file is). */
async function drift(...args: string[]) {
  const parsed = parseCommandLine(["--state", stack.statePath, ...args]);
  if (parsed.help) throw new Error("unexpected --help");
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return await runDrift(parsed.command, env());
  } finally {
    process.chdir(cwd);
  }
}

beforeAll(async () => {
  emulator = await start({ asyncDelayMs: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-drift-"));
  tenant = await adminApi(emulator, "POST", "tenants", { name: "Drift estate" });
  stack = {
    projectDir: ROOT,
    program: KINDS_PROGRAM,
    projectName: "kinds",
    stackName: "drift",
    statePath: path.join(dir, "state.json"),
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": tenant.tenantId,
      "nms:username": tenant.username,
      "nms:allowInsecureHttp": "true",
      "kinds:resources": JSON.stringify(RESOURCES),
    },
    secretConfig: { "nms:password": tenant.password, "kinds:staffPassphrase": STAFF_PASSPHRASE },
  };
  const deployed = await up(stack);
  if (deployed.failed) throw new Error(deployed.errors.join("\n"));
  for (const step of deployed.steps) if (step.custom) ids[step.name] = step.id!;

  // Administrators are the identity team's: the project's ignore file keeps them out.
  fs.writeFileSync(
    path.join(dir, ".nms-drift-ignore.json"),
    JSON.stringify({ ignore: [{ kind: "Admin", reason: "administrators are managed by the identity team" }] }),
  );

  // A second administrator, added through the API and logged in with its own password, drifts the estate.
  const owner = await Client.login(emulator, tenant.username, tenant.password);
  await owner.ok("createAdmin", {}, { role: "PRIME_ADMIN", email: OPS.email });
  expect((await admin(emulator, "POST", "passwords", { username: OPS.email, password: OPS.password })).status).toBe(
    204,
  );
  const ops = await Client.login(emulator, OPS.email, OPS.password);
  const venue = (await ops.call("getVenue", { venueId: ids.hq })).body;
  await ops.ok("updateVenue", { venueId: ids.hq }, { ...venue, description: "Changed by hand" });
  const network = (await ops.call("getNetworkDeep", { networkId: ids.staff })).body;
  await ops.ok(
    "updateNetworkDeep",
    { networkId: ids.staff },
    { ...network, wlan: { ...network.wlan, passphrase: CHANGED_PASSPHRASE, ssid: "staff-2" } },
  );
  await ops.ok("deleteNotificationRecipients", {}, [{ id: ids.oncall }]);
  ids.lab = (
    await ops.ok("createNetworkDeep", {}, { name: "Lab", type: "open", wlan: { ssid: "lab", wlanSecurity: "Open" } })
  ).id;
  ids.warehouse = (await ops.ok("createVenue", {}, { name: "Warehouse" })).id;
  ids.dock = (await ops.ok("createApGroup", {}, { name: "Dock", venueId: ids.hq })).id;
});

afterAll(async () => {
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the report lists the two changes with their fields, the deletion and exactly the three unmanaged objects, each naming the administrator", async () => {
  const found = await drift("--format", "json");
  expect(found.exitCode).toBe(EXIT_DRIFT);
  const json = JSON.parse(found.output);
  expect(json.schemaVersion).toBe(1);
  expect(json.summary).toEqual({ changed: 2, gone: 1, unmanaged: 3, ignored: 2 });
  expect(json.tenants).toHaveLength(1);
  const [t] = json.tenants;
  expect(t.tenantId).toBe(tenant.tenantId);
  const byResource = Object.fromEntries(t.changed.map((c: any) => [c.resource, c]));
  expect(Object.keys(byResource).sort()).toEqual(["hq", "staff"]);
  expect(byResource.hq.fields).toEqual([{ field: "description", state: "Head office", service: "Changed by hand" }]);
  // The passphrase changed too, but a secret's value is never shown: masked on both sides.
  expect(byResource.staff.fields).toEqual([
    {
      field: "wlan",
      state: { ssid: "staff", wlanSecurity: "WPA2Personal" },
      service: expect.objectContaining({ ssid: "staff-2" }),
    },
    { field: "passphrase", state: "[secret]", service: "[secret]" },
  ]);
  expect(t.gone.map((g: any) => [g.resource, g.kind, g.id])).toEqual([["oncall", "NotificationRecipient", ids.oncall]]);
  expect(t.unmanaged.map((u: any) => [u.kind, u.name, u.id]).sort()).toEqual(
    [
      ["ApGroup", "Dock", ids.dock],
      ["Network", "Lab", ids.lab],
      ["Venue", "Warehouse", ids.warehouse],
    ].sort(),
  );
  for (const entry of [...t.changed, ...t.gone, ...t.unmanaged]) expect(entry.changes[0].admin).toBe(OPS.email);
  expect(t.gone[0].changes[0].method).toBe("DELETE");
  // The records reach back to the stack's last write of each changed object (its __nmsLastWrite): none is left unnamed.
  expect(t.historyComplete).toBe(true);

  for (const format of ["text", "markdown"]) {
    const { output } = await drift("--format", format);
    for (const secret of [STAFF_PASSPHRASE, CHANGED_PASSPHRASE, tenant.password]) expect(output).not.toContain(secret);
    expect(output).toContain(OPS.email);
    expect(output).toContain("Changed by hand");
  }
  const text = (await drift()).output;
  expect(text).toMatch(/^nms-drift: drift found in 1 tenant: 2 changed, 1 gone, 3 unmanaged; 2 ignored/);
  expect(text).toContain(`Venue hq (${ids.hq}): changed by ${OPS.email} at `);
  expect(text).toContain(`description: state "Head office", service "Changed by hand"`);
  const markdown = (await drift("--format", "markdown")).output;
  expect(markdown).toMatch(/^## nms-drift: drift found/);
  expect(markdown).toContain(`| Venue | Warehouse | \`${ids.warehouse}\` | ${OPS.email}, `);
});

test("--kinds and --venue narrow the report; without the ignore file the administrators are unmanaged objects", async () => {
  const networks = jsonReport((await drift("--kinds", "network")).report) as any;
  expect(networks.summary).toEqual({ changed: 1, gone: 0, unmanaged: 1, ignored: 0 });
  const hq = jsonReport((await drift("--venue", "HQ")).report) as any;
  expect(hq.tenants[0].unmanaged.map((u: any) => u.name)).toEqual(["Dock"]);
  expect(hq.tenants[0].changed.map((c: any) => c.resource)).toEqual(["hq"]);
  fs.writeFileSync(path.join(dir, "none.json"), JSON.stringify({ ignore: [] }));
  const admins = jsonReport((await drift("--kinds", "Admin", "--ignore", path.join(dir, "none.json"))).report) as any;
  const adminNames = admins.tenants[0].unmanaged.map((u: any) => u.name);
  expect(adminNames).toHaveLength(2);
  expect(adminNames).toContain(OPS.email);
});

test("--write-code, added to the program, adopts the three objects with no create; the report is then clean", async () => {
  const code = path.join(dir, "adopt", "drift.ts");
  await drift("--write-code", code);
  const written = fs.readFileSync(code, "utf8");
  expect(written).toContain(`venueId: "${ids.hq}" /* hq (nms:Venue) */`);
  expect(written).toContain(`adoptId: "${ids.lab}"`);
  expect(written).toContain('//   description: "Changed by hand",');
  for (const secret of [STAFF_PASSPHRASE, CHANGED_PASSPHRASE]) expect(written).not.toContain(secret);

  // The program: the stack's own, and the written file beside it (compiled as a user's tsc would, without the check).
  const js = ts.transpileModule(written, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  fs.writeFileSync(path.join(dir, "adopt", "drift.js"), js);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "adopt", "node_modules"), "dir");
  const program = path.join(dir, "adopt", "index.js");
  fs.writeFileSync(program, `require(${JSON.stringify(KINDS_PROGRAM)});\nrequire("./drift.js");\n`);

  await admin(emulator, "DELETE", "log");
  // Refreshed first, as `pulumi up --refresh`: the changed objects get the program's values back, the deleted one is made again.
  const adopted = await up({ ...stack, program, refresh: true });
  expect(adopted.errors).toEqual([]);
  const { entries } = (await adminApi(emulator, "GET", "log")) as { entries: { op: string; method: string }[] };
  const creates = entries
    .filter((e) => ["createVenue", "createNetworkDeep", "createApGroup"].includes(e.op))
    .map((e) => e.op);
  expect(creates).toEqual([]);
  const byName = Object.fromEntries(adopted.steps.filter((s) => s.custom).map((s) => [s.name, s.id]));
  expect([byName.dock, byName.lab, byName.warehouse]).toEqual([ids.dock, ids.lab, ids.warehouse]);

  const clean = await drift();
  expect(clean.output).toMatch(/^nms-drift: no drift in 1 tenant; 2 ignored/);
  expect(clean.exitCode).toBe(EXIT_NO_DRIFT);
});

/** The harness's state as `pulumi stack export` writes it: secrets encrypted by the passphrase secrets provider. */
function exportOf(statePath: string, passphrase: string): unknown {
  const { state } = loadState(statePath, PASSPHRASE);
  const encrypter = passphraseEncrypter(passphrase);
  const encrypt = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(encrypt);
    if (value === null || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    if (object[SIG_KEY] === SECRET_SIG)
      return { [SIG_KEY]: SECRET_SIG, ciphertext: encrypter.encrypt(JSON.stringify(object.value)) };
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, encrypt(v)]));
  };
  return {
    version: 3,
    deployment: {
      manifest: { time: new Date().toISOString(), magic: "", version: "v3.141.0" },
      secrets_providers: { type: "passphrase", state: { salt: encrypter.salt } },
      resources: state.resources.map((r) => ({
        urn: r.urn,
        custom: r.custom,
        id: r.id,
        type: r.type,
        inputs: encrypt(r.inputs),
        outputs: encrypt(r.outputs),
      })),
    },
  };
}

describe("the command", () => {
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    run(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, ...env(), ...extra } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("--help says the usage and the exit codes", async () => {
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(`${USAGE}\n`);
    expect(USAGE).toMatch(/Exit code: 0 no drift, 2 drift found, 1 an error/);
  });

  it("reads a `pulumi stack export` file, decrypting its secrets with PULUMI_CONFIG_PASSPHRASE", async () => {
    const exported = path.join(dir, "export.json");
    fs.writeFileSync(exported, JSON.stringify(exportOf(stack.statePath, "export passphrase")));
    const json = await cli(["--state", exported, "--format", "json"], {
      PULUMI_CONFIG_PASSPHRASE: "export passphrase",
    });
    expect({ code: json.code, stderr: json.stderr }).toEqual({ code: EXIT_NO_DRIFT, stderr: "" });
    expect(JSON.parse(json.stdout).summary).toEqual({ changed: 0, gone: 0, unmanaged: 0, ignored: 2 });
  });

  it.each([
    [
      "a state file it cannot read",
      ["--state", "missing.json"],
      {},
      /^nms-drift: cannot read the state file missing\.json: ENOENT\n$/,
    ],
    [
      "a wrong passphrase",
      ["--state", "export.json"],
      { PULUMI_CONFIG_PASSPHRASE: "wrong" },
      /^nms-drift: incorrect passphrase, please set PULUMI_CONFIG_PASSPHRASE/,
    ],
    [
      "an unknown kind",
      ["--state", "export.json", "--kinds", "Venue,Vlan"],
      {},
      /^nms-drift: --kinds: Vlan is not a kind of pulumi-nms \(one of Venue, /,
    ],
    [
      "an ignore file naming an unknown kind",
      ["--state", "export.json", "--ignore", "bad-ignore.json"],
      {},
      /^nms-drift: ignore file bad-ignore\.json: ignore\[0\]\.kind: Vlan is not a kind of pulumi-nms\n$/,
    ],
  ])("%s: a one-line error and exit code 1", async (_, args, extra, message) => {
    fs.writeFileSync(path.join(dir, "bad-ignore.json"), JSON.stringify({ ignore: [{ kind: "Vlan" }] }));
    const failed = await cli(args, extra as Record<string, string>);
    expect(failed.code).toBe(EXIT_ERROR);
    expect(failed.stderr).toMatch(message);
    expect(failed.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(failed.stdout).toBe("");
  });
});

test("a stack over two end customers' tenants reports each tenant apart", async () => {
  const msp = await adminApi(emulator, "POST", "tenants", { name: "Drift MSP" });
  const customers = [
    await adminApi(emulator, "POST", "tenants", { name: "Customer A" }),
    await adminApi(emulator, "POST", "tenants", { name: "Customer B" }),
  ];
  for (const customer of customers)
    await adminApi(emulator, "PUT", `tenants/${customer.tenantId}/msp`, { mspTenantId: msp.tenantId });
  const resources = customers.flatMap((customer, i) => [
    { name: `c${i}-hq`, kind: "Venue", args: { name: "HQ", tenantId: customer.tenantId } },
    {
      name: `c${i}-lobby`,
      kind: "ApGroup",
      args: { name: "Lobby", venueId: `\${c${i}-hq}`, tenantId: customer.tenantId },
    },
  ]);
  const fleet: StackOptions = {
    ...stack,
    stackName: "fleet",
    statePath: path.join(dir, "fleet.json"),
    config: {
      ...stack.config,
      "nms:tenantId": msp.tenantId,
      "nms:username": msp.username,
      "kinds:resources": JSON.stringify(resources),
    },
    secretConfig: { "nms:password": msp.password },
  };
  const deployed = await up(fleet);
  expect(deployed.errors).toEqual([]);
  const hqOf = (i: number) => deployed.steps.find((s) => s.name === `c${i}-hq`)!.id!;
  // By hand, in each customer's own tenant: a network in A, the venue's description in B.
  const a = await Client.login(emulator, customers[0].username, customers[0].password);
  const lab = (
    await a.ok("createNetworkDeep", {}, { name: "Lab", type: "open", wlan: { ssid: "lab", wlanSecurity: "Open" } })
  ).id;
  const b = await Client.login(emulator, customers[1].username, customers[1].password);
  const venue = (await b.call("getVenue", { venueId: hqOf(1) })).body;
  await b.ok("updateVenue", { venueId: hqOf(1) }, { ...venue, description: "Changed in B" });

  const parsed = parseCommandLine(["--state", fleet.statePath, "--kinds", "Venue,ApGroup,Network", "--format", "json"]);
  if (parsed.help) throw new Error("unexpected --help");
  const found = await runDrift(parsed.command, {
    ...env(),
    NMS_TENANT_ID: msp.tenantId,
    NMS_USERNAME: msp.username,
    NMS_PASSWORD: msp.password,
  });
  expect(found.exitCode).toBe(EXIT_DRIFT);
  const report = JSON.parse(found.output);
  expect(
    report.tenants.map((t: any) => ({
      tenantId: t.tenantId,
      changed: t.changed.map((c: any) => [c.resource, c.fields.map((f: any) => f.field), c.changes[0].admin]),
      unmanaged: t.unmanaged.map((u: any) => [u.kind, u.id, u.changes[0].admin]),
    })),
  ).toEqual(
    [
      { tenantId: customers[0].tenantId, changed: [], unmanaged: [["Network", lab, customers[0].username]] },
      {
        tenantId: customers[1].tenantId,
        changed: [["c1-hq", ["description"], customers[1].username]],
        unmanaged: [],
      },
    ].sort((x, y) => (x.tenantId < y.tenantId ? -1 : 1)),
  );
});
