// Takeover of an object made by this stack's interrupted create (provider/interruptedCreate.ts):
// taken over only with the request record's proof, otherwise the adoption hint and no duplicate;
// kinds the service does not refuse twice found by their request ID alone; and the emulator's side
// of the evidence: the caller's x-request-id names the request record.
import { startEmulator, RunningEmulator } from "../../emulator";
import { NmsClient } from "../../provider/client";
import { specFields } from "../../provider/fields";
import { createRequestIdOf } from "../../provider/lifecycle/interruptedCreate";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import { adminApi, demoClient } from "../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
const notices: string[] = [];
/** What the SDK adds to every resource of stack "takeover" of project "crash". */
const STACK = "organization/crash/takeover";

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator, { logger: ({ message }) => notices.push(message) });
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

const venues = makeLifecycle(RESOURCE_SPECS.Venue, async () => client);
const requestIdOf = (kind: string, inputs: Props) => createRequestIdOf(kind, inputs, specFields(RESOURCE_SPECS[kind]).secretInputs);
/** A venue's inputs as the SDK sends them from stack `stack`, as resource `name`. */
const fromStack = (name: string, inputs: Props, stack = STACK): Props => ({ ...inputs, __nmsName: name, __nmsStack: stack });

/** What an interrupted run left: the create went through with the stack's request ID, its answer never reached state. */
async function interruptedCreate(inputs: Props): Promise<string> {
  const { __nmsName: _name, __nmsStack: _stack, ...body } = inputs;
  const { response } = await client.write<Props>("A7", {}, { body, requestId: requestIdOf("Venue", inputs) });
  return String(response?.id);
}

async function venuesNamed(name: string): Promise<Props[]> {
  const objects = await adminApi(emulator, "GET", `/tenants/${emulator.demo.tenantId}/objects`);
  return objects.venues.filter((v: Props) => v.name === name);
}

describe("the emulator: x-request-id names the request record", () => {
  test("a fresh UUID becomes the record's requestId; a reused or malformed one does not", async () => {
    const wanted = "0f0e0d0c-0b0a-4909-8807-060504030201";
    const first = await client.write<Props>("A7", {}, { body: { name: "rid-first" }, requestId: wanted });
    expect(first.record?.requestId).toBe(wanted);
    const again = await client.write<Props>("A7", {}, { body: { name: "rid-again" }, requestId: wanted });
    expect(again.record?.requestId).not.toBe(wanted);
    expect((await client.call<Props>("A2", { requestId: wanted })).entityId).toBe(first.response?.id);
    const odd = await client.write<Props>("A7", {}, { body: { name: "rid-odd" }, requestId: "NOT-A-UUID" });
    expect(odd.record?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("a create whose unique name is taken", () => {
  test("is taken over when this stack's request record made the object, and brought to the program", async () => {
    const inputs = fromStack("hq", { name: "interrupted-hq", description: "from the program" });
    const made = await interruptedCreate(inputs);
    const result = await venues.create(inputs);
    expect(result.id).toBe(made);
    expect(await venuesNamed("interrupted-hq")).toHaveLength(1);
    expect(notices.some((line) => line.includes(`Venue ${made}: took over the object this stack's interrupted create made`))).toBe(true);
  });

  test("fails with the hint when another resource of the stack, with equal inputs, made it (the names differ)", async () => {
    await venues.create(fromStack("first", { name: "twice-in-program" }));
    await expect(venues.create(fromStack("second", { name: "twice-in-program" }))).rejects.toThrow(/not taken over: the service holds no request/);
    expect(await venuesNamed("twice-in-program")).toHaveLength(1);
  });

  test("is never taken over without the resource's name or its stack (a create not made through the SDK)", async () => {
    await client.write("A7", {}, { body: { name: "nameless" } });
    await expect(venues.create({ name: "nameless", __nmsStack: STACK })).rejects.toThrow(/not taken over: the create does not carry its resource's name/);
    await expect(venues.create({ name: "nameless", __nmsName: "nameless" })).rejects.toThrow(/not taken over: the create does not carry its stack/);
    expect(await venuesNamed("nameless")).toHaveLength(1);
  });

  test("fails with the adoption hint when the object was made outside the stack (no such request)", async () => {
    await client.write("A7", {}, { body: { name: "by-hand" } });
    await expect(venues.create(fromStack("by-hand", { name: "by-hand" }))).rejects.toThrow(/not taken over: the service holds no request [0-9a-f-]{36} of this stack's create; .*set adoptByName: true or adoptId/);
    expect(await venuesNamed("by-hand")).toHaveLength(1);
  });

  test("fails with the hint when another stack of the project made it, with the same resource name and inputs", async () => {
    await interruptedCreate(fromStack("other", { name: "other-stack" }, "organization/crash/prod"));
    await expect(venues.create(fromStack("other", { name: "other-stack" }, "organization/crash/dev"))).rejects.toThrow(/not taken over: the service holds no request/);
    expect(await venuesNamed("other-stack")).toHaveLength(1);
  });

  test("fails with the hint when the stack's object was deleted and the name taken by another object since", async () => {
    const inputs = fromStack("replaced", { name: "replaced-by-hand" });
    const made = await interruptedCreate(inputs);
    await client.write("A11", { venueId: made });
    await client.write("A7", {}, { body: { name: inputs.name } });
    await expect(venues.create(inputs)).rejects.toThrow(new RegExp(`not taken over: the object holding the name \\(\\S+\\) is not the one this stack's request \\S+ made \\(${made}\\)`));
    expect(await venuesNamed("replaced-by-hand")).toHaveLength(1);
  });

  test("fails with the hint when the inputs changed since the interrupted create", async () => {
    await interruptedCreate(fromStack("changed", { name: "changed-since", description: "before" }));
    await expect(venues.create(fromStack("changed", { name: "changed-since", description: "after" }))).rejects.toThrow(/not taken over: the service holds no request/);
  });

  test("the request ID leaves secrets out and depends on the stack, the resource's name, the kind and the other inputs, never on the environment", () => {
    const base = fromStack("corp", { name: "n", type: "aaa", authRadius: { primary: { ip: "192.0.2.1", sharedSecret: "one" } } });
    const id = requestIdOf("Network", base);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdOf("Network", { ...base, authRadius: { primary: { ip: "192.0.2.1", sharedSecret: "two" } } })).toBe(id);
    expect(requestIdOf("Network", { ...base, name: "m" })).not.toBe(id);
    expect(requestIdOf("Network", { ...base, __nmsName: "guest" })).not.toBe(id);
    expect(requestIdOf("Network", { ...base, __nmsStack: "organization/crash/prod" })).not.toBe(id);
    expect(requestIdOf("Venue", base)).not.toBe(id);
    // What the engine does not give the provider process cannot matter.
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { PULUMI_NODEJS_STACK: "elsewhere", PULUMI_NODEJS_ORGANIZATION: "another", PULUMI_NODEJS_PROJECT: "other" });
      expect(requestIdOf("Network", base)).toBe(id);
    } finally {
      for (const key of ["PULUMI_NODEJS_STACK", "PULUMI_NODEJS_ORGANIZATION", "PULUMI_NODEJS_PROJECT"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
    expect(requestIdOf("Network", { name: "n", type: "aaa" })).toBeUndefined();
  });
});

describe("a create of a kind the service does not refuse twice: found by its request ID, never made twice", () => {
  const guests = makeLifecycle(RESOURCE_SPECS.GuestUser, async () => client);
  const passphrases = makeLifecycle(RESOURCE_SPECS.DpskPassphrase, async () => client);
  const recipients = makeLifecycle(RESOURCE_SPECS.NotificationRecipient, async () => client);
  let networkId: string;
  const guest = (name: string): Props =>
    fromStack(name, {
      name,
      mobilePhoneNumber: "+351910000001",
      networkId,
      deliveryMethods: ["SMS"],
      expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
      maxDevices: 2,
    });
  const bodyOf = ({ __nmsName: _name, __nmsStack: _stack, ...body }: Props) => body;
  const planned = (kind: string, inputs: Props, generation = 0) => createRequestIdOf(kind, inputs, specFields(RESOURCE_SPECS[kind]).secretInputs, generation)!;
  const tenantObjects = () => adminApi(emulator, "GET", `/tenants/${emulator.demo.tenantId}/objects`);
  /** Requests of `op` the emulator served since its stats were cleared. */
  const served = async (op: string) => Object.values(((await adminApi(emulator, "GET", "/stats")).byOp[op] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    const { response } = await client.execute<Props>("W52", {}, { body: { name: "guest-net", type: "guest", wlan: { ssid: "guest-net" }, guestPortal: { guestNetworkType: "GuestPass" } } });
    networkId = String(response!.id);
  });

  test("a normal create costs one A2 read (404) and the create, sent alone under its request ID", async () => {
    const inputs = guest("plain");
    await adminApi(emulator, "DELETE", "/stats");
    const created = await guests.create(inputs);
    expect(await served("A2")).toBe(1);
    expect(await served("W74")).toBe(1);
    const record = await client.call<Props>("A2", { requestId: planned("GuestUser", inputs) });
    expect(record.entityId).toBe(created.id);
  });

  test("GuestUser: the object of an interrupted create (its record SUCCESS) is taken over, not made again", async () => {
    const inputs = guest("interrupted-guest");
    const { response } = await client.write<Props[]>("W74", {}, { body: [bodyOf(inputs)], requestId: planned("GuestUser", inputs) });
    const made = String(response![0].id);
    const result = await guests.create(inputs);
    expect(result.id).toBe(made);
    expect((await tenantObjects()).guestUsers.filter((g: Props) => g.name === "interrupted-guest")).toHaveLength(1);
    expect(notices.some((line) => line.includes(`GuestUser ${made}: took over the object this stack's interrupted create made`))).toBe(true);
  });

  test("an interrupted create still PENDING is waited for, then taken over", async () => {
    const inputs = fromStack("pending-recipient", { description: "Pending", endpoints: [{ type: "EMAIL", destination: "pending@demo.example" }] });
    await adminApi(emulator, "PUT", "/config", { asyncDelayMs: 400 });
    try {
      await client.submit("A26", {}, { body: bodyOf(inputs), requestId: planned("NotificationRecipient", inputs) });
      expect((await client.call<Props>("A2", { requestId: planned("NotificationRecipient", inputs) })).status).toBe("PENDING");
      const result = await recipients.create(inputs);
      expect((await tenantObjects()).notificationRecipients.filter((r: Props) => r.description === "Pending").map((r: Props) => r.id)).toEqual([result.id]);
    } finally {
      await adminApi(emulator, "PUT", "/config", { asyncDelayMs: 0 });
    }
  });

  test("an earlier create whose object is gone (destroyed since) is passed over: the create goes out under the next ID of its chain", async () => {
    const inputs = guest("made-again");
    const first = await guests.create(inputs);
    await guests.delete!(first.id, first.outs);
    const again = await guests.create(inputs);
    expect(again.id).not.toBe(first.id);
    expect((await client.call<Props>("A2", { requestId: planned("GuestUser", inputs, 1) })).entityId).toBe(again.id);
    expect((await tenantObjects()).guestUsers.filter((g: Props) => g.name === "made-again").map((g: Props) => g.id)).toEqual([again.id]);
  });

  test("DpskPassphrase (no read): what an interrupted create made is deleted and the passphrase made anew, so one is left", async () => {
    const inputs = fromStack("printer", { mac: "aa:bb:cc:00:11:99", vlanId: 20 });
    const { response } = await client.execute<Props>("W84", {}, { body: bodyOf(inputs), requestId: planned("DpskPassphrase", inputs) });
    const made = String(response!.id);
    const result = await passphrases.create(inputs);
    const held = (await tenantObjects()).dpskPassphrases.filter((p: Props) => p.mac === "aa:bb:cc:00:11:99");
    expect(held.map((p: Props) => p.id)).toEqual([result.id]);
    expect(result.id).not.toBe(made);
    // Made anew, its answer shows the passphrase the service made up.
    expect(typeof result.outs.passphrase).toBe("string");
  });

  test("a lost answer of a DpskPassphrase create (no read) is resolved from its record: one passphrase, and no change after", async () => {
    const inputs = (await passphrases.check!({}, fromStack("lost-key", { mac: "aa:bb:cc:00:22:33", passphrase: "given-pass-77", vlanId: 20 }))).inputs;
    await adminApi(emulator, "DELETE", "/stats");
    await adminApi(emulator, "POST", "/faults", { kind: "lost-answer", op: "W84", count: 1 });
    const result = await passphrases.create(inputs);
    expect(await served("W84")).toBe(1);
    expect((await tenantObjects()).dpskPassphrases.filter((p: Props) => p.mac === "aa:bb:cc:00:22:33").map((p: Props) => p.id)).toEqual([result.id]);
    expect(await passphrases.diff!(result.id, result.outs, inputs)).toMatchObject({ changes: false, replaces: [] });
  });

  test("a lost answer of a GuestUser create is resolved from its record: one guest, one W74", async () => {
    const inputs = guest("lost-guest");
    await adminApi(emulator, "DELETE", "/stats");
    await adminApi(emulator, "POST", "/faults", { kind: "lost-answer", op: "W74", count: 1 });
    const result = await guests.create(inputs);
    expect(await served("W74")).toBe(1);
    expect((await tenantObjects()).guestUsers.filter((g: Props) => g.name === "lost-guest").map((g: Props) => g.id)).toEqual([result.id]);
    expect(result.outs.mobilePhoneNumber).toBe("+351910000001");
  });
});
