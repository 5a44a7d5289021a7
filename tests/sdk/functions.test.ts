// The SDK's functions as a program calls them, under Pulumi's runtime (mocked engine): the
// Promise form and the Output form of reads and actions, with config from nms:*.
// listAps, pingFromAp and rebootAp run against the fake service (the emulator does not serve them yet); they
// must be tested against the emulator once it does.
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeSharedClient } from "../../provider/programClient";
import * as nms from "../../sdk";
import { FAKE_PING_OUTPUT, startFakeService, type FakeService } from "../provider/functionsFakeService";
import { mockEngineCallingService } from "../support/emulatorClient";

const SERIAL = "123456789012";
let emulator: RunningEmulator;
let fake: FakeService;

type Inspectable<T> = pulumi.Output<T> & {
  promise(): Promise<T>;
  isKnown: Promise<boolean>;
  isSecret: Promise<boolean>;
};

async function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as Inspectable<T>).promise();
}

/** The error an Output failed with; every promise of the Output fails with it, so all are awaited. */
async function failureOf(output: pulumi.Output<unknown>): Promise<Error> {
  const inspectable = output as Inspectable<unknown>;
  const settled = await Promise.allSettled([inspectable.promise(), inspectable.isKnown, inspectable.isSecret]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (!failed) throw new Error("the Output did not fail");
  return failed.reason as Error;
}

async function isKnown(output: pulumi.Output<unknown>): Promise<boolean> {
  return (output as Inspectable<unknown>).isKnown;
}

/** A mocked engine whose functions call the service (tests/support/emulatorClient.ts). */
const mockEngine = mockEngineCallingService;

function configureFor(target: { url: string; tenantId: string; username: string; password: string }): void {
  pulumi.runtime.setConfig("nms:baseUrl", target.url);
  pulumi.runtime.setConfig("nms:tenantId", target.tenantId);
  pulumi.runtime.setConfig("nms:username", target.username);
  pulumi.runtime.setConfig("nms:password", target.password);
  pulumi.runtime.setConfig("nms:logLevel", "warn");
}

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20 });
  fake = await startFakeService(5);
});

afterAll(async () => {
  await closeSharedClient();
  await emulator.close();
  await fake.close();
});

describe("reads, in an update", () => {
  beforeAll(() => {
    mockEngine(false);
    configureFor({ url: emulator.url, ...emulator.demo });
  });

  it("getTenant resolves to the configured tenant", async () => {
    const tenant = await nms.getTenant();
    expect(tenant.id).toBe(emulator.demo.tenantId);
    expect(tenant.admins?.length).toBeGreaterThan(0);
  });

  it("getTenantOutput is an Output of the same tenant", async () => {
    const tenant = nms.getTenantOutput();
    expect(pulumi.Output.isInstance(tenant)).toBe(true);
    expect((await valueOf(tenant)).id).toBe(emulator.demo.tenantId);
  });

  it("getTenantOutput depends on the resources of dependsOn", async () => {
    const venue = new nms.Venue("dependency", { name: "Dependency" });
    const tenant = nms.getTenantOutput({}, { dependsOn: venue }) as Inspectable<nms.GetTenantResult> & {
      allResources(): Promise<Set<pulumi.Resource>>;
    };
    expect((await valueOf(tenant)).id).toBe(emulator.demo.tenantId);
    expect(await tenant.allResources()).toContain(venue);
  });

  it("a bad configuration fails the call, naming the key", async () => {
    pulumi.runtime.setConfig("nms:waitTimeoutSeconds", "soon");
    try {
      await expect(nms.getTenant()).rejects.toThrow(
        "getTenant: nms:waitTimeoutSeconds must be a positive number of seconds",
      );
    } finally {
      pulumi.runtime.setConfig("nms:waitTimeoutSeconds", "600");
    }
  });
});

describe("listAps and actions, in an update", () => {
  beforeAll(() => {
    mockEngine(false);
    configureFor(fake);
  });

  it("listAps and listApsOutput return every AP; Output arguments are waited for", async () => {
    expect(await nms.listAps()).toHaveLength(5);
    const operational = await valueOf(nms.listApsOutput({ operational: pulumi.output(true) }));
    expect(operational.map((ap) => ap.state)).toEqual(["Operational", "Operational", "Operational"]);
  });

  it("rebootAp runs and says so", async () => {
    const outcome = await nms.rebootAp({ serialNumber: SERIAL });
    expect(outcome).toEqual({ ran: true, requestId: expect.any(String) });
  });

  it("pingFromAp and pingFromApOutput return what the ping printed", async () => {
    const outcome = await nms.pingFromAp({ serialNumber: SERIAL, targetHost: "192.0.2.1" });
    expect(outcome.ran && outcome.response).toBe(FAKE_PING_OUTPUT);
    const output = nms.pingFromApOutput({ serialNumber: pulumi.output(SERIAL), targetHost: "gw.example.com" });
    expect(await valueOf(output)).toEqual({ ran: true, requestId: expect.any(String), response: FAKE_PING_OUTPUT });
  });

  it("a bad argument fails both forms, naming the argument and its rule", async () => {
    await expect(nms.pingFromAp({ serialNumber: SERIAL, targetHost: "240.0.0.1" })).rejects.toThrow(
      "pingFromAp: targetHost: must be an IPv4 address whose first octet is 1 to 223, or a host name",
    );
    expect((await failureOf(nms.rebootApOutput({ serialNumber: "12345" }))).message).toBe(
      "rebootAp: serialNumber: must be 12 digits, the first 1 to 9",
    );
  });
});

describe("in preview", () => {
  beforeAll(() => {
    mockEngine(true);
    configureFor(fake);
  });

  it("an action's Promise form resolves to ran: false and calls nothing", async () => {
    const before = fake.requests.length;
    const outcome = await nms.pingFromAp({ serialNumber: SERIAL, targetHost: "192.0.2.1" });
    expect(outcome).toEqual({ ran: false, reason: expect.stringContaining("a preview never runs actions") });
    expect(fake.requests.length).toBe(before);
  });

  it("an action's Output form is unknown and calls nothing", async () => {
    const before = fake.requests.length;
    const output = nms.rebootApOutput({ serialNumber: SERIAL });
    expect(await isKnown(output)).toBe(false);
    expect(fake.requests.length).toBe(before);
  });

  it("an action's arguments are checked in preview too", async () => {
    expect((await failureOf(nms.pingFromApOutput({ serialNumber: SERIAL, targetHost: "0.1.2.3" }))).message).toMatch(
      /^pingFromAp: targetHost:/,
    );
  });

  it("an Output form is unknown while a resource of dependsOn is yet to be created", async () => {
    const venue = new nms.Venue("pending-venue", { name: "Pending" });
    expect(await isKnown(nms.listApsOutput({}, { dependsOn: [venue] }))).toBe(false);
  });

  it("a read runs in preview", async () => {
    const aps = nms.listApsOutput();
    expect(await isKnown(aps)).toBe(true);
    expect(await valueOf(aps)).toHaveLength(5);
  });
});
