// Takeover of an object made by this stack's interrupted create (provider/interruptedCreate.ts):
// taken over only with the request record's proof, otherwise the adoption hint and no duplicate;
// and the emulator's side of the evidence: the caller's x-request-id names the request record.
import { startEmulator, RunningEmulator } from "../../emulator";
import { NmsClient } from "../../provider/client";
import { specFields } from "../../provider/fields";
import { createRequestIdOf } from "../../provider/interruptedCreate";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import { adminApi, demoClient } from "../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
const notices: string[] = [];
const STACK_ENV = { PULUMI_NODEJS_ORGANIZATION: "organization", PULUMI_NODEJS_PROJECT: "crash", PULUMI_NODEJS_STACK: "takeover" };

beforeAll(async () => {
  Object.assign(process.env, STACK_ENV);
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator, { logger: ({ message }) => notices.push(message) });
});

afterAll(async () => {
  await client.close();
  await emulator.close();
  for (const key of Object.keys(STACK_ENV)) delete process.env[key];
});

const venues = makeLifecycle(RESOURCE_SPECS.Venue, async () => client);
const requestIdOf = (kind: string, inputs: Props) => createRequestIdOf(kind, inputs, specFields(RESOURCE_SPECS[kind]).secretInputs);

/** What an interrupted run left: the create went through with the stack's request ID, its answer never reached state. */
async function interruptedCreate(inputs: Props): Promise<string> {
  const { __nmsName: _name, ...body } = inputs;
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
    const inputs = { name: "interrupted-hq", description: "from the program", __nmsName: "hq" };
    const made = await interruptedCreate(inputs);
    const result = await venues.create(inputs);
    expect(result.id).toBe(made);
    expect(await venuesNamed("interrupted-hq")).toHaveLength(1);
    expect(notices.some((line) => line.includes(`Venue ${made}: took over the object this stack's interrupted create made`))).toBe(true);
  });

  test("fails with the hint when another resource of the stack, with equal inputs, made it (the names differ)", async () => {
    await venues.create({ name: "twice-in-program", __nmsName: "first" });
    await expect(venues.create({ name: "twice-in-program", __nmsName: "second" })).rejects.toThrow(/not taken over: the service holds no request/);
    expect(await venuesNamed("twice-in-program")).toHaveLength(1);
  });

  test("is never taken over without the resource's name (a create not made through the SDK)", async () => {
    await interruptedCreate({ name: "nameless" });
    await expect(venues.create({ name: "nameless" })).rejects.toThrow(/not taken over: the create does not carry its resource's name/);
  });

  test("fails with the adoption hint when the object was made outside the stack (no such request)", async () => {
    await client.write("A7", {}, { body: { name: "by-hand" } });
    await expect(venues.create({ name: "by-hand", __nmsName: "by-hand" })).rejects.toThrow(/not taken over: the service holds no request [0-9a-f-]{36} of this stack's create; .*set adoptByName: true or adoptId/);
    expect(await venuesNamed("by-hand")).toHaveLength(1);
  });

  test("fails with the hint when another stack made it (the request ID differs)", async () => {
    const inputs = { name: "other-stack", __nmsName: "other" };
    process.env.PULUMI_NODEJS_STACK = "another";
    try {
      await interruptedCreate(inputs);
    } finally {
      process.env.PULUMI_NODEJS_STACK = STACK_ENV.PULUMI_NODEJS_STACK;
    }
    await expect(venues.create(inputs)).rejects.toThrow(/not taken over: the service holds no request/);
    expect(await venuesNamed("other-stack")).toHaveLength(1);
  });

  test("fails with the hint when the stack's object was deleted and the name taken by another object since", async () => {
    const inputs = { name: "replaced-by-hand", __nmsName: "replaced" };
    const made = await interruptedCreate(inputs);
    await client.write("A11", { venueId: made });
    await client.write("A7", {}, { body: inputs });
    await expect(venues.create(inputs)).rejects.toThrow(new RegExp(`not taken over: the object holding the name \\(\\S+\\) is not the one this stack's request \\S+ made \\(${made}\\)`));
    expect(await venuesNamed("replaced-by-hand")).toHaveLength(1);
  });

  test("fails with the hint when the inputs changed since the interrupted create", async () => {
    await interruptedCreate({ name: "changed-since", description: "before", __nmsName: "changed" });
    await expect(venues.create({ name: "changed-since", description: "after", __nmsName: "changed" })).rejects.toThrow(/not taken over: the service holds no request/);
  });

  test("the request ID leaves secrets out and depends on the stack, the kind and the other inputs", () => {
    const base = { name: "n", type: "aaa", authRadius: { primary: { ip: "192.0.2.1", sharedSecret: "one" } } };
    const id = requestIdOf("Network", base);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdOf("Network", { ...base, authRadius: { primary: { ip: "192.0.2.1", sharedSecret: "two" } } })).toBe(id);
    expect(requestIdOf("Network", { ...base, name: "m" })).not.toBe(id);
    expect(requestIdOf("Venue", base)).not.toBe(id);
    expect(createRequestIdOf("Network", base, ["authRadius"], { ...STACK_ENV, PULUMI_NODEJS_STACK: "other" })).not.toBe(id);
  });
});
