// The harness runs policy packs as the CLI does (--policy-pack): the package's own pack, served by
// @pulumi/policy's analyzer server over the Analyzer protocol, on a stack of this provider's resources
// against the emulator. A mandatory violation fails a preview and stops an update before its step; an
// advisory one is reported and the run goes on; a pack that throws and a config naming no rule of the
// pack give an error that says so.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { preview, up } from "../../harness";
import { main } from "../../harness/cli";
import { formatPlan } from "../../harness/format";
import { start } from "../support/emulatorClient";
import { ROOT, exampleStack, heldCounts, newTenant, objectsOf } from "../examples/stacks";

const PACK = path.join(ROOT, "policy");
const PROGRAM = path.join(__dirname, "fixtures", "policy", "network.js");
const THROWING_PACK = path.join(__dirname, "fixtures", "policy", "throwing-pack");
const INFLIGHT_PACK = path.join(__dirname, "fixtures", "policy", "inflight-pack");
const REMEDIATING_PACK = path.join(__dirname, "fixtures", "policy", "remediating-pack");

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await start();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "policy-pack-"));
});
afterAll(async () => {
  await emulator?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function stack(name: string, config: Record<string, string> = {}) {
  const tenant = await newTenant(emulator, name);
  const s = exampleStack({
    emulator,
    example: "policy",
    stackName: name,
    tenantId: tenant.tenantId,
    login: tenant,
    config,
    secretConfig: { passphrase: "staff-Passphrase-91x" },
  });
  return { tenant, opts: { ...s.with(), program: PROGRAM }, cleanup: s.cleanup };
}

function configFile(name: string, doc: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
}

test("a mandatory violation fails the preview, names the resource, the field and the fix; stack rules run too", async () => {
  const s = await stack("mandatory", { sameSsid: "true" });
  const result = await preview({ ...s.opts, policyPacks: [{ dir: PACK }] });
  s.cleanup();
  expect(result.failed).toBe(true);
  expect(result.errors).toContain(
    "lobby [pulumi-nodejs:dynamic/nms:Network]: mandatory policy violated: no-open-ssid-on-staff-vlan",
  );
  const open = result.policyViolations?.find((v) => v.policy === "no-open-ssid-on-staff-vlan");
  expect(open).toMatchObject({ enforcementLevel: "mandatory", policyPack: "pulumi-nms", policyPackVersion: "0.1.0" });
  expect(open?.urn).toMatch(/::pulumi-nodejs:dynamic\/nms:Network::lobby$/);
  expect(open?.message).toContain('Network "lobby": wlan.vlanId is 10: an open network');
  expect(open?.message).toContain("Fix: ");
  // The activations name their networks by IDs unknown in a preview: the rule follows the property dependencies.
  const same = result.policyViolations?.find((v) => v.policy === "unique-ssid-per-venue");
  expect(same?.message).toContain('NetworkVenueActivation "staff-b-at-hq": networkId: activates network "staff-b"');
  expect(same?.urn).toMatch(/NetworkVenueActivation::staff-b-at-hq$/);
  expect(formatPlan(result)).toContain(
    "    ❌ pulumi-nms@v0.1.0 (local: " +
      `${PACK})\n        - [mandatory]  no-open-ssid-on-staff-vlan  (pulumi-nodejs:dynamic/nms:Network: lobby)\n` +
      "          No open (unencrypted) SSID on a staff VLAN.\n",
  );
});

test("a mandatory violation stops the update before the resource's step: nothing is created", async () => {
  const s = await stack("stopped");
  const result = await up({ ...s.opts, policyPacks: [{ dir: PACK }] });
  s.cleanup();
  expect(result.failed).toBe(true);
  expect(result.errors[0]).toContain(
    "lobby [pulumi-nodejs:dynamic/nms:Network]: resource is invalid: mandatory policy",
  );
  expect(await heldCounts(emulator, s.tenant.tenantId)).toEqual({});
});

test("an advisory violation is printed and in --json, and the preview passes", async () => {
  const s = await stack("advisory");
  const config = configFile("advisory.json", { "no-open-ssid-on-staff-vlan": "advisory" });
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  const state = path.join(dir, "advisory-state.json");
  const args = ["preview", "--stack", "advisory", "--state", state, "--program", PROGRAM, "--project", "policy"];
  for (const [k, v] of Object.entries(s.opts.config ?? {})) args.push("--config", `${k}=${v}`);
  let code: number;
  const env = process.env;
  try {
    process.env = {
      ...env,
      NMS_HARNESS_SECRETS: JSON.stringify(s.opts.secretConfig),
      NMS_HARNESS_PASSPHRASE: "advisory passphrase",
    };
    code = await main([...args, "--policy-pack", PACK, "--policy-pack-config", config, "--json"]);
  } finally {
    process.env = env;
    spy.mockRestore();
    s.cleanup();
  }
  const doc = JSON.parse(written.join(""));
  expect({ code, failed: doc.failed, errors: doc.errors }).toEqual({ code: 0, failed: false, errors: [] });
  expect(doc.policyViolations).toEqual([
    expect.objectContaining({ policy: "no-open-ssid-on-staff-vlan", enforcementLevel: "advisory" }),
  ]);
  expect(formatPlan(doc)).toContain("    ⚠️ pulumi-nms@v0.1.0");
  expect(formatPlan(doc)).toContain("        - [advisory]  no-open-ssid-on-staff-vlan  (");
});

test("a pack that throws as it loads and a config naming no rule of the pack fail with what is wrong", async () => {
  const s = await stack("broken");
  const throwing = await up({ ...s.opts, policyPacks: [{ dir: THROWING_PACK }] });
  const unknownRule = configFile("unknown.json", { "no-open-ssids": "advisory" });
  const misconfigured = await preview({ ...s.opts, policyPacks: [{ dir: PACK, config: unknownRule }] });
  s.cleanup();
  expect(throwing.failed).toBe(true);
  expect(throwing.errors[0]).toMatch(
    // Remediate is the first call a resource makes to the packs, before Analyze.
    /policy remediation: policy pack .*throwing-pack exited with code \d+ before reporting its port/,
  );
  expect(throwing.errors[0]).toContain("the pack's module threw while loading");
  expect(await heldCounts(emulator, s.tenant.tenantId)).toEqual({});
  expect(misconfigured.failed).toBe(true);
  expect(misconfigured.errors[0]).toContain(
    `policy pack config ${unknownRule}: "no-open-ssids" is not a policy of the pack "pulumi-nms" (its policies: no-open-ssid-on-staff-vlan,`,
  );
});

// pulumi/pulumi pkg/engine/update.go newUpdateSource awaits loadPolicyPlugins before deploy.NewEvalSource starts the
// program; pkg/resource/deploy/analyze_snapshot.go analyzeResource waits (g.Wait()) for every pack's Analyze, in a
// preview as in an update, inside the step generator's handling of one registration.
test("as under the CLI, the packs serve before the program starts, and a preview sends one Analyze at a time", async () => {
  const s = await stack("one-at-a-time", { sameSsid: "true" });
  const lines: string[] = [];
  const result = await preview({ ...s.opts, policyPacks: [{ dir: INFLIGHT_PACK }], log: (line) => lines.push(line) });
  s.cleanup();
  expect(result.failed).toBe(false);
  const ready = lines.findIndex((line) => line.startsWith("policy pack inflight-pack@v0.0.1 ready"));
  const programStarts = lines.findIndex((line) => line.startsWith("previewing "));
  expect(ready).toBeGreaterThanOrEqual(0);
  expect(ready).toBeLessThan(programStarts);
  // The state's identity, then lobby, hq and the two staff networks registered at once, their activations after.
  const counts = (result.policyViolations ?? []).map((v) => v.message.split("\n").pop());
  expect(counts.length).toBeGreaterThanOrEqual(7);
  expect(new Set(counts)).toEqual(new Set(["most in hand: 1"]));
});

// step_generator.go runs every pack's Remediate before Analyze (the first pass), with the internal keys kept
// (analyzer_plugin.go Remediate), and the properties a remediation returns are the resource's inputs from then on.
test("a remediation policy's new inputs are what the update creates, and the internal keys reach it", async () => {
  const s = await stack("remediated");
  const result = await up({ ...s.opts, skipPreview: true, policyPacks: [{ dir: REMEDIATING_PACK }] });
  s.cleanup();
  expect(result.errors).toEqual([]);
  expect(result.policyRemediations).toEqual([
    expect.objectContaining({ policyPack: "remediating-pack", policy: "network-name-suffix" }),
  ]);
  const held = await objectsOf(emulator, s.tenant.tenantId);
  expect(
    Object.values(held)
      .flat()
      .filter((o) => String(o.name).startsWith("Lobby")),
  ).toEqual([expect.objectContaining({ name: "Lobby-ri" })]);
});
