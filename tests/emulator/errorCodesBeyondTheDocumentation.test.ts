// The operations the real service has and its API documentation does not list (contract/routes.ts
// `beyondDocumentation`): the venue's valid channels, the reset of its syslog, and its vSPoT binding, with
// their answers and their refusals.
import { venueSyslogDefaults } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { admin, Client, start, tenantWith, venueBody, type Reply } from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

const UNKNOWN = "0123456789abcdef0123456789abcdef";

function refusal(reply: Reply, status: number) {
  expect(reply.status).toBe(status);
  return reply.body.errors[0];
}

let n = 0;
const newVenue = async (country?: string) =>
  (
    await client.ok(
      "createVenue",
      {},
      { ...venueBody(`Beyond ${++n}`), address: country === undefined ? {} : { country } },
    )
  ).id as string;

describe("getVenueValidChannels valid channels of a venue", () => {
  test("the FCC domain for a US venue (or one without a country): 2.4 GHz 1-11, 5 GHz indoor, DFS and outdoor, per channel width", async () => {
    const venueId = await newVenue("United States");
    const channels = (await client.call("getVenueValidChannels", { venueId })).body;
    expect(channels["2.4GChannels"].auto).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
    expect(channels["5GChannels"].indoor).toEqual({
      auto: ["36", "40", "44", "48"],
      "20MHz": ["36", "40", "44", "48"],
      "40MHz": ["36", "40", "44", "48"],
      "80MHz": ["36", "40", "44", "48"],
    });
    // 165 has no 40 MHz partner and no 80 MHz block.
    expect(channels["5GChannels"].outdoor["20MHz"]).toEqual(["149", "153", "157", "161", "165"]);
    expect(channels["5GChannels"].outdoor["80MHz"]).toEqual(["149", "153", "157", "161"]);
    expect((await client.call("getVenueValidChannels", { venueId: await newVenue() })).body).toEqual(channels);
  });

  test("the ETSI domain elsewhere: 2.4 GHz 1-13, DFS up to 140", async () => {
    const channels = (await client.call("getVenueValidChannels", { venueId: await newVenue("PT") })).body;
    expect(channels["2.4GChannels"]["20MHz"]).toHaveLength(13);
    expect(channels["5GChannels"].dfs["20MHz"].at(-1)).toBe("140");
    expect(channels["5GChannels"].dfs["80MHz"]).not.toContain("132");
  });

  test("an unknown venue is 404 NMS-NOT-FOUND naming venueId", async () => {
    expect(refusal(await client.call("getVenueValidChannels", { venueId: UNKNOWN }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
  });
});

describe("resetVenueSyslog syslog reset", () => {
  test.each(["older", "newer"] as const)(
    "puts the %s variant's defaults back, answering them in the envelope",
    async (variant) => {
      const tenant = variant === "newer" ? client : await tenantWith(emu, { wifiApiVariant: "older" }, "Syslog older");
      const venueId = (await tenant.ok("createVenue", {}, venueBody(`Syslog ${variant}`))).id;
      await tenant.ok(
        "updateVenueSyslog",
        { venueId },
        { enabled: true, server: "192.0.2.70", priority: "ALL", port: 1514 },
      );
      const { accepted, record } = await tenant.write("resetVenueSyslog", { venueId });
      expect({ status: accepted.status, response: accepted.body.response, record: record.status }).toEqual({
        status: 202,
        response: venueSyslogDefaults(variant),
        record: "SUCCESS",
      });
      expect((await tenant.call("getVenueSyslog", { venueId })).body).toEqual(venueSyslogDefaults(variant));
    },
  );

  test("an unknown venue is 404 NMS-NOT-FOUND naming venueId", async () => {
    expect(refusal(await client.call("resetVenueSyslog", { venueId: UNKNOWN }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
  });
});

describe("the venue's vSPoT binding (bindVenueVspot, getVenueVspot, unbindVenueVspot)", () => {
  const server = async (name: string, venues: { id: string }[] = []) =>
    (
      await client.ok(
        "createVspot",
        {},
        { serverName: name, serverAddress: "vspot.example.com", password: "vspot-password", venues },
      )
    ).id as string;

  test("bindVenueVspot binds, getVenueVspot reads the binding, and the server's venues list the venue; unbindVenueVspot unbinds", async () => {
    const venueId = await newVenue();
    const vspotId = await server("Binding one");
    const bound = await client.write("bindVenueVspot", { venueId, vspotId });
    expect({
      status: bound.accepted.status,
      response: bound.accepted.body.response,
      record: bound.record.status,
    }).toEqual({
      status: 202,
      response: expect.objectContaining({
        id: vspotId,
        venues: [expect.objectContaining({ id: venueId })],
        venueId,
        vspotId,
      }),
      record: "SUCCESS",
    });
    expect((await client.call("getVenueVspot", { venueId })).body).toEqual({ venueId, vspotId });
    expect((await client.call("getVspot", { vspotId })).body.venues).toContainEqual({
      id: venueId,
      name: expect.any(String),
    });
    const unbound = await client.write("unbindVenueVspot", { venueId });
    expect({ status: unbound.accepted.status, body: unbound.accepted.body, record: unbound.record.status }).toEqual({
      status: 202,
      body: { requestId: expect.any(String) },
      record: "SUCCESS",
    });
    expect((await client.call("getVenueVspot", { venueId })).status).toBe(404);
    expect((await client.call("getVspot", { vspotId })).body.venues ?? []).not.toContainEqual(
      expect.objectContaining({ id: venueId }),
    );
  });

  test("a venue has one vSPoT server: binding another moves it, and binding again changes nothing", async () => {
    const venueId = await newVenue();
    const first = await server("Binding first", [{ id: venueId }]);
    const second = await server("Binding second");
    expect((await client.call("getVenueVspot", { venueId })).body).toEqual({ venueId, vspotId: first });
    await client.ok("bindVenueVspot", { venueId, vspotId: second });
    await client.ok("bindVenueVspot", { venueId, vspotId: second });
    expect((await client.call("getVenueVspot", { venueId })).body).toEqual({ venueId, vspotId: second });
    expect((await client.call("getVspot", { vspotId: first })).body.venues ?? []).toEqual([]);
    expect(
      ((await client.call("getVspot", { vspotId: second })).body.venues as { id: string }[]).filter(
        (v) => v.id === venueId,
      ),
    ).toHaveLength(1);
  });

  test("refusals: unknown venue (bindVenueVspot, getVenueVspot, unbindVenueVspot) or server (bindVenueVspot) 404 naming it; no binding to read or remove 404 naming venueId", async () => {
    const venueId = await newVenue();
    const vspotId = await server("Binding refusals");
    expect(refusal(await client.call("bindVenueVspot", { venueId: UNKNOWN, vspotId }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
    expect(refusal(await client.call("bindVenueVspot", { venueId, vspotId: UNKNOWN }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "vspotId",
    });
    expect(refusal(await client.call("getVenueVspot", { venueId: UNKNOWN }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
    expect(refusal(await client.call("unbindVenueVspot", { venueId: UNKNOWN }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
    expect(refusal(await client.call("getVenueVspot", { venueId }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
      message: "no vSPoT server is bound to the venue",
    });
    expect(refusal(await client.call("unbindVenueVspot", { venueId }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
  });

  test("a server deleted before the bind completes fails its request: FAIL with NMS-NOT-FOUND vspotId, nothing bound", async () => {
    const venueId = await newVenue();
    const vspotId = await server("Binding gone");
    await admin(emu, "PUT", "/config", { asyncLatencyByOp: { bindVenueVspot: { baseMs: 200 } } });
    try {
      const bind = await client.call("bindVenueVspot", { venueId, vspotId });
      expect(bind.status).toBe(202);
      await client.ok("deleteVspot", { vspotId });
      const record = await client.waitFor(bind.body.requestId);
      expect({ status: record.status, errors: record.errors }).toEqual({
        status: "FAIL",
        errors: [expect.objectContaining({ code: "NMS-NOT-FOUND", object: "vspotId" })],
      });
      expect((await client.call("getVenueVspot", { venueId })).status).toBe(404);
    } finally {
      await admin(emu, "PUT", "/config", { asyncLatencyByOp: {} });
    }
  });
});
