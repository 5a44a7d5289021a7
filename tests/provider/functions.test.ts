// The functions a program calls (provider/programClient.ts, provider/functions/): the table agrees
// with the route table, arguments are checked before any call, config comes from nms:* or NMS_*,
// one client serves the process, and actions never run in preview.
// Paging of many APs is tested against a small fake service (tests/provider/functionsFakeService.ts);
// listAps, pingFromAp and rebootAp are also run against the emulator ("against the emulator" below).
import * as pulumi from "@pulumi/pulumi";
import { pathParamNames, routeOf } from "../../contract/routes";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { ConfigLookup } from "../../provider/config";
import { FUNCTION_SPECS, operationsOfFunction } from "../../provider/functions";
import { checkArgs, closeSharedClient, invoke, programConfig } from "../../provider/programClient";
import { FAKE_PING_OUTPUT, startFakeService, type FakeService } from "./functionsFakeService";
import { setPreview } from "../support/emulatorClient";

type Props = Record<string, any>;

const SERIAL = "123456789012";
let emulator: RunningEmulator;
let fake: FakeService;

function lookupFor(
  target: { url: string; tenantId: string; username: string; password: string },
  extra: Record<string, string> = {},
): ConfigLookup {
  const values: Record<string, string> = {
    "nms:baseUrl": target.url,
    "nms:tenantId": target.tenantId,
    "nms:username": target.username,
    "nms:password": target.password,
    "nms:logLevel": "warn",
    ...extra,
  };
  return (key) => values[key];
}

const emulatorConfig = () => lookupFor({ url: emulator.url, ...emulator.demo });
const fakeConfig = (extra: Record<string, string> = {}) => lookupFor(fake, extra);

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20 });
  fake = await startFakeService(1203);
});

afterAll(async () => {
  await closeSharedClient();
  await emulator.close();
  await fake.close();
});

describe("the function table", () => {
  it.each(Object.values(FUNCTION_SPECS))(
    "$name agrees with the route of $op and of every other call it makes",
    (spec) => {
      for (const op of operationsOfFunction(spec)) {
        const route = routeOf(op);
        if (spec.returns === "list") expect({ op, paging: route.paging }).toEqual({ op, paging: expect.anything() });
        // An action changes the service: it is a write, and a write never runs in preview.
        if (!spec.runsInPreview) expect(route.method).not.toBe("GET");
        if (route.method !== "GET") expect(spec.runsInPreview).toBe(false);
        for (const param of pathParamNames(route.path).filter((p) => p !== "tenantId")) {
          expect(Object.keys(spec.args("newer").shape)).toContain(param);
        }
      }
      // A get by unique name reads a list; every argument another call needs is an argument, and so is every name of a form.
      for (const call of spec.otherCalls ?? []) {
        if (call.findBy) expect(routeOf(call.op).paging).toBeDefined();
        for (const name of [...call.given, ...(call.findBy ? [call.findBy.arg] : [])])
          expect(Object.keys(spec.args("newer").shape)).toContain(name);
      }
      for (const name of (spec.argForms ?? []).flat()) expect(Object.keys(spec.args("newer").shape)).toContain(name);
    },
  );
});

describe("reads", () => {
  it("getTenant reads the tenant with its sub-entities (getTenant deep)", async () => {
    const tenant = (await invoke("getTenant", {}, emulatorConfig())) as Props;
    expect(tenant.id).toBe(emulator.demo.tenantId);
    expect(tenant.admins).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: emulator.demo.username })]),
    );
  });

  it("getTenantDetails reads the tenant's details (getTenantDetails)", async () => {
    const details = (await invoke("getTenantDetails", undefined, emulatorConfig())) as Props;
    expect(Object.keys(details)).toEqual(expect.arrayContaining(["city", "country", "organization"]));
  });

  it("listAps returns every AP, read page by page", async () => {
    const aps = (await invoke("listAps", {}, fakeConfig())) as Props[];
    expect(aps).toHaveLength(1203);
    expect(new Set(aps.map((ap) => ap.serialNumber)).size).toBe(1203);
    expect(fake.served("listAps").length).toBeGreaterThan(1);
  });

  it("listAps passes operational on to the service (newer variant)", async () => {
    const aps = (await invoke("listAps", { operational: true }, fakeConfig())) as Props[];
    expect(aps.length).toBeGreaterThan(0);
    expect(aps.every((ap) => ap.state === "Operational")).toBe(true);
    expect(fake.served("listAps").at(-1)!.query.operational).toBe("true");
  });

  it("listAps refuses operational when nms:wifiApiVariant is older, before any call", async () => {
    const before = fake.requests.length;
    await expect(
      invoke("listAps", { operational: true }, fakeConfig({ "nms:wifiApiVariant": "older" })),
    ).rejects.toThrow(
      "listAps: operational: exists only in the newer variant of the Wi-Fi API (nms:wifiApiVariant is older)",
    );
    expect(fake.requests.length).toBe(before);
    await expect(invoke("listAps", {}, fakeConfig({ "nms:wifiApiVariant": "older" }))).resolves.toHaveLength(1203);
  });
});

describe("actions", () => {
  it("rebootAp sends rebootAp for the AP and waits for its request", async () => {
    const outcome = (await invoke("rebootAp", { serialNumber: SERIAL }, fakeConfig())) as Props;
    expect(outcome).toEqual({ ran: true, requestId: expect.any(String) });
    expect(fake.served("rebootAp").map((r) => r.path)).toEqual([
      `/api/tenant/${fake.tenantId}/wifi/ap/${SERIAL}/reboot`,
    ]);
  });

  it("pingFromAp sends the target host (pingFromAp) and returns what the ping printed", async () => {
    const outcome = (await invoke(
      "pingFromAp",
      { serialNumber: SERIAL, targetHost: "ap-gw.example.com" },
      fakeConfig(),
    )) as Props;
    expect(outcome).toEqual({ ran: true, requestId: expect.any(String), response: FAKE_PING_OUTPUT });
    expect(fake.served("pingFromAp").at(-1)!.body).toEqual({ targetHost: "ap-gw.example.com" });
  });

  it.each([
    ["an address in network 0", "0.10.0.1"],
    ["a multicast address", "224.0.0.1"],
    ["an octet above 255", "10.0.0.256"],
    ["digits that are no address", "10.1.2"],
    ["a host name with a blank", "bad host"],
    ["a label that ends with a hyphen", "gw-.example.com"],
  ])("pingFromAp refuses %s as target host, naming the field and the rule, before any call", async (_, targetHost) => {
    const before = fake.requests.length;
    await expect(invoke("pingFromAp", { serialNumber: SERIAL, targetHost }, fakeConfig())).rejects.toThrow(
      "pingFromAp: targetHost: must be an IPv4 address whose first octet is 1 to 223, or a host name",
    );
    expect(fake.requests.length).toBe(before);
  });

  it.each(["1.0.0.1", "223.255.255.254", "gw", "ap-gw.example.com"])(
    "pingFromAp takes %s as target host",
    (targetHost) => {
      expect(checkArgs("pingFromAp", { serialNumber: SERIAL, targetHost }, fakeConfig())).toEqual({
        serialNumber: SERIAL,
        targetHost,
      });
    },
  );

  it("names every bad argument, missing ones and unknown ones", () => {
    expect(() => checkArgs("pingFromAp", { serialNumber: "012345678901", host: "gw" }, fakeConfig())).toThrow(
      "pingFromAp: serialNumber: must be 12 digits, the first 1 to 9; targetHost: is required; host: is not an argument of pingFromAp",
    );
    expect(() => checkArgs("rebootAp", { serialNumber: 123456789012 }, fakeConfig())).toThrow(
      "rebootAp: serialNumber: must be string, got number",
    );
  });
});

describe("configuration", () => {
  it("names the missing keys and their environment variables", async () => {
    await expect(invoke("getTenant", {}, () => undefined)).rejects.toThrow(
      "getTenant: nms provider is not configured: set nms:tenantId (or NMS_TENANT_ID), nms:username (or NMS_USERNAME), nms:password (or NMS_PASSWORD)",
    );
  });

  it("names a bad Wi-Fi API variant", async () => {
    await expect(invoke("listAps", {}, fakeConfig({ "nms:wifiApiVariant": "ancient" }))).rejects.toThrow(
      'listAps: nms:wifiApiVariant must be one of older, newer, got "ancient"',
    );
  });

  it("reads nms:* from the stack's configuration first, NMS_* from the environment otherwise", async () => {
    pulumi.runtime.setConfig("nms:baseUrl", emulator.url);
    pulumi.runtime.setConfig("nms:tenantId", emulator.demo.tenantId);
    process.env.NMS_TENANT_ID = "ffffffffffffffffffffffffffffffff";
    process.env.NMS_USERNAME = emulator.demo.username;
    process.env.NMS_PASSWORD = emulator.demo.password;
    process.env.NMS_LOG_LEVEL = "warn";
    try {
      const lookup = programConfig();
      expect(lookup("nms:tenantId")).toBe(emulator.demo.tenantId);
      expect(lookup("nms:username")).toBeUndefined();
      const tenant = (await invoke("getTenant", {})) as Props;
      expect(tenant.id).toBe(emulator.demo.tenantId);
    } finally {
      for (const name of ["NMS_TENANT_ID", "NMS_USERNAME", "NMS_PASSWORD", "NMS_LOG_LEVEL"]) delete process.env[name];
    }
  });
});

describe("one client per process", () => {
  it("logs in once for many calls, and again only after the client is closed", async () => {
    await closeSharedClient();
    const logins = () => fake.served("login").length;
    const before = logins();
    await Promise.all([
      invoke("listAps", {}, fakeConfig()),
      invoke("rebootAp", { serialNumber: SERIAL }, fakeConfig()),
    ]);
    await invoke("pingFromAp", { serialNumber: SERIAL, targetHost: "192.0.2.1" }, fakeConfig());
    expect(logins()).toBe(before + 1);
    await closeSharedClient();
    await invoke("listAps", {}, fakeConfig());
    expect(logins()).toBe(before + 2);
  });
});

describe("in preview", () => {
  beforeAll(() => {
    // Preview without mocks: under mocks the mocks would answer the functions (tests/sdk/mocks.test.ts).
    setPreview(true);
  });

  it("an action does not run, and says so", async () => {
    const before = fake.requests.length;
    const outcome = (await invoke("rebootAp", { serialNumber: SERIAL }, fakeConfig())) as Props;
    expect(outcome).toEqual({
      ran: false,
      reason: "rebootAp was not run: a preview never runs actions, which change the service",
    });
    expect(fake.requests.length).toBe(before);
  });

  it("an action's arguments are still checked", async () => {
    await expect(invoke("pingFromAp", { serialNumber: SERIAL, targetHost: "0.0.0.0" }, fakeConfig())).rejects.toThrow(
      "pingFromAp: targetHost:",
    );
  });

  it("a read runs", async () => {
    await expect(invoke("getTenant", {}, emulatorConfig())).resolves.toMatchObject({ id: emulator.demo.tenantId });
  });
});

describe("against the emulator", () => {
  let venueId: string;
  const serialNumber = "612345678901";

  beforeAll(async () => {
    // Out of the preview the describe above set up: actions run again.
    setPreview(false);
    const { demoClient } = await import("../support/emulatorClient");
    const admin = demoClient(emulator);
    venueId = (
      await admin.execute<Props>(
        "createVenue",
        {},
        { body: { name: "functions-venue", address: { country: "Portugal" } } },
      )
    ).response!.id;
    await admin.execute("createAps", {}, { body: [{ serialNumber, name: "functions-ap", venueId }] });
    await admin.close();
  });

  it("listAps reads the tenant's APs (listAps) with their device state", async () => {
    const aps = (await invoke("listAps", {}, emulatorConfig())) as Props[];
    expect(aps).toContainEqual(
      expect.objectContaining({ serialNumber, venueId, state: "InSetupPhase", subState: "NeverContactedCloud" }),
    );
    const quiet = (await invoke("listAps", { operational: false }, emulatorConfig())) as Props[];
    expect(quiet.find((ap) => ap.serialNumber === serialNumber)).not.toHaveProperty("clientCount");
  });

  it("pingFromAp waits for pingFromAp's request and returns what the ping printed", async () => {
    const outcome = (await invoke("pingFromAp", { serialNumber, targetHost: "192.0.2.1" }, emulatorConfig())) as Props;
    expect(outcome).toMatchObject({
      ran: true,
      requestId: expect.any(String),
      response: expect.stringContaining("PING 192.0.2.1"),
    });
  });

  it("rebootAp runs rebootAp and waits for its request; an unknown AP is named with the service's answer", async () => {
    expect(await invoke("rebootAp", { serialNumber }, emulatorConfig())).toMatchObject({
      ran: true,
      requestId: expect.any(String),
    });
    await expect(invoke("rebootAp", { serialNumber: "699999999999" }, emulatorConfig())).rejects.toThrow(
      /rebootAp: .*rebootAp.*404/,
    );
  });
});
