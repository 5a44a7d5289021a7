// Settings that always exist are destroyed by putting defaults back, a request each; the service deletes them with the
// object they belong to. The SDK sets Pulumi's deletedWith on settings whose parent input is that object's resource, so
// a run that deletes both sends nothing for the settings (sdk/deletedWith.ts). Checked on what the SDK registers (under
// Pulumi's mocks, on the RegisterResource request itself) and through a program run by the harness against the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { destroy, up, type RunResult, type StackOptions } from "../../harness";
import { RESOURCE_SPECS } from "../../provider/resources";

type Props = Record<string, any>;

describe("which kinds are deleted with their parent", () => {
  const linked = Object.values(RESOURCE_SPECS).filter((spec) => spec.deletedWithParent);

  test("settings that always exist, named by the input that holds their parent's ID; the parent a kind whose destroy deletes it", () => {
    expect(linked.map((spec) => spec.kind)).toEqual(
      expect.arrayContaining(["VenueRadio", "VenueSyslog", "ApRadio", "VenueMesh"]),
    );
    // Their reset also releases the VLANs, ACLs and profile they name, which the service will not delete while named.
    expect(linked.map((spec) => spec.kind)).not.toEqual(expect.arrayContaining(["SwitchPortSettings"]));
    expect(linked.map((spec) => spec.kind)).not.toEqual(expect.arrayContaining(["VenueSwitchSettings"]));
    for (const spec of linked) {
      const { input, kind } = spec.deletedWithParent!;
      expect([spec.kind, spec.ops.create, spec.destroy === "reset" || spec.destroy === "writeDefaults"]).toEqual([
        spec.kind,
        undefined,
        true,
      ]);
      expect([spec.kind, [spec.identity.idFromInput, ...Object.keys(spec.identity.parents ?? {})]]).toEqual([
        spec.kind,
        expect.arrayContaining([input]),
      ]);
      expect([spec.kind, RESOURCE_SPECS[kind]?.destroy]).toEqual([spec.kind, "delete"]);
    }
  });
});

describe("what the SDK registers (Pulumi's mocks)", () => {
  /** Resource name → the deletedWith URN of its RegisterResource request ("" for none). */
  const deletedWith = new Map<string, string>();

  beforeAll(() => {
    pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
      "project",
      "stack",
      false,
    );
    const monitor = pulumi.runtime.getMonitor() as unknown as { registerResource(req: any, callback: unknown): void };
    const register = monitor.registerResource.bind(monitor);
    monitor.registerResource = (req, callback) => {
      deletedWith.set(req.getName(), req.getDeletedwith());
      register(req, callback);
    };
  });

  async function registered(): Promise<void> {
    // Registrations are sent once their inputs resolve; the mocks answer on the next turns.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  test("a setting given its parent's own ID output is deleted with the parent; derived values, other kinds and kept parents are not", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nms = require("../../sdk") as typeof import("../../sdk");
    const venue = new nms.Venue("hq", { name: "HQ" });
    const kept = new nms.Venue("kept", { name: "Kept" }, { retainOnDelete: true });
    const guarded = new nms.Venue("guarded", { name: "Guarded" }, { protect: true });
    const sw = new nms.Switch("sw", { serialNumber: "FEK3224R0AB", venueId: venue.id });
    const binding = new nms.VenueSwitchSettings("hq-switching", { venueId: venue.id });
    const ap = new nms.Ap("hq-ap", { serialNumber: "123456789012", name: "HQ AP", venueId: venue.id });
    new nms.ApRadio("hq-ap-radio", { serialNumber: ap.serialNumber });
    new nms.VenueRadio("hq-radio", { venueId: venue.id });
    new nms.VenueSyslog("derived-syslog", { venueId: venue.id.apply((id) => id) });
    new nms.VenueRadio("kept-radio", { venueId: kept.id });
    new nms.VenueRadio("guarded-radio", { venueId: guarded.id });
    new nms.SwitchPortSettings("port-1", { switchId: sw.serialNumber, port: "1/1/1" });
    new nms.SwitchPortSettings("port-2", { switchId: sw.id, port: "1/1/2" });
    // Another setting's ID is the venue's ID too, but deleting that setting leaves the venue.
    new nms.VenueMesh("hq-mesh", { venueId: binding.id });
    new nms.VenueLeds("own-choice", { venueId: venue.id }, { deletedWith: sw });
    await registered();

    const venueUrn = await new Promise<string>((resolve) => venue.urn.apply(resolve));
    const switchUrn = await new Promise<string>((resolve) => sw.urn.apply(resolve));
    const apUrn = await new Promise<string>((resolve) => ap.urn.apply(resolve));
    expect(
      Object.fromEntries(
        [...deletedWith].filter(
          ([name]) => !["hq", "sw", "kept", "guarded", "hq-ap", "nms-state-identity"].includes(name),
        ),
      ),
    ).toEqual({
      "hq-switching": "",
      "hq-radio": venueUrn,
      "hq-ap-radio": apUrn,
      "derived-syslog": "",
      "kept-radio": "",
      "guarded-radio": "",
      "port-1": "",
      "port-2": "",
      "hq-mesh": "",
      "own-choice": switchUrn,
    });
  });
});

describe("through a program run by the harness", () => {
  const ROOT = path.resolve(__dirname, "..", "..");
  let emulator: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, asyncDelayMs: 5 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-deleted-with-"));
  });

  afterAll(async () => {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stack = (name: string, withRadio = true, extra: Record<string, string> = {}): StackOptions => ({
    projectDir: ROOT,
    program: path.join(__dirname, "fixtures", "settingsParent", "index.js"),
    projectName: "parent",
    stackName: name,
    statePath: path.join(dir, `${name}.json`),
    passphrase: "parent passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "parent:withRadio": String(withRadio),
      "parent:venueName": `Office ${name}`,
      ...extra,
    },
    secretConfig: { "nms:password": emulator.demo.password },
  });

  const ok = (result: RunResult) => {
    if (result.failed) throw new Error(result.errors.join("\n"));
    return result;
  };

  /** The service operations sent since the last call (the emulator's request log, admin calls left out). */
  async function sentSince(): Promise<string[]> {
    const { entries } = (await (await fetch(`${emulator.url}/__admin/log`)).json()) as { entries: { op: string }[] };
    await fetch(`${emulator.url}/__admin/log`, { method: "DELETE", headers: { "content-type": "application/json" } });
    return entries.map((e) => e.op).filter((op) => op !== "admin");
  }

  async function venueHeld(id: string): Promise<boolean> {
    const held = (await (
      await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)
    ).json()) as Props;
    return held.venues.some((v: Props) => v.id === id);
  }

  test("destroying the venue with its radio and syslog sends no reset: the service deletes them with the venue", async () => {
    const opts = stack("destroy");
    const created = ok(await up(opts));
    const office = created.steps.find((s) => s.name === "office")!;
    const state = JSON.parse(fs.readFileSync(opts.statePath, "utf8")) as { resources: Props[] };
    const urnOf = (name: string) => state.resources.find((r) => r.urn.endsWith(`::${name}`))!;
    expect(urnOf("office-radio").deletedWith).toBe(urnOf("office").urn);
    expect(urnOf("office-syslog").deletedWith).toBe(urnOf("office").urn);

    await sentSince();
    const destroyed = ok(await destroy(opts));
    expect(
      destroyed.steps
        .filter((s) => s.custom && s.op === "delete" && s.name !== "nms-state-identity")
        .map((s) => s.name)
        .sort(),
    ).toEqual(["office", "office-radio", "office-syslog"]);
    const sent = await sentSince();
    expect(sent).not.toContain("resetVenueRadio");
    expect(sent).not.toContain("resetVenueSyslog");
    expect(sent.some((op) => op === "deleteVenue" || op === "deleteVenues")).toBe(true);
    expect(await venueHeld(office.id!)).toBe(false);
  });

  test("the radio alone left out of the program is reset, and the syslog goes with the venue later", async () => {
    const opts = stack("radio-out");
    const office = ok(await up(opts)).steps.find((s) => s.name === "office")!;

    await sentSince();
    const withoutRadio = ok(await up(stack("radio-out", false)));
    expect(withoutRadio.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op])).toEqual([
      ["office-radio", "delete"],
    ]);
    const sent = await sentSince();
    expect(sent.filter((op) => op === "resetVenueRadio")).toHaveLength(1);
    expect(sent).not.toContain("resetVenueSyslog");
    expect(await venueHeld(office.id!)).toBe(true);

    ok(await destroy(stack("radio-out", false)));
    expect(await sentSince()).not.toContain("resetVenueSyslog");
  });

  test("a switch's port deleted with its switch (the README's recipe): destroy sends no port reset, and the VLAN it named goes after the switch", async () => {
    const opts = stack("switch", true, { "parent:switchSerial": "FEK3224R0DW" });
    ok(await up(opts));
    await sentSince();
    const destroyed = ok(await destroy(opts));
    // Its seven resources and the state's identity (provider/stateIdentity.ts).
    expect(destroyed.steps.filter((s) => s.custom && s.op === "delete")).toHaveLength(7 + 1);
    const sent = await sentSince();
    expect(sent).not.toContain("updateSwitchPort");
    expect(sent.filter((op) => ["deleteSwitch", "deleteSwitches"].includes(op))).toHaveLength(1);
    expect(
      sent.indexOf("deleteSwitch") >= 0 ? sent.indexOf("deleteSwitch") : sent.indexOf("deleteSwitches"),
    ).toBeLessThan(sent.findIndex((op) => op === "deleteVlan" || op === "deleteVlans"));
    const held = (await (
      await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)
    ).json()) as Props;
    expect([held.switches.length, held.switchVlans.length, held.switchProfiles.length]).toEqual([0, 0, 0]);
  });
});
