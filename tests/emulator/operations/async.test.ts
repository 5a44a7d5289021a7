// Async writes: PENDING then SUCCESS or FAIL, what reads show meanwhile, injected failures,
// conflicts found at apply time, and the request record operations getRequest and listRequestsByStatus.
import type { RunningEmulator } from "../../../emulator";
import { admin, Client, otherTenant, sleep, start, venueBody } from "../../support/emulatorClient";

const DELAY = 150;

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start({ asyncDelayMs: DELAY });
  client = await Client.login(emu);
});
afterAll(() => emu.close());
afterEach(async () => {
  await admin(emu, "DELETE", "/faults");
  await admin(emu, "PUT", "/config", { asyncDelayMs: DELAY });
});

async function status(requestId: string): Promise<string> {
  return (await client.call("getRequest", { requestId })).body.status;
}

describe("with a delay", () => {
  test("a create is PENDING and invisible, then SUCCESS and visible", async () => {
    // Long enough for the four reads below on a loaded machine; the wait for SUCCESS ends it.
    await admin(emu, "PUT", "/config", { asyncDelayMs: 3000 });
    const accepted = await client.call("createVenue", {}, venueBody("Pending venue"));
    expect(accepted.status).toBe(202);
    const { requestId, response } = accepted.body;
    expect(await status(requestId)).toBe("PENDING");
    expect((await client.call("getVenue", { venueId: response.id })).status).toBe(404);
    expect((await client.call("listVenues")).body.map((v: { id: string }) => v.id)).not.toContain(response.id);
    expect((await client.call("getVenueDefaultApGroup", { venueId: response.id })).status).toBe(404);

    const record = await client.waitFor(requestId);
    expect(record.status).toBe("SUCCESS");
    const read = await client.call("getVenue", { venueId: response.id });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(response);
    expect((await client.call("getVenueDefaultApGroup", { venueId: response.id })).body.isDefault).toBe(true);
  });

  test("an updated object reads as before while PENDING", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Before update"));
    const accepted = await client.call("updateVenue", { venueId: venue.id }, { ...venueBody("After update") });
    expect(accepted.status).toBe(202);
    expect(accepted.body.response.name).toBe("After update");
    expect((await client.call("getVenue", { venueId: venue.id })).body.name).toBe("Before update");
    await client.waitFor(accepted.body.requestId);
    expect((await client.call("getVenue", { venueId: venue.id })).body.name).toBe("After update");
  });

  test("a deleted object still reads as present while PENDING", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("To delete"));
    const accepted = await client.call("deleteVenue", { venueId: venue.id });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ requestId: expect.any(String) });
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(200);
    expect((await client.waitFor(accepted.body.requestId)).status).toBe("SUCCESS");
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(404);
  });

  test("a conflict that arises while PENDING makes the later write FAIL", async () => {
    // Two renames to one name: updates reserve nothing, so both are accepted and the later one loses.
    const first = await client.ok("createVenue", {}, venueBody("Rename one"));
    const second = await client.ok("createVenue", {}, venueBody("Rename two"));
    const renameFirst = await client.call("updateVenue", { venueId: first.id }, venueBody("Twin"));
    const renameSecond = await client.call("updateVenue", { venueId: second.id }, venueBody("Twin"));
    expect(renameSecond.status).toBe(202);
    expect((await client.waitFor(renameFirst.body.requestId)).status).toBe("SUCCESS");
    const record = await client.waitFor(renameSecond.body.requestId);
    expect(record.status).toBe("FAIL");
    expect(record.errors).toEqual([{ code: "NMS-DUPLICATE-NAME", message: expect.any(String), object: "name" }]);
    expect((await client.call("getVenue", { venueId: second.id })).body.name).toBe("Rename two");
  });

  test("an update of an object deleted meanwhile FAILs with NMS-NOT-FOUND", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Vanishing"));
    const deletion = await client.call("deleteVenue", { venueId: venue.id });
    const update = await client.call("updateVenue", { venueId: venue.id }, venueBody("Vanishing 2"));
    expect(update.status).toBe(202);
    expect((await client.waitFor(deletion.body.requestId)).status).toBe("SUCCESS");
    const record = await client.waitFor(update.body.requestId);
    expect(record).toMatchObject({ status: "FAIL", errors: [{ code: "NMS-NOT-FOUND", object: "venueId" }] });
  });

  test("a delete whose object came into use meanwhile FAILs with NMS-IN-USE, deleting nothing", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Busy later"));
    const group = await client.call("createApGroup", {}, { name: "Arrives first", venueId: venue.id });
    const deletion = await client.call("deleteVenues", {}, [venue.id]);
    expect(deletion.status).toBe(202);
    expect((await client.waitFor(group.body.requestId)).status).toBe("SUCCESS");
    const record = await client.waitFor(deletion.body.requestId);
    expect(record).toMatchObject({ status: "FAIL", errors: [{ code: "NMS-IN-USE" }] });
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(200);
  });

  test("validation happens at submit: a bad body is answered at once, no record", async () => {
    const before = (await client.call("listRequestsByStatus", { status: "PENDING" })).body.length;
    const reply = await client.call("createVenue", {}, { name: "x" });
    expect(reply.status).toBe(422);
    expect((await client.call("listRequestsByStatus", { status: "PENDING" })).body.length).toBe(before);
  });
});

test("with asyncDelayMs 0 the record is SUCCESS and the object visible when the 202 arrives", async () => {
  await admin(emu, "PUT", "/config", { asyncDelayMs: 0 });
  const accepted = await client.call("createVenue", {}, venueBody("Immediate"));
  expect(await status(accepted.body.requestId)).toBe("SUCCESS");
  expect((await client.call("getVenue", { venueId: accepted.body.response.id })).status).toBe(200);
});

describe("injected failures", () => {
  test("the next n requests of the op end in FAIL with the code given, then writes succeed again", async () => {
    await admin(emu, "PUT", "/config", { asyncDelayMs: 0 });
    const fault = await admin(emu, "POST", "/faults", {
      op: "createVenue",
      kind: "fail-request",
      count: 2,
      code: "VENUE-10001",
    });
    expect(fault.status).toBe(201);
    expect(fault.body).toMatchObject({ kind: "fail-request", op: "createVenue", code: "VENUE-10001", remaining: 2 });

    // Another op is not affected and consumes nothing.
    expect(
      (await client.write("createNetworkDeep", {}, { name: "Bystander", type: "open", wlan: {} })).record.status,
    ).toBe("SUCCESS");
    for (const name of ["Faulty one", "Faulty two"]) {
      const { accepted, record } = await client.write("createVenue", {}, venueBody(name));
      expect(record.status).toBe("FAIL");
      expect(record.errors).toEqual([{ code: "VENUE-10001", message: "tenant is out of sync and requires repair" }]);
      expect((await client.call("getVenue", { venueId: accepted.body.response.id })).status).toBe(404);
    }
    expect((await admin(emu, "GET", "/faults")).body.faults).toEqual([]);
    expect((await client.write("createVenue", {}, venueBody("Faulty two"))).record.status).toBe("SUCCESS");
  });

  test("without op and code: any async op, code WIFI-10000; reads are untouched", async () => {
    await admin(emu, "POST", "/faults", { kind: "fail-request" });
    expect((await client.call("listVenues")).status).toBe(200);
    const { record } = await client.write("createNetworkDeep", {}, { name: "Faulted network", type: "open", wlan: {} });
    expect(record).toMatchObject({ status: "FAIL", errors: [{ code: "WIFI-10000" }] });
  });

  test("with the delay, the record goes PENDING then FAIL", async () => {
    await admin(emu, "POST", "/faults", { op: "createVenue", kind: "fail-request" });
    const accepted = await client.call("createVenue", {}, venueBody("Late failure"));
    expect(await status(accepted.body.requestId)).toBe("PENDING");
    expect((await client.waitFor(accepted.body.requestId)).status).toBe("FAIL");
  });

  test.each([
    [{ kind: "explode" }],
    [{ kind: "fail-request", op: "listVenues" }],
    [{ kind: "fail-request", op: "Z9" }],
    [{ kind: "fail-request", count: 0 }],
  ])("a bad fault %j is refused", async (body) => {
    expect((await admin(emu, "POST", "/faults", body)).status).toBe(422);
  });
});

describe("request records", () => {
  test("getRequest shows the record's fields; another tenant's request is 404", async () => {
    await admin(emu, "PUT", "/config", { asyncDelayMs: 0 });
    const accepted = await client.call("createVenue", {}, venueBody("Recorded"));
    const record = (await client.call("getRequest", { requestId: accepted.body.requestId })).body;
    expect(record).toEqual({
      admin: emu.demo.username,
      count: 1,
      entityId: accepted.body.response.id,
      method: "POST",
      requestId: accepted.body.requestId,
      serviceName: "tenant",
      status: "SUCCESS",
      tenantId: emu.demo.tenantId,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const other = await otherTenant(emu);
    expect((await other.call("getRequest", { requestId: accepted.body.requestId })).status).toBe(404);
  });

  test("listRequestsByStatus lists by status, newest first, with zero-based page and size", async () => {
    const fresh = await otherTenant(emu);
    await admin(emu, "PUT", "/config", { asyncDelayMs: 0 });
    const ok: string[] = [];
    for (let i = 0; i < 5; i++)
      ok.push((await fresh.write("createVenue", {}, venueBody(`Listed ${i}`))).record.requestId);
    await admin(emu, "POST", "/faults", { kind: "fail-request", count: 2, tenantId: fresh.tenantId });
    const failed: string[] = [];
    for (let i = 0; i < 2; i++)
      failed.push((await fresh.write("createVenue", {}, venueBody(`Failed ${i}`))).record.requestId);
    await admin(emu, "PUT", "/config", { asyncDelayMs: 60_000 });
    const pending = (await fresh.call("createVenue", {}, venueBody("Pending"))).body.requestId;

    const ids = async (status: string, query?: string) =>
      (await fresh.call("listRequestsByStatus", { status }, undefined, query)).body.map(
        (r: { requestId: string }) => r.requestId,
      );
    // Newest first, so that page 0 shows the latest requests.
    const newestFirst = [...ok].reverse();
    expect(await ids("SUCCESS")).toEqual(newestFirst);
    expect(await ids("SUCCESS", "page=0&size=2")).toEqual(newestFirst.slice(0, 2));
    expect(await ids("SUCCESS", "page=1&size=2")).toEqual(newestFirst.slice(2, 4));
    expect(await ids("SUCCESS", "page=2&size=2")).toEqual(newestFirst.slice(4));
    expect(await ids("SUCCESS", "page=3&size=2")).toEqual([]);
    expect(await ids("FAIL")).toEqual([...failed].reverse());
    expect(await ids("PENDING")).toEqual([pending]);

    expect((await fresh.call("listRequestsByStatus", { status: "DONE" })).status).toBe(400);
    expect((await fresh.call("listRequestsByStatus", { status: "SUCCESS" }, undefined, "size=0")).status).toBe(400);
    expect((await fresh.call("listRequestsByStatus", { status: "SUCCESS" }, undefined, "page=-1&size=2")).status).toBe(
      400,
    );
  });

  test("getRequest of an unknown request is 404", async () => {
    expect((await client.call("getRequest", { requestId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });
});

test("reset drops writes still PENDING", async () => {
  const scratch = await start({ asyncDelayMs: 100 });
  try {
    const c = await Client.login(scratch);
    const accepted = await c.call("createVenue", {}, venueBody("Never"));
    expect(accepted.status).toBe(202);
    await admin(scratch, "POST", "/reset");
    await sleep(150);
    const again = await Client.login(scratch);
    expect((await again.call("listVenues")).body).toEqual([]);
  } finally {
    await scratch.close();
  }
});
