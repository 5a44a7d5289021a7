// Golden bodies written by hand from the API documentation (golden/*.json) against the contract's
// schemas: every request passes its input schema and every answer its read schema, the defaults the
// schemas fill in are those the answers show, and broken copies fail on the field at fault with the
// API documentation's code where the rule has one.
import type { z } from "zod";
import {
  dpskPassphraseFailure,
  NEWER_ONLY_MESSAGE,
  networkDeepCreateSchemaFor,
  networkDeepInputSchemaFor,
  networkDeepUpdateSchemaFor,
  networkVenueInputSchemaFor,
  apDetailReadSchemaFor,
  validateBody,
  venueSyslogDefaults,
  type FieldFailure,
} from "../../contract";
import { golden, goldenNames, GOLDEN_SCHEMAS, REMOVE, withValueAt } from "./goldenCases";

describe("golden bodies", () => {
  test("every golden file has its schemas, and every schema entry its file", () => {
    expect(goldenNames()).toEqual(Object.keys(GOLDEN_SCHEMAS).sort());
  });

  test.each(Object.keys(GOLDEN_SCHEMAS))(
    "%s: the request passes the input schema and the answer the read schema",
    (name) => {
      const { request, response } = GOLDEN_SCHEMAS[name];
      const body = golden(name);
      expect(request === undefined).toBe(body.request === undefined);
      expect(response === undefined).toBe(body.response === undefined);
      if (request) expect(validateBody(request, body.request)).toEqual({ ok: true, value: expect.anything() });
      if (response) expect(validateBody(response, body.response)).toEqual({ ok: true, value: expect.anything() });
    },
  );

  // The answer of a write is its body with what the service adds: the defaults the input schema
  // fills in must be the values the API documentation's answers show.
  test.each(
    Object.keys(GOLDEN_SCHEMAS).filter((name) => GOLDEN_SCHEMAS[name].request && GOLDEN_SCHEMAS[name].response),
  )("%s: the answer holds the request with the input schema's defaults filled in", (name) => {
    const body = golden(name);
    const parsed = GOLDEN_SCHEMAS[name].request!.parse(body.request);
    expect((body.response as { response: unknown }).response).toMatchObject(parsed);
  });

  test.each(["older", "newer"] as const)(
    "W47-%s: a venue never written answers the API documentation's defaults of its variant",
    (variant) => {
      expect(venueSyslogDefaults(variant)).toEqual(golden(`W47-${variant}`).response);
    },
  );
});

interface BrokenCopy {
  /** Which golden file, and which part of it is changed. */
  from: string;
  part: "request" | "response";
  at?: string;
  value?: unknown;
  /** Further changes, made first. */
  also?: [string, unknown][];
  /** Another schema than the golden's own (the other variant's). */
  schema?: z.ZodTypeAny;
  failure: Partial<Omit<FieldFailure, "message">> & { message?: string | RegExp };
}

const LONG_PASSPHRASE = "p".repeat(64);

const BROKEN: Record<string, BrokenCopy> = {
  "2.4 GHz allowed channels with one channel (WIFI-10110)": {
    from: "W44",
    part: "request",
    at: "radioParams24G.allowedChannels",
    value: ["6"],
    failure: { path: "radioParams24G.allowedChannels", code: "WIFI-10110" },
  },
  "5 GHz indoor channels with one channel (WIFI-10111)": {
    from: "W44",
    part: "request",
    at: "radioParams50G.allowedIndoorChannels",
    value: ["36"],
    failure: { path: "radioParams50G.allowedIndoorChannels", code: "WIFI-10111" },
  },
  "5 GHz outdoor channels empty (WIFI-10112)": {
    from: "W44",
    part: "request",
    at: "radioParams50G.allowedOutdoorChannels",
    value: [],
    failure: { path: "radioParams50G.allowedOutdoorChannels", code: "WIFI-10112" },
  },
  "an answer holding one 2.4 GHz channel (WIFI-10110 in the read schema too)": {
    from: "W43",
    part: "response",
    at: "radioParams24G.allowedChannels",
    value: ["1"],
    failure: { path: "radioParams24G.allowedChannels", code: "WIFI-10110" },
  },
  "AP name with a backtick, in the second entry of createAps": {
    from: "W2",
    part: "request",
    at: "[1].name",
    value: "Stair`well",
    failure: { path: "[1].name", message: /backtick/ },
  },
  "AP name with $(": {
    from: "W2",
    part: "request",
    at: "[0].name",
    value: "AP $(reboot)",
    failure: { path: "[0].name", message: /"\$\("/ },
  },
  "AP name with a leading blank": {
    from: "W2",
    part: "request",
    at: "[0].name",
    value: " Lobby",
    failure: { path: "[0].name", message: /whitespace/ },
  },
  "AP name outside printable ASCII": {
    from: "W2",
    part: "request",
    at: "[0].name",
    value: "Café AP",
    failure: { path: "[0].name", message: /ASCII/ },
  },
  "AP name of one character": {
    from: "W2",
    part: "request",
    at: "[0].name",
    value: "A",
    failure: { path: "[0].name", message: /2 to 32/ },
  },
  "AP name of 33 characters": {
    from: "W2",
    part: "request",
    at: "[0].name",
    value: "A".repeat(33),
    failure: { path: "[0].name", message: /2 to 32/ },
  },
  "serial number starting with 0": {
    from: "W2",
    part: "request",
    at: "[0].serialNumber",
    value: "012345678901",
    failure: { path: "[0].serialNumber", message: /12 digits/ },
  },
  "AP description of 181 characters": {
    from: "W2",
    part: "request",
    at: "[0].description",
    value: "d".repeat(181),
    failure: { path: "[0].description" },
  },
  "AP without venueId": {
    from: "W2",
    part: "request",
    at: "[1].venueId",
    value: REMOVE,
    failure: { path: "[1].venueId", message: "is required" },
  },
  "AP position beyond 100 percent": {
    from: "W2",
    part: "request",
    at: "[0].position.xPercent",
    value: 100.5,
    failure: { path: "[0].position.xPercent" },
  },
  "AP answer with a MAC in no accepted form": {
    from: "W2",
    part: "response",
    at: "response[0].mac",
    value: "94:b3:4f:12:34",
    failure: { path: "response[0].mac" },
  },
  "MAC with mixed separators": {
    from: "W84",
    part: "request",
    at: "mac",
    value: "a4:5e-60:c2:19:7b",
    failure: { path: "mac", message: /six hex pairs/ },
  },
  "MAC of eleven hex digits": {
    from: "W84",
    part: "request",
    at: "mac",
    value: "a45e60c2197",
    failure: { path: "mac" },
  },
  "MAC with a non-hex digit": {
    from: "W84",
    part: "request",
    at: "mac",
    value: "a4:5e:60:c2:19:7g",
    failure: { path: "mac" },
  },
  "DPSK passphrase of 7 characters": {
    from: "W84",
    part: "request",
    at: "passphrase",
    value: "short12",
    failure: { path: "passphrase", message: /8 to 63/ },
  },
  "DPSK passphrase of 64 characters": {
    from: "W84",
    part: "request",
    at: "passphrase",
    value: LONG_PASSPHRASE,
    failure: { path: "passphrase", message: /8 to 63/ },
  },
  "DPSK VLAN 0": {
    from: "W84",
    part: "request",
    at: "vlanId",
    value: 0,
    failure: { path: "vlanId", message: /1 and 4094/ },
  },
  "DPSK VLAN 4095": {
    from: "W84",
    part: "request",
    at: "vlanId",
    value: 4095,
    failure: { path: "vlanId", message: /1 and 4094/ },
  },
  "DPSK username of 201 characters": {
    from: "W84",
    part: "request",
    at: "username",
    value: "u".repeat(201),
    failure: { path: "username" },
  },
  "DPSK expiration that is not an integer": {
    from: "W84",
    part: "request",
    at: "expiration",
    value: 1.5,
    failure: { path: "expiration" },
  },
  "switch VLAN 1": {
    from: "S50",
    part: "request",
    at: "vlanId",
    value: 1,
    failure: { path: "vlanId", message: /2 and 4094/ },
  },
  "switch VLAN 4095": {
    from: "S50",
    part: "request",
    at: "vlanId",
    value: 4095,
    failure: { path: "vlanId", message: /2 and 4094/ },
  },
  "switch VLAN name of 33 characters": {
    from: "S50",
    part: "request",
    at: "vlanName",
    value: "v".repeat(33),
    failure: { path: "vlanName" },
  },
  "spanning-tree priority 65536": {
    from: "S50",
    part: "request",
    at: "spanningTreePriority",
    value: 65536,
    failure: { path: "spanningTreePriority" },
  },
  "spanning-tree protocol mstp": {
    from: "S50",
    part: "request",
    at: "spanningTreeProtocol",
    value: "mstp",
    failure: { path: "spanningTreeProtocol" },
  },
  "IGMP snooping 'on'": {
    from: "S50",
    part: "request",
    at: "igmpSnooping",
    value: "on",
    failure: { path: "igmpSnooping" },
  },
  "multicast version 4": {
    from: "S50",
    part: "request",
    at: "multicastVersion",
    value: 4,
    failure: { path: "multicastVersion" },
  },
  "root bridge family outside the four": {
    from: "S50",
    part: "request",
    at: "rootBridgeFamilyId",
    value: "ICX7450",
    failure: { path: "rootBridgeFamilyId" },
  },
  "VLAN of a profile body out of range": {
    from: "S43",
    part: "request",
    at: "vlans[0].vlanId",
    value: 4095,
    failure: { path: "vlans[0].vlanId", message: /2 and 4094/ },
  },
  "switch profile name with $(": {
    from: "S43",
    part: "request",
    at: "name",
    value: "Branch $(id)",
    failure: { path: "name", message: /"\$\("/ },
  },
  "switch profile name of 65 characters": {
    from: "S43",
    part: "request",
    at: "name",
    value: "b".repeat(65),
    failure: { path: "name", message: /2 to 64/ },
  },
  "guest maxDevices 0 (-1 or at least 1)": {
    from: "W74",
    part: "request",
    at: "[0].maxDevices",
    value: 0,
    failure: { path: "[0].maxDevices", message: /-1/ },
  },
  "guest without delivery methods": {
    from: "W74",
    part: "request",
    at: "[1].deliveryMethods",
    value: [],
    failure: { path: "[1].deliveryMethods" },
  },
  "guest delivery method FAX": {
    from: "W74",
    part: "request",
    at: "[0].deliveryMethods[1]",
    value: "FAX",
    failure: { path: "[0].deliveryMethods[1]" },
  },
  "guest duration 8761": {
    from: "W74",
    part: "request",
    at: "[0].expiration.duration",
    value: 8761,
    failure: { path: "[0].expiration.duration" },
  },
  "guest without mobile number": {
    from: "W74",
    part: "request",
    at: "[1].mobilePhoneNumber",
    value: REMOVE,
    failure: { path: "[1].mobilePhoneNumber", message: "is required" },
  },
  "guest notes of 181 characters": {
    from: "W74",
    part: "request",
    at: "[0].notes",
    value: "n".repeat(181),
    failure: { path: "[0].notes" },
  },
  "guest answer without its password": {
    from: "W74",
    part: "response",
    at: "response[0].password",
    value: REMOVE,
    failure: { path: "response[0].password", message: "is required" },
  },
  "syslog priority DEBUG": {
    from: "W48-older",
    part: "request",
    at: "priority",
    value: "DEBUG",
    failure: { path: "priority" },
  },
  "syslog server that is no host": {
    from: "W48-newer",
    part: "request",
    at: "server",
    value: "not a host!",
    failure: { path: "server" },
  },
  "syslog port 0": { from: "W48-newer", part: "request", at: "port", value: 0, failure: { path: "port" } },
  "the default AP group answering an empty name": {
    from: "W30",
    part: "response",
    at: "name",
    value: "",
    failure: { path: "name", message: /2 to 64/ },
  },
  "a venue answering a name of 33 characters": {
    from: "A9",
    part: "response",
    at: "name",
    value: "v".repeat(33),
    failure: { path: "name" },
  },
  "a request record with status DONE": {
    from: "A2",
    part: "response",
    at: "status",
    value: "DONE",
    failure: { path: "status" },
  },
  "a tenant ID of 31 characters": {
    from: "A4",
    part: "response",
    at: "id",
    value: "8f2c1e0b7a6d4c3e9b1a2f3e4d5c6b7",
    failure: { path: "id" },
  },
  "an activation answer without its validation flag": {
    from: "W59",
    part: "response",
    at: "response.apGroups[0].validationError",
    value: REMOVE,
    failure: { path: "response.apGroups[0].validationError", message: "is required" },
  },
  "network name of 33 characters in the newer variant": {
    from: "W52",
    part: "request",
    at: "name",
    value: "n".repeat(33),
    failure: { path: "name", message: /2 to 32/ },
  },
  "network name of 65 characters in the older variant": {
    from: "W52",
    part: "request",
    at: "name",
    value: "n".repeat(65),
    also: [["wlan.advancedCustomization.devicePolicyId", REMOVE]],
    schema: networkDeepCreateSchemaFor("older"),
    failure: { path: "name", message: /2 to 64/ },
  },
  "devicePolicyId refused by the older variant": {
    from: "W52",
    part: "request",
    schema: networkDeepCreateSchemaFor("older"),
    failure: { path: "wlan.advancedCustomization.devicePolicyId", message: NEWER_ONLY_MESSAGE },
  },
  "singleSessionIdAccounting refused by the older variant": {
    from: "W52",
    part: "request",
    at: "wlan.advancedCustomization.singleSessionIdAccounting",
    value: "enabled",
    schema: networkDeepInputSchemaFor("older"),
    failure: { path: "wlan.advancedCustomization.singleSessionIdAccounting", message: NEWER_ONLY_MESSAGE },
  },
  "vlanPool refused by the older variant": {
    from: "W52",
    part: "request",
    at: "wlan.advancedCustomization.vlanPool",
    value: { name: "pool" },
    schema: networkDeepInputSchemaFor("older"),
    failure: { path: "wlan.advancedCustomization.vlanPool", message: NEWER_ONLY_MESSAGE },
  },
  "an AP group entry's vlanPoolId refused by the older variant": {
    from: "W59",
    part: "request",
    schema: networkVenueInputSchemaFor("older"),
    failure: { path: "apGroups[1].vlanPoolId", message: NEWER_ONLY_MESSAGE },
  },
  "an activation's vlanPoolId refused by the older variant": {
    from: "W59",
    part: "request",
    at: "vlanPoolId",
    value: "pool-1",
    schema: networkVenueInputSchemaFor("older"),
    failure: { path: "vlanPoolId", message: NEWER_ONLY_MESSAGE },
  },
  "cellularSettings in an older variant's getAp answer": {
    from: "W5",
    part: "response",
    schema: apDetailReadSchemaFor("older"),
    failure: { path: "cellularSettings", message: NEWER_ONLY_MESSAGE },
  },
  "authentication RADIUS on 1813 at the newer variant's create (WIFI-10103)": {
    from: "W52",
    part: "request",
    at: "authRadius.secondary.port",
    value: 1813,
    failure: { path: "authRadius.secondary.port", code: "WIFI-10103" },
  },
  "accounting RADIUS on 1812 at the older variant's update (WIFI-10104)": {
    from: "W52",
    part: "request",
    at: "accountingRadius.primary.port",
    value: 1812,
    also: [["wlan.advancedCustomization.devicePolicyId", REMOVE]],
    schema: networkDeepUpdateSchemaFor("older"),
    failure: { path: "accountingRadius.primary.port", code: "WIFI-10104" },
  },
};

function brokenBody(copy: BrokenCopy): unknown {
  let body = golden(copy.from)[copy.part];
  for (const [at, value] of copy.also ?? []) body = withValueAt(body, at, value);
  return copy.at === undefined ? body : withValueAt(body, copy.at, copy.value);
}

describe("broken copies of the golden bodies", () => {
  test.each(Object.entries(BROKEN))("%s", (_name, copy) => {
    const schema = copy.schema ?? GOLDEN_SCHEMAS[copy.from][copy.part]!;
    const result = validateBody(schema, brokenBody(copy));
    expect(result.ok).toBe(false);
    const failures = result.ok ? [] : result.failures;
    const { message, ...rest } = copy.failure;
    const expected: Record<string, unknown> = { ...rest };
    if (message !== undefined)
      expected.message =
        typeof message === "string" ? expect.stringContaining(message) : expect.stringMatching(message);
    expect(failures).toContainEqual(expect.objectContaining(expected));
  });
});

describe("rules that hold between variants and operations", () => {
  const w52 = () => golden("W52").request as Record<string, unknown>;
  const olderBody = () => withValueAt(w52(), "wlan.advancedCustomization.devicePolicyId", REMOVE);

  test("the older variant's deep create takes RADIUS port 1813 for authentication, its update does not", () => {
    const body = withValueAt(olderBody(), "authRadius.primary.port", 1813);
    expect(validateBody(networkDeepCreateSchemaFor("older"), body).ok).toBe(true);
    expect(validateBody(networkDeepUpdateSchemaFor("older"), body)).toMatchObject({
      ok: false,
      failures: [{ path: "authRadius.primary.port", code: "WIFI-10103" }],
    });
  });

  test("a network name of 33 to 64 characters is taken by the older variant only", () => {
    const body = withValueAt(olderBody(), "name", "n".repeat(64));
    expect(validateBody(networkDeepCreateSchemaFor("older"), body).ok).toBe(true);
    expect(validateBody(networkDeepCreateSchemaFor("newer"), body).ok).toBe(false);
  });

  test("network names may hold non-ASCII characters (the API documentation asks no ASCII of them)", () => {
    expect(validateBody(networkDeepCreateSchemaFor("newer"), { ...w52(), name: "Café Staff" }).ok).toBe(true);
  });

  test.each(["a4:5e:60:c2:19:7b", "A4-5E-60-C2-19-7B", "a45e60c2197b"])(
    "the DPSK MAC %s is in an accepted form",
    (mac) => {
      expect(validateBody(GOLDEN_SCHEMAS.W84.request!, { ...(golden("W84").request as object), mac }).ok).toBe(true);
    },
  );

  test("WIFI-10102: a passphrase is required for a network with WPA personal security, and only then", () => {
    const wpa2 = { wlan: { wlanSecurity: "WPA2Personal" } };
    expect(dpskPassphraseFailure({}, wpa2)).toEqual({
      path: "passphrase",
      code: "WIFI-10102",
      message: expect.stringContaining("WIFI-10102"),
    });
    expect(dpskPassphraseFailure({ passphrase: "correct horse" }, wpa2)).toBeUndefined();
    expect(dpskPassphraseFailure({}, { wlan: { wlanSecurity: "WPA2Enterprise" } })).toBeUndefined();
    expect(dpskPassphraseFailure({}, undefined)).toBeUndefined();
  });
});
