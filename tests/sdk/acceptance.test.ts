// The provider's acceptance suite: real stack programs under the real @pulumi/pulumi runtime
// and dynamic-provider host, driven by the project's engine harness, against the emulator.
// The tests of one describe share a stack and run in order, like a user's sequence of runs.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { destroy, preview, type RunResult, type StackOptions, up } from "../../harness";
import type { NmsClient } from "../../provider/client";
import { adminApi, demoClient, waitFor } from "../support/emulatorClient";

type Props = Record<string, any>;

const ROOT = path.resolve(__dirname, "..", "..");
const SITES_PROGRAM = path.join(__dirname, "fixtures", "sites", "index.js");
const QUICKSTART_PROGRAM = path.join(ROOT, "dist", "examples", "quickstart", "index.js");
const RADIUS_SECRET = "radius-Secret-5e1f0b";
const PASSPHRASE = "acceptance passphrase";

let emulator: RunningEmulator;
let admin: NmsClient; // another administrator, making out-of-band changes through the API

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20 });
  admin = demoClient(emulator);
});

afterAll(async () => {
  await admin.close();
  await emulator.close();
});

function stack(name: string, program: string, projectName: string, config: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-${name}-`));
  const statePath = path.join(dir, "state.json");
  return {
    statePath,
    /** Options for one run; built when called, because the emulator starts in beforeAll. */
    with: (knobs: Record<string, string> = {}): StackOptions => ({
      projectDir: ROOT,
      program,
      projectName,
      stackName: name,
      statePath,
      passphrase: PASSPHRASE,
      config: {
        "nms:baseUrl": emulator.url,
        "nms:tenantId": emulator.demo.tenantId,
        "nms:username": emulator.demo.username,
        ...Object.fromEntries(Object.entries({ ...config, ...knobs }).map(([k, v]) => [`${projectName}:${k}`, v])),
      },
      secretConfig: { "nms:password": emulator.demo.password, [`${projectName}:radiusSecret`]: RADIUS_SECRET },
    }),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

function step(result: RunResult, name: string) {
  const found = result.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step ${name} in ${result.steps.map((s) => s.name).join(", ")}`);
  return found;
}

/** Steps other than "same", by resource name. */
function changes(result: RunResult): Record<string, string> {
  // The program's resources: a stack's first up also makes the state's identity (provider/stateIdentity.ts).
  const own = result.steps.filter((s) => s.custom && !s.type.endsWith(":StateIdentity"));
  return Object.fromEntries(own.filter((s) => s.op !== "same").map((s) => [s.name, s.op]));
}

async function tenantObjects(): Promise<Props> {
  return (await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)).json() as Promise<Props>;
}

async function managedObjectCount(): Promise<number> {
  const held = await tenantObjects();
  return (
    held.venues.length +
    held.apGroups.filter((g: Props) => !g.isDefault).length +
    held.networks.length +
    held.activations.length
  );
}

/** The last tests of every stack's life: no plaintext secret in state, and destroy leaves nothing. */
function itEndsCleanly(s: ReturnType<typeof stack>): void {
  it("keeps no plaintext secret in the state file", () => {
    const text = fs.readFileSync(s.statePath, "utf8");
    expect(text).not.toContain(RADIUS_SECRET);
    expect(text).not.toContain(emulator.demo.password);
  });

  it("destroy leaves the tenant with nothing the stack created", async () => {
    ok(await destroy(s.with()));
    expect(await managedObjectCount()).toBe(0);
  });
}

describe("quickstart program", () => {
  const s = stack("quickstart", QUICKSTART_PROGRAM, "quickstart");
  afterAll(() => s.cleanup());

  it("up creates the four resources, and a preview afterwards shows no changes", async () => {
    const result = ok(await up(s.with()));
    expect(changes(result)).toEqual({ hq: "create", lobby: "create", corp: "create", "corp-at-hq": "create" });
    // With the package's policy pack at its defaults, which the quickstart keeps (docs/policy.md).
    const again = ok(await preview({ ...s.with(), policyPacks: [{ dir: path.join(ROOT, "policy") }] }));
    expect(again.changes).toBe(0);
    expect(again.policyViolations).toEqual([]);
  });

  itEndsCleanly(s);
});

// Each kind through update, replace, drift, out-of-band deletes and destroy: tests/sdk/kinds.test.ts.

describe("adopting objects that already exist", () => {
  const s = stack("adopt", SITES_PROGRAM, "sites", { adoptByName: "true" });
  afterAll(() => s.cleanup());

  it("up takes over venues made by hand, updates them to match, and makes no duplicate", async () => {
    const made = await admin.execute<Props>("createVenue", {}, { body: { name: "HQ", description: "made by hand" } });
    const result = ok(await up(s.with()));
    expect(step(result, "hq").id).toBe(made.response!.id);
    const venues = await admin.call<Props[]>("listVenues");
    expect(venues.filter((v) => v.name === "HQ")).toHaveLength(1);
    expect(venues.find((v) => v.name === "HQ")!.description).toBe("Main office");
    expect((await preview(s.with())).changes).toBe(0);
    ok(await destroy(s.with()));
    expect(await managedObjectCount()).toBe(0);
  });
});

describe("a create that outlives the wait deadline", () => {
  const s = stack("late", SITES_PROGRAM, "sites");
  const withDeadline = (): StackOptions => {
    const options = s.with();
    return { ...options, config: { ...options.config, "nms:waitTimeoutSeconds": "1" } };
  };
  afterAll(async () => {
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: {} });
    s.cleanup();
  });

  it("fails the up but keeps the venues in state; the next up finishes them instead of creating duplicates", async () => {
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: { createVenue: { baseMs: 2_000, jitterMs: 0 } } });
    const first = await up(withDeadline());
    expect(first.failed).toBe(true);
    expect(first.errors.join("\n")).toMatch(
      /hq \[pulumi-nodejs:dynamic\/nms:Venue\]: create: .*did not finish within 1000 ms.*stays in the stack's state/,
    );
    const saved = JSON.parse(fs.readFileSync(s.statePath, "utf8")).resources as Props[];
    const venues = saved.filter((r) => r.type === "pulumi-nodejs:dynamic/nms:Venue");
    expect(venues).toHaveLength(2);
    for (const venue of venues) {
      expect(venue.id).toMatch(/^[0-9a-f]{32}$/);
      expect(venue.initErrors).toEqual([expect.stringContaining("did not finish within 1000 ms")]);
    }

    // The service finishes the creates; the next up (same program, nothing changed) brings them under management.
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: {} });
    await waitFor(
      async () =>
        (await admin.call<Props[]>("listVenues")).filter((v) => v.name === "HQ" || v.name === "Branch").length === 2,
    );
    const second = ok(await up(s.with()));
    expect(step(second, "hq")).toMatchObject({ op: "update", changedFields: [] });
    expect(step(second, "branch")).toMatchObject({ op: "update", changedFields: [] });
    expect(changes(second)).toMatchObject({ lobby: "create", "corp-at-site": "create" });
    const held = (await admin.call<Props[]>("listVenues")).filter((v) => v.name === "HQ" || v.name === "Branch");
    expect(held.map((v) => v.id).sort()).toEqual(venues.map((v) => v.id).sort());
    const state = JSON.parse(fs.readFileSync(s.statePath, "utf8")).resources as Props[];
    expect(state.filter((r) => r.initErrors)).toEqual([]);
    expect((await preview(s.with())).changes).toBe(0);
  });

  itEndsCleanly(s);
});
