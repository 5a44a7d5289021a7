// Every error code of the Wi-Fi services straight against the emulator, and the
// decisions behind them: device-policy rules (WIFI-10203–10208), the client disconnect
// (WIFI-10201), the guest portal's provider and social domains (WIFI-10116, WIFI-10209), the
// references of a WLAN and the deletes they block, the network types' own fields, the older
// variant without device policies, and multipart guest import.
import * as fs from "node:fs";
import * as path from "node:path";
import { MAX_DEVICE_POLICIES } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { admin, apBody, Client, start, tenantWith, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

async function refusal(reply: Promise<{ status: number; body: any }>, status: number) {
  const { status: got, body } = await reply;
  expect({ status: got, body }).toEqual({ status, body: { errors: expect.any(Array), requestId: expect.any(String) } });
  return body.errors[0];
}

let counter = 0;
/** A short unique name (names are at most 32 characters). */
const unique = (prefix: string) => `${prefix} ${++counter}`;
const rule = (extra: Record<string, unknown>) => ({
  action: "ALLOW",
  deviceType: "Smartphone",
  osVendor: "Ios",
  ...extra,
});
const guestNetwork = (name: string, guestPortal: Record<string, unknown>) => ({
  name,
  type: "guest",
  wlan: {},
  guestPortal: { guestNetworkType: "WISPr", ...guestPortal },
});

describe("device policies (createDevicePolicy, updateDevicePolicy)", () => {
  test.each([
    ["WIFI-10203", [rule({ action: "BLOCK", uploadRateLimit: 100 })], "rules[0].uploadRateLimit"],
    ["WIFI-10203", [rule({ action: "BLOCK", vlan: 30 })], "rules[0].vlan"],
    ["WIFI-10204", [rule({ deviceType: "Gaming", osVendor: "Ios" })], "rules[0].osVendor"],
    ["WIFI-10206", [rule({ name: "a" }), rule({ name: "b" })], "rules[1].osVendor"],
    ["WIFI-10207", [rule({ name: "same" }), rule({ name: "same", osVendor: "Android" })], "rules[1].name"],
    ["WIFI-10208", [rule({ osVendor: "Android" }), rule({ osVendor: "All" })], "rules[1].deviceType"],
  ])("%s on create and on update, naming %s", async (code, rules, object) => {
    const created = await refusal(client.call("createDevicePolicy", {}, { name: unique("Policy"), rules }), 422);
    expect(created).toMatchObject({ code, object, message: expect.stringContaining(code) });
    const policy = await client.ok("createDevicePolicy", {}, { name: unique("Good policy") });
    const updated = await refusal(
      client.call("updateDevicePolicy", { devicePolicyId: policy.id }, { name: policy.name, rules }),
      422,
    );
    expect(updated).toMatchObject({ code, object });
    expect((await client.call("getDevicePolicy", { devicePolicyId: policy.id })).body.rules).toBeUndefined();
  });

  test("WIFI-10205: a tenant holds at most MAX_DEVICE_POLICIES policies", async () => {
    const other = await tenantWith(emu, {}, "Policy limit");
    for (let i = 0; i < MAX_DEVICE_POLICIES; i++) await other.ok("createDevicePolicy", {}, { name: `Policy ${i}` });
    const entry = await refusal(other.call("createDevicePolicy", {}, { name: "One too many" }), 422);
    expect(entry).toMatchObject({ code: "WIFI-10205", object: "name", value: "One too many" });
    expect((await other.call("listDevicePolicies")).body).toHaveLength(MAX_DEVICE_POLICIES);
  });

  test("the older variant has no device policies: 404 NMS-NOT-IN-VARIANT", async () => {
    const older = await tenantWith(emu, { wifiApiVariant: "older" }, "Older policies");
    expect(await refusal(older.call("createDevicePolicy", {}, { name: "Old" }), 404)).toMatchObject({
      code: "NMS-NOT-IN-VARIANT",
    });
  });

  test("one policy is deleted with deleteDevicePolicies and a one-ID array", async () => {
    const policy = await client.ok("createDevicePolicy", {}, { name: "Delete me" });
    await client.ok("deleteDevicePolicies", {}, [policy.id]);
    expect((await client.call("getDevicePolicy", { devicePolicyId: policy.id })).status).toBe(404);
  });
});

describe("client disconnect (disconnectClients)", () => {
  test("WIFI-10201: a client not connected to the AP named is 404, naming the entry; a connected one is disconnected", async () => {
    const venueId = (await client.ok("createVenue", {}, venueBody("Disconnect site"))).id;
    const [ap] = await client.ok("createAps", {}, [apBody(venueId, 91)]);
    const connected = await admin(emu, "POST", `/tenants/${client.tenantId}/clients`, {
      apMac: ap.mac,
      clientMac: "02:00:00:00:00:91",
    });
    expect(connected.status).toBe(201);
    const body = [
      { apMac: ap.mac, clientMac: "02:00:00:00:00:91" },
      { apMac: ap.mac, clientMac: "02:00:00:00:00:92" },
    ];
    expect(await refusal(client.call("disconnectClients", {}, body), 404)).toMatchObject({
      code: "WIFI-10201",
      object: "[1].clientMac",
      value: "02:00:00:00:00:92",
    });
    expect((await client.write("disconnectClients", {}, [body[0]])).record.status).toBe("SUCCESS");
    expect(await refusal(client.call("disconnectClients", {}, [body[0]]), 404)).toMatchObject({
      code: "WIFI-10201",
      object: "[0].clientMac",
    });
  });

  test("the admin API connects clients to registered APs only", async () => {
    expect(
      (
        await admin(emu, "POST", `/tenants/${client.tenantId}/clients`, {
          apMac: "00:00:00:00:00:01",
          clientMac: "02:00:00:00:00:93",
        })
      ).status,
    ).toBe(404);
  });
});

describe("guest portal rules (createNetwork, createNetworkDeep, updateNetwork, updateNetworkDeep)", () => {
  test.each([
    [
      "createNetworkDeep",
      { wisprPage: { externalProviderName: "Nobody", externalProviderRegion: "US" } },
      "guestPortal.wisprPage.externalProviderName",
    ],
    [
      "createNetworkDeep",
      { wisprPage: { externalProviderName: "Purple", externalProviderRegion: "Mars" } },
      "guestPortal.wisprPage.externalProviderRegion",
    ],
    [
      "updateNetworkDeep",
      { wisprPage: { externalProviderName: "Aislelabs" } },
      "guestPortal.wisprPage.externalProviderRegion",
    ],
  ])("WIFI-10116 on %s: %j", async (op, portal, object) => {
    const name = unique("Provider");
    const params: Record<string, string> =
      op === "updateNetworkDeep"
        ? { networkId: (await client.ok("createNetworkDeep", {}, guestNetwork(name, {}))).id }
        : {};
    expect(
      await refusal(client.call(op as "createNetworkDeep", params, guestNetwork(name, portal)), 422),
    ).toMatchObject({
      code: "WIFI-10116",
      object,
    });
  });

  test("WIFI-10116 and WIFI-10209 are rules of the deep writes: the Wi-Fi API documentation lists them for createNetworkDeep and updateNetworkDeep, not createNetwork and updateNetwork", async () => {
    const portal = { wisprPage: { externalProviderName: "Nobody" }, socialDomains: ["not a domain"] };
    expect((await client.write("createNetwork", {}, guestNetwork(unique("Shallow"), portal))).record.status).toBe(
      "SUCCESS",
    );
  });

  test("a custom external provider is not checked against the catalogue", async () => {
    await client.ok(
      "createNetworkDeep",
      {},
      guestNetwork("Custom provider", {
        wisprPage: { customExternalProvider: true, externalProviderName: "Ours", externalProviderRegion: "Home" },
      }),
    );
  });

  test("WIFI-10209 (newer): a social domain that is not a domain name, on create and update", async () => {
    const entry = await refusal(
      client.call("createNetworkDeep", {}, guestNetwork("Social", { socialDomains: ["example.com", "not a domain"] })),
      422,
    );
    expect(entry).toMatchObject({ code: "WIFI-10209", object: "guestPortal.socialDomains[1]", value: "not a domain" });
    const network = await client.ok(
      "createNetworkDeep",
      {},
      guestNetwork("Social", { socialDomains: ["example.com"] }),
    );
    const update = await refusal(
      client.call("updateNetworkDeep", { networkId: network.id }, guestNetwork("Social", { socialDomains: ["-x-"] })),
      422,
    );
    expect(update).toMatchObject({ code: "WIFI-10209", object: "guestPortal.socialDomains[0]" });
  });

  test("the older variant refuses socialDomains as a newer-only field", async () => {
    const older = await tenantWith(emu, { wifiApiVariant: "older" }, "Older social");
    expect(
      await refusal(
        older.call("createNetworkDeep", {}, guestNetwork("Social", { socialDomains: ["example.com"] })),
        422,
      ),
    ).toMatchObject({
      code: "NMS-VALIDATION",
      object: "guestPortal.socialDomains",
    });
  });

  test("a guest network's guestPortal comes back with every field that was sent", async () => {
    const guestPortal = {
      guestNetworkType: "HostApproval",
      enableSelfService: true,
      enableSmsLogin: false,
      endOfDayReauthDelay: true,
      externalPortalUrl: "https://portal.example.com",
      guestPage: { title: "Welcome", welcomeMessage: "Hi", langCode: "en", termsAndConditions: "Be nice" },
      hostGuestConfig: { hostDomains: ["example.com"], hostDurationChoices: ["1h", "1d"] },
      lockoutPeriod: 10,
      lockoutPeriodEnabled: true,
      macCredentialsDuration: 60,
      maxDevices: 3,
      redirectUrl: "https://example.com",
      smsPasswordDuration: { duration: 2, unit: "Hour" },
      socialEmails: true,
      socialIdentities: { google: { enabled: true } },
      socialDomains: ["example.com"],
      userSessionGracePeriod: 30,
      userSessionTimeout: 600,
      walledGardens: ["*.example.com"],
      wisprPage: {
        captivePortalUrl: "https://cp.example.com",
        externalProviderName: "Purple",
        externalProviderRegion: "EMEA",
        customExternalProvider: false,
      },
    };
    const network = await client.ok(
      "createNetworkDeep",
      {},
      { name: "Full portal", type: "guest", wlan: { bypassCPUsingMacAddressAuthentication: true }, guestPortal },
    );
    expect((await client.call("getNetworkDeep", { networkId: network.id })).body.guestPortal).toEqual(guestPortal);
  });
});

describe("network types", () => {
  test.each(["psk", "open", "guest", "dpsk", "cloudpath"])(
    "the emulator answers W52-%s as its golden body says (IDs aside)",
    async (type) => {
      const golden = JSON.parse(
        fs.readFileSync(path.join(__dirname, "..", "contract", "golden", `W52-${type}.json`), "utf8"),
      );
      const reply = await client.call(
        "createNetworkDeep",
        {},
        { ...golden.request, name: `${golden.request.name} golden` },
      );
      expect(reply.status).toBe(202);
      const withoutIds = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(withoutIds)
          : value && typeof value === "object"
            ? Object.fromEntries(
                Object.entries(value)
                  .filter(([k]) => k !== "id")
                  .map(([k, v]) => [k, withoutIds(v)]),
              )
            : value;
      expect(withoutIds(reply.body.response)).toEqual(
        withoutIds({ ...golden.response.response, name: `${golden.request.name} golden` }),
      );
    },
  );

  test("each type requires its own fields", async () => {
    const missing = async (body: Record<string, unknown>) =>
      (await refusal(client.call("createNetworkDeep", {}, body), 422)).object;
    expect(await missing({ name: "No portal", type: "guest", wlan: {} })).toBe("guestPortal");
    expect(await missing({ name: "No params", type: "dpsk", wlan: { passphraseBackup: "backup-pass" } })).toBe(
      "dpskGenerationParams",
    );
    expect(
      await missing({ name: "No backup", type: "dpsk", wlan: {}, dpskGenerationParams: { passphraseLength: 12 } }),
    ).toBe("wlan.passphraseBackup");
    expect(
      await missing({
        name: "No portal",
        type: "cloudpath",
        wlan: {},
        authRadius: { primary: { ip: "radius.example.com", port: 1812, sharedSecret: "s" } },
        hotspotWlan: {},
      }),
    ).toBe("cloudpathPortal");
    expect(await missing({ name: "Bad type", type: "mesh", wlan: {} })).toBe("type");
  });

  test("a dpsk network has no passphrase of its own (WIFI-10100 is not its rule), its security defaults to WPA2Personal, its backup passphrase is never echoed in errors", async () => {
    const dpsk = await client.ok(
      "createNetworkDeep",
      {},
      {
        name: "Residents",
        type: "dpsk",
        wlan: { passphraseBackup: "backup-pass", passphrase: "ignored-passphrase" },
        dpskGenerationParams: { passphraseLength: 12 },
      },
    );
    expect(dpsk.wlan).toMatchObject({ wlanSecurity: "WPA2Personal", passphraseBackup: "backup-pass" });
    expect(dpsk.wlan).not.toHaveProperty("passphrase");
    const short = await refusal(
      client.call(
        "createNetworkDeep",
        {},
        {
          name: "Short",
          type: "dpsk",
          wlan: { passphraseBackup: "short" },
          dpskGenerationParams: { passphraseLength: 12 },
        },
      ),
      422,
    );
    expect(short).toEqual({ code: "NMS-VALIDATION", message: expect.any(String), object: "wlan.passphraseBackup" });
  });

  test("a RADIUS server may be named by host name (the documentation gives ip as a string)", async () => {
    await client.ok(
      "createNetworkDeep",
      {},
      {
        name: "Host radius",
        type: "aaa",
        wlan: {},
        authRadius: { primary: { ip: "radius.example.com", port: 1812, sharedSecret: "s" } },
      },
    );
  });

  test("an activation needs neither a scheduler type nor an AP group's ID (the documentation marks neither required)", async () => {
    const venueId = (await client.ok("createVenue", {}, venueBody("Optional fields site"))).id;
    const networkId = (await client.ok("createNetwork", {}, { name: "Optional fields", type: "open", wlan: {} })).id;
    const activation = await client.ok(
      "activateNetwork",
      {},
      { networkId, venueId, isAllAPGroups: false, scheduler: { mon: "00:00-23:59" }, apGroups: [{ radio: "5-GHz" }] },
    );
    expect(activation.apGroups).toEqual([expect.objectContaining({ radio: "5-GHz", apGroupName: "" })]);
  });
});

describe("references of a WLAN (wifiCallingIds, devicePolicyId)", () => {
  const calling = { profileName: "Referenced", ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.7" }] };

  test("a missing profile or policy is 404 NMS-RELATED-NOT-FOUND naming the field's path", async () => {
    const profile = await client.ok("createWifiCallingProfile", {}, { ...calling, profileName: "Exists" });
    const body = (advancedCustomization: Record<string, unknown>) => ({
      name: "Refs",
      type: "open",
      wlan: { advancedCustomization },
    });
    expect(
      await refusal(
        client.call("createNetworkDeep", {}, body({ wifiCallingIds: [profile.id, "missing-profile"] })),
        404,
      ),
    ).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "wlan.advancedCustomization.wifiCallingIds[1]",
      value: "missing-profile",
    });
    expect(
      await refusal(client.call("createNetwork", {}, body({ devicePolicyId: "missing-policy" })), 404),
    ).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "wlan.advancedCustomization.devicePolicyId",
    });
  });

  test("a profile or policy a network uses cannot be deleted (409 NMS-IN-USE), and can once the network lets go", async () => {
    const profile = await client.ok("createWifiCallingProfile", {}, calling);
    const policy = await client.ok("createDevicePolicy", {}, { name: "Referenced policy" });
    const network = await client.ok(
      "createNetworkDeep",
      {},
      {
        name: "Uses both",
        type: "open",
        wlan: { advancedCustomization: { wifiCallingIds: [profile.id], devicePolicyId: policy.id } },
      },
    );
    expect(
      await refusal(client.call("deleteWifiCallingProfile", { wifiCallingProfileId: profile.id }), 409),
    ).toMatchObject({
      code: "NMS-IN-USE",
      object: "wifiCallingProfileId",
    });
    expect(await refusal(client.call("deleteWifiCallingProfiles", {}, [profile.id]), 409)).toMatchObject({
      code: "NMS-IN-USE",
    });
    expect(await refusal(client.call("deleteDevicePolicies", {}, [policy.id]), 409)).toMatchObject({
      code: "NMS-IN-USE",
      object: "[0].devicePolicyId",
    });
    await client.ok("updateNetworkDeep", { networkId: network.id }, { name: "Uses both", type: "open", wlan: {} });
    await client.ok("deleteWifiCallingProfile", { wifiCallingProfileId: profile.id });
    await client.ok("deleteDevicePolicies", {}, [policy.id]);
  });
});

describe("vSPoT and recovery PSK", () => {
  test("vSPoT: the password rule, venues by ID (newer) or by name (older), a missing venue named", async () => {
    const server = { serverName: "Hotspot", serverAddress: "192.0.2.30", password: "vspot-password" };
    expect(await refusal(client.call("createVspot", {}, { ...server, password: "$tarts-with-dollar" }), 422)).toEqual({
      code: "NMS-VALIDATION",
      message: "must not begin with a backtick or a dollar sign",
      object: "password",
    });
    const venueId = (await client.ok("createVenue", {}, venueBody("vSPoT site"))).id;
    const created = await client.ok("createVspot", {}, { ...server, venues: [{ id: venueId }] });
    expect(created).toMatchObject({ port: 8883, venues: [{ id: venueId, name: "vSPoT site" }] });
    expect(
      await refusal(
        client.call("updateVspot", { vspotId: created.id }, { ...server, venues: [{ id: "nowhere" }] }),
        404,
      ),
    ).toMatchObject({ object: "venues[0].id" });
    const older = await tenantWith(emu, { wifiApiVariant: "older" }, "Older vSPoT");
    const oldVenue = (await older.ok("createVenue", {}, venueBody("Old site"))).id;
    expect(await older.ok("createVspot", {}, { ...server, venues: [{ name: "Old site" }] })).toMatchObject({
      venues: [{ id: oldVenue, name: "Old site" }],
    });
    expect(
      await refusal(
        older.call("createVspot", {}, { ...server, serverName: "Other", venues: [{ name: "No site" }] }),
        404,
      ),
    ).toMatchObject({ object: "venues[0].name" });
  });

  test("recovery PSK: exactly 16 digits, never echoed; every tenant has one before any write", async () => {
    const initial = (await client.call("getRecoveryPsk")).body;
    expect(initial).toEqual({ psk: expect.stringMatching(/^\d{16}$/), tenantId: client.tenantId });
    expect(await refusal(client.call("updateRecoveryPsk", {}, { psk: "12345" }), 422)).toEqual({
      code: "NMS-VALIDATION",
      message: "must be exactly 16 digits",
      object: "psk",
    });
    await client.ok("updateRecoveryPsk", {}, { psk: "0000111122223333" });
    expect((await client.call("getRecoveryPsk")).body.psk).toBe("0000111122223333");
  });
});

describe("guest import (importGuestUsers) straight", () => {
  async function upload(fields: Record<string, string>, csv: string | undefined, query = "") {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (csv !== undefined) form.append("file", new Blob([csv], { type: "text/csv" }), "guests.csv");
    const reply = await fetch(`${emu.url}/api/tenant/${client.tenantId}/wifi/guest-user/import${query}`, {
      method: "POST",
      body: form,
      headers: { cookie: client.cookie! },
    });
    return { status: reply.status, body: (await reply.json()) as any };
  }
  const fields = {
    deliveryMethods: "PRINT,SMS",
    "expiration.activationType": "Login",
    "expiration.duration": "8",
    "expiration.unit": "Hour",
    maxDevices: "-1",
  };

  test("a good file creates its guests at once (201)", async () => {
    const networkId = (
      await client.ok(
        "createNetwork",
        {},
        { name: "Straight import", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
      )
    ).id;
    const reply = await upload(fields, "mobilePhoneNumber,name\n+351910000095,Eva\n", `?networkId=${networkId}`);
    expect(reply.status).toBe(201);
    expect(reply.body.response.data).toEqual([
      expect.objectContaining({ name: "Eva", deliveryMethods: ["PRINT", "SMS"], maxDevices: -1, expirationDate: 0 }),
    ]);
  });

  test("no file, no networkId, a missing network, or a JSON body: each refused, naming what is wrong", async () => {
    expect((await upload(fields, undefined, "?networkId=x")).body.errors[0]).toMatchObject({ object: "file" });
    expect((await upload(fields, "name,mobilePhoneNumber\nA,1\n")).body.errors[0]).toMatchObject({
      object: "networkId",
    });
    expect((await upload(fields, "name,mobilePhoneNumber\nA,1\n", "?networkId=missing")).body.errors[0]).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "networkId",
    });
    // A JSON body is not a form: the route takes multipart/form-data only (emulator/README.md, "What it protects").
    expect(await refusal(client.call("importGuestUsers", {}, { file: "x" }), 415)).toMatchObject({
      code: "EMU-UNSUPPORTED-MEDIA-TYPE",
      object: "content-type",
    });
  });
});
