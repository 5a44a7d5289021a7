// Takeover of an object made by this stack's interrupted create (provider/lifecycle/interruptedCreate.ts):
// taken over only with the request record's proof, otherwise the adoption hint and no duplicate;
// kinds the service does not refuse twice found by their request ID alone; and the emulator's side
// of the evidence: the caller's x-request-id names the request record.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { specFields } from "../../../provider/fields";
import { CREATE_GENERATION_INPUT, createRequestIdOf } from "../../../provider/lifecycle/createRequestId";
import { REPLACE_ON_CHANGES_INPUT } from "../../../provider/resourceOptions";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { adminApi, demoClient } from "../../support/emulatorClient";

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
const requestIdOf = (kind: string, inputs: Props) =>
  createRequestIdOf(kind, emulator.demo.tenantId, inputs, specFields(RESOURCE_SPECS[kind]).secretInputs);
/** A venue's inputs as the SDK sends them from stack `stack`, as resource `name`. */
const fromStack = (name: string, inputs: Props, stack = STACK): Props => ({
  ...inputs,
  __nmsName: name,
  __nmsStack: stack,
});

/** What an interrupted run left: the create went through with the stack's request ID, its answer never reached state. */
async function interruptedCreate(inputs: Props): Promise<string> {
  const { __nmsName: _name, __nmsStack: _stack, ...body } = inputs;
  const { response } = await client.write<Props>("createVenue", {}, { body, requestId: requestIdOf("Venue", inputs) });
  return String(response?.id);
}

async function venuesNamed(name: string): Promise<Props[]> {
  const objects = await adminApi(emulator, "GET", `/tenants/${emulator.demo.tenantId}/objects`);
  return objects.venues.filter((v: Props) => v.name === name);
}

describe("the emulator: x-request-id names the request record", () => {
  test("a fresh UUID becomes the record's requestId; a reused or malformed one does not", async () => {
    const wanted = "0f0e0d0c-0b0a-4909-8807-060504030201";
    const first = await client.write<Props>("createVenue", {}, { body: { name: "rid-first" }, requestId: wanted });
    expect(first.record?.requestId).toBe(wanted);
    const again = await client.write<Props>("createVenue", {}, { body: { name: "rid-again" }, requestId: wanted });
    expect(again.record?.requestId).not.toBe(wanted);
    expect((await client.call<Props>("getRequest", { requestId: wanted })).entityId).toBe(first.response?.id);
    const odd = await client.write<Props>("createVenue", {}, { body: { name: "rid-odd" }, requestId: "NOT-A-UUID" });
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
    expect(
      notices.some((line) => line.includes(`Venue ${made}: took over the object this stack's interrupted create made`)),
    ).toBe(true);
  });

  test("fails with the hint when another resource of the stack, with equal inputs, made it (the names differ)", async () => {
    await venues.create(fromStack("first", { name: "twice-in-program" }));
    await expect(venues.create(fromStack("second", { name: "twice-in-program" }))).rejects.toThrow(
      /not taken over: the service holds no request/,
    );
    expect(await venuesNamed("twice-in-program")).toHaveLength(1);
  });

  test("is never taken over without the resource's name or its stack (a create not made through the SDK)", async () => {
    await client.write("createVenue", {}, { body: { name: "nameless" } });
    await expect(venues.create({ name: "nameless", __nmsStack: STACK })).rejects.toThrow(
      /not taken over: the create does not carry its resource's name/,
    );
    await expect(venues.create({ name: "nameless", __nmsName: "nameless" })).rejects.toThrow(
      /not taken over: the create does not carry its stack/,
    );
    expect(await venuesNamed("nameless")).toHaveLength(1);
  });

  test("fails with the adoption hint when the object was made outside the stack (no such request)", async () => {
    await client.write("createVenue", {}, { body: { name: "by-hand" } });
    await expect(venues.create(fromStack("by-hand", { name: "by-hand" }))).rejects.toThrow(
      /not taken over: the service holds no request [0-9a-f-]{36} of this stack's create; .*set adoptByName: true or adoptId/,
    );
    expect(await venuesNamed("by-hand")).toHaveLength(1);
  });

  test("fails with the hint when another stack of the project made it, with the same resource name and inputs", async () => {
    await interruptedCreate(fromStack("other", { name: "other-stack" }, "organization/crash/prod"));
    await expect(venues.create(fromStack("other", { name: "other-stack" }, "organization/crash/dev"))).rejects.toThrow(
      /not taken over: the service holds no request/,
    );
    expect(await venuesNamed("other-stack")).toHaveLength(1);
  });

  test("fails with the hint when the stack's object was deleted and the name taken by another object since", async () => {
    const inputs = fromStack("replaced", { name: "replaced-by-hand" });
    const made = await interruptedCreate(inputs);
    await client.write("deleteVenue", { venueId: made });
    await client.write("createVenue", {}, { body: { name: inputs.name } });
    await expect(venues.create(inputs)).rejects.toThrow(
      new RegExp(
        `not taken over: the object holding the name \\(\\S+\\) is not the one this stack's request \\S+ made \\(${made}\\)`,
      ),
    );
    expect(await venuesNamed("replaced-by-hand")).toHaveLength(1);
  });

  test("fails with the hint when the inputs changed since the interrupted create", async () => {
    await interruptedCreate(fromStack("changed", { name: "changed-since", description: "before" }));
    await expect(venues.create(fromStack("changed", { name: "changed-since", description: "after" }))).rejects.toThrow(
      /not taken over: the service holds no request/,
    );
  });

  test("the request ID leaves secrets out and depends on the stack, the resource's name, the kind and the other inputs, never on the environment", () => {
    const base = fromStack("corp", {
      name: "n",
      type: "aaa",
      authRadius: { primary: { ip: "192.0.2.1", sharedSecret: "one" } },
    });
    const id = requestIdOf("Network", base);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdOf("Network", { ...base, authRadius: { primary: { ip: "192.0.2.1", sharedSecret: "two" } } })).toBe(
      id,
    );
    expect(requestIdOf("Network", { ...base, name: "m" })).not.toBe(id);
    expect(requestIdOf("Network", { ...base, __nmsName: "guest" })).not.toBe(id);
    expect(requestIdOf("Network", { ...base, __nmsStack: "organization/crash/prod" })).not.toBe(id);
    expect(requestIdOf("Venue", base)).not.toBe(id);
    // What the engine does not give the provider process cannot matter.
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        PULUMI_NODEJS_STACK: "elsewhere",
        PULUMI_NODEJS_ORGANIZATION: "another",
        PULUMI_NODEJS_PROJECT: "other",
      });
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
  const planned = (kind: string, inputs: Props, generation = 0) =>
    createRequestIdOf(kind, emulator.demo.tenantId, inputs, specFields(RESOURCE_SPECS[kind]).secretInputs, generation)!;
  const tenantObjects = () => adminApi(emulator, "GET", `/tenants/${emulator.demo.tenantId}/objects`);
  /** Requests of `op` the emulator served since its stats were cleared. */
  const served = async (op: string) =>
    Object.values(((await adminApi(emulator, "GET", "/stats")).byOp[op] ?? {}) as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );

  beforeAll(async () => {
    const { response } = await client.execute<Props>(
      "createNetworkDeep",
      {},
      {
        body: {
          name: "guest-net",
          type: "guest",
          wlan: { ssid: "guest-net" },
          guestPortal: { guestNetworkType: "GuestPass" },
        },
      },
    );
    networkId = String(response!.id);
  });

  test("a normal create costs one getRequest read (404) and the create, sent alone under its request ID", async () => {
    const inputs = guest("plain");
    await adminApi(emulator, "DELETE", "/stats");
    const created = await guests.create(inputs);
    expect(await served("getRequest")).toBe(1);
    expect(await served("createGuestUsers")).toBe(1);
    const record = await client.call<Props>("getRequest", { requestId: planned("GuestUser", inputs) });
    expect(record.entityId).toBe(created.id);
  });

  test("GuestUser: the object of an interrupted create (its record SUCCESS) is taken over, not made again", async () => {
    const inputs = guest("interrupted-guest");
    const { response } = await client.write<Props[]>(
      "createGuestUsers",
      {},
      { body: [bodyOf(inputs)], requestId: planned("GuestUser", inputs) },
    );
    const made = String(response![0].id);
    const result = await guests.create(inputs);
    expect(result.id).toBe(made);
    expect((await tenantObjects()).guestUsers.filter((g: Props) => g.name === "interrupted-guest")).toHaveLength(1);
    expect(
      notices.some((line) =>
        line.includes(`GuestUser ${made}: took over the object this stack's interrupted create made`),
      ),
    ).toBe(true);
  });

  test("an interrupted create still PENDING is waited for, then taken over", async () => {
    const inputs = fromStack("pending-recipient", {
      description: "Pending",
      endpoints: [{ type: "EMAIL", destination: "pending@demo.example" }],
    });
    await adminApi(emulator, "PUT", "/config", { asyncDelayMs: 400 });
    try {
      await client.submit(
        "createNotificationRecipient",
        {},
        { body: bodyOf(inputs), requestId: planned("NotificationRecipient", inputs) },
      );
      expect(
        (await client.call<Props>("getRequest", { requestId: planned("NotificationRecipient", inputs) })).status,
      ).toBe("PENDING");
      const result = await recipients.create(inputs);
      expect(
        (await tenantObjects()).notificationRecipients
          .filter((r: Props) => r.description === "Pending")
          .map((r: Props) => r.id),
      ).toEqual([result.id]);
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
    expect((await client.call<Props>("getRequest", { requestId: planned("GuestUser", inputs, 1) })).entityId).toBe(
      again.id,
    );
    expect(
      (await tenantObjects()).guestUsers.filter((g: Props) => g.name === "made-again").map((g: Props) => g.id),
    ).toEqual([again.id]);
  });

  test("DpskPassphrase (no read): what an interrupted create made is deleted and the passphrase made anew, so one is left", async () => {
    const inputs = fromStack("printer", { mac: "aa:bb:cc:00:11:99", vlanId: 20 });
    const { response } = await client.execute<Props>(
      "createDpskPassphrase",
      {},
      { body: bodyOf(inputs), requestId: planned("DpskPassphrase", inputs) },
    );
    const made = String(response!.id);
    const result = await passphrases.create(inputs);
    const held = (await tenantObjects()).dpskPassphrases.filter((p: Props) => p.mac === "aa:bb:cc:00:11:99");
    expect(held.map((p: Props) => p.id)).toEqual([result.id]);
    expect(result.id).not.toBe(made);
    // Made anew, its answer shows the passphrase the service made up.
    expect(typeof result.outs.passphrase).toBe("string");
  });

  test("a lost answer of a DpskPassphrase create (no read) is resolved from its record: one passphrase, and no change after", async () => {
    const inputs = (
      await passphrases.check!(
        {},
        fromStack("lost-key", { mac: "aa:bb:cc:00:22:33", passphrase: "given-pass-77", vlanId: 20 }),
      )
    ).inputs;
    await adminApi(emulator, "DELETE", "/stats");
    await adminApi(emulator, "POST", "/faults", { kind: "lost-answer", op: "createDpskPassphrase", count: 1 });
    const result = await passphrases.create(inputs);
    expect(await served("createDpskPassphrase")).toBe(1);
    expect(
      (await tenantObjects()).dpskPassphrases
        .filter((p: Props) => p.mac === "aa:bb:cc:00:22:33")
        .map((p: Props) => p.id),
    ).toEqual([result.id]);
    expect(await passphrases.diff!(result.id, result.outs, inputs)).toMatchObject({ changes: false, replaces: [] });
  });

  test("a lost answer of a GuestUser create is resolved from its record: one guest, one createGuestUsers", async () => {
    const inputs = guest("lost-guest");
    await adminApi(emulator, "DELETE", "/stats");
    await adminApi(emulator, "POST", "/faults", { kind: "lost-answer", op: "createGuestUsers", count: 1 });
    const result = await guests.create(inputs);
    expect(await served("createGuestUsers")).toBe(1);
    expect(
      (await tenantObjects()).guestUsers.filter((g: Props) => g.name === "lost-guest").map((g: Props) => g.id),
    ).toEqual([result.id]);
    expect(result.outs.mobilePhoneNumber).toBe("+351910000001");
  });
});

describe("a delete of an object a create of the same process took over (a replacement that found its own old object)", () => {
  /** Delete requests (single and bulk) of the kind the emulator served since its stats were cleared. */
  const deletesServed = async (ops: string[]) => {
    const byOp = (await adminApi(emulator, "GET", "/stats")).byOp as Record<string, Record<string, number>>;
    return ops.reduce((sum, op) => sum + Object.values(byOp[op] ?? {}).reduce((a, b) => a + b, 0), 0);
  };

  test("sends no delete for the taken-over ID, and the object stays; a delete of another ID still deletes", async () => {
    const inputs = fromStack("kept", { name: "kept-after-takeover" });
    const made = await interruptedCreate(inputs);
    const takenOver = await venues.create(inputs);
    expect(takenOver.id).toBe(made);

    await adminApi(emulator, "DELETE", "/stats");
    await venues.delete!(made, takenOver.outs);
    expect(await deletesServed(["deleteVenue", "deleteVenues"])).toBe(0);
    expect((await venuesNamed("kept-after-takeover")).map((v) => v.id)).toEqual([made]);
    expect(notices.some((line) => line.includes(`Venue ${made}: not deleted: a create of this run took it over`))).toBe(
      true,
    );

    const other = await venues.create(fromStack("other-one", { name: "deleted-as-usual" }));
    await venues.delete!(other.id, other.outs);
    expect(await deletesServed(["deleteVenue", "deleteVenues"])).toBe(1);
    expect(await venuesNamed("deleted-as-usual")).toEqual([]);
  });

  test("holds for a kind found by its request ID (a guest user): the taken-over guest is kept, another guest deleted", async () => {
    const guests = makeLifecycle(RESOURCE_SPECS.GuestUser, async () => client);
    const { response: network } = await client.execute<Props>(
      "createNetworkDeep",
      {},
      {
        body: {
          name: "kept-guests",
          type: "guest",
          wlan: { ssid: "kept" },
          guestPortal: { guestNetworkType: "GuestPass" },
        },
      },
    );
    const guest = (name: string) =>
      fromStack(name, {
        name,
        mobilePhoneNumber: "+351910000002",
        networkId: network!.id,
        deliveryMethods: ["SMS"],
        expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
        maxDevices: 2,
      });
    const inputs = guest("kept-guest");
    const { __nmsName: _name, __nmsStack: _stack, ...body } = inputs;
    const { response } = await client.write<Props[]>(
      "createGuestUsers",
      {},
      { body: [body], requestId: requestIdOf("GuestUser", inputs) },
    );
    const made = String(response![0].id);
    const takenOver = await guests.create(inputs);
    expect(takenOver.id).toBe(made);

    await adminApi(emulator, "DELETE", "/stats");
    await guests.delete!(made, takenOver.outs);
    expect(await deletesServed(["deleteGuestUser", "deleteGuestUsers"])).toBe(0);
    const other = await guests.create(guest("deleted-guest"));
    await guests.delete!(other.id, other.outs);
    expect(await deletesServed(["deleteGuestUser", "deleteGuestUsers"])).toBe(1);
    const held = (await adminApi(emulator, "GET", `/tenants/${emulator.demo.tenantId}/objects`)).guestUsers as Props[];
    expect(held.filter((g) => ["kept-guest", "deleted-guest"].includes(g.name)).map((g) => g.id)).toEqual([made]);
  });
});

describe("check counts the replacements its create's request ID cannot see (a new secret), so that they get an ID of their own", () => {
  const noService = () => Promise.reject(new Error("check must not call the service"));
  const checked = async (kind: string, olds: Props, news: Props) => {
    const result = await makeLifecycle(RESOURCE_SPECS[kind], noService).check!(olds, news);
    expect(result.failures).toEqual([]);
    return result.inputs as Props;
  };
  // Each test names its own resources: a check with old inputs is remembered in this process for the same resource's next check without them.
  let resource = "";
  beforeEach(() => {
    resource = expect.getState().currentTestName!.replace(/\W+/g, "-");
  });
  const server = (password: string, extra: Props = {}) =>
    fromStack(`portal-${resource}`, { serverName: "portal", serverAddress: "192.0.2.9", password, ...extra });
  const key = (passphrase: string) => fromStack(`printer-${resource}`, { mac: "aa:bb:cc:00:33:44", passphrase });

  test("a new secret that replaces the object (replaceOnChanges on it; a kind without update) adds one; the request ID changes with it", async () => {
    const byOption = { [REPLACE_ON_CHANGES_INPUT]: ["password"] };
    const before = await checked("VspotServer", {}, server("first-password", byOption));
    expect(before).not.toHaveProperty(CREATE_GENERATION_INPUT);
    const after = await checked("VspotServer", before, server("second-password", byOption));
    expect(after[CREATE_GENERATION_INPUT]).toBe(1);
    expect(requestIdOf("VspotServer", after)).not.toBe(requestIdOf("VspotServer", before));
    expect((await checked("VspotServer", after, server("third-password", byOption)))[CREATE_GENERATION_INPUT]).toBe(2);
    expect(
      (
        await checked(
          "DpskPassphrase",
          await checked("DpskPassphrase", {}, key("first-passphrase")),
          key("second-passphrase"),
        )
      )[CREATE_GENERATION_INPUT],
    ).toBe(1);
  });

  test("kept as it is when no secret changed, or the change is made in place, or the new secret is not known yet (preview)", async () => {
    const counted = { ...server("first-password"), [CREATE_GENERATION_INPUT]: 3 };
    expect((await checked("VspotServer", counted, server("first-password")))[CREATE_GENERATION_INPUT]).toBe(3);
    expect((await checked("VspotServer", counted, server("rotated-password")))[CREATE_GENERATION_INPUT]).toBe(3);
    expect(
      (await checked("VspotServer", counted, server("first-password", { serverAddress: "192.0.2.10" })))[
        CREATE_GENERATION_INPUT
      ],
    ).toBe(3);
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    expect(await checked("DpskPassphrase", key("first-passphrase"), key(unknown))).not.toHaveProperty(
      CREATE_GENERATION_INPUT,
    );
  });

  test("the replacement's second check, without old inputs (the engine's), keeps the count the first gave; a new resource of another name gets none", async () => {
    const byOption = { [REPLACE_ON_CHANGES_INPUT]: ["password"] };
    const counted = { ...server("first-password", byOption), [CREATE_GENERATION_INPUT]: 1 };
    const first = await checked("VspotServer", counted, server("second-password", byOption));
    expect(first[CREATE_GENERATION_INPUT]).toBe(2);
    const second = await checked("VspotServer", {}, server("second-password", byOption));
    expect(second[CREATE_GENERATION_INPUT]).toBe(2);
    expect(requestIdOf("VspotServer", second)).toBe(requestIdOf("VspotServer", first));
    expect(
      await checked("VspotServer", {}, { ...server("second-password", byOption), __nmsName: "another-portal" }),
    ).not.toHaveProperty(CREATE_GENERATION_INPUT);
    // A later check of the resource with old inputs and no new secret replaces the remembered count.
    const kept = await checked(
      "DpskPassphrase",
      { ...key("first-passphrase"), [CREATE_GENERATION_INPUT]: 4 },
      key("second-passphrase"),
    );
    expect(kept[CREATE_GENERATION_INPUT]).toBe(5);
    await checked("DpskPassphrase", key("second-passphrase"), key("second-passphrase"));
    expect(await checked("DpskPassphrase", {}, key("second-passphrase"))).not.toHaveProperty(CREATE_GENERATION_INPUT);
  });

  test("the program cannot set it, and refresh gives it back with the other carried inputs", async () => {
    expect(
      await checked("VspotServer", {}, { ...server("first-password"), [CREATE_GENERATION_INPUT]: 7 }),
    ).not.toHaveProperty(CREATE_GENERATION_INPUT);
    const servers = makeLifecycle(RESOURCE_SPECS.VspotServer, async () => client);
    const inputs = { ...(await checked("VspotServer", {}, server("first-password"))), [CREATE_GENERATION_INPUT]: 2 };
    const created = await servers.create(inputs);
    expect(created.outs[CREATE_GENERATION_INPUT]).toBe(2);
    const read = await servers.read!(created.id, created.outs);
    expect(read.inputs?.[CREATE_GENERATION_INPUT]).toBe(2);
    expect(await servers.diff!(created.id, created.outs, { ...inputs, [CREATE_GENERATION_INPUT]: 5 })).toMatchObject({
      changes: false,
    });
  });
});
