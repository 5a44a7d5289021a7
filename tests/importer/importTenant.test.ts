// nms-import end to end: an estate made by hand through the emulator's API (objects of every family,
// settings changed from their defaults, secrets), imported with the command; the generated program
// compiled with tsc and run through the engine harness against the same emulator. The first up adopts
// every object (the service sees no create, update or delete), a second preview shows no change,
// and destroy removes exactly what was imported.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type { RunningEmulator } from "../../emulator";
import { destroy, preview, up, type RunResult } from "../../harness";
import { IMPORT_REQUESTS_PER_SECOND, importTenant, withImportPace } from "../../importer";
import { KIND_IMPORTS } from "../../importer/kinds";
import { resolveConfig } from "../../provider/config";
import { RESOURCE_SPECS } from "../../provider/resources";
import { admin, adminApi, Client, start } from "../support/emulatorClient";
import { buildEstate, ESTATE_SECRETS, tenantObjects, type Props } from "./estate";
import { decryptStackSecrets } from "./stackConfig";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..", "..");
const CLI = path.join(ROOT, "dist", "importer", "cli.js");
const PASSPHRASE = "import test passphrase";

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await start({ asyncDelayMs: 5 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-import-"));
});

afterAll(async () => {
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes to the service (anything but a read or the login) since the log was last cleared. */
async function writesSinceCleared(): Promise<string[]> {
  const { entries } = (await adminApi(emulator, "GET", "log")) as {
    entries: { method: string; op: string; path: string }[];
  };
  return entries
    .filter((e) => e.op !== "admin" && e.method !== "GET" && !e.path.endsWith("/token"))
    .map((e) => `${e.method} ${e.op}`);
}

/** Every object's ID in the admin API's listing, by kind. */
function idsByKind(objects: Record<string, Props[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(objects).map(([kind, items]) => [
      kind,
      items.map((o) => String(o.id ?? o.serialNumber ?? o.port ?? JSON.stringify(o))).sort(),
    ]),
  );
}

/** The listing without administrators' last logins, which every run of the provider moves. */
function withoutLogins(objects: Record<string, Props[]>): Record<string, Props[]> {
  return { ...objects, admins: objects.admins.map(({ lastLogin: _, ...rest }) => rest) };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`${result.operation} failed:\n${result.errors.join("\n")}`);
  return result;
}

test("a tenant set up by hand is imported, adopted by the generated program without a write, previews clean, and destroys to what it held before", async () => {
  const tenant = await adminApi(emulator, "POST", "tenants", { name: "Hand-made estate" });
  const api = await Client.login(emulator, tenant.username, tenant.password);
  const before = await tenantObjects(emulator, tenant.tenantId);
  const estate = await buildEstate(api);
  const held = await tenantObjects(emulator, tenant.tenantId);

  // The command, as a user runs it: settings from --config and the environment, secrets written encrypted.
  const out = path.join(dir, "hq-network");
  const printed = await run(
    process.execPath,
    [
      CLI,
      "--out",
      out,
      "--config",
      `nms:baseUrl=${emulator.url}`,
      "--config",
      `nms:tenantId=${tenant.tenantId}`,
      "--write-secrets",
    ],
    {
      env: {
        ...process.env,
        NMS_USERNAME: tenant.username,
        NMS_PASSWORD: tenant.password,
        NMS_ALLOW_INSECURE_HTTP: "true",
        NMS_MAX_REQUESTS_PER_SECOND: "500",
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      },
    },
  );
  expect(printed.stdout).toMatch(/^nms-import: wrote 6 files to .*hq-network: \d+ resources from \d+ objects read/);
  const files = fs.readdirSync(out).sort();
  expect(files).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);
  // No secret in plaintext in anything written, the import's password included.
  for (const file of files) {
    const text = fs.readFileSync(path.join(out, file), "utf8");
    for (const secret of [...Object.values(ESTATE_SECRETS), tenant.password]) expect(text).not.toContain(secret);
  }
  const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
  // One resource per object of every family, references between them, and the secrets read from config.
  expect(program).toContain(`const hqOffice = new nms.Venue("hq-office", {`);
  expect(program).toMatch(
    /const lobby = new nms\.ApGroup\("lobby", \{ name: "Lobby", description: "Lobby access points", venueId: hqOffice\.id, adoptId: "\w+" \}\);/,
  );
  expect(program).toContain("wifiCallingIds: [carrierCalling.id]");
  expect(program).toContain('passphrase: config.requireSecret("staffPassphrase")');
  expect(program).toContain('sharedSecret: config.requireSecret("corpAuthRadiusPrimarySharedSecret")');
  expect(program).toContain("serialNumber: lobbyAp.id");
  // Every kind the provider has, but the one the service cannot show (write-only DPSK passphrases) and the venue's
  // vSPoT binding, which its server's venues hold: a new kind needs its objects in the estate.
  const importable = Object.keys(RESOURCE_SPECS).filter(
    (kind) => !KIND_IMPORTS[kind]?.notImportable && !KIND_IMPORTS[kind]?.heldBy,
  );
  expect(importable).toHaveLength(Object.keys(RESOURCE_SPECS).length - 2);
  for (const kind of importable) expect(program).toContain(`new nms.${kind}(`);
  expect(fs.readFileSync(path.join(out, "README.md"), "utf8")).toContain(
    "every VenueVspotBinding: held by its vSPoT server's venues",
  );

  // Compiled as the user's `tsc` would, against the installed package.
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
  await run(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", out]).catch(
    (error: { stdout?: string }) => {
      throw new Error(`the generated program does not compile:\n${error.stdout}`);
    },
  );

  const secrets = decryptStackSecrets(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8"), PASSPHRASE);
  expect(Object.values(secrets).sort()).toEqual(Object.values(ESTATE_SECRETS).sort());
  const stack = {
    projectDir: out,
    program: "bin/index.js",
    projectName: "hq-network",
    stackName: "dev",
    statePath: path.join(dir, "state.json"),
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": tenant.tenantId,
      "nms:username": tenant.username,
      "nms:allowInsecureHttp": "true",
    },
    secretConfig: { "nms:password": tenant.password, ...secrets },
  };

  await admin(emulator, "DELETE", "log");
  const adopted = ok(await up(stack));
  const custom = adopted.steps.filter((s) => s.custom);
  expect(custom.length).toBeGreaterThan(40);
  // The engine shows creates: each create took over its object, whose ID it kept.
  expect(custom.every((s) => s.op === "create")).toBe(true);
  expect(custom.find((s) => s.name === "hq-office")?.id).toBe(estate.ids.hq);
  expect(await writesSinceCleared()).toEqual([]);
  expect(withoutLogins(await tenantObjects(emulator, tenant.tenantId))).toEqual(withoutLogins(held));

  const again = await preview(stack);
  expect(again.changes).toBe(0);
  expect(await writesSinceCleared()).toEqual([]);
  for (const secret of Object.values(ESTATE_SECRETS))
    expect(fs.readFileSync(stack.statePath, "utf8")).not.toContain(secret);

  ok(await destroy(stack));
  const after = idsByKind(await tenantObjects(emulator, tenant.tenantId));
  const imported = new Set(custom.map((s) => s.id));
  const expected = idsByKind(before);
  // What the tenant held before the estate stays, but for what the program managed: the read-only administrator,
  // who existed already and was imported too (the administrator the import logged in as was left out).
  expected.admins = expected.admins.filter((id) => !imported.has(id));
  expect(expected.admins).toHaveLength(1);
  // Destroy leaves the recovery PSK in the service, as the provider documents (the service can neither delete nor reset it).
  expected.recoveryPsk = idsByKind(held).recoveryPsk;
  expect(after).toEqual(expected);
}, 120_000);

test("a tenant of the older Wi-Fi API: the newer variant's kinds are left out and the README says why", async () => {
  const tenant = await adminApi(emulator, "POST", "tenants", { name: "Older tenant", wifiApiVariant: "older" });
  const api = await Client.login(emulator, tenant.username, tenant.password);
  const venue = await api.ok("createVenue", {}, { name: "Old HQ" });
  await api.ok(
    "createNetworkDeep",
    {},
    {
      name: "Old staff",
      type: "psk",
      wlan: { ssid: "old-staff", wlanSecurity: "WPA2Personal", passphrase: ESTATE_SECRETS.staffPassphrase },
    },
  );
  const config = {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": tenant.tenantId,
    "nms:username": tenant.username,
    "nms:password": tenant.password,
    "nms:allowInsecureHttp": "true",
  };
  for (const variant of ["older", undefined]) {
    const out = path.join(dir, `older-${variant ?? "unset"}`);
    const result = await importTenant({
      out,
      config: { ...config, ...(variant ? { "nms:wifiApiVariant": variant } : {}) },
      env: {},
    });
    expect(
      result.model.declarations
        .filter((d) => d.kind === "Venue" || d.kind === "Network")
        .map((d) => [d.name, d.args.adoptId]),
    ).toEqual([
      ["old-hq", venue.id],
      ["old-staff", expect.any(String)],
    ]);
    expect(
      result.model.declarations.filter((d) => ["DevicePolicy", "VenueCellular", "VenueDhcpBinding"].includes(d.kind)),
    ).toEqual([]);
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toMatch(/every DevicePolicy: (it exists only in the newer variant|the service does not have it)/);
    expect(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8").includes("nms:wifiApiVariant: older")).toBe(
      variant === "older",
    );
  }
});

test("several end customers' tenants (--tenant) become one program, grouped per tenant, each resource naming its tenant; adopted without a write", async () => {
  const msp = await adminApi(emulator, "POST", "tenants", { name: "Import MSP" });
  const customers = [
    await adminApi(emulator, "POST", "tenants", { name: "Acme Bakery" }),
    await adminApi(emulator, "POST", "tenants", { name: "Beta Clinic" }),
  ];
  // Each customer's Wi-Fi passphrase its own: the program must read each from its tenant's key.
  const passphrases = [ESTATE_SECRETS.staffPassphrase, "clinic-Passphrase-7d21"];
  const made: Record<string, { venue: string; network: string }> = {};
  for (const [i, customer] of customers.entries()) {
    await adminApi(emulator, "PUT", `tenants/${customer.tenantId}/msp`, { mspTenantId: msp.tenantId });
    // The same names in both tenants: each tenant's objects are its own.
    const api = await Client.login(emulator, customer.username, customer.password);
    const venue = await api.ok("createVenue", {}, { name: "HQ" });
    await api.ok("createApGroup", { venueId: venue.id }, { name: "Lobby", venueId: venue.id });
    const network = await api.ok(
      "createNetworkDeep",
      {},
      { name: "Staff", type: "psk", wlan: { ssid: "staff", wlanSecurity: "WPA2Personal", passphrase: passphrases[i] } },
    );
    made[customer.tenantId] = { venue: venue.id, network: network.id };
  }
  const mspBefore = await tenantObjects(emulator, msp.tenantId);
  const out = path.join(dir, "fleet");
  const config = {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": msp.tenantId,
    "nms:username": msp.username,
    "nms:password": msp.password,
    "nms:allowInsecureHttp": "true",
  };
  const result = await importTenant({
    out,
    config,
    env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
    writeSecrets: true,
    kinds: ["Venue", "ApGroup", "Network"],
    tenants: customers.map((c) => c.tenantId),
  });
  // Grouped per tenant, named after it, each naming its tenant; references stay within their tenant.
  expect(result.model.declarations.map((d) => [d.name, d.kind, d.tenantId, d.args.tenantId, d.args.adoptId])).toEqual([
    ["acme-bakery-hq", "Venue", customers[0].tenantId, customers[0].tenantId, made[customers[0].tenantId].venue],
    ["acme-bakery-lobby", "ApGroup", customers[0].tenantId, customers[0].tenantId, expect.any(String)],
    ["acme-bakery-staff", "Network", customers[0].tenantId, customers[0].tenantId, made[customers[0].tenantId].network],
    ["beta-clinic-hq", "Venue", customers[1].tenantId, customers[1].tenantId, made[customers[1].tenantId].venue],
    ["beta-clinic-lobby", "ApGroup", customers[1].tenantId, customers[1].tenantId, expect.any(String)],
    ["beta-clinic-staff", "Network", customers[1].tenantId, customers[1].tenantId, made[customers[1].tenantId].network],
  ]);
  const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
  expect(program).toContain(`// ==== Tenant ${customers[0].tenantId} (Acme Bakery) ====`);
  expect(program.indexOf(`// ==== Tenant ${customers[1].tenantId} (Beta Clinic) ====`)).toBeGreaterThan(
    program.indexOf('new nms.Network("acme-bakery-staff"'),
  );
  expect(program).toMatch(
    new RegExp(
      `new nms\\.ApGroup\\("beta-clinic-lobby", \\{\\s*name: "Lobby",\\s*venueId: betaClinicHq\\.id,\\s*adoptId: "\\w+",\\s*tenantId: "${customers[1].tenantId}",?\\s*\\}\\)`,
    ),
  );
  // No secret in plaintext in anything written; each tenant's secret encrypted under its own key.
  for (const file of fs.readdirSync(out)) {
    const text = fs.readFileSync(path.join(out, file), "utf8");
    for (const secret of [...passphrases, msp.password]) expect(text).not.toContain(secret);
  }
  const secrets = decryptStackSecrets(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8"), PASSPHRASE);
  expect(secrets).toEqual({
    "fleet:acmeBakeryStaffPassphrase": passphrases[0],
    "fleet:betaClinicStaffPassphrase": passphrases[1],
  });
  expect(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8")).toContain(`nms:tenantId: "${msp.tenantId}"`);
  expect(fs.readFileSync(path.join(out, "README.md"), "utf8")).toContain(
    `| \`${customers[1].tenantId}\` | Beta Clinic | 3 |`,
  );

  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
  await run(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", out]).catch(
    (error: { stdout?: string }) => {
      throw new Error(`the generated program does not compile:\n${error.stdout}`);
    },
  );
  const stack = {
    projectDir: out,
    program: "bin/index.js",
    projectName: "fleet",
    stackName: "dev",
    statePath: path.join(dir, "fleet-state.json"),
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": msp.tenantId,
      "nms:username": msp.username,
      "nms:allowInsecureHttp": "true",
    },
    secretConfig: { "nms:password": msp.password, ...secrets },
  };
  await admin(emulator, "DELETE", "log");
  const adopted = ok(await up(stack));
  // The program's resources; the state's identity (provider/stateIdentity.ts) is made beside them.
  const custom = adopted.steps.filter((s) => s.custom && !s.type.endsWith(":StateIdentity"));
  expect(custom).toHaveLength(6);
  expect(custom.every((s) => s.op === "create")).toBe(true);
  expect(custom.find((s) => s.name === "beta-clinic-hq")?.id).toBe(made[customers[1].tenantId].venue);
  expect(await writesSinceCleared()).toEqual([]);
  const again = await preview(stack);
  expect(again.changes).toBe(0);
  expect(await writesSinceCleared()).toEqual([]);
  for (const secret of passphrases) expect(fs.readFileSync(stack.statePath, "utf8")).not.toContain(secret);
  // Nothing of the customers' reached the MSP's own tenant.
  expect(withoutLogins(await tenantObjects(emulator, msp.tenantId))).toEqual(withoutLogins(mspBefore));
}, 120_000);

test("reads at nms-import's own pace unless nms:maxRequestsPerSecond is set, and never faster than the setting", () => {
  const login: Record<string, string> = {
    "nms:region": "eu",
    "nms:tenantId": "t",
    "nms:username": "u",
    "nms:password": "p",
  };
  const paceOf = (more: Record<string, string>) =>
    withImportPace(resolveConfig((key) => ({ ...login, ...more })[key], {})).maxRequestsPerSecond;
  expect(paceOf({})).toBe(IMPORT_REQUESTS_PER_SECOND);
  expect(paceOf({ "nms:maxRequestsPerSecond": "5" })).toBe(5);
});
