// The generic lifecycle, for each resource, against the in-process emulator.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { adminApi, demoClient, servedRequests, waitFor } from "../../support/emulatorClient";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { specFields } from "../../../provider/fields";
import { resolveWifiApiVariant } from "../../../provider/config";
import { UNKNOWN } from "../../../contract/validators";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Struct } = require("google-protobuf/google/protobuf/struct_pb");

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
/** The client's notices: refresh's attribution lines among them (provider/lifecycle/attribution.ts). */
const notices: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator, { logger: ({ message }) => void notices.push(message) });
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

const provider = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client);

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  const p = provider(kind);
  const checked = await p.check!({}, inputs);
  expect(checked.failures).toEqual([]);
  const result = await p.create(checked.inputs);
  return { id: result.id, outs: result.outs };
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

async function newVenue(): Promise<string> {
  return (await create("Venue", { name: unique("venue") })).id;
}
async function newNetwork(): Promise<string> {
  return (await create("Network", networkInputs())).id;
}
function networkInputs(): Props {
  return {
    name: unique("net"),
    type: "aaa",
    wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "WPA2Enterprise" },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "s3cret-radius" } },
  };
}

async function newProfile(): Promise<string> {
  return (await create("SwitchProfile", { name: unique("profile") })).id;
}
let serial = 300000000000;
const newSerial = () => String(++serial);

interface Case {
  kind: string;
  /** Inputs of a fresh object (may create what it depends on). */
  inputs: () => Promise<Props>;
  /** A change the service makes in place (none: every change replaces). */
  update?: (inputs: Props) => Props;
  updatedField?: string;
  /** What destroy leaves for read to find: nothing (deleted), the settings' defaults (reset), or what state holds (write-only). */
  afterDelete?: "gone" | { defaults: (read: Props) => void } | "unseen";
  /** A change the service cannot make in place, if the resource has one. */
  replace?: (inputs: Props) => Promise<Props>;
  replacedField?: string;
  /** Bad input and the property path check must name. */
  invalid: (inputs: Props) => Props;
  invalidPath: string;
}

const cases: Case[] = [
  {
    kind: "Venue",
    inputs: async () => ({ name: unique("venue"), description: "HQ", address: { city: "Lisbon", latitude: 38.7 } }),
    update: (i) => ({ ...i, description: "Head office" }),
    updatedField: "description",
    invalid: (i) => ({ ...i, name: "x" }),
    invalidPath: "name",
  },
  {
    kind: "ApGroup",
    inputs: async () => ({ name: unique("group"), venueId: await newVenue() }),
    update: (i) => ({ ...i, description: "Second floor" }),
    updatedField: "description",
    replace: async (i) => ({ ...i, venueId: await newVenue() }),
    replacedField: "venueId",
    invalid: (i) => ({ ...i, apSerialNumbers: [{ serialNumber: "012345678901" }] }),
    invalidPath: "apSerialNumbers[0].serialNumber",
  },
  {
    kind: "Network",
    inputs: async () => networkInputs(),
    update: (i) => ({ ...i, wlan: { ...i.wlan, vlanId: 20 } }),
    updatedField: "wlan",
    invalid: (i) => ({ ...i, authRadius: { primary: { ip: "192.0.2.10", port: 1813, sharedSecret: "x" } } }),
    invalidPath: "authRadius.primary.port",
  },
  {
    kind: "NetworkVenueActivation",
    inputs: async () => ({ networkId: await newNetwork(), venueId: await newVenue() }),
    update: (i) => ({ ...i, allAPGroupsRadio: "5-GHz" }),
    updatedField: "allAPGroupsRadio",
    replace: async (i) => ({ ...i, venueId: await newVenue() }),
    replacedField: "venueId",
    invalid: (i) => ({ ...i, allAPGroupsVlanId: 5000 }),
    invalidPath: "allAPGroupsVlanId",
  },
  {
    kind: "VenueRadio",
    inputs: async () => ({ venueId: await newVenue(), radioParams24G: { allowedChannels: ["1", "6", "11"] } }),
    update: (i) => ({ ...i, radioParams24G: { allowedChannels: ["1", "6"] } }),
    updatedField: "radioParams24G",
    replace: async (i) => ({ ...i, venueId: await newVenue() }),
    replacedField: "venueId",
    afterDelete: { defaults: (read) => expect(read.props.radioParams24G.allowedChannels).toHaveLength(11) },
    invalid: (i) => ({ ...i, radioParams24G: { allowedChannels: ["6"] } }),
    invalidPath: "radioParams24G.allowedChannels",
  },
  {
    kind: "VenueSyslog",
    inputs: async () => ({ venueId: await newVenue(), enabled: true, server: "192.0.2.50" }),
    update: (i) => ({ ...i, port: 1514 }),
    updatedField: "port",
    replace: async (i) => ({ ...i, venueId: await newVenue() }),
    replacedField: "venueId",
    afterDelete: {
      defaults: (read) => expect(read.props).toMatchObject({ enabled: false, port: 514, priority: "INFO" }),
    },
    invalid: (i) => ({ ...i, port: 70000 }),
    invalidPath: "port",
  },
  {
    kind: "Ap",
    inputs: async () => ({ serialNumber: newSerial(), name: unique("ap"), venueId: await newVenue() }),
    update: (i) => ({ ...i, description: "by the door" }),
    updatedField: "description",
    replace: async (i) => ({ ...i, serialNumber: newSerial() }),
    replacedField: "serialNumber",
    invalid: (i) => ({ ...i, name: "bad`name" }),
    invalidPath: "name",
  },
  {
    kind: "GuestUser",
    inputs: async () => ({
      name: unique("guest"),
      mobilePhoneNumber: "+351910000000",
      networkId: await newNetwork(),
      deliveryMethods: ["SMS"],
      expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
      maxDevices: 2,
    }),
    update: (i) => ({ ...i, disabled: true }),
    updatedField: "disabled",
    replace: async (i) => ({ ...i, notes: "changed" }),
    replacedField: "notes",
    invalid: (i) => ({ ...i, maxDevices: 0 }),
    invalidPath: "maxDevices",
  },
  {
    kind: "DpskPassphrase",
    inputs: async () => ({ mac: "aa:bb:cc:dd:ee:0" + (++counter % 10), passphrase: "dpsk-passphrase-1" }),
    replace: async (i) => ({ ...i, vlanId: 30 }),
    replacedField: "vlanId",
    afterDelete: "unseen",
    invalid: (i) => ({ ...i, mac: "zz:zz" }),
    invalidPath: "mac",
  },
  {
    kind: "SwitchProfile",
    inputs: async () => ({ name: unique("profile") }),
    update: (i) => ({ ...i, description: "campus" }),
    updatedField: "description",
    invalid: (i) => ({ ...i, name: "x" }),
    invalidPath: "name",
  },
  {
    kind: "SwitchVlan",
    inputs: async () => ({ profileId: await newProfile(), vlanId: 100 + (++counter % 3000), vlanName: "users" }),
    update: (i) => ({ ...i, vlanName: "staff" }),
    updatedField: "vlanName",
    replace: async (i) => ({ ...i, profileId: await newProfile() }),
    replacedField: "profileId",
    invalid: (i) => ({ ...i, vlanId: 1 }),
    invalidPath: "vlanId",
  },
];

describe.each(cases)("$kind lifecycle", (c) => {
  it("creates, then a second diff with the same inputs reports no changes", async () => {
    const inputs = await c.inputs();
    const { id, outs } = await create(c.kind, inputs);
    expect(id).toBeTruthy();
    const diff = await provider(c.kind).diff!(id, outs, inputs);
    expect([diff.changes, diff.replaces]).toEqual([false, []]);
  });

  it("returns outputs the provider protocol can carry (no undefined anywhere)", async () => {
    const { outs } = await create(c.kind, await c.inputs());
    expect(() => Struct.fromJavaScript(outs)).not.toThrow();
  });

  it("reads back what it created, with inputs for refresh", async () => {
    const inputs = await c.inputs();
    const { id, outs } = await create(c.kind, inputs);
    notices.length = 0;
    const read = await provider(c.kind).read!(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(outs);
    // Nobody touched it: refresh names nobody.
    expect(notices.filter((line) => line.includes("outside the stack"))).toEqual([]);
    const diff = await provider(c.kind).diff!(id, read.props!, inputs);
    expect(diff.changes).toBe(false);
  });

  // A kind the service changes nothing of in place has no in-place update to check.
  if (c.update) {
    it("updates in place exactly the changed field", async () => {
      const inputs = await c.inputs();
      const { id, outs } = await create(c.kind, inputs);
      const changed = c.update!(inputs);
      const p = provider(c.kind);
      const diff = await p.diff!(id, outs, changed);
      expect(diff.changes).toBe(true);
      expect(diff.replaces).toEqual([]);
      expect(diff.stables).not.toContain(c.updatedField);
      const updated = await p.update!(id, outs, changed);
      const after = await p.read!(id, updated.outs!);
      expect((await p.diff!(id, after.props!, changed)).changes).toBe(false);
      expect((await p.diff!(id, after.props!, inputs)).changes).toBe(true);
    });
  }

  if (c.replace) {
    it("asks for replacement when a field the service cannot change in place changes", async () => {
      const inputs = await c.inputs();
      const { id, outs } = await create(c.kind, inputs);
      const diff = await provider(c.kind).diff!(id, outs, await c.replace!(inputs));
      expect(diff.replaces).toEqual([c.replacedField]);
    });
  }

  it("read reports as inputs only what the program could have set, not server defaults", async () => {
    const inputs = await c.inputs();
    const { id, outs } = await create(c.kind, inputs);
    const read = await provider(c.kind).read!(id, outs);
    expect(Object.keys(read.inputs!).sort()).toEqual(Object.keys(inputs).sort());
  });

  it("destroys as the kind documents, and a second destroy is a no-op", async () => {
    const inputs = await c.inputs();
    const { id, outs } = await create(c.kind, inputs);
    const p = provider(c.kind);
    await p.delete!(id, outs);
    const afterDelete = c.afterDelete ?? "gone";
    const read = await p.read!(id, outs);
    if (afterDelete === "gone") expect(read).toEqual({});
    else if (afterDelete === "unseen")
      expect(read.props).toEqual(outs); // write-only: refresh cannot see the delete
    else afterDelete.defaults(read as Props);
    await expect(p.delete!(id, outs)).resolves.toBeUndefined();
  });

  it("check rejects bad input with its property path before any API call", async () => {
    const inputs = await c.inputs();
    const logBefore = await requestLogLength();
    const checked = await provider(c.kind).check!({}, c.invalid(inputs));
    expect(checked.failures!.map((f) => f.property)).toContain(c.invalidPath);
    expect(await requestLogLength()).toBe(logBefore);
  });

  it("check passes the preview's unknown sentinel without validating it", async () => {
    const inputs = await c.inputs();
    const withUnknowns = Object.fromEntries(Object.keys(inputs).map((k) => [k, UNKNOWN]));
    const checked = await provider(c.kind).check!({}, withUnknowns);
    expect(checked.failures).toEqual([]);
    const diff = await provider(c.kind).diff!("some-id", inputs, withUnknowns);
    expect(diff.changes).toBe(true);
  });
});

describe("check follows nms:wifiApiVariant", () => {
  const forVariant = (kind: string, variant: () => "older" | "newer") =>
    makeLifecycle(RESOURCE_SPECS[kind], async () => client, { variant });
  const named = (name: string) => ({ ...networkInputs(), name });

  it("a network name of 33 to 64 characters is refused by the newer variant and taken by the older", async () => {
    const newer = await forVariant("Network", () => "newer").check!({}, named("n".repeat(40)));
    expect(newer.failures).toEqual([{ property: "name", reason: "must be 2 to 32 characters" }]);
    expect((await forVariant("Network", () => "older").check!({}, named("n".repeat(40)))).failures).toEqual([]);
  });

  it("a field of the newer variant only is refused by the older one, with its path", async () => {
    const inputs = { ...networkInputs(), wlan: { ssid: "corp", advancedCustomization: { devicePolicyId: "p1" } } };
    const older = await forVariant("Network", () => "older").check!({}, inputs);
    expect(older.failures).toEqual([
      {
        property: "wlan.advancedCustomization.devicePolicyId",
        reason: "exists only in the newer variant of the Wi-Fi API",
      },
    ]);
    expect((await forVariant("Network", () => "newer").check!({}, inputs)).failures).toEqual([]);
    const activation = await forVariant("NetworkVenueActivation", () => "older").check!(
      {},
      { networkId: "n", venueId: "v", vlanPoolId: "pool" },
    );
    expect(activation.failures).toEqual([
      { property: "vlanPoolId", reason: "exists only in the newer variant of the Wi-Fi API" },
    ]);
  });

  it("the syslog defaults a destroy writes back follow the variant", () => {
    expect(specFields(RESOURCE_SPECS.VenueSyslog).defaults("older")).toMatchObject({ priority: "ERROR" });
    expect(specFields(RESOURCE_SPECS.VenueSyslog).defaults("newer")).toMatchObject({ priority: "INFO" });
  });

  it("a setting that is neither variant is reported by check, naming the config key", async () => {
    const broken = makeLifecycle(RESOURCE_SPECS.Venue, async () => client, {
      variant: () => resolveWifiApiVariant((key) => (key === "nms:wifiApiVariant" ? "newest" : undefined), {}),
    });
    const checked = await broken.check!({}, { name: "venue-x" });
    expect(checked.failures).toEqual([
      { property: "nms:wifiApiVariant", reason: expect.stringContaining("must be one of older, newer") },
    ]);
  });
});

describe("check", () => {
  it("names the service's error code and the input path of a lifted secret field", async () => {
    const checked = await provider("Network").check!(
      {},
      {
        name: "guest-wifi",
        type: "psk",
        wlan: { wlanSecurity: "WPA2Personal" },
      },
    );
    expect(checked.failures).toEqual([{ property: "passphrase", reason: expect.stringContaining("WIFI-10100") }]);
  });

  it("rejects properties the resource does not have", async () => {
    const checked = await provider("Venue").check!({}, { name: "ok-name", nmae: "typo" });
    expect(checked.failures).toEqual([{ property: "nmae", reason: "is not a property of nms:Venue" }]);
  });
});

describe("refresh of a field another admin cleared", () => {
  it("shows the field as drift instead of refilling it from the program's inputs", async () => {
    const inputs = { name: unique("cleared"), description: "set by the program" };
    const created = await create("Venue", inputs);
    await client.execute("updateVenue", { venueId: created.id }, { body: { name: inputs.name } });
    const read = await provider("Venue").read!(created.id, created.outs);
    expect(read.props).not.toHaveProperty("description");
    expect(await provider("Venue").diff!(created.id, read.props!, inputs)).toMatchObject({ changes: true });
  });

  it("keeps what the service never returns: the object's parents, triggers and adoption inputs", async () => {
    const profileId = await newProfile();
    const inputs = { profileId, vlanId: 3999, vlanName: "kept" };
    const created = await create("SwitchVlan", inputs);
    const read = await provider("SwitchVlan").read!(created.id, created.outs);
    expect(read.props).toMatchObject({ profileId, vlanName: "kept" });
    expect((await provider("SwitchVlan").diff!(created.id, read.props!, inputs)).changes).toBe(false);
  });
});

describe("a top-level field set outside the program, which the program leaves out", () => {
  it("is cleared by one update (updateAp keeps a field its body leaves out), and the next diff shows nothing", async () => {
    const inputs = { serialNumber: newSerial(), name: unique("ap"), venueId: await newVenue() };
    const created = await create("Ap", inputs);
    const live = await client.call<Props>("getAp", { serialNumber: created.id });
    await client.execute(
      "updateAp",
      { serialNumber: created.id },
      { body: { ...inputs, apGroupId: live.apGroupId, description: "by hand", tags: ["hand"] } },
    );
    const read = await provider("Ap").read!(created.id, created.outs);
    expect(await provider("Ap").diff!(created.id, read.props!, inputs)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider("Ap").update!(created.id, read.props!, inputs);
    expect((await provider("Ap").diff!(created.id, updated.outs!, inputs)).changes).toBe(false);
    const after = await client.call<Props>("getAp", { serialNumber: created.id });
    expect([after.description ?? "", after.tags ?? []]).toEqual(["", []]);
    const reread = await provider("Ap").read!(created.id, updated.outs!);
    expect((await provider("Ap").diff!(created.id, reread.props!, inputs)).changes).toBe(false);
  });

  it("goes back to its documented default in the same update", async () => {
    const inputs = { venueId: await newVenue(), enabled: true, server: "192.0.2.50" };
    const created = await create("VenueSyslog", inputs);
    const live = await client.call<Props>("getVenueSyslog", { venueId: inputs.venueId });
    await client.execute(
      "updateVenueSyslog",
      { venueId: inputs.venueId },
      { body: { ...live, port: 1514, protocol: "TCP" } },
    );
    const read = await provider("VenueSyslog").read!(created.id, created.outs);
    const updated = await provider("VenueSyslog").update!(created.id, read.props!, inputs);
    expect(await client.call<Props>("getVenueSyslog", { venueId: inputs.venueId })).toMatchObject({
      port: 514,
      protocol: "UDP",
    });
    expect((await provider("VenueSyslog").diff!(created.id, updated.outs!, inputs)).changes).toBe(false);
  });
});

describe("adoption", () => {
  it.each([
    [
      "Ap",
      async () => ({ serialNumber: newSerial(), name: unique("ap"), venueId: await newVenue() }),
      (i: Props) => ({ ...i, description: "adopted" }),
    ],
    ["SwitchProfile", async () => ({ name: unique("profile") }), (i: Props) => ({ ...i, description: "adopted" })],
    [
      "SwitchVlan",
      async () => ({ profileId: await newProfile(), vlanId: 3000 + (++counter % 900) }),
      (i: Props) => ({ ...i, vlanName: "adopted" }),
    ],
    [
      "Switch",
      async () => ({
        serialNumber: `FEK3224R${String(++counter % 1000).padStart(3, "0")}`,
        venueId: await newVenue(),
        name: unique("switch"),
      }),
      (i: Props) => ({ ...i, description: "adopted" }),
    ],
    [
      "NotificationRecipient",
      async () => ({ description: unique("recipients"), endpoints: [] }),
      (i: Props) => ({
        ...i,
        endpoints: [{ type: "EMAIL", destination: `${unique("on-call")}@example.com`, active: true }],
      }),
    ],
    [
      "Admin",
      async () => ({ role: "ADMIN", email: `${unique("admin")}@example.com` }),
      (i: Props) => ({ ...i, role: "READ_ONLY" }),
    ],
    [
      "FloorPlan",
      async () => ({ venueId: await newVenue(), name: unique("plan") }),
      (i: Props) => ({ ...i, floorNumber: 2 }),
    ],
    [
      "SwitchAcl",
      async () => ({ profileId: await newProfile(), name: unique("acl"), aclType: "standard" }),
      (i: Props) => ({ ...i, aclRules: [{ sequence: 10, action: "permit", source: "any" }] }),
    ],
  ])(
    "adopts an existing %s by its unique name and brings it to the program, without a duplicate",
    async (kind, inputsOf, changed) => {
      const inputs = await inputsOf();
      const existing = await create(kind, inputs);
      const wanted = changed(inputs);
      const adopted = await provider(kind).create({ ...wanted, adoptByName: true });
      expect(adopted.id).toBe(existing.id);
      const read = await provider(kind).read!(adopted.id, adopted.outs);
      expect((await provider(kind).diff!(adopted.id, read.props!, wanted)).changes).toBe(false);
    },
  );

  it("takes over settings that already hold the program's values without writing them, and writes those that differ", async () => {
    const venueId = await newVenue();
    const syslog = { venueId, enabled: true, server: "192.0.2.50", priority: "WARNING" };
    await client.execute(
      "updateVenueSyslog",
      { venueId },
      { body: { enabled: true, server: "192.0.2.50", priority: "WARNING" } },
    );
    await adminApi(emulator, "DELETE", "log");
    await create("VenueSyslog", syslog);
    expect((await servedRequests(emulator)).filter((entry) => entry.method !== "GET").map((entry) => entry.op)).toEqual(
      [],
    );
    await create("VenueSyslog", { ...syslog, server: "192.0.2.51" });
    expect((await servedRequests(emulator)).filter((entry) => entry.method !== "GET").map((entry) => entry.op)).toEqual(
      ["updateVenueSyslog"],
    );
  });

  it("adopts a guest user by its ID (it has no unique name) and refuses adoption by name at check", async () => {
    const guest = {
      name: unique("guest"),
      mobilePhoneNumber: "+351910000002",
      networkId: await newNetwork(),
      deliveryMethods: ["SMS"],
      expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
      maxDevices: 2,
    };
    const existing = await create("GuestUser", guest);
    const adopted = await provider("GuestUser").create({ ...guest, disabled: true, adoptId: existing.id });
    expect([adopted.id, adopted.outs.disabled]).toEqual([existing.id, true]);
    const checked = await provider("GuestUser").check!({}, { ...guest, adoptByName: true });
    expect(checked.failures).toEqual([
      { property: "adoptByName", reason: "nms:GuestUser has no unique name to adopt by; use adoptId" },
    ]);
  });

  it("adopts an existing venue by name and updates it to match, without a duplicate", async () => {
    const name = unique("adopted");
    const existing = await create("Venue", { name, description: "made by hand" });
    const adopted = await provider("Venue").create({ name, description: "managed", adoptByName: true });
    expect(adopted.id).toBe(existing.id);
    const venues = await client.call<Props[]>("listVenues");
    expect(venues.filter((v) => v.name === name)).toHaveLength(1);
    expect(venues.find((v) => v.name === name)!.description).toBe("managed");
  });

  it("adopts an activation by its (network, venue) pair", async () => {
    const inputs = { networkId: await newNetwork(), venueId: await newVenue() };
    const existing = await create("NetworkVenueActivation", inputs);
    const adopted = await provider("NetworkVenueActivation").create({ ...inputs, adoptByName: true });
    expect(adopted.id).toBe(existing.id);
  });

  it("explains how to adopt when a create collides with an existing object", async () => {
    const name = unique("taken");
    await create("Venue", { name });
    await expect(provider("Venue").create({ name })).rejects.toThrow(/409.*set adoptByName: true or adoptId/s);
  });

  it("fails clearly when adoptId names nothing", async () => {
    await expect(provider("Venue").create({ name: "whatever", adoptId: "no-such-id" })).rejects.toThrow(
      /cannot adopt Venue no-such-id/,
    );
  });
});

describe("a create that outlives the wait deadline", () => {
  let patient: NmsClient;
  beforeAll(async () => {
    // Margins of over a second between the deadline and the service finishing, so that a loaded machine keeps the order.
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: { createVenue: { baseMs: 1_500, jitterMs: 0 } } });
    patient = demoClient(emulator, { waitTimeoutMs: 200 });
  });
  afterAll(async () => {
    await adminApi(emulator, "PUT", "config", { asyncLatencyByOp: {} });
    await patient.close();
  });
  const impatient = () => makeLifecycle(RESOURCE_SPECS.Venue, async () => patient);

  it("fails with the object's id and state-ready properties, and the next update finishes it without a duplicate", async () => {
    const name = unique("late");
    const inputs = { name, description: "arrives late", __provider: "serialized-provider" };
    const error = (await impatient()
      .create(inputs)
      .catch((e: unknown) => e)) as Error & Props;
    expect(error.message).toMatch(/did not finish within 200 ms/);
    expect(error.message).toContain(`Venue ${error.id} stays in the stack's state`);
    expect(error.id).toMatch(/^[0-9a-f]{32}$/);
    // What the dynamic provider host sends to the engine as ErrorResourceInitFailed: it must survive a protobuf Struct.
    expect(Struct.fromJavaScript(error.properties).toJavaScript()).toEqual(
      expect.objectContaining({ name, description: "arrives late", __provider: "serialized-provider" }),
    );
    expect(error.reasons).toEqual([error.message]);

    // The engine's next up, while the create is still pending: an update with the same inputs waits for the create
    // (with the usual deadline) and then applies the inputs.
    expect((await patient.call<Props>("getRequest", { requestId: error.properties.createRequestId })).status).toBe(
      "PENDING",
    );
    const updated = await provider("Venue").update!(error.id, error.properties, inputs);
    expect(updated.outs).toMatchObject({ name, description: "arrives late" });
    expect((await patient.call<Props>("getRequest", { requestId: error.properties.createRequestId })).status).toBe(
      "SUCCESS",
    );
    const venues = (await client.call<Props[]>("listVenues")).filter((venue) => venue.name === name);
    expect(venues.map((venue) => venue.id)).toEqual([error.id]);
  });

  it("while the request is pending, refresh keeps it; once the request has failed, diff asks to create it again", async () => {
    await adminApi(emulator, "POST", "faults", {
      kind: "stuck-pending",
      op: "createVenue",
      count: 1,
      releaseAfterMs: 1_500,
      code: "NMS-INTERNAL",
    });
    const inputs = { name: unique("never"), __provider: "serialized-provider" };
    const error = (await impatient()
      .create(inputs)
      .catch((e: unknown) => e)) as Error & Props;
    expect(error.properties.createRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain(`request ${error.properties.createRequestId} did not finish`);

    const pending = await impatient().read!(error.id, error.properties);
    expect(pending.id).toBe(error.id);
    expect(await impatient().diff!(error.id, error.properties, inputs)).toMatchObject({ changes: false });

    await waitFor(
      async () =>
        (await patient.call<Props>("getRequest", { requestId: error.properties.createRequestId })).status === "FAIL",
    );
    expect(await impatient().diff!(error.id, error.properties, inputs)).toEqual({
      changes: true,
      replaces: ["createRequestId"],
      deleteBeforeReplace: false,
    });
    expect((await impatient().read!(error.id, error.properties)).id).toBeUndefined();
    // The replacement: a create with the same name goes through, and deleting the old ID is a no-op.
    const again = await provider("Venue").create(inputs);
    await impatient().delete!(error.id, error.properties);
    const venues = (await client.call<Props[]>("listVenues")).filter((venue) => venue.name === inputs.name);
    expect(venues.map((venue) => venue.id)).toEqual([again.id]);
  });

  it("an update of an object that is not in the service says how to get back to a good state", async () => {
    await expect(provider("Venue").update!("0".repeat(32), {}, { name: unique("gone") })).rejects.toThrow(
      /404.*refresh \(or up --refresh\) drops it from the state, and the next up creates it/s,
    );
  });
});

async function requestLogLength(): Promise<number> {
  return (await servedRequests(emulator)).length;
}
