// Every documented error code of the AP settings and venue Wi-Fi settings operations, straight
// against the emulator, each checking that a refused write left nothing behind; and the
// emulator's decisions where the Wi-Fi API documentation is silent (active APs, cellular APs, DHCP profiles,
// per-model arrays, what goes with a deleted AP).
import type { RunningEmulator } from "../../emulator";
import { TenantState, type TenantDetails } from "../../emulator/model/tenant";
import { KINDS } from "../../emulator/services/registry";
import { requireDhcpServiceForCellularAps } from "../../emulator/services/wifi/dhcpService";
import {
  admin,
  apBody,
  Client,
  deepNetworkBody,
  serialNumber,
  start,
  tenantWith,
  venueBody,
} from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
let venueId: string;
const indoor = serialNumber(1); // an R550
const outdoor = serialNumber(5); // a T350
const CELLULAR_SERIAL = "100000000510"; // an M510

beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
  venueId = (await client.ok("createVenue", {}, venueBody("Device site"))).id;
  await client.ok("createAps", {}, [apBody(venueId, 1), apBody(venueId, 5)]);
});
afterAll(() => emu.close());

async function refusal(reply: Promise<{ status: number; body: any }>, status: number) {
  const { status: got, body } = await reply;
  expect({ status: got, body }).toEqual({
    status,
    body: { errors: [expect.any(Object)], requestId: expect.any(String) },
  });
  return body.errors[0];
}

describe("AP radio", () => {
  test("WIFI-10110: a 2.4 GHz list of one channel is 422 naming the list; nothing changes", async () => {
    const before = (await client.call("getApRadio", { serialNumber: indoor })).body;
    const entry = await refusal(
      client.call("updateApRadio", { serialNumber: indoor }, { apRadioParams24G: { allowedChannels: ["6"] } }),
      422,
    );
    expect(entry).toEqual({
      code: "WIFI-10110",
      message: expect.stringContaining("WIFI-10110"),
      object: "apRadioParams24G.allowedChannels",
      value: ["6"],
    });
    expect((await client.call("getApRadio", { serialNumber: indoor })).body).toEqual(before);
  });

  test.each([
    ["WIFI-10111", indoor, "an indoor model"],
    ["WIFI-10112", outdoor, "an outdoor model"],
  ])("%s: a 5 GHz list of one channel on %s", async (code, serial) => {
    const entry = await refusal(
      client.call("updateApRadio", { serialNumber: serial }, { apRadioParams50G: { allowedChannels: ["36"] } }),
      422,
    );
    expect(entry).toEqual({
      code,
      message: expect.stringContaining(code),
      object: "apRadioParams50G.allowedChannels",
      value: ["36"],
    });
  });

  test("an update replaces the settings, reads add the operative values, and resetApRadio restores the defaults", async () => {
    const defaults = (await client.call("getApRadio", { serialNumber: indoor })).body;
    expect(defaults).toMatchObject({
      useVenueSettings: true,
      enable24G: null,
      apRadioParams24G: { operativeChannel: 1, snr_dB: 0 },
    });
    await client.ok(
      "updateApRadio",
      { serialNumber: indoor },
      { useVenueSettings: false, apRadioParams24G: { manualChannel: 11, allowedChannels: ["1", "11"] } },
    );
    expect((await client.call("getApRadio", { serialNumber: indoor })).body).toMatchObject({
      useVenueSettings: false,
      apRadioParams24G: { manualChannel: 11, operativeChannel: 11, changeInterval: 480 },
    });
    const reset = (await client.write("resetApRadio", { serialNumber: indoor })).accepted.body;
    expect(reset.response).toEqual(defaults);
    expect((await client.call("getApRadio", { serialNumber: indoor })).body).toEqual(defaults);
  });
});

describe("AP and venue LAN ports", () => {
  const trunk = { portId: "1", type: "Trunk", untagId: 10, vlanMembers: "1-4094", enabled: true };
  const access = { portId: "2", type: "ACCESS", untagId: 10, vlanMembers: "20", enabled: true };

  test.each([
    ["WIFI-10108", trunk, 10],
    ["WIFI-10109", access, 10],
  ])("%s on updateApLanPorts names the port's untagId; nothing changes", async (code, port) => {
    const entry = await refusal(client.call("updateApLanPorts", { serialNumber: indoor }, { lanPorts: [port] }), 422);
    expect(entry).toEqual({ code, message: expect.stringContaining(code), object: "lanPorts[0].untagId", value: 10 });
    expect((await client.call("getApLanPorts", { serialNumber: indoor })).body).toEqual({
      lanPorts: [],
      poeOut: null,
      useVenueSettings: false,
    });
  });

  test.each([
    ["WIFI-10108", trunk],
    ["WIFI-10109", access],
  ])("%s on updateVenueLanPorts names the entry and port", async (code, port) => {
    const entry = await refusal(
      client.call("updateVenueLanPorts", { venueId }, [{ model: "R550", lanPorts: [port] }]),
      422,
    );
    expect(entry).toMatchObject({ code, object: "[0].lanPorts[0].untagId" });
    expect((await client.call("getVenueLanPorts", { venueId })).body).toEqual([]);
  });

  test("valid ports are stored, shown by getAp, and resetApLanPorts answers {requestId} and restores the defaults", async () => {
    const ports = {
      lanPorts: [
        { ...trunk, untagId: 1 },
        { ...access, untagId: 20 },
      ],
      poeOut: true,
    };
    await client.ok("updateApLanPorts", { serialNumber: indoor }, ports);
    expect((await client.call("getAp", { serialNumber: indoor })).body.lanPorts).toEqual({
      ...ports,
      useVenueSettings: false,
    });
    const reset = await client.write("resetApLanPorts", { serialNumber: indoor });
    expect(Object.keys(reset.accepted.body)).toEqual(["requestId"]);
    expect((await client.call("getApLanPorts", { serialNumber: indoor })).body).toEqual({
      lanPorts: [],
      poeOut: null,
      useVenueSettings: false,
    });
  });

  test("a model named twice in a per-model array is 422 naming the later entry's model", async () => {
    const entry = await refusal(
      client.call("updateVenueLeds", { venueId }, [
        { model: "R550", ledEnabled: true },
        { model: "R550", ledEnabled: false },
      ]),
      422,
    );
    expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: "[1].model", value: "R550" });
  });

  test("per-model settings: several models are kept, and an update without one removes only that one", async () => {
    await client.ok("updateVenueLeds", { venueId }, [
      { model: "R550", ledEnabled: false },
      { model: "T350", ledEnabled: true },
    ]);
    await client.ok("updateVenueLeds", { venueId }, [{ model: "T350", ledEnabled: true }]);
    expect((await client.call("getVenueLeds", { venueId })).body).toEqual([{ model: "T350", ledEnabled: true }]);
    expect((await client.call("updateVenueLeds", { venueId }, { model: "R550" })).status).toBe(400);
  });
});

describe("mDNS gateway", () => {
  test("rules are required on update", async () => {
    const entry = await refusal(client.call("updateApBonjourGateway", { serialNumber: indoor }, {}), 422);
    expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: "rules", message: "is required" });
  });

  test("rules are stored and resetApBonjourGateway resets them", async () => {
    const rules = [
      { enabled: true, fromVlan: 10, toVlan: 20, mdnsName: "printers", mdnsProtocol: "TCP", service: "PRINTER" },
    ];
    await client.ok("updateApBonjourGateway", { serialNumber: indoor }, { rules });
    expect((await client.call("getApBonjourGateway", { serialNumber: indoor })).body).toEqual({ rules });
    await client.ok("resetApBonjourGateway", { serialNumber: indoor });
    expect((await client.call("getApBonjourGateway", { serialNumber: indoor })).body).toEqual({ rules: [] });
  });
});

describe("venue mesh (updateVenueMesh, getVenueWifiSettings)", () => {
  test("WIFIB-10001: disabling mesh while an AP of the venue is active (admin API state Operational) is 409; allowed once no AP is active", async () => {
    const site = (await client.ok("createVenue", {}, venueBody("Mesh site"))).id;
    await client.ok("createAps", {}, [apBody(site, 11)]);
    await client.ok("updateVenueMesh", { venueId: site }, { enabled: true });
    expect(
      (await admin(emu, "PUT", `/tenants/${client.tenantId}/aps/${serialNumber(11)}/state`, { state: "Operational" }))
        .status,
    ).toBe(200);
    const entry = await refusal(client.call("updateVenueMesh", { venueId: site }, { enabled: false }), 409);
    expect(entry).toEqual({
      code: "WIFIB-10001",
      message: expect.stringContaining("WIFIB-10001"),
      object: "enabled",
      value: false,
    });
    expect((await client.call("getVenueWifiSettings", { venueId: site })).body.mesh).toEqual({ enabled: true });
    await admin(emu, "PUT", `/tenants/${client.tenantId}/aps/${serialNumber(11)}/state`, { state: "InSetupPhase" });
    await client.ok("updateVenueMesh", { venueId: site }, {});
    expect((await client.call("getVenueWifiSettings", { venueId: site })).body.mesh).toEqual({ enabled: false });
  });
});

describe("venue cellular and DHCP bindings (newer)", () => {
  const cellular = {
    model: "M510",
    primaryWanRecoveryTimer: 60,
    simCardPrimaryCellularNetworkSelection: "AUTO",
    simCardSecondaryCellularNetworkSelection: "LTE",
    wanConnection: "ETH",
  };

  test("WIFI-10170: both SIMs disabled is 422; nothing changes", async () => {
    const entry = await refusal(
      client.call("updateVenueCellularSettings", { venueId }, [
        { ...cellular, simCardPrimaryEnabled: false, simCardSecondaryEnabled: false },
      ]),
      422,
    );
    expect(entry).toMatchObject({ code: "WIFI-10170", object: "[0].simCardPrimaryEnabled" });
    expect((await client.call("getVenueCellularSettings", { venueId })).body).toEqual([]);
  });

  test("documented rules: timer 10 to 300, APNs without space or @, required selections", async () => {
    const { body } = await client.call("updateVenueCellularSettings", { venueId }, [
      { ...cellular, primaryWanRecoveryTimer: 5, simCardPrimaryApn: "a b", wanConnection: undefined },
    ]);
    expect(body.errors.map((e: { object: string }) => e.object).sort()).toEqual([
      "[0].primaryWanRecoveryTimer",
      "[0].simCardPrimaryApn",
      "[0].wanConnection",
    ]);
  });

  test("a cellular AP (serial ending 510, model M510) shows its venue's setting for its model in getAp", async () => {
    await client.ok("updateVenueCellularSettings", { venueId }, [cellular]);
    expect((await client.call("getVenueCellularSettings", { venueId })).body).toEqual([
      {
        ...cellular,
        simCardPrimaryEnabled: true,
        simCardPrimaryRoaming: true,
        simCardSecondaryEnabled: true,
        simCardSecondaryRoaming: true,
      },
    ]);
    await client.ok("createAps", {}, [{ serialNumber: CELLULAR_SERIAL, name: "Cellular AP", venueId }]);
    const ap = (await client.call("getAp", { serialNumber: CELLULAR_SERIAL })).body;
    expect(ap).toMatchObject({
      model: "M510",
      cellularSettings: { useVenueSettings: true, wanConnection: "ETH", primaryWanRecoveryTimer: 60 },
    });
  });

  test("WIFI-10152 binding twice, WIFI-10151 unbinding what is not bound; listVenueDhcpServiceProfiles lists the binding; profiles come built in and from the admin API", async () => {
    const profiles = (await admin(emu, "GET", `/tenants/${client.tenantId}/dhcp-service-profiles`)).body.profiles;
    expect(profiles).toEqual([
      { id: "d4c9a0f1e2b3c4d5e6f708192a3b4c5d", name: "Default DHCP service" },
      { id: "d4c9a0f1e2b3c4d5e6f708192a3b4c5e", name: "Guest DHCP service" },
    ]);
    const extra = (
      await admin(emu, "POST", `/tenants/${client.tenantId}/dhcp-service-profiles`, { name: "Guest DHCP" })
    ).body;
    const params = { venueId, dhcpServiceProfileId: profiles[0].id };
    const bound = await client.ok("bindVenueDhcpServiceProfile", params);
    expect(bound).toEqual({ venueId, dhcpServiceProfileId: profiles[0].id });
    expect(await refusal(client.call("bindVenueDhcpServiceProfile", params), 409)).toMatchObject({
      code: "WIFI-10152",
      object: "dhcpServiceProfileId",
    });
    expect(
      await refusal(client.call("unbindVenueDhcpServiceProfile", { venueId, dhcpServiceProfileId: extra.id }), 422),
    ).toMatchObject({
      code: "WIFI-10151",
      object: "dhcpServiceProfileId",
    });
    expect((await client.call("listVenueDhcpServiceProfiles", { venueId })).body).toEqual([bound]);
    expect((await client.call("getVenueWifiSettings", { venueId })).body.dhcpServiceSetting).toMatchObject({
      enabled: true,
    });
    expect(
      await refusal(client.call("bindVenueDhcpServiceProfile", { venueId, dhcpServiceProfileId: "nope" }), 404),
    ).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "dhcpServiceProfileId",
    });
    await client.ok("unbindVenueDhcpServiceProfile", params);
    expect((await client.call("listVenueDhcpServiceProfiles", { venueId })).body).toEqual([]);
  });

  test("WIFI-10171: a network activated on a venue with a cellular AP and no DHCP binding cannot be written with updateNetworkDeep; a binding lifts it", async () => {
    const network = (await client.ok("createNetworkDeep", {}, deepNetworkBody("Cellular net"))).id as string;
    await client.ok("activateNetwork", {}, { networkId: network, venueId });
    const entry = await refusal(
      client.call(
        "updateNetworkDeep",
        { networkId: network },
        { ...deepNetworkBody("Cellular net"), description: "x" },
      ),
      422,
    );
    expect(entry).toEqual({
      code: "WIFI-10171",
      message: expect.stringContaining("WIFI-10171"),
      object: "venues",
      value: venueId,
    });
    const profileId = (await admin(emu, "GET", `/tenants/${client.tenantId}/dhcp-service-profiles`)).body.profiles[0]
      .id;
    await client.ok("bindVenueDhcpServiceProfile", { venueId, dhcpServiceProfileId: profileId });
    await client.ok(
      "updateNetworkDeep",
      { networkId: network },
      { ...deepNetworkBody("Cellular net"), description: "x" },
    );
  });

  test("the older variant has no such operations (404 NMS-NOT-IN-VARIANT)", async () => {
    const older = await tenantWith(emu, { wifiApiVariant: "older" }, "Older devices");
    const site = (await older.ok("createVenue", {}, venueBody("Older site"))).id;
    expect(await refusal(older.call("getVenueCellularSettings", { venueId: site }), 404)).toMatchObject({
      code: "NMS-NOT-IN-VARIANT",
    });
  });
});

describe("AP operations and what goes with an AP", () => {
  test("updateApPosition writes the position, which a updateAp without one keeps; traceRouteFromAp takes pingFromAp's target rule; downloadApLog names a file", async () => {
    await client.ok("updateApPosition", { serialNumber: indoor }, { floorplanId: "fp1", xPercent: 12.5, yPercent: 80 });
    await client.ok("updateAp", { serialNumber: indoor }, { ...apBody(venueId, 1), description: "moved" });
    expect((await client.call("getAp", { serialNumber: indoor })).body.position).toEqual({
      floorplanId: "fp1",
      xPercent: 12.5,
      yPercent: 80,
    });
    expect(
      await refusal(client.call("updateApPosition", { serialNumber: indoor }, { xPercent: 101 }), 422),
    ).toMatchObject({
      object: "xPercent",
    });
    expect(
      await refusal(client.call("traceRouteFromAp", { serialNumber: indoor }, { targetHost: "300.1.1.1" }), 422),
    ).toMatchObject({ object: "targetHost" });
    expect(
      (await client.ok("traceRouteFromAp", { serialNumber: indoor }, { targetHost: "example.com" })).response,
    ).toContain("traceroute to example.com");
    expect((await client.call("downloadApLog", { serialNumber: indoor })).body).toEqual({
      fileURL: expect.stringContaining(`/api/file/tenant/${client.tenantId}/`),
    });
  });

  test("factoryResetAp factory reset forgets the AP's own settings and makes it new, and the AP's delete takes its settings along", async () => {
    await client.ok("createAps", {}, [apBody(venueId, 21)]);
    const serial = serialNumber(21);
    await client.ok("updateApBonjourGateway", { serialNumber: serial }, { rules: [{ mdnsName: "tv" }] });
    await admin(emu, "PUT", `/tenants/${client.tenantId}/aps/${serial}/state`, { state: "Operational" });
    await client.ok("factoryResetAp", { serialNumber: serial });
    expect((await client.call("getApBonjourGateway", { serialNumber: serial })).body).toEqual({ rules: [] });
    expect((await client.call("getAp", { serialNumber: serial })).body).toMatchObject({
      state: "InSetupPhase",
      lastContacted: "",
    });
    await client.ok("updateApBonjourGateway", { serialNumber: serial }, { rules: [{ mdnsName: "tv" }] });
    await client.ok("deleteAp", { serialNumber: serial });
    expect(
      (await admin(emu, "GET", `/tenants/${client.tenantId}/objects`)).body.apMdnsGateway.map(
        (r: { rules: unknown }) => r.rules,
      ),
    ).not.toContainEqual([{ mdnsName: "tv" }]);
    expect((await client.call("getApBonjourGateway", { serialNumber: serial })).status).toBe(404);
  });
});

describe("WIFI-10171 on the venues a deep body names", () => {
  // The deep form does not carry `venues` yet (contract/schemas/network.ts), so the rule is driven directly with a record that does.
  const tenantWithCellularVenue = (variant: "older" | "newer") => {
    const t = new TenantState("t".repeat(32), "Unit", new Date().toISOString(), {} as TenantDetails, KINDS, {
      wifiApiVariant: variant,
    });
    t.of("venues").put({ id: "v1", name: "Cellular site" });
    t.of("aps").put({ id: CELLULAR_SERIAL, serialNumber: CELLULAR_SERIAL, venueId: "v1", model: "M510" });
    return t;
  };

  test("a body naming a venue with a cellular AP and no binding is refused on venues[i].venueId; a binding lifts it; the older variant has no rule", () => {
    const t = tenantWithCellularVenue("newer");
    const network = { id: "n1", venues: [{ venueId: "v0" }, { venueId: "v1" }] };
    expect(() => requireDhcpServiceForCellularAps(t, network)).toThrow(
      expect.objectContaining({
        entries: [expect.objectContaining({ code: "WIFI-10171", object: "venues[1].venueId", value: "v1" })],
      }),
    );
    t.of("venueDhcpBindings").put({ id: "b1", venueId: "v1", dhcpServiceProfileId: "p" });
    expect(() => requireDhcpServiceForCellularAps(t, network)).not.toThrow();
    expect(() => requireDhcpServiceForCellularAps(tenantWithCellularVenue("older"), network)).not.toThrow();
  });
});
