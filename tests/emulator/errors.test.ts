// Every documented error code of the implemented operations, and the emulator's own decisions
// (README "Decisions"), one test each.
import type { OperationName } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import {
  apGroupBody,
  Client,
  deepNetworkBody,
  pskNetworkBody,
  radiusPair,
  send,
  start,
  venueBody,
} from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

const UNKNOWN = "0123456789abcdef0123456789abcdef";
const OFDM = (rates: Record<string, string>) => ({
  advancedCustomization: { radioCustomization: { phyTypeConstraint: "OFDM", ...rates } },
});

interface Rule {
  code: string;
  object: string;
  /** The offending value the error must show; undefined when it must show none. */
  value?: unknown;
  /** Turns a valid body into one that breaks the rule. */
  breakBody(body: Record<string, any>): Record<string, any>;
}

const RULES: Record<string, Rule> = {
  "WIFI-10100": {
    code: "WIFI-10100",
    object: "wlan.passphrase",
    // The PSK-style rules concern psk networks (a psk WLAN has the passphrase and the WEP key).
    breakBody: (b) => ({ ...b, type: "psk", wlan: { ...b.wlan, wlanSecurity: "WPA2Personal", passphrase: undefined } }),
  },
  "WIFI-10101": {
    code: "WIFI-10101",
    object: "wlan.wepHexKey",
    breakBody: (b) => ({ ...b, type: "psk", wlan: { ...b.wlan, wlanSecurity: "WEP" } }),
  },
  "WIFI-10103": {
    code: "WIFI-10103",
    object: "authRadius.primary.port",
    value: 1813,
    breakBody: (b) => ({ ...b, authRadius: radiusPair(1813) }),
  },
  "WIFI-10104": {
    code: "WIFI-10104",
    object: "accountingRadius.primary.port",
    value: 1812,
    breakBody: (b) => ({ ...b, accountingRadius: radiusPair(1812) }),
  },
  "WIFI-10105": {
    code: "WIFI-10105",
    object: "guestPortal.userSessionGracePeriod",
    value: 120,
    breakBody: (b) => ({
      ...b,
      type: "guest",
      guestPortal: { guestNetworkType: "ClickThrough", userSessionTimeout: 60, userSessionGracePeriod: 120 },
    }),
  },
  "WIFI-10106": {
    code: "WIFI-10106",
    object: "wlan.advancedCustomization.radioCustomization.bssMinimumPhyRate",
    value: "11",
    breakBody: (b) => ({ ...b, wlan: { ...b.wlan, ...OFDM({ bssMinimumPhyRate: "11" }) } }),
  },
  "WIFI-10107": {
    code: "WIFI-10107",
    object: "wlan.advancedCustomization.radioCustomization.managementFrameMinimumPhyRate",
    value: "6",
    breakBody: (b) => ({
      ...b,
      wlan: { ...b.wlan, ...OFDM({ bssMinimumPhyRate: "12", managementFrameMinimumPhyRate: "6" }) },
    }),
  },
};

const DEEP_CODES = ["WIFI-10100", "WIFI-10101", "WIFI-10103", "WIFI-10104", "WIFI-10105", "WIFI-10106", "WIFI-10107"];
const SHALLOW_CODES = ["WIFI-10100", "WIFI-10101", "WIFI-10105", "WIFI-10106", "WIFI-10107"];

async function expectRule(op: OperationName, params: Record<string, string>, body: unknown, rule: Rule): Promise<void> {
  const reply = await client.call(op, params, body);
  expect(reply.status).toBe(422);
  expect(reply.body.requestId).toEqual(expect.any(String));
  expect(reply.body.errors).toHaveLength(1);
  const [entry] = reply.body.errors;
  expect(entry).toMatchObject({ code: rule.code, object: rule.object, message: expect.stringContaining(rule.code) });
  if (rule.value === undefined) expect(entry).not.toHaveProperty("value");
  else expect(entry.value).toEqual(rule.value);
}

describe("Wi-Fi network rules", () => {
  let deepId: string;
  let shallowId: string;
  beforeAll(async () => {
    deepId = (await client.ok("createNetworkDeep", {}, deepNetworkBody("Rules deep"))).id;
    shallowId = (await client.ok("createNetwork", {}, pskNetworkBody("Rules shallow"))).id;
  });

  test.each(DEEP_CODES)("createNetworkDeep create (deep): %s", (code) =>
    expectRule("createNetworkDeep", {}, RULES[code].breakBody(deepNetworkBody("Rule probe")), RULES[code]),
  );
  test.each(DEEP_CODES)("updateNetworkDeep update (deep): %s", (code) =>
    expectRule(
      "updateNetworkDeep",
      { networkId: deepId },
      RULES[code].breakBody(deepNetworkBody("Rules deep")),
      RULES[code],
    ),
  );
  test.each(SHALLOW_CODES)("createNetwork create (shallow): %s", (code) =>
    expectRule("createNetwork", {}, RULES[code].breakBody(pskNetworkBody("Rule probe")), RULES[code]),
  );
  test.each(SHALLOW_CODES)("updateNetwork update (shallow): %s", (code) =>
    expectRule(
      "updateNetwork",
      { networkId: shallowId },
      RULES[code].breakBody(pskNetworkBody("Rules shallow")),
      RULES[code],
    ),
  );

  test("several broken rules give one entry each", async () => {
    const body = RULES["WIFI-10103"].breakBody(RULES["WIFI-10106"].breakBody(deepNetworkBody("Two faults")));
    const reply = await client.call("createNetworkDeep", {}, body);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { code: string }) => e.code).sort()).toEqual(["WIFI-10103", "WIFI-10106"]);
  });

  test("secret values are never echoed", async () => {
    // A psk network's WLAN secrets, and an aaa network's RADIUS secret.
    const psk = {
      name: "Secrets",
      type: "psk",
      wlan: { wlanSecurity: "WPA2Personal", passphrase: "short", wepHexKey: "zz-secret-zz" },
    };
    const aaa = {
      ...deepNetworkBody("Secrets"),
      authRadius: { primary: { ip: "192.0.2.1", port: 70000, sharedSecret: "" } },
    };
    const errors = [
      ...(await client.call("createNetworkDeep", {}, psk)).body.errors,
      ...(await client.call("createNetworkDeep", {}, aaa)).body.errors,
    ];
    const objects = errors.map((e: { object: string }) => e.object);
    expect(objects).toEqual(
      expect.arrayContaining([
        "wlan.passphrase",
        "wlan.wepHexKey",
        "authRadius.primary.sharedSecret",
        "authRadius.primary.port",
      ]),
    );
    for (const entry of errors) {
      if (/(passphrase|wepHexKey|sharedSecret)$/.test(entry.object)) expect(entry).not.toHaveProperty("value");
    }
    expect(errors.find((e: { object: string }) => e.object === "authRadius.primary.port").value).toBe(70000);
    expect(JSON.stringify(errors)).not.toMatch(/short|zz-secret-zz/);
  });
});

describe("field rules and malformed bodies", () => {
  test("a field rule failure is 422 NMS-VALIDATION with path and value", async () => {
    const reply = await client.call("createVenue", {}, { name: "x" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { code: "NMS-VALIDATION", message: expect.any(String), object: "name", value: "x" },
    ]);
  });

  test("a missing required field is 422 without value", async () => {
    const reply = await client.call("createApGroup", {}, { name: "No venue" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ code: "NMS-VALIDATION", message: "is required", object: "venueId" }]);
  });

  test.each([
    ["malformed JSON", "createVenue", "{name:"],
    ["an array for an object", "createVenue", [venueBody()]],
    ["no body", "createNetworkDeep", undefined],
    ["an object for a bulk delete", "deleteVenues", { ids: [UNKNOWN] }],
    ["an empty bulk delete", "deleteNetworks", []],
    ["a bulk delete with a number", "deactivateNetworks", [1]],
  ] as const)("%s is 400 NMS-BAD-REQUEST", async (_name, op, body) => {
    const reply = await client.call(op, {}, body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].code).toBe("NMS-BAD-REQUEST");
  });

  test("unknown body fields are ignored", async () => {
    const venue = await client.ok("createVenue", {}, { ...venueBody("Extra fields"), color: "blue", id: "mine" });
    expect(venue.color).toBeUndefined();
    expect(venue.id).not.toBe("mine");
  });
});

describe("names and duplicates (409)", () => {
  test("venue names are unique per tenant", async () => {
    await client.ok("createVenue", {}, venueBody("Unique venue"));
    const reply = await client.call("createVenue", {}, venueBody("Unique venue"));
    expect(reply.status).toBe(409);
    expect(reply.body.errors).toEqual([
      { code: "NMS-DUPLICATE-NAME", message: expect.any(String), object: "name", value: "Unique venue" },
    ]);
  });

  test("renaming a venue onto another's name is 409; keeping its own name is not", async () => {
    const a = await client.ok("createVenue", {}, venueBody("Rename A"));
    await client.ok("createVenue", {}, venueBody("Rename B"));
    expect((await client.call("updateVenue", { venueId: a.id }, venueBody("Rename B"))).status).toBe(409);
    expect(
      (await client.call("updateVenue", { venueId: a.id }, { ...venueBody("Rename A"), description: "new" })).status,
    ).toBe(202);
  });

  test("AP group names are unique per venue, not across venues", async () => {
    const v1 = await client.ok("createVenue", {}, venueBody("Groups 1"));
    const v2 = await client.ok("createVenue", {}, venueBody("Groups 2"));
    await client.ok("createApGroup", {}, apGroupBody(v1.id, "Same"));
    const reply = await client.call("createApGroup", {}, apGroupBody(v1.id, "Same"));
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0].code).toBe("NMS-DUPLICATE-NAME");
    expect((await client.call("createApGroup", {}, apGroupBody(v2.id, "Same"))).status).toBe(202);
  });

  test("network names are unique per tenant, shallow and deep alike", async () => {
    await client.ok("createNetworkDeep", {}, deepNetworkBody("Unique net"));
    const reply = await client.call("createNetwork", {}, pskNetworkBody("Unique net"));
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0].code).toBe("NMS-DUPLICATE-NAME");
  });

  test("a second activation of a network on a venue is 409 NMS-DUPLICATE-ACTIVATION", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Twice"));
    const network = await client.ok("createNetwork", {}, pskNetworkBody("Twice"));
    await client.ok("activateNetwork", {}, { networkId: network.id, venueId: venue.id });
    const reply = await client.call("activateNetwork", {}, { networkId: network.id, venueId: venue.id });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0].code).toBe("NMS-DUPLICATE-ACTIVATION");
  });
});

describe("objects in use (409)", () => {
  let venue: { id: string };
  let group: { id: string };
  let network: { id: string };
  let activation: { id: string };
  beforeAll(async () => {
    venue = await client.ok("createVenue", {}, venueBody("In use"));
    group = await client.ok("createApGroup", {}, apGroupBody(venue.id, "In use"));
    network = await client.ok("createNetwork", {}, pskNetworkBody("In use"));
    activation = await client.ok(
      "activateNetwork",
      {},
      { networkId: network.id, venueId: venue.id, isAllAPGroups: false, apGroups: [{ apGroupId: group.id }] },
    );
  });

  test("a venue with AP groups of its own cannot be deleted", async () => {
    const other = await client.ok("createVenue", {}, venueBody("Has a group"));
    await client.ok("createApGroup", {}, apGroupBody(other.id));
    const reply = await client.call("deleteVenue", { venueId: other.id });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-IN-USE", object: "venueId", value: other.id });
  });

  test("a venue with activations cannot be deleted (bulk delete alike)", async () => {
    const other = await client.ok("createVenue", {}, venueBody("Has activation"));
    const net = await client.ok("createNetwork", {}, pskNetworkBody("Activated there"));
    await client.ok("activateNetwork", {}, { networkId: net.id, venueId: other.id });
    expect((await client.call("deleteVenue", { venueId: other.id })).body.errors[0].code).toBe("NMS-IN-USE");
    expect((await client.call("deleteVenues", {}, [other.id])).status).toBe(409);
  });

  test("a network with activations cannot be deleted", async () => {
    const reply = await client.call("deleteNetwork", { networkId: network.id });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-IN-USE", object: "networkId" });
    expect((await client.call("deleteNetworks", {}, [network.id])).status).toBe(409);
  });

  test("an AP group named by an activation cannot be deleted", async () => {
    const reply = await client.call("deleteApGroup", { apGroupId: group.id });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0].code).toBe("NMS-IN-USE");
  });

  test("a venue's default AP group cannot be deleted", async () => {
    const defaultGroup = (await client.call("getVenueDefaultApGroup", { venueId: venue.id })).body;
    const reply = await client.call("deleteApGroup", { apGroupId: defaultGroup.id });
    expect(reply.status).toBe(409);
    expect(reply.body.errors[0]).toMatchObject({
      code: "NMS-DEFAULT-AP-GROUP",
      object: "apGroupId",
      value: defaultGroup.id,
    });
    expect((await client.call("deleteApGroups", {}, [defaultGroup.id])).status).toBe(409);
  });

  test("once the activation and group are gone, the venue goes with its default AP group", async () => {
    const defaultGroup = (await client.call("getVenueDefaultApGroup", { venueId: venue.id })).body;
    await client.ok("deactivateNetwork", { networkVenueId: activation.id });
    await client.ok("deleteApGroup", { apGroupId: group.id });
    await client.ok("deleteVenue", { venueId: venue.id });
    expect((await client.call("getApGroup", { apGroupId: defaultGroup.id })).status).toBe(404);
    await client.ok("deleteNetwork", { networkId: network.id });
  });
});

describe("immutable fields and references", () => {
  test("an AP group update that changes venueId is 422", async () => {
    const v1 = await client.ok("createVenue", {}, venueBody("Immutable 1"));
    const v2 = await client.ok("createVenue", {}, venueBody("Immutable 2"));
    const group = await client.ok("createApGroup", {}, apGroupBody(v1.id));
    const reply = await client.call("updateApGroup", { apGroupId: group.id }, apGroupBody(v2.id));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { code: "NMS-VALIDATION", message: "venueId is immutable", object: "venueId", value: v2.id },
    ]);
  });

  test("an activation update that changes networkId is 422", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Fixed activation"));
    const n1 = await client.ok("createNetwork", {}, pskNetworkBody("Fixed 1"));
    const n2 = await client.ok("createNetwork", {}, pskNetworkBody("Fixed 2"));
    const activation = await client.ok("activateNetwork", {}, { networkId: n1.id, venueId: venue.id });
    const reply = await client.call(
      "updateNetworkActivation",
      { networkVenueId: activation.id },
      { networkId: n2.id, venueId: venue.id },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-VALIDATION", object: "networkId" });
  });

  test("an activation's AP groups must belong to its venue", async () => {
    const v1 = await client.ok("createVenue", {}, venueBody("Belongs 1"));
    const v2 = await client.ok("createVenue", {}, venueBody("Belongs 2"));
    const foreign = await client.ok("createApGroup", {}, apGroupBody(v2.id));
    const network = await client.ok("createNetwork", {}, pskNetworkBody("Belongs"));
    const reply = await client.call(
      "activateNetwork",
      {},
      { networkId: network.id, venueId: v1.id, isAllAPGroups: false, apGroups: [{ apGroupId: foreign.id }] },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({
      code: "NMS-VALIDATION",
      object: "apGroups[0].apGroupId",
      value: foreign.id,
    });
  });

  test.each([
    ["createApGroup with an unknown venue", "createApGroup", () => apGroupBody(UNKNOWN), "venueId"],
    [
      "activateNetwork with an unknown network",
      "activateNetwork",
      (ids: Ids) => ({ networkId: UNKNOWN, venueId: ids.venueId }),
      "networkId",
    ],
    [
      "activateNetwork with an unknown venue",
      "activateNetwork",
      (ids: Ids) => ({ networkId: ids.networkId, venueId: UNKNOWN }),
      "venueId",
    ],
    [
      "activateNetwork with an unknown AP group",
      "activateNetwork",
      (ids: Ids) => ({ networkId: ids.networkId, venueId: ids.venueId, apGroups: [{ apGroupId: UNKNOWN }] }),
      "apGroups[0].apGroupId",
    ],
    [
      "createNetwork with an unknown RADIUS pair",
      "createNetwork",
      () => ({ name: "Dangling", type: "aaa", wlan: {}, authRadiusId: UNKNOWN }),
      "authRadiusId",
    ],
  ] as const)("%s is 404 NMS-RELATED-NOT-FOUND", async (_name, op, bodyOf, object) => {
    const ids = await relatedIds();
    const reply = await client.call(op, {}, bodyOf(ids));
    expect(reply.status).toBe(404);
    expect(reply.body.errors).toEqual([
      { code: "NMS-RELATED-NOT-FOUND", message: expect.any(String), object, value: UNKNOWN },
    ]);
  });
});

interface Ids {
  venueId: string;
  networkId: string;
}
let related: Ids | undefined;
async function relatedIds(): Promise<Ids> {
  related ??= {
    venueId: (await client.ok("createVenue", {}, venueBody("Related"))).id,
    networkId: (await client.ok("createNetwork", {}, pskNetworkBody("Related"))).id,
  };
  return related;
}

describe("unknown IDs (404 NMS-NOT-FOUND)", () => {
  const cases: [OperationName, Record<string, string>, unknown, string][] = [
    ["getVenue", { venueId: UNKNOWN }, undefined, "venueId"],
    ["updateVenue", { venueId: UNKNOWN }, venueBody("Ghost"), "venueId"],
    ["deleteVenue", { venueId: UNKNOWN }, undefined, "venueId"],
    ["deleteVenues", {}, [UNKNOWN], "[0].venueId"], // a bulk delete names the entry by its index
    ["getApGroup", { apGroupId: UNKNOWN }, undefined, "apGroupId"],
    ["updateApGroup", { apGroupId: UNKNOWN }, apGroupBody(UNKNOWN), "apGroupId"],
    ["deleteApGroup", { apGroupId: UNKNOWN }, undefined, "apGroupId"],
    ["deleteApGroups", {}, [UNKNOWN], "[0].apGroupId"], // a bulk delete names the entry by its index
    ["listVenueApGroups", { venueId: UNKNOWN }, undefined, "venueId"],
    ["getVenueDefaultApGroup", { venueId: UNKNOWN }, undefined, "venueId"],
    ["getNetwork", { networkId: UNKNOWN }, undefined, "networkId"],
    ["updateNetwork", { networkId: UNKNOWN }, pskNetworkBody("Ghost"), "networkId"],
    ["deleteNetwork", { networkId: UNKNOWN }, undefined, "networkId"],
    ["deleteNetworks", {}, [UNKNOWN], "[0].networkId"], // a bulk delete names the entry by its index
    ["getNetworkDeep", { networkId: UNKNOWN }, undefined, "networkId"],
    ["updateNetworkDeep", { networkId: UNKNOWN }, deepNetworkBody("Ghost"), "networkId"],
    ["getNetworkActivation", { networkVenueId: UNKNOWN }, undefined, "networkVenueId"],
    [
      "updateNetworkActivation",
      { networkVenueId: UNKNOWN },
      { networkId: UNKNOWN, venueId: UNKNOWN },
      "networkVenueId",
    ],
    ["deactivateNetwork", { networkVenueId: UNKNOWN }, undefined, "networkVenueId"],
    ["deactivateNetworks", {}, [UNKNOWN], "[0].networkVenueId"], // a bulk delete names the entry by its index
    ["listNetworkActivations", { networkId: UNKNOWN }, undefined, "networkId"],
    ["getNetworkActivationByVenue", { networkId: UNKNOWN, venueId: UNKNOWN }, undefined, "networkId"],
    ["listVenueNetworkActivations", { venueId: UNKNOWN }, undefined, "venueId"],
  ];
  test.each(cases)("%s %j", async (op, params, body, object) => {
    const reply = await client.call(op, params, body);
    expect(reply.status).toBe(404);
    expect(reply.body.errors).toEqual([{ code: "NMS-NOT-FOUND", message: expect.any(String), object, value: UNKNOWN }]);
  });

  test("getNetworkActivationByVenue of a network not activated on the venue", async () => {
    const ids = await relatedIds();
    const reply = await client.call("getNetworkActivationByVenue", { networkId: ids.networkId, venueId: ids.venueId });
    expect(reply.status).toBe(404);
    expect(reply.body.errors[0].code).toBe("NMS-NOT-FOUND");
  });

  test("a path that is no operation", async () => {
    const reply = await send(`${emu.url}/api/tenant/${client.tenantId}/nothing-here`, "GET", undefined, {
      cookie: client.cookie!,
    });
    expect(reply.status).toBe(404);
    expect(reply.body.errors[0].code).toBe("NMS-NOT-FOUND");
  });
});
