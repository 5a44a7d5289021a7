// The list and get functions' own rules (provider/functions/lookups.ts, run.ts): arguments come in
// one of the forms a function names, checked before any call; a get by unique name finds exactly
// one object or fails naming the value; a filter reads its own list. The calls of every function
// against the emulator are in tests/sdk/lookupsStack.test.ts.
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import type { ConfigLookup } from "../../../provider/config";
import { FUNCTION_SPECS } from "../../../provider/functions";
import { runFunction } from "../../../provider/functions/run";
import { closeSharedClient, invoke } from "../../../provider/programClient";
import { Client, servedRequests, start, venueBody } from "../../support/emulatorClient";

let emulator: RunningEmulator;
let config: ConfigLookup;

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await start({ asyncDelayMs: 5, rateLimit: null });
  const values: Record<string, string> = {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": emulator.demo.tenantId,
    "nms:username": emulator.demo.username,
    "nms:password": emulator.demo.password,
    "nms:logLevel": "off",
  };
  config = (key) => values[key];
});

afterAll(async () => {
  await closeSharedClient();
  await emulator.close();
});

describe("argument forms", () => {
  it.each([
    ["getVenue", {}, "getVenue: give venueId, or name"],
    ["getVenue", { venueId: "v1", name: "HQ" }, "getVenue: give venueId, or name (given: venueId, name)"],
    ["getApGroup", { name: "Lobby" }, "getApGroup: give apGroupId, or venueId and name (given: name)"],
    [
      "getNetworkVenueActivation",
      { networkId: "n1" },
      "getNetworkVenueActivation: give networkVenueId, or networkId and venueId (given: networkId)",
    ],
    [
      "listNetworkVenueActivations",
      { networkId: "n1", venueId: "v1" },
      "listNetworkVenueActivations: give at most one of networkId and venueId (given: networkId, venueId)",
    ],
    ["getSwitchVlan", { profileId: "p1" }, "getSwitchVlan: give vlanUuid, or vlanId"],
  ])("%s(%j) is refused before any call", async (name, args, message) => {
    const before = (await servedRequests(emulator)).length;
    await expect(invoke(name, args, config)).rejects.toThrow(message);
    expect((await servedRequests(emulator)).length).toBe(before);
  });

  it("a rule of an argument still comes first, with its field", async () => {
    await expect(invoke("getSwitch", { serialNumber: "nope" }, config)).rejects.toThrow(
      /^getSwitch: serialNumber: must be an allowed three-letter prefix/,
    );
    await expect(invoke("getVenue", { venueId: "v1", site: "x" }, config)).rejects.toThrow(
      "getVenue: site: is not an argument of getVenue",
    );
  });
});

describe("a get by unique name", () => {
  it("returns the one object with the name, as its get by ID does", async () => {
    const client = await Client.login(emulator);
    const venue = await client.ok("createVenue", {}, venueBody("Named site"));
    expect(await invoke("getVenue", { name: "Named site" }, config)).toEqual(
      await invoke("getVenue", { venueId: venue.id }, config),
    );
  });

  it("fails naming the value when nothing has it", async () => {
    await expect(invoke("getVenue", { name: "Nowhere" }, config)).rejects.toThrow(
      'getVenue: nothing has name "Nowhere" in listVenues',
    );
    await expect(invoke("getSwitchVlan", { profileId: "no-such-profile", vlanId: 7 }, config)).rejects.toThrow(
      /^getSwitchVlan: /,
    );
  });

  it("fails when more than one object has it, telling to get the one meant by its ID", async () => {
    const twins = [
      { id: "p1", name: "Twin" },
      { id: "p2", name: "Twin" },
      { id: "p3", name: "Other" },
    ];
    const client = { list: async () => twins } as unknown as NmsClient;
    await expect(runFunction(client, FUNCTION_SPECS.getSwitchProfile, { name: "Twin" })).rejects.toThrow(
      '2 objects have name "Twin" in listSwitchProfiles: get the one you mean by its ID',
    );
    expect(await runFunction(client, FUNCTION_SPECS.getSwitchProfile, { name: "Other" })).toEqual({
      id: "p3",
      name: "Other",
    });
  });
});

describe("a filter", () => {
  it("reads its own list with the filter in the path, and the whole tenant's without it", async () => {
    const calls: { op: string; params: Record<string, string> }[] = [];
    const client = {
      list: async (op: string, params: Record<string, string>) => {
        calls.push({ op, params });
        return op === "listNetworks"
          ? [{ id: "n1", venues: [{ id: "a1" }, { id: "a2" }] }, { id: "n2" }]
          : [{ id: "a9" }];
      },
    } as unknown as NmsClient;
    expect(await runFunction(client, FUNCTION_SPECS.listNetworkVenueActivations, {})).toEqual([
      { id: "a1" },
      { id: "a2" },
    ]);
    expect(await runFunction(client, FUNCTION_SPECS.listNetworkVenueActivations, { venueId: "v1" })).toEqual([
      { id: "a9" },
    ]);
    expect(await runFunction(client, FUNCTION_SPECS.listApGroups, { venueId: "v1" })).toEqual([{ id: "a9" }]);
    expect(calls).toEqual([
      { op: "listNetworks", params: {} },
      { op: "listVenueNetworkActivations", params: { venueId: "v1" } },
      { op: "listVenueApGroups", params: { venueId: "v1" } },
    ]);
  });
});
