// A program that writes an empty object, or null, for a field the service fills with its documented
// defaults converges: after up, preview shows no change (provider/compare.ts). Run through a real
// program by the harness against the emulator, whose answers carry every default.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { preview, up, type RunResult, type StackOptions } from "../../harness";
import { specFields } from "../../provider/fields";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "..", "..");
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 5 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-empty-"));
});

afterAll(async () => {
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Row = { name: string; kind: string; args: Record<string, unknown> };

const RESOURCES: Row[] = [
  { name: "site", kind: "Venue", args: { name: "Empty and null site" } },
  {
    name: "corp",
    kind: "Network",
    args: {
      name: "Empty corp",
      type: "psk",
      passphrase: "${secret:psk}",
      wlan: { ssid: "corp", wlanSecurity: "WPA2Personal", advancedCustomization: {} },
    },
  },
  {
    name: "guests",
    kind: "Network",
    args: {
      name: "Empty guests",
      type: "psk",
      passphrase: "${secret:psk}",
      wlan: { ssid: "guests", wlanSecurity: "WPA2Personal", advancedCustomization: null },
    },
  },
  {
    name: "corp-at-site",
    kind: "NetworkVenueActivation",
    args: { networkId: "${corp}", venueId: "${site}", scheduler: {} },
  },
  {
    name: "guests-at-site",
    kind: "NetworkVenueActivation",
    args: { networkId: "${guests}", venueId: "${site}", scheduler: null },
  },
  { name: "site-radio", kind: "VenueRadio", args: { venueId: "${site}", radioParams24G: {}, radioParams50G: null } },
];

function stack(resources: Row[]): StackOptions {
  return {
    projectDir: ROOT,
    program: path.join(__dirname, "fixtures", "table", "index.js"),
    projectName: "table",
    stackName: "empty",
    statePath: path.join(dir, "state.json"),
    passphrase: "empty passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "table:resources": JSON.stringify(resources),
    },
    secretConfig: { "nms:password": emulator.demo.password, "table:psk": "empty-and-null-psk" },
  };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(result.errors.join("\n"));
  return result;
}

test("{} and null for fields with defaults: after up, preview and preview --refresh show no change", async () => {
  ok(await up(stack(RESOURCES)));
  const again = ok(await preview(stack(RESOURCES)));
  expect(again.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op, s.changedPaths])).toEqual([]);
  expect(again.changes).toBe(0);
  const refreshed = ok(await preview({ ...stack(RESOURCES), refresh: true }));
  expect(refreshed.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op, s.changedPaths])).toEqual([]);
  expect(refreshed.changes).toBe(0);
});

describe("the provider's Diff", () => {
  const noClient = () => Promise.reject(new Error("diff must not call the service"));
  const activation = makeLifecycle(RESOURCE_SPECS.NetworkVenueActivation, noClient);
  const apRadio = makeLifecycle(RESOURCE_SPECS.ApRadio, noClient);
  const held = {
    networkId: "n-1",
    venueId: "v-1",
    isAllAPGroups: true,
    allAPGroupsRadio: "Both",
    scheduler: { type: "ALWAYS_ON" },
  };

  test("a null that stands for 'not set' is compared like a field left out: with the default, so drift still shows", async () => {
    expect(await activation.diff!("a-1", held, { networkId: "n-1", venueId: "v-1", scheduler: null })).toMatchObject({
      changes: false,
    });
    const drifted = { ...held, scheduler: { type: "CUSTOM", mon: "000000000000000000000000" } };
    expect(await activation.diff!("a-1", drifted, { networkId: "n-1", venueId: "v-1", scheduler: null })).toMatchObject(
      { changes: true },
    );
    expect(await activation.diff!("a-1", drifted, { networkId: "n-1", venueId: "v-1", scheduler: {} })).toMatchObject({
      changes: false,
    });
  });

  test("a null that is a value of its own (an AP's radio: as the venue says) is compared as that value", async () => {
    const stored = { ...specFields(RESOURCE_SPECS.ApRadio).defaults(), serialNumber: "512345678901", enable24G: true };
    expect(
      await apRadio.diff!("512345678901", stored, { serialNumber: "512345678901", enable24G: null }),
    ).toMatchObject({ changes: true });
    expect(
      await apRadio.diff!(
        "512345678901",
        { ...stored, enable24G: null },
        { serialNumber: "512345678901", enable24G: null },
      ),
    ).toMatchObject({
      changes: false,
    });
  });
});
