// What the emulator decides for the newer kinds where the API documentation is silent (emulator/README.md,
// "Decisions"), one behaviour per test: guest passwords, expiry and paging, actions that complete
// in between, DPSK passphrases, AP device fields and groups, switch profiles and their VLANs.
import type { RunningEmulator } from "../../emulator";
import {
  apBody,
  Client,
  dpskBody,
  guestUserBody,
  serialNumber,
  start,
  switchProfileBody,
  tenantWith,
  venueBody,
  vlanBody,
} from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
let networkId: string;
let venueId: string;
beforeAll(async () => {
  emu = await start({
    asyncLatencyByOp: {
      disableGuestUser: { baseMs: 60, jitterMs: 0 },
      regenerateGuestUserCredentials: { baseMs: 120, jitterMs: 0 },
    },
  });
  client = await Client.login(emu);
  networkId = (
    await client.ok("createNetwork", {}, { name: "Decisions", type: "open", wlan: { ssid: "decisions-ssid" } })
  ).id;
  venueId = (await client.ok("createVenue", {}, venueBody("Decisions"))).id;
});
afterAll(() => emu.close());

const DAY_MS = 86_400_000;

describe("guest users", () => {
  test("a guest's password is eight digits, shown in reads, and regenerateGuestUserCredentials makes a new one", async () => {
    const [guest] = (await client.call("createGuestUsers", {}, [guestUserBody(networkId, "Password")])).body.response;
    expect(guest.password).toMatch(/^\d{8}$/);
    expect((await client.call("getGuestUser", { guestUserId: guest.id })).body.password).toBe(guest.password);
    const renewed = await client.ok("regenerateGuestUserCredentials", { guestUserId: guest.id }, ["SMS"]);
    expect(renewed.password).toMatch(/^\d{8}$/);
    expect(renewed.password).not.toBe(guest.password);
    expect((await client.call("getGuestUser", { guestUserId: guest.id })).body).toMatchObject({
      password: renewed.password,
      deliveryMethods: ["SMS"],
    });
  });

  test.each([
    ["Creation", 3, "Day", 3 * DAY_MS],
    ["Login", 3, "Day", undefined],
    ["Creation", 1, "Never", undefined],
  ] as const)("expiration %s %i %s", async (activationType, duration, unit, afterCreation) => {
    const body = {
      ...guestUserBody(networkId, `Expiry ${activationType} ${unit}`),
      expiration: { activationType, duration, unit },
    };
    const [guest] = (await client.call("createGuestUsers", {}, [body])).body.response;
    // Creation: the validity runs from creation; Login: it starts at the first login (0 until then); Never: 0.
    expect(guest.expirationDate).toBe(afterCreation === undefined ? 0 : guest.createdDate + afterCreation);
  });

  test("a guest's ssid is its network's", async () => {
    const [guest] = (await client.call("createGuestUsers", {}, [guestUserBody(networkId, "Ssid")])).body.response;
    expect(guest).toMatchObject({ ssid: "decisions-ssid", guestUserType: expect.any(String), macAddresses: [] });
  });

  test("a regenerate completing after a disable keeps the guest disabled, and a disable keeps the new password", async () => {
    const [guest] = (await client.call("createGuestUsers", {}, [guestUserBody(networkId, "Race")])).body.response;
    const disable = await client.call("disableGuestUser", { guestUserId: guest.id });
    const regenerate = await client.call("regenerateGuestUserCredentials", { guestUserId: guest.id }, ["MAIL"]);
    expect((await client.waitFor(disable.body.requestId)).status).toBe("SUCCESS");
    expect((await client.waitFor(regenerate.body.requestId)).status).toBe("SUCCESS");
    const now = (await client.call("getGuestUser", { guestUserId: guest.id })).body;
    expect(now).toMatchObject({
      disabled: true,
      deliveryMethods: ["MAIL"],
      password: regenerate.body.response.password,
    });
  });

  test("listGuestUsers pages from 1, 50 to a page unless size says otherwise; page 0 is 400", async () => {
    const other = await tenantClientWithGuests(51);
    const first = (await other.call("listGuestUsers")).body;
    expect({ items: first.content.length, total: first.totalElements }).toEqual({ items: 50, total: 51 });
    expect((await other.call("listGuestUsers", {}, undefined, "page=2")).body.content).toHaveLength(1);
    expect((await other.call("listGuestUsers", {}, undefined, "page=1&size=20")).body.content).toHaveLength(20);
    const zero = await other.call("listGuestUsers", {}, undefined, "page=0");
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0]).toMatchObject({ code: "NMS-BAD-REQUEST", object: "page" });
  });
});

async function tenantClientWithGuests(count: number): Promise<Client> {
  const other = await tenantWith(emu, {}, "Paging tenant");
  const network = (await other.ok("createNetwork", {}, { name: "Paging", type: "open", wlan: {} })).id;
  const bodies = Array.from({ length: count }, (_, i) => guestUserBody(network, `Guest ${i}`));
  expect((await other.call("createGuestUsers", {}, bodies)).status).toBe(201);
  return other;
}

describe("DPSK passphrases", () => {
  test("a generated passphrase is 12 keyboard-friendly characters", async () => {
    const created = await client.ok("createDpskPassphrase", {}, { mac: "aa:bb:cc:dd:ee:10" });
    expect(created.passphrase).toMatch(/^[a-hjkmnp-z2-9]{12}$/);
  });

  test("override is stored as given; passphrases of one MAC are neither refused nor replaced", async () => {
    const first = await client.ok("createDpskPassphrase", {}, dpskBody(undefined, "aa:bb:cc:dd:ee:11"));
    const second = await client.ok(
      "createDpskPassphrase",
      {},
      { ...dpskBody(undefined, "aa:bb:cc:dd:ee:11"), override: true },
    );
    expect(second).toMatchObject({ override: true });
    expect(second.id).not.toBe(first.id);
    expect((await client.write("deleteDpskPassphrases", {}, [first.id, second.id])).record.status).toBe("SUCCESS");
  });
});

describe("APs", () => {
  test("a new AP has never contacted the cloud; its MAC and model follow from its serial number", async () => {
    const [ap] = await client.ok("createAps", {}, [apBody(venueId, 500)]);
    expect(ap).toMatchObject({
      state: "InSetupPhase",
      subState: "NeverContactedCloud",
      lastContacted: "",
      ip: "",
      externalIp: "",
      clientCount: 0,
      uptime_seconds: 0,
    });
    expect(ap.mac).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
    await client.ok("deleteAp", { serialNumber: ap.serialNumber });
    const [again] = await client.ok("createAps", {}, [apBody(venueId, 500)]);
    expect({ mac: again.mac, model: again.model }).toEqual({ mac: ap.mac, model: ap.model });
  });

  test("an AP without apGroupId is in its venue's default group, listed there in its read form", async () => {
    const defaultGroup = (await client.call("getVenueDefaultApGroup", { venueId })).body;
    const [ap] = await client.ok("createAps", {}, [apBody(venueId, 501, "Defaulted")]);
    expect(ap.apGroupId).toBe(defaultGroup.id);
    expect((await client.call("getApGroup", { apGroupId: defaultGroup.id })).body.aps).toContainEqual(ap);
  });

  test("an AP's group must be of its venue, and a venue with APs is in use", async () => {
    const other = (await client.ok("createVenue", {}, venueBody("Other APs"))).id;
    const foreignGroup = (await client.ok("createApGroup", {}, { name: "Foreign", venueId: other })).id;
    const reply = await client.call("createAps", {}, [{ ...apBody(venueId, 502), apGroupId: foreignGroup }]);
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-VALIDATION", object: "[0].apGroupId" });
    await client.ok("createAps", {}, [apBody(other, 503)]);
    expect((await client.call("deleteVenue", { venueId: other })).body.errors[0]).toMatchObject({
      code: "NMS-IN-USE",
      object: "venueId",
    });
  });

  test("updateAp may not change the serial number that names the AP", async () => {
    await client.ok("createAps", {}, [apBody(venueId, 504)]);
    const reply = await client.call("updateAp", { serialNumber: serialNumber(504) }, apBody(venueId, 505));
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-VALIDATION", object: "serialNumber" });
  });
});

describe("switch profiles and VLANs", () => {
  test("a profile update leaves its VLANs alone; the profile's delete takes them along", async () => {
    const profile = await client.ok(
      "createSwitchProfile",
      {},
      switchProfileBody("Keeps VLANs", [vlanBody(10), vlanBody(11)]),
    );
    const updated = await client.ok("updateSwitchProfile", {}, { id: profile.id, name: "Keeps VLANs", vlans: [] });
    expect(updated.vlans.map((v: { vlanId: number }) => v.vlanId)).toEqual([10, 11]);
    await client.ok("deleteSwitchProfile", { profileId: profile.id });
    expect((await client.call("listProfileVlans", { profileId: profile.id })).status).toBe(404);
    expect((await client.call("getVlan", { profileId: profile.id, vlanUuid: profile.vlans[0].id })).status).toBe(404);
  });

  test("VLAN IDs are unique in a profile, not across profiles; a VLAN is reached through its own profile only", async () => {
    const a = await client.ok("createSwitchProfile", {}, switchProfileBody("VLANs A", [vlanBody(20)]));
    const b = await client.ok("createSwitchProfile", {}, switchProfileBody("VLANs B"));
    const clash = await client.call("createVlan", { profileId: a.id }, vlanBody(20));
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0]).toMatchObject({ code: "NMS-DUPLICATE-NAME", object: "vlanId", value: 20 });
    expect((await client.call("createVlan", { profileId: b.id }, vlanBody(20))).status).toBe(202);
    expect((await client.call("getVlan", { profileId: b.id, vlanUuid: a.vlans[0].id })).status).toBe(404);
  });

  test("updateSwitchProfile and updateVlan without the body's id are 422 naming it", async () => {
    const profile = await client.ok("createSwitchProfile", {}, switchProfileBody("Needs id"));
    for (const [op, params] of [
      ["updateSwitchProfile", {}],
      ["updateVlan", { profileId: profile.id }],
    ] as const) {
      const reply = await client.call(op, params, op === "updateSwitchProfile" ? { name: "No id" } : vlanBody(30));
      expect({ op, status: reply.status, object: reply.body.errors[0].object }).toEqual({
        op,
        status: 422,
        object: "id",
      });
    }
  });

  test("rootBridgeFamilyId takes the ICX family identifiers only", async () => {
    const profile = await client.ok("createSwitchProfile", {}, switchProfileBody("Root bridge"));
    expect(
      (await client.call("createVlan", { profileId: profile.id }, { ...vlanBody(40), rootBridgeFamilyId: "ICX7650" }))
        .status,
    ).toBe(202);
    const refused = await client.call(
      "createVlan",
      { profileId: profile.id },
      { ...vlanBody(41), rootBridgeFamilyId: "FEG7650" },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].object).toBe("rootBridgeFamilyId");
  });

  test("profile names are unique in the tenant", async () => {
    await client.ok("createSwitchProfile", {}, switchProfileBody("Unique profile"));
    const reply = await client.call("createSwitchProfile", {}, switchProfileBody("Unique profile"));
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-DUPLICATE-NAME", object: "name" });
  });
});
