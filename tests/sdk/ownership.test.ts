// Two resources of one program never own one object: the SDK sees both registrations, and the one
// that would own an object another resource of the program already owns is refused by check, so its
// create never runs, in preview as in up, with both resources named. Real programs through the engine
// harness against the emulator (tests/sdk/fixtures/owners).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { preview, up, type RunResult, type StackOptions } from "../../harness";
import { RESOURCE_SPECS } from "../../provider/resources";
import { specFields } from "../../provider/fields";
import type { NmsClient } from "../../provider/client";
import { demoClient } from "../support/emulatorClient";

type Props = Record<string, any>;

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "fixtures", "owners", "index.js");

let emulator: RunningEmulator;
let admin: NmsClient;
let existingVenueId: string;
const dirs: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 5 });
  admin = demoClient(emulator);
  const made = await admin.execute<Props>("createVenue", {}, { body: { name: "Made by hand" } });
  existingVenueId = String(made.response?.id ?? made.record.entityId);
});

afterAll(async () => {
  await admin.close();
  await emulator.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function options(scenario: string): StackOptions {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-owners-"));
  dirs.push(dir);
  return {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "owners",
    stackName: scenario,
    statePath: path.join(dir, "state.json"),
    passphrase: "owners passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "owners:case": scenario,
      "owners:existingVenueId": existingVenueId,
    },
    secretConfig: { "nms:password": emulator.demo.password },
  };
}

/** How many venues of the tenant have the name: never more than one, whichever of the two ran (the engine stops at the refusal). */
async function venuesNamed(name: string): Promise<number> {
  return (await tenantObjects()).venues.filter((venue: Props) => venue.name === name).length;
}

/** What the emulator holds for the tenant now (its admin route, never cached). */
async function tenantObjects(): Promise<Props> {
  return (await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)).json() as Promise<Props>;
}

/** The refusal: on the second resource, naming both; its create never ran. */
function refusal(result: RunResult, refused: string, other: string, property: string): string {
  expect(result.failed).toBe(true);
  const step = result.steps.find((s) => s.name === refused);
  expect(step?.failures).toEqual([expect.objectContaining({ property })]);
  expect(step?.id).toBeUndefined();
  const reason = step!.failures![0].reason;
  expect(reason).toContain(`::${refused}`);
  expect(reason).toContain(`::${other}`);
  expect(reason).toContain("cannot own one object");
  return reason;
}

describe("two resources that would own one object", () => {
  test("the same adoptId (one given as an Output): refused in preview and in up; the first one adopts, the second never runs", async () => {
    const opts = options("same-adopt-id");
    refusal(await preview(opts), "second", "first", "adoptId");
    const result = await up(opts);
    const reason = refusal(result, "second", "first", "adoptId");
    expect(reason).toContain(`adoptId "${existingVenueId}"`);
    expect(await venuesNamed("Adopted sai")).toBeLessThanOrEqual(1);
  });

  test("adoptByName on one unique name: refused in preview and in up", async () => {
    const opts = options("same-adopted-name");
    refusal(await preview(opts), "second", "first", "adoptByName");
    const result = await up(opts);
    expect(refusal(result, "second", "first", "adoptByName")).toContain('name "Twin san"');
    expect(await venuesNamed("Twin san")).toBeLessThanOrEqual(1);
  });

  test("one resource creates a name another adopts by name (the name an Output): refused", async () => {
    const opts = options("create-and-adopt-name");
    refusal(await preview(opts), "taken", "made", "adoptByName");
    const result = await up(opts);
    refusal(result, "taken", "made", "adoptByName");
    expect(await venuesNamed("Made here caan")).toBeLessThanOrEqual(1);
  });

  test("adoptByName in the scope of a venue the program creates: not known in preview, refused in up before the second create", async () => {
    const opts = options("same-name-in-created-venue");
    const planned = await preview(opts);
    if (planned.failed) throw new Error(planned.errors.join("\n"));
    const result = await up(opts);
    refusal(result, "lobby-again", "lobby", "adoptByName");
    // The groups' scope is known only once the venue exists: it was created, and one group at most with it.
    const venueId = result.steps.find((s) => s.name === "site")?.id;
    expect(venueId).toBeDefined();
    const groups = (await tenantObjects()).apGroups.filter((g: Props) => g.venueId === venueId && g.name === "Lobby");
    expect(groups.map((g: Props) => g.id)).toEqual(
      result.steps.filter((s) => s.name === "lobby" && s.id).map((s) => s.id),
    );
  });

  test("adoptId naming the object another resource of the program creates: refused", async () => {
    const opts = options("adopt-created-id");
    const result = await up(opts);
    refusal(result, "copy", "origin", "adoptId");
    expect(result.steps.find((s) => s.name === "origin")?.id).toBeDefined();
    expect(await venuesNamed("Origin aci")).toBe(1);
  });

  test("different IDs and names, and two creates of one non-unique name: no refusal", async () => {
    const opts = options("distinct");
    expect((await preview(opts)).failed).toBe(false);
    const result = await up(opts);
    if (result.failed) throw new Error(result.errors.join("\n"));
    expect(result.steps.filter((s) => s.custom).every((s) => s.op === "create")).toBe(true);
  });
});

test("every kind that adopts by name declares its unique name among its inputs", () => {
  for (const spec of Object.values(RESOURCE_SPECS)) {
    if (!spec.findByName) continue;
    expect({ kind: spec.kind, declared: spec.uniqueName !== undefined }).toEqual({ kind: spec.kind, declared: true });
    const inputs = specFields(spec).inputNames;
    for (const field of spec.uniqueName ?? [])
      expect({ kind: spec.kind, field, input: inputs.includes(field) }).toEqual({
        kind: spec.kind,
        field,
        input: true,
      });
  }
});
