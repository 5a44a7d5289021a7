// Every documented error code of the operations on venue radio, APs and DPSK passphrases, the
// gateway-header codes of switch operations, the reserved name of the default AP group, and the
// entry paths of array bodies: each straight against the emulator, each checking that a refused
// write left nothing behind.
import type { RunningEmulator } from "../../emulator";
import {
  admin,
  apBody,
  Client,
  dpskBody,
  guestUserBody,
  pskNetworkBody,
  serialNumber,
  start,
  switchProfileBody,
  tenantWith,
  venueBody,
} from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
let venueId: string;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
  venueId = (await client.ok("createVenue", {}, venueBody("Error site"))).id;
});
afterAll(() => emu.close());

/** The single error entry of a refused call, after checking its status and body shape. */
async function refusal(reply: Promise<{ status: number; body: any }>, status: number) {
  const { status: got, body } = await reply;
  expect({ status: got, body }).toEqual({
    status,
    body: { errors: [expect.any(Object)], requestId: expect.any(String) },
  });
  return body.errors[0];
}

/** Serial numbers the tenant holds now. */
async function serialsOf(c: Client): Promise<string[]> {
  return (await c.call("listAps")).body.map((ap: { serialNumber: string }) => ap.serialNumber);
}

describe("venue radio channel lists (updateVenueRadio)", () => {
  test.each([
    ["WIFI-10110", { radioParams24G: { allowedChannels: ["6"] } }, "radioParams24G.allowedChannels", ["6"]],
    [
      "WIFI-10111",
      { radioParams50G: { allowedIndoorChannels: ["36"] } },
      "radioParams50G.allowedIndoorChannels",
      ["36"],
    ],
    ["WIFI-10112", { radioParams50G: { allowedOutdoorChannels: [] } }, "radioParams50G.allowedOutdoorChannels", []],
  ])("%s: a channel list of fewer than two channels is 422 naming the list", async (code, body, object, value) => {
    const before = (await client.call("getVenueRadio", { venueId })).body;
    const entry = await refusal(client.call("updateVenueRadio", { venueId }, body), 422);
    expect(entry).toEqual({ code, message: expect.stringContaining(code), object, value });
    expect((await client.call("getVenueRadio", { venueId })).body).toEqual(before);
  });

  test("two channels are enough", async () => {
    expect(
      (await client.call("updateVenueRadio", { venueId }, { radioParams24G: { allowedChannels: ["1", "6"] } })).status,
    ).toBe(202);
  });
});

describe("APs (createAps, updateAp)", () => {
  test("ENT-10003: APs beyond the tenant's Wi-Fi licences, lowered through the admin API, are refused with 402", async () => {
    const tenant = await tenantWith(emu, { wifiLicenses: 5 });
    const site = (await tenant.ok("createVenue", {}, venueBody("Licensed"))).id;
    await tenant.ok("createAps", {}, [apBody(site, 1)]);
    expect((await admin(emu, "PUT", `/tenants/${tenant.tenantId}/settings`, { wifiLicenses: 2 })).body).toMatchObject({
      wifiLicenses: 2,
    });

    // One licence left: the second entry of this call is the first one past it.
    const entry = await refusal(tenant.call("createAps", {}, [apBody(site, 2), apBody(site, 3)]), 402);
    expect(entry).toMatchObject({ code: "ENT-10003", object: "[1].serialNumber", value: serialNumber(3) });
    expect(await serialsOf(tenant)).toEqual([serialNumber(1)]);

    await tenant.ok("createAps", {}, [apBody(site, 2)]);
    const full = await refusal(tenant.call("createAps", {}, [apBody(site, 4)]), 402);
    expect(full).toMatchObject({ code: "ENT-10003", object: "[0].serialNumber" });
    // Licences bound new APs only: an update of one held is not refused.
    expect(
      (await tenant.write("updateAp", { serialNumber: serialNumber(1) }, apBody(site, 1, "Renamed"))).record.status,
    ).toBe("SUCCESS");
  });

  test("APR-10130: a serial number added again is 409 naming the entry", async () => {
    await client.ok("createAps", {}, [apBody(venueId, 10)]);
    const entry = await refusal(
      client.call("createAps", {}, [apBody(venueId, 11), apBody(venueId, 10, "Another name")]),
      409,
    );
    expect(entry).toMatchObject({ code: "APR-10130", object: "[1].serialNumber", value: serialNumber(10) });
    expect(await serialsOf(client)).not.toContain(serialNumber(11));
  });

  test("APR-10130: two entries of one createAps call with one serial number are 409 naming the second", async () => {
    const entry = await refusal(
      client.call("createAps", {}, [apBody(venueId, 12, "First"), apBody(venueId, 12, "Second")]),
      409,
    );
    expect(entry).toMatchObject({ code: "APR-10130", object: "[1].serialNumber" });
    expect(await serialsOf(client)).not.toContain(serialNumber(12));
  });

  test("WIFI-10120: an AP name taken in the tenant is 409 on createAps, and within one createAps call", async () => {
    await client.ok("createAps", {}, [apBody(venueId, 20, "Taken")]);
    const stored = await refusal(client.call("createAps", {}, [apBody(venueId, 21, "Taken")]), 409);
    expect(stored).toMatchObject({ code: "WIFI-10120", object: "[0].name", value: "Taken" });
    const twins = await refusal(
      client.call("createAps", {}, [apBody(venueId, 22, "Twin"), apBody(venueId, 23, "Twin")]),
      409,
    );
    expect(twins).toMatchObject({ code: "WIFI-10120", object: "[1].name" });
    expect(await serialsOf(client)).not.toEqual(expect.arrayContaining([serialNumber(21)]));
    expect(await serialsOf(client)).not.toEqual(expect.arrayContaining([serialNumber(22)]));
  });

  test("WIFI-10120: renaming an AP onto another's name is 409 on updateAp; keeping its own name is not", async () => {
    await client.ok("createAps", {}, [apBody(venueId, 24, "Rename A"), apBody(venueId, 25, "Rename B")]);
    const entry = await refusal(
      client.call("updateAp", { serialNumber: serialNumber(24) }, apBody(venueId, 24, "Rename B")),
      409,
    );
    expect(entry).toMatchObject({ code: "WIFI-10120", object: "name", value: "Rename B" });
    expect((await client.call("getAp", { serialNumber: serialNumber(24) })).body.name).toBe("Rename A");
    expect(
      (
        await client.call(
          "updateAp",
          { serialNumber: serialNumber(24) },
          { ...apBody(venueId, 24, "Rename A"), description: "kept" },
        )
      ).status,
    ).toBe(202);
  });

  test("WIFI-10114: a venue whose country the service does not support takes no APs, on createAps and updateAp", async () => {
    const unsupported = (await client.ok("createVenue", {}, { name: "Atlantis", address: { country: "Atlantis" } })).id;
    const added = await refusal(client.call("createAps", {}, [apBody(venueId, 30), apBody(unsupported, 31)]), 422);
    expect(added).toMatchObject({ code: "WIFI-10114", object: "[1].venueId", value: unsupported });
    expect(await serialsOf(client)).not.toContain(serialNumber(30));

    await client.ok("createAps", {}, [apBody(venueId, 32)]);
    const moved = await refusal(
      client.call("updateAp", { serialNumber: serialNumber(32) }, apBody(unsupported, 32)),
      422,
    );
    expect(moved).toMatchObject({ code: "WIFI-10114", object: "venueId", value: unsupported });
  });

  test("a country is matched by name or ISO code without regard to case; a venue without one is not refused", async () => {
    const byCode = (await client.ok("createVenue", {}, { name: "By code", address: { country: "pt" } })).id;
    const without = (await client.ok("createVenue", {}, { name: "No country" })).id;
    expect((await client.write("createAps", {}, [apBody(byCode, 33), apBody(without, 34)])).record.status).toBe(
      "SUCCESS",
    );
  });
});

describe("array bodies (createAps, createGuestUsers): the failing entry is named [i].field and nothing is written", () => {
  test("a field rule broken by the third entry", async () => {
    const entry = await refusal(
      client.call("createAps", {}, [apBody(venueId, 40), apBody(venueId, 41), { ...apBody(venueId, 42), name: "x" }]),
      422,
    );
    expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: "[2].name", value: "x" });
    expect(await serialsOf(client)).not.toContain(serialNumber(40));
  });

  test("a required field missing from the first entry", async () => {
    const { serialNumber: _left, ...withoutSerial } = apBody(venueId, 43);
    const entry = await refusal(client.call("createAps", {}, [withoutSerial, apBody(venueId, 44)]), 422);
    expect(entry).toEqual({ code: "NMS-VALIDATION", message: "is required", object: "[0].serialNumber" });
  });

  test("a missing venue named by the second entry", async () => {
    const missing = "0123456789abcdef0123456789abcdef";
    const entry = await refusal(client.call("createAps", {}, [apBody(venueId, 45), apBody(missing, 46)]), 404);
    expect(entry).toMatchObject({ code: "NMS-RELATED-NOT-FOUND", object: "[1].venueId", value: missing });
  });

  test("a guest user entry (createGuestUsers)", async () => {
    const network = (await client.ok("createNetwork", {}, pskNetworkBody("Guest errors"))).id;
    const entry = await refusal(
      client.call("createGuestUsers", {}, [
        guestUserBody(network),
        { ...guestUserBody(network, "Bad"), maxDevices: 0 },
      ]),
      422,
    );
    expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: "[1].maxDevices", value: 0 });
    expect((await client.call("listGuestUsers")).body.totalElements).toBe(0);
  });

  test.each([
    ["an object", apBody("v", 47)],
    ["an empty array", []],
  ])("%s for an array body is 400", async (_name, body) => {
    expect((await refusal(client.call("createAps", {}, body), 400)).code).toBe("NMS-BAD-REQUEST");
  });
});

describe("DPSK passphrases (createDpskPassphrase)", () => {
  test("WIFI-10102: a passphrase for a WPA-personal network must be given", async () => {
    const network = (await client.ok("createNetwork", {}, pskNetworkBody("Personal"))).id;
    const { passphrase: _left, ...withoutPassphrase } = dpskBody(network);
    const entry = await refusal(client.call("createDpskPassphrase", {}, withoutPassphrase), 422);
    expect(entry).toEqual({ code: "WIFI-10102", message: expect.any(String), object: "passphrase" });
    expect((await client.write("createDpskPassphrase", {}, dpskBody(network))).record.status).toBe("SUCCESS");
  });

  test("a passphrase left out for a network that is not WPA-personal is generated", async () => {
    const network = (await client.ok("createNetwork", {}, { name: "Open DPSK", type: "open", wlan: {} })).id;
    const { passphrase: _left, ...withoutPassphrase } = dpskBody(network, "aa:bb:cc:dd:ee:02");
    const created = await client.ok("createDpskPassphrase", {}, withoutPassphrase);
    expect(created.passphrase).toMatch(/^.{8,63}$/);
  });
});

describe("switch gateway headers", () => {
  test.each(["x-request-id", "x-rks-tenantid"])(
    "without %s a switch operation is 400 NMS-MISSING-HEADER naming it",
    async (header) => {
      const entry = await refusal(client.call("listSwitchProfiles", {}, undefined, undefined, { [header]: null }), 400);
      expect(entry).toEqual({ code: "NMS-MISSING-HEADER", message: expect.stringContaining(header), object: header });
    },
  );

  test("another tenant in x-rks-tenantid is 403 NMS-TENANT-HEADER-MISMATCH, and the write is not made", async () => {
    const other = await tenantWith(emu, {}, "Header tenant");
    const entry = await refusal(
      client.call("createSwitchProfile", {}, switchProfileBody("Mismatch"), undefined, {
        "x-rks-tenantid": other.tenantId,
      }),
      403,
    );
    expect(entry).toEqual({
      code: "NMS-TENANT-HEADER-MISMATCH",
      message: expect.any(String),
      object: "x-rks-tenantid",
      value: other.tenantId,
    });
    expect((await client.call("listSwitchProfiles")).body).toEqual([]);
  });

  test("Wi-Fi and tenant operations need no gateway headers", async () => {
    expect((await client.call("listAps", {}, undefined, undefined, { "x-request-id": null })).status).toBe(200);
  });
});

describe("the default AP group's name", () => {
  test("every venue's default AP group is named Default AP Group", async () => {
    expect((await client.call("getVenueDefaultApGroup", { venueId })).body).toMatchObject({
      name: "Default AP Group",
      isDefault: true,
    });
  });

  test("no created AP group may take it (NMS-RESERVED-NAME)", async () => {
    const entry = await refusal(client.call("createApGroup", {}, { name: "Default AP Group", venueId }), 422);
    expect(entry).toMatchObject({ code: "NMS-RESERVED-NAME", object: "name", value: "Default AP Group" });
  });

  test("no renamed AP group may take it (NMS-RESERVED-NAME)", async () => {
    const group = await client.ok("createApGroup", {}, { name: "Renamed later", venueId });
    const entry = await refusal(
      client.call("updateApGroup", { apGroupId: group.id }, { name: "Default AP Group", venueId }),
      422,
    );
    expect(entry).toMatchObject({ code: "NMS-RESERVED-NAME", object: "name" });
    expect((await client.call("getApGroup", { apGroupId: group.id })).body.name).toBe("Renamed later");
  });
});
