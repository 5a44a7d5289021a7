// The lifecycle's share of reliability at scale: refresh reads answered by one list call, and
// creates whose answer was lost recovered without a duplicate.
import { startEmulator, type RunningEmulator } from "../../emulator";
import { adminApi, demoClient } from "../support/emulatorClient";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";

type Props = Record<string, any>;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20, rateLimit: null });
});
afterAll(async () => emulator.close());

const newClient = () => demoClient(emulator);
const admin = (method: string, path: string, body?: unknown) => adminApi(emulator, method, path, body);

async function servedCount(op: string): Promise<number> {
  const stats = await admin("GET", "stats");
  return Object.values((stats.byOp[op] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
}

describe("refresh reads", () => {
  it("answers the reads of many venues, networks and activations with one list call per kind", async () => {
    const client = newClient();
    const venue = makeLifecycle(RESOURCE_SPECS.Venue, async () => client);
    const network = makeLifecycle(RESOURCE_SPECS.Network, async () => client);
    const activation = makeLifecycle(RESOURCE_SPECS.NetworkVenueActivation, async () => client);
    const created: { provider: typeof venue; id: string; outs?: Props }[] = [];
    for (let i = 0; i < 5; i++) {
      const v = await venue.create({ name: `listed-venue-${i}` });
      const n = await network.create({
        name: `listed-net-${i}`,
        type: "aaa",
        wlan: { vlanId: 10 },
        authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "radius-secret" } },
      });
      const a = await activation.create({ networkId: n.id, venueId: v.id });
      created.push({ provider: venue, ...v }, { provider: network, ...n }, { provider: activation, ...a });
    }
    await admin("DELETE", "stats");

    const reads = await Promise.all(created.map((c) => c.provider.read!(c.id, c.outs)));
    // Refresh finds nothing changed, even for networks whose activations came after them.
    reads.forEach((read, i) => expect(read.props).toEqual(created[i].outs));
    expect(await servedCount("listVenues")).toBe(1);
    expect(await servedCount("listNetworks")).toBe(1);
    expect(
      (await servedCount("getVenue")) +
        (await servedCount("getNetworkDeep")) +
        (await servedCount("getNetworkActivation")),
    ).toBe(0);
    await client.close();
  });

  it("asks for one object directly when the list does not have it, and reports it gone on 404", async () => {
    const client = newClient();
    const venue = makeLifecycle(RESOURCE_SPECS.Venue, async () => client);
    await admin("DELETE", "stats");
    expect(await venue.read!("f".repeat(32), { name: "never-existed" })).toEqual({});
    expect(await servedCount("listVenues")).toBe(1);
    expect(await servedCount("getVenue")).toBe(1);
    await client.close();
  });

  it("can be turned off, for the naive baseline of the benchmark", async () => {
    const client = newClient();
    const venue = makeLifecycle(RESOURCE_SPECS.Venue, async () => client, { refreshFromLists: () => false });
    const v = await venue.create({ name: "read-directly" });
    await admin("DELETE", "stats");
    await venue.read!(v.id, v.outs);
    expect(await servedCount("listVenues")).toBe(0);
    expect(await servedCount("getVenue")).toBe(1);
    await client.close();
  });
});

describe("a create whose answer is lost", () => {
  afterEach(async () => admin("DELETE", "faults"));

  it.each([
    [
      "Venue",
      "createVenue",
      () => ({ name: "lost-answer-venue" }),
      "listVenues",
      (o: Props) => o.name === "lost-answer-venue",
    ],
    [
      "Network",
      "createNetworkDeep",
      () => ({
        name: "lost-answer-net",
        type: "aaa",
        wlan: {},
        authRadius: { primary: { ip: "192.0.2.1", port: 1812, sharedSecret: "x-secret" } },
      }),
      "listNetworks",
      (o: Props) => o.name === "lost-answer-net",
    ],
  ])(
    "%s: is found by its unique name and adopted, never created twice",
    async (kind, createOp, inputs, listOp, isIt) => {
      await admin("POST", "faults", { kind: "lost-answer", op: createOp, count: 1 });
      const client = newClient();
      const provider = makeLifecycle(RESOURCE_SPECS[kind], async () => client);
      const created = await provider.create(inputs());
      const listed = (await client.list<Props>(listOp as "listVenues")).filter(isIt);
      expect(listed).toHaveLength(1);
      expect(listed[0].id).toBe(created.id);
      expect((await admin("GET", "faults")).exhausted[0].fired).toBe(1);
      await client.close();
    },
  );
});
