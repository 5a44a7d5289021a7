// The SDK's functions on APs and venue Wi-Fi settings as a program calls them, under Pulumi's
// runtime (mocked engine), against the emulator: the Promise and Output forms of a read and of an
// action, and an action's Output form left unknown in preview.
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeSharedClient } from "../../provider/programClient";
import * as nms from "../../sdk";
import { Client, mockEngineCallingService, serialNumber, venueBody } from "../support/emulatorClient";

type Inspectable<T> = pulumi.Output<T> & { promise(): Promise<T>; isKnown: Promise<boolean> };
const valueOf = <T>(output: pulumi.Output<T>) => (output as Inspectable<T>).promise();
const isKnown = (output: pulumi.Output<unknown>) => (output as Inspectable<unknown>).isKnown;

let emulator: RunningEmulator;
let venueId: string;
const SERIAL = serialNumber(801);

const mockEngine = mockEngineCallingService;

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20, rateLimit: null });
  const client = await Client.login(emulator);
  venueId = (await client.ok("createVenue", {}, venueBody("SDK functions site"))).id;
  await client.ok("createAps", {}, [{ serialNumber: SERIAL, name: "sdk-fn-ap", venueId }]);
  pulumi.runtime.setConfig("nms:baseUrl", emulator.url);
  pulumi.runtime.setConfig("nms:tenantId", emulator.demo.tenantId);
  pulumi.runtime.setConfig("nms:username", emulator.demo.username);
  pulumi.runtime.setConfig("nms:password", emulator.demo.password);
  pulumi.runtime.setConfig("nms:logLevel", "warn");
});

afterAll(async () => {
  await closeSharedClient();
  await emulator.close();
});

describe("in an update", () => {
  beforeAll(() => mockEngine(false));

  it("getVenueWifiSettings and its Output form read the venue's settings", async () => {
    expect(await nms.getVenueWifiSettings({ venueId })).toMatchObject({ id: venueId, mesh: { enabled: false } });
    expect(await valueOf(nms.getVenueWifiSettingsOutput({ venueId: pulumi.output(venueId) }))).toMatchObject({
      id: venueId,
    });
    expect((await valueOf(nms.listVenueWifiSettingsOutput())).map((s) => s.id)).toContain(venueId);
  });

  it("traceRouteFromAp and its Output form run the action", async () => {
    const outcome = await nms.traceRouteFromAp({ serialNumber: SERIAL, targetHost: "192.0.2.1" });
    expect(outcome.ran && outcome.response).toContain("traceroute to 192.0.2.1");
    expect(await valueOf(nms.factoryResetApOutput({ serialNumber: SERIAL }))).toEqual({
      ran: true,
      requestId: expect.any(String),
    });
  });
});

describe("in preview", () => {
  beforeAll(() => mockEngine(true));

  it("an action's Output form is unknown and its Promise form says it did not run; reads run", async () => {
    expect(await isKnown(nms.deleteApsOutput({ serialNumbers: [SERIAL] }))).toBe(false);
    expect(await nms.deleteAps({ serialNumbers: [SERIAL] })).toEqual({
      ran: false,
      reason: expect.stringContaining("a preview never runs actions"),
    });
    expect(await valueOf(nms.listApGroupApsOutput({ apGroupId: (await nms.listAps())[0].apGroupId! }))).toHaveLength(1);
  });
});
