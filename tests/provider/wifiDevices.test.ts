// The AP settings and venue Wi-Fi settings through the provider's lifecycle, against the
// in-process emulator: every error code of their operations (at check, or the service's answer
// surfaced with its code), and the mechanisms they added to the lifecycle (a trigger that also
// runs after the create, a read whose answer holds the object among others, a body that is an
// array, defaults written through toApi).
import { startEmulator, type RunningEmulator } from "../../emulator";
import { NmsApiError, type NmsClient } from "../../provider/client";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import type { ResourceSpec } from "../../provider/spec";
import { adminApi, demoClient, servedRequests } from "../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
const INDOOR = "212345678901";
const OUTDOOR = "212345678905";
const CELLULAR = "212345678510";

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
  venueId = (await client.execute<Props>("createVenue", {}, { body: { name: "device-settings-venue" } })).response!.id;
  await client.execute(
    "createAps",
    {},
    { body: [INDOOR, OUTDOOR].map((serialNumber, i) => ({ serialNumber, name: `settings-ap-${i}`, venueId })) },
  );
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

const provider = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client);

async function checkFailures(kind: string, inputs: Props): Promise<{ property: string; reason: string }[]> {
  return (await provider(kind).check!({}, inputs)).failures ?? [];
}

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  expect(await checkFailures(kind, inputs)).toEqual([]);
  const result = await provider(kind).create(inputs);
  return { id: result.id, outs: result.outs };
}

/** The service's refusal, surfaced by the provider: its status and first code. */
async function refusedWith(run: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NmsApiError);
  const api = error as NmsApiError;
  return { status: api.status, code: (api.errors as { code: string }[])[0].code, message: api.message };
}

describe("codes caught at check, with the input path", () => {
  test.each([
    [
      "ApRadio",
      { serialNumber: INDOOR, apRadioParams24G: { allowedChannels: ["6"] } },
      "apRadioParams24G.allowedChannels",
      "WIFI-10110",
    ],
    [
      "ApLanPorts",
      { serialNumber: INDOOR, lanPorts: [{ type: "Trunk", untagId: 5 }] },
      "lanPorts[0].untagId",
      "WIFI-10108",
    ],
    [
      "ApLanPorts",
      { serialNumber: INDOOR, lanPorts: [{ type: "ACCESS", untagId: 5, vlanMembers: "6" }] },
      "lanPorts[0].untagId",
      "WIFI-10109",
    ],
    [
      "VenueLanPorts",
      { venueId, models: [{ model: "R550", lanPorts: [{ type: "Trunk", untagId: 5 }] }] },
      "models[0].lanPorts[0].untagId",
      "WIFI-10108",
    ],
    [
      "VenueLanPorts",
      { venueId, models: [{ model: "R550", lanPorts: [{ type: "Access", untagId: 5 }] }] },
      "models[0].lanPorts[0].untagId",
      "WIFI-10109",
    ],
    [
      "VenueCellular",
      {
        venueId,
        models: [
          {
            model: "M510",
            primaryWanRecoveryTimer: 60,
            simCardPrimaryCellularNetworkSelection: "AUTO",
            simCardSecondaryCellularNetworkSelection: "AUTO",
            wanConnection: "ETH",
            simCardPrimaryEnabled: false,
            simCardSecondaryEnabled: false,
          },
        ],
      },
      "models[0].simCardPrimaryEnabled",
      "WIFI-10170",
    ],
  ])("%s: %j is refused on %s with %s", async (kind, inputs, path, code) => {
    const failures = await checkFailures(kind, inputs);
    expect(failures).toContainEqual({ property: path, reason: expect.stringContaining(code) });
  });

  test("a model named twice is refused on the later entry's model", async () => {
    const failures = await checkFailures("VenueLeds", {
      venueId,
      models: [{ model: "R550" }, { model: "R750" }, { model: "R550" }],
    });
    expect(failures).toEqual([{ property: "models[2].model", reason: expect.stringContaining("one entry per model") }]);
  });

  test("the AP's position is a trigger, checked under the input schema's rules", async () => {
    expect(
      await checkFailures("Ap", { serialNumber: "212345678999", name: "ap", venueId, position: { yPercent: 120 } }),
    ).toEqual([{ property: "position.yPercent", reason: expect.stringContaining("between 0 and 100") }]);
  });

  test("the newer-only kinds are refused at check by an older tenant", async () => {
    const older = makeLifecycle(RESOURCE_SPECS.VenueDhcpBinding, async () => client, { variant: () => "older" });
    const { failures } = await older.check!({}, { venueId, dhcpServiceProfileId: "p" });
    expect(failures).toContainEqual({
      property: "nms:wifiApiVariant",
      reason: expect.stringContaining(
        "bindVenueDhcpServiceProfile, listVenueDhcpServiceProfiles, unbindVenueDhcpServiceProfile",
      ),
    });
  });
});

describe("codes only the service can tell, surfaced with their code", () => {
  test("WIFI-10111 and WIFI-10112: a 5 GHz list of one channel on an indoor or an outdoor AP", async () => {
    for (const [serialNumber, code] of [
      [INDOOR, "WIFI-10111"],
      [OUTDOOR, "WIFI-10112"],
    ]) {
      const inputs = { serialNumber, apRadioParams50G: { allowedChannels: ["36"] } };
      expect(await checkFailures("ApRadio", inputs)).toEqual([]);
      expect(await refusedWith(provider("ApRadio").create(inputs))).toMatchObject({ status: 422, code });
    }
  });

  test("WIFIB-10001: disabling mesh while an AP of the venue is active", async () => {
    const { id, outs } = await create("VenueMesh", { venueId, enabled: true });
    await adminApi(emulator, "PUT", `tenants/${emulator.demo.tenantId}/aps/${INDOOR}/state`, { state: "Operational" });
    try {
      expect(await refusedWith(provider("VenueMesh").update!(id, outs, { venueId, enabled: false }))).toMatchObject({
        status: 409,
        code: "WIFIB-10001",
      });
      expect(await refusedWith(provider("VenueMesh").delete!(id, outs))).toMatchObject({ code: "WIFIB-10001" });
    } finally {
      await adminApi(emulator, "PUT", `tenants/${emulator.demo.tenantId}/aps/${INDOOR}/state`, {
        state: "InSetupPhase",
      });
    }
    await provider("VenueMesh").delete!(id, outs);
    expect((await client.call<Props>("getVenueWifiSettings", { venueId })).mesh).toEqual({ enabled: false });
  });

  test("WIFI-10152: binding a venue twice; WIFI-10151: destroying a binding removed outside the stack; WIFI-10171: a network on a cellular venue without DHCP", async () => {
    const site = (await client.execute<Props>("createVenue", {}, { body: { name: "cellular-venue" } })).response!.id;
    await client.execute("createAps", {}, { body: [{ serialNumber: CELLULAR, name: "cellular-ap", venueId: site }] });
    const network = await create("Network", {
      name: "cellular-net",
      type: "aaa",
      wlan: { ssid: "c" },
      authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "s3cret" } },
    });
    await create("NetworkVenueActivation", { networkId: network.id, venueId: site });
    const described = { ...network.outs, description: "changed" };
    expect(await refusedWith(provider("Network").update!(network.id, network.outs, described))).toMatchObject({
      status: 422,
      code: "WIFI-10171",
    });

    const profileId = (await adminApi(emulator, "GET", `tenants/${emulator.demo.tenantId}/dhcp-service-profiles`))
      .profiles[0].id;
    const binding = await create("VenueDhcpBinding", { venueId: site, dhcpServiceProfileId: profileId });
    expect(binding.id).toBe(profileId);
    expect(
      await refusedWith(provider("VenueDhcpBinding").create({ venueId: site, dhcpServiceProfileId: profileId })),
    ).toMatchObject({ status: 409, code: "WIFI-10152" });
    await provider("Network").update!(network.id, network.outs, described);

    await client.execute("unbindVenueDhcpServiceProfile", { venueId: site, dhcpServiceProfileId: profileId });
    expect(await provider("VenueDhcpBinding").read!(binding.id, binding.outs)).toEqual({});
    expect(await refusedWith(provider("VenueDhcpBinding").delete!(binding.id, binding.outs))).toMatchObject({
      status: 422,
      code: "WIFI-10151",
    });
  });
});

describe("the mechanisms the kinds added", () => {
  test("a trigger with onCreate runs right after the create (Ap.position: updateApPosition), and again only when it changes", async () => {
    const serialNumber = "212345678311";
    await adminApi(emulator, "DELETE", "log");
    const position = { floorplanId: "fp-1", xPercent: 25, yPercent: 75 };
    const { id, outs } = await create("Ap", { serialNumber, name: "placed-ap", venueId, position });
    expect((await servedRequests(emulator)).map((r) => r.op)).toEqual(
      expect.arrayContaining(["createAps", "updateApPosition"]),
    );
    expect(outs.position).toEqual(position);
    expect((await client.call<Props>("getAp", { serialNumber })).position).toEqual(position);
    const p = provider("Ap");
    expect((await p.diff!(id, outs, { serialNumber, name: "renamed-ap", venueId, position })).changes).toBe(true);
    await adminApi(emulator, "DELETE", "log");
    const renamed = await p.update!(id, outs, { serialNumber, name: "renamed-ap", venueId, position });
    expect((await servedRequests(emulator)).map((r) => r.op)).not.toContain("updateApPosition");
    expect(renamed.outs!.position).toEqual(position);
    const moved = { ...position, xPercent: 50 };
    const diff = await p.diff!(id, renamed.outs!, { serialNumber, name: "renamed-ap", venueId, position: moved });
    expect([diff.changes, diff.replaces]).toEqual([true, []]);
    await p.update!(id, renamed.outs!, { serialNumber, name: "renamed-ap", venueId, position: moved });
    expect((await client.call<Props>("getAp", { serialNumber })).position).toEqual(moved);
  });

  test("a binding made outside the stack is adopted by its (venue, profile) pair", async () => {
    const site = (await client.execute<Props>("createVenue", {}, { body: { name: "adopted-binding-venue" } })).response!
      .id;
    const profileId = (await adminApi(emulator, "GET", `tenants/${emulator.demo.tenantId}/dhcp-service-profiles`))
      .profiles[1].id;
    await client.execute("bindVenueDhcpServiceProfile", { venueId: site, dhcpServiceProfileId: profileId });
    const adopted = await create("VenueDhcpBinding", {
      venueId: site,
      dhcpServiceProfileId: profileId,
      adoptByName: true,
    });
    expect(adopted).toMatchObject({ id: profileId, outs: { venueId: site, dhcpServiceProfileId: profileId } });
    await provider("VenueDhcpBinding").delete!(adopted.id, adopted.outs);
    expect(await client.call("listVenueDhcpServiceProfiles", { venueId: site })).toEqual([]);
  });

  test("a kind's own read finds the object in a read that answers more (VenueDhcpBinding in listVenueDhcpServiceProfiles's list)", async () => {
    const spec: ResourceSpec = RESOURCE_SPECS.VenueDhcpBinding;
    const read = (answer: unknown) => spec.overrides!.read!("b", {}, async () => answer);
    expect(
      await read([
        { venueId: "v", dhcpServiceProfileId: "a" },
        { venueId: "v", dhcpServiceProfileId: "b" },
      ]),
    ).toEqual({ venueId: "v", dhcpServiceProfileId: "b" });
    expect(await read([])).toBeUndefined();
  });

  test("per-model settings: several models, removing one from the program writes the list without it, destroy writes an empty list", async () => {
    const two = {
      venueId,
      models: [
        { model: "R550", ledEnabled: false },
        { model: "R750", ledEnabled: true },
      ],
    };
    const { id, outs } = await create("VenueLeds", two);
    expect(outs.models).toEqual(two.models);
    const p = provider("VenueLeds");
    expect((await p.diff!(id, outs, two)).changes).toBe(false);
    const one = { venueId, models: [{ model: "R750", ledEnabled: true }] };
    const updated = await p.update!(id, outs, one);
    expect(await client.call("getVenueLeds", { venueId })).toEqual(one.models);
    expect((await p.diff!(id, (await p.read!(id, updated.outs!)).props!, one)).changes).toBe(false);
    await p.delete!(id, updated.outs!);
    expect(await client.call("getVenueLeds", { venueId })).toEqual([]);
  });

  test("ApRadio's read-only values are outputs apart from the settings, and destroy resets the radio", async () => {
    const inputs = {
      serialNumber: OUTDOOR,
      useVenueSettings: false,
      apRadioParams24G: { manualChannel: 6, allowedChannels: ["1", "6"] },
    };
    const { id, outs } = await create("ApRadio", inputs);
    expect(outs).toMatchObject({
      status24G: { operativeChannel: 6, operativeTxPower: "MAX" },
      apRadioParams24G: { manualChannel: 6, allowedChannels: ["1", "6"] },
    });
    expect(outs.apRadioParams24G).not.toHaveProperty("operativeChannel");
    const read = await provider("ApRadio").read!(id, outs);
    // The 5 GHz band the service holds is the default band: not an input the program set, and no change.
    expect(Object.keys(read.inputs!).sort()).toEqual(["apRadioParams24G", "serialNumber", "useVenueSettings"]);
    expect((await provider("ApRadio").diff!(id, read.props!, inputs)).changes).toBe(false);
    await provider("ApRadio").delete!(id, outs);
    expect(await client.call("getApRadio", { serialNumber: OUTDOOR })).toMatchObject({
      useVenueSettings: true,
      apRadioParams24G: { manualChannel: 0 },
    });
  });
});
