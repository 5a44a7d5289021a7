import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { ConfigLookup } from "../../../provider/config";
import { FUNCTION_SPECS } from "../../../provider/functions";
import { closeSharedClient, invoke } from "../../../provider/programClient";
import { Client, serialNumber, venueBody, setPreview } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: Client;
let venueId: string;
let apGroupId: string;
const serials = [1, 2, 3].map((n) => serialNumber(700 + n));

function config(extra: Record<string, string> = {}): ConfigLookup {
  const values: Record<string, string> = {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": emulator.demo.tenantId,
    "nms:username": emulator.demo.username,
    "nms:password": emulator.demo.password,
    "nms:logLevel": "warn",
    ...extra,
  };
  return (key) => values[key];
}

async function served(op: string): Promise<number> {
  const { entries } = (await (await fetch(`${emulator.url}/__admin/log`)).json()) as { entries: { op: string }[] };
  return entries.filter((e) => e.op === op).length;
}

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20, rateLimit: null });
  client = await Client.login(emulator);
  venueId = (await client.ok("createVenue", {}, venueBody("Functions site"))).id;
  apGroupId = (await client.ok("createApGroup", {}, { name: "Functions group", venueId })).id;
  await client.ok(
    "createAps",
    {},
    serials.map((s, i) => ({ serialNumber: s, name: `fn-ap-${i}`, venueId, apGroupId })),
  );
});

afterAll(async () => {
  await closeSharedClient();
  await emulator.close();
});

describe("reads", () => {
  it("listApGroupAps returns the group's APs, read page by page", async () => {
    const aps = (await invoke("listApGroupAps", { apGroupId }, config())) as Props[];
    expect(aps.map((ap) => ap.serialNumber).sort()).toEqual(serials);
    expect(aps.every((ap) => ap.apGroupId === apGroupId)).toBe(true);
  });

  it("getVenueWifiSettings and listVenueWifiSettings read getVenueWifiSettings and listVenueWifiSettings", async () => {
    await client.ok("updateVenueMesh", { venueId }, { enabled: true });
    const settings = (await invoke("getVenueWifiSettings", { venueId }, config())) as Props;
    expect(settings).toMatchObject({
      id: venueId,
      mesh: { enabled: true },
      syslog: { port: 514 },
      radioCustomization: { radioParams24G: expect.any(Object) },
    });
    const all = (await invoke("listVenueWifiSettings", {}, config())) as Props[];
    expect(all.find((s) => s.id === venueId)).toEqual(settings);
  });

  it("getVenueRadioDefaults reads getVenueRadioDefaults", async () => {
    expect(await invoke("getVenueRadioDefaults", { venueId }, config())).toEqual(
      await client.call("getVenueRadioDefaults", { venueId }).then((r) => r.body),
    );
  });

  it("getApLogFileUrl reads downloadApLog", async () => {
    expect(await invoke("getApLogFileUrl", { serialNumber: serials[0] }, config())).toEqual({
      fileURL: expect.stringContaining(emulator.demo.tenantId),
    });
  });

  it("a read's unknown venue fails, naming the function and the service's answer", async () => {
    await expect(invoke("getVenueWifiSettings", { venueId: "nope" }, config())).rejects.toThrow(
      /getVenueWifiSettings: .*404.*NMS-NOT-FOUND/,
    );
  });
});

describe("actions", () => {
  it("traceRouteFromAp sends traceRouteFromAp and returns what it printed; it takes pingFromAp's target rule", async () => {
    const outcome = (await invoke(
      "traceRouteFromAp",
      { serialNumber: serials[0], targetHost: "gw.example.com" },
      config(),
    )) as Props;
    expect(outcome).toEqual({
      ran: true,
      requestId: expect.any(String),
      response: expect.stringContaining("traceroute to gw.example.com"),
    });
    const before = await served("traceRouteFromAp");
    await expect(
      invoke("traceRouteFromAp", { serialNumber: serials[0], targetHost: "224.0.0.1" }, config()),
    ).rejects.toThrow(
      "traceRouteFromAp: targetHost: must be an IPv4 address whose first octet is 1 to 223, or a host name",
    );
    expect(await served("traceRouteFromAp")).toBe(before);
  });

  it("factoryResetAp sends factoryResetAp and waits for it: the AP forgets its own settings", async () => {
    await client.ok("updateApBonjourGateway", { serialNumber: serials[1] }, { rules: [{ mdnsName: "tv" }] });
    expect(await invoke("factoryResetAp", { serialNumber: serials[1] }, config())).toEqual({
      ran: true,
      requestId: expect.any(String),
    });
    expect((await client.call("getApBonjourGateway", { serialNumber: serials[1] })).body).toEqual({ rules: [] });
  });

  it("deleteAps sends the serial numbers as deleteAps's array body, all or none", async () => {
    await expect(invoke("deleteAps", { serialNumbers: [serials[2], "999999999999"] }, config())).rejects.toThrow(
      /NMS-NOT-FOUND/,
    );
    expect((await client.call("getAp", { serialNumber: serials[2] })).status).toBe(200);
    expect(await invoke("deleteAps", { serialNumbers: [serials[2]] }, config())).toEqual({
      ran: true,
      requestId: expect.any(String),
    });
    expect((await client.call("getAp", { serialNumber: serials[2] })).status).toBe(404);
    expect(() => FUNCTION_SPECS.deleteAps.args().parse({ serialNumbers: [] })).toThrow("must name at least one AP");
  });
});

describe("in preview", () => {
  beforeAll(() => {
    setPreview(true);
  });

  it.each([
    ["factoryResetAp", { serialNumber: serialNumber(701) }, "factoryResetAp"],
    ["traceRouteFromAp", { serialNumber: serialNumber(701), targetHost: "192.0.2.1" }, "traceRouteFromAp"],
    ["deleteAps", { serialNumbers: [serialNumber(701)] }, "deleteAps"],
  ])("%s does not run, and says so", async (name, args, op) => {
    const before = await served(op);
    expect(await invoke(name, args, config())).toEqual({
      ran: false,
      reason: `${name} was not run: a preview never runs actions, which change the service`,
    });
    expect(await served(op)).toBe(before);
  });

  it("a read runs", async () => {
    expect(((await invoke("listApGroupAps", { apGroupId }, config())) as Props[]).length).toBe(2);
  });
});
