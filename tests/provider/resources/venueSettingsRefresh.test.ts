// Venue radio, syslog and mesh settings refresh from one listVenueWifiSettings list (every venue's Wi-Fi settings) instead of one
// getVenueRadio, getVenueSyslog or getVenueWifiSettings read per venue, and still see a change made outside the stack.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { adminApi, demoClient } from "../../support/emulatorClient";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";

type Props = Record<string, any>;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 5, rateLimit: null });
});
afterAll(async () => emulator.close());

const admin = (method: string, path: string, body?: unknown) => adminApi(emulator, method, path, body);

async function servedCount(op: string): Promise<number> {
  const stats = await admin("GET", "stats");
  return Object.values((stats.byOp[op] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
}

describe("venue Wi-Fi settings on refresh", () => {
  it("read the radio, syslog and mesh of many venues with one listVenueWifiSettings list, and see a radio changed out of band", async () => {
    const client = demoClient(emulator);
    const radio = makeLifecycle(RESOURCE_SPECS.VenueRadio, async () => client);
    const syslog = makeLifecycle(RESOURCE_SPECS.VenueSyslog, async () => client);
    const mesh = makeLifecycle(RESOURCE_SPECS.VenueMesh, async () => client);
    const created: { provider: typeof radio; id: string; outs?: Props }[] = [];
    for (let i = 0; i < 4; i++) {
      const venueId = (await client.execute<Props>("createVenue", {}, { body: { name: `settings-venue-${i}` } }))
        .response!.id as string;
      created.push({
        provider: radio,
        ...(await radio.create({
          venueId,
          radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
        })),
      });
      created.push({
        provider: syslog,
        ...(await syslog.create({ venueId, enabled: true, server: "192.0.2.50", priority: "WARNING" })),
      });
      created.push({ provider: mesh, ...(await mesh.create({ venueId, enabled: true })) });
    }
    await admin("DELETE", "stats");

    const reads = await Promise.all(created.map((c) => c.provider.read!(c.id, c.outs)));
    reads.forEach((read, i) => expect(read.props).toEqual(created[i].outs));
    expect(await servedCount("listVenueWifiSettings")).toBe(1);
    expect(
      (await servedCount("getVenueRadio")) +
        (await servedCount("getVenueSyslog")) +
        (await servedCount("getVenueWifiSettings")),
    ).toBe(0);

    // Another admin narrows the first venue's 2.4 GHz channels to two: the next refresh (after the list's cache) shows it.
    const first = created[0];
    await client.execute(
      "updateVenueRadio",
      { venueId: first.id },
      { body: { radioParams24G: { allowedChannels: ["1", "6"], channelBandwidth: "20MHz" } } },
    );
    const read = await radio.read!(first.id, first.outs);
    expect(read.props?.radioParams24G.allowedChannels).toEqual(["1", "6"]);
    await client.close();
  });

  it("read a venue the list does not hold directly, and report it gone", async () => {
    const client = demoClient(emulator);
    const syslog = makeLifecycle(RESOURCE_SPECS.VenueSyslog, async () => client);
    await admin("DELETE", "stats");
    expect(await syslog.read!("f".repeat(32), { venueId: "f".repeat(32) })).toEqual({});
    expect(await servedCount("listVenueWifiSettings")).toBe(1);
    expect(await servedCount("getVenueSyslog")).toBe(1);
    await client.close();
  });
});
