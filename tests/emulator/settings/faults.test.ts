// Fault injection (POST /__admin/faults): one test per kind, each checking through reads and
// request records whether the request took effect; then how rules fire (probability, count),
// what they match (op, method, tenantId), and how GET /__admin/faults reports them.
import { ROUTES } from "../../../contract";
import type { RunningEmulator } from "../../../emulator";
import { admin, Client, otherTenant, sleep, start, venueBody } from "../../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());
afterEach(async () => {
  await admin(emu, "DELETE", "/faults");
  await admin(emu, "PUT", "/config", { asyncDelayMs: 0 });
});

async function arm(rule: Record<string, unknown>): Promise<{ id: string }> {
  const reply = await admin(emu, "POST", "/faults", rule);
  if (reply.status !== 201) throw new Error(`fault refused: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Every request record of the tenant, whatever its status. */
async function recordIds(c: Client = client): Promise<string[]> {
  const ids: string[] = [];
  for (const status of ["PENDING", "SUCCESS", "FAIL"]) {
    ids.push(...(await c.call("listRequestsByStatus", { status })).body.map((r: { requestId: string }) => r.requestId));
  }
  return ids;
}

async function venueNames(c: Client = client): Promise<string[]> {
  return (await c.call("listVenues")).body.map((v: { name: string }) => v.name);
}

/** A request whose connection is cut: fetch rejects instead of answering. */
function expectNoAnswer(reply: Promise<unknown>): Promise<void> {
  return expect(reply).rejects.toThrow(/fetch failed/);
}

test("a rule names its operation by name or by its ID in the API documentation", async () => {
  await arm({ kind: "http-5xx", op: ROUTES.createVenue.id, status: 503 });
  expect((await client.call("createVenue", {}, venueBody("Refused by ID"))).status).toBe(503);
});

describe("one test per kind", () => {
  test("http-5xx: the status given and the error body; the request has no effect", async () => {
    await arm({ kind: "http-5xx", op: "createVenue", status: 503 });
    const before = await recordIds();
    const reply = await client.call("createVenue", {}, venueBody("Refused by 503"));
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({
      errors: [{ code: "NMS-INTERNAL", message: "internal server error" }],
      requestId: expect.any(String),
    });
    expect(await recordIds()).toEqual(before);
    expect(await venueNames()).not.toContain("Refused by 503");

    // Default status 500; a code of the catalogue may be given.
    await arm({ kind: "http-5xx", op: "listVenues", code: "CFGC-10000" });
    const read = await client.call("listVenues");
    expect(read.status).toBe(500);
    expect(read.body.errors[0].code).toBe("CFGC-10000");
  });

  test("http-429: Retry-After as given and NMS-RATE-LIMITED; the request has no effect", async () => {
    await arm({ kind: "http-429", op: "createVenue", retryAfterSeconds: 7 });
    const before = await recordIds();
    const reply = await client.call("createVenue", {}, venueBody("Refused by 429"));
    expect(reply.status).toBe(429);
    expect(reply.headers.get("retry-after")).toBe("7");
    expect(reply.body.errors).toEqual([{ code: "NMS-RATE-LIMITED", message: "too many requests" }]);
    expect(await recordIds()).toEqual(before);
    expect(await venueNames()).not.toContain("Refused by 429");
  });

  test("reset: the connection is reset without an answer; the request has no effect", async () => {
    await arm({ kind: "reset", op: "createVenue" });
    const before = await recordIds();
    await expectNoAnswer(client.call("createVenue", {}, venueBody("Reset")));
    expect(await recordIds()).toEqual(before);
    expect(await venueNames()).not.toContain("Reset");
    const log = (await admin(emu, "GET", "/log")).body.entries;
    expect(log.filter((e: { op: string }) => e.op === "createVenue").pop()).toMatchObject({
      status: 0,
      fault: "reset",
    });
  });

  test("slow: the request runs at once, its usual answer comes after delayMs", async () => {
    await arm({ kind: "slow", op: "createVenue", delayMs: 400 });
    const started = Date.now();
    const reply = client.call("createVenue", {}, venueBody("Slow"));
    await sleep(150);
    // Applied (asyncDelayMs 0) while the 202 is still held back.
    expect(await venueNames()).toContain("Slow");
    const answered = await reply;
    expect(Date.now() - started).toBeGreaterThanOrEqual(395);
    expect(answered.status).toBe(202);
    expect(answered.body.response.name).toBe("Slow");
    expect((await client.call("getRequest", { requestId: answered.body.requestId })).body.status).toBe("SUCCESS");
  });

  test("lost-answer: the write is accepted and applied as usual, only the 202 is lost", async () => {
    await admin(emu, "PUT", "/config", { asyncDelayMs: 150 });
    await arm({ kind: "lost-answer", op: "createVenue" });
    await expectNoAnswer(client.call("createVenue", {}, venueBody("Lost answer")));
    const [pending] = (await client.call("listRequestsByStatus", { status: "PENDING" })).body;
    expect(pending).toMatchObject({ method: "POST", serviceName: "tenant", status: "PENDING" });
    expect((await client.call("getVenue", { venueId: pending.entityId })).status).toBe(404);
    expect((await client.waitFor(pending.requestId)).status).toBe("SUCCESS");
    expect((await client.call("getVenue", { venueId: pending.entityId })).body.name).toBe("Lost answer");
  });

  test("fail-request: the record ends FAIL with the code; the write is not applied", async () => {
    await arm({ kind: "fail-request", op: "createVenue", code: "VENUE-10001" });
    const { accepted, record } = await client.write("createVenue", {}, venueBody("Failed"));
    expect(record).toMatchObject({ status: "FAIL", errors: [{ code: "VENUE-10001" }] });
    expect((await client.call("getVenue", { venueId: accepted.body.response.id })).status).toBe(404);
  });

  test("stuck-pending: the record stays PENDING and the write is never applied", async () => {
    await admin(emu, "PUT", "/config", { asyncDelayMs: 50 });
    await arm({ kind: "stuck-pending", op: "createVenue" });
    const accepted = await client.call("createVenue", {}, venueBody("Stuck"));
    expect(accepted.status).toBe(202);
    await sleep(200);
    expect((await client.call("getRequest", { requestId: accepted.body.requestId })).body.status).toBe("PENDING");
    expect((await client.call("getVenue", { venueId: accepted.body.response.id })).status).toBe(404);
    expect(await venueNames()).not.toContain("Stuck");
  });

  test("stuck-pending with releaseAfterMs: PENDING until then, then FAIL with the code; nothing applied", async () => {
    await admin(emu, "PUT", "/config", { asyncDelayMs: 20 });
    await arm({ kind: "stuck-pending", op: "updateVenue", releaseAfterMs: 300, code: "VENUE-10001" });
    const venue = (await client.write("createVenue", {}, venueBody("Stuck then released"))).accepted.body.response;
    const update = await client.call(
      "updateVenue",
      { venueId: venue.id },
      { ...venueBody("Stuck then released"), description: "never applied" },
    );
    expect(update.status).toBe(202);
    await sleep(150);
    expect((await client.call("getRequest", { requestId: update.body.requestId })).body.status).toBe("PENDING");
    await sleep(300);
    expect((await client.call("getRequest", { requestId: update.body.requestId })).body).toMatchObject({
      status: "FAIL",
      errors: [{ code: "VENUE-10001", message: expect.stringContaining("abandoned after 300 ms") }],
    });
    expect((await client.call("getVenue", { venueId: venue.id })).body.description).toBe(venueBody("x").description);
    // Without a code, the release FAILs with NMS-INTERNAL.
    await arm({ kind: "stuck-pending", op: "deleteVenue", releaseAfterMs: 50 });
    expect((await client.write("deleteVenue", { venueId: venue.id })).record.errors).toEqual([
      expect.objectContaining({ code: "NMS-INTERNAL" }),
    ]);
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(200);
  });
});

describe("firing and matching", () => {
  test("probability 1 without count fires on every matching request and stays armed", async () => {
    const rule = await arm({ kind: "http-5xx", op: "listVenues", status: 502, probability: 1 });
    for (let i = 0; i < 3; i++) expect((await client.call("listVenues")).status).toBe(502);
    expect((await client.call("getTenantDetails")).status).toBe(200);
    expect((await admin(emu, "GET", "/faults")).body.faults).toEqual([
      {
        id: rule.id,
        kind: "http-5xx",
        op: "listVenues",
        status: 502,
        code: "NMS-INTERNAL",
        probability: 1,
        count: null,
        remaining: null,
        matched: 3,
        fired: 3,
      },
    ]);
  });

  test("probability 0 never fires but counts the requests it matched", async () => {
    await arm({ kind: "http-5xx", op: "listVenues", probability: 0 });
    for (let i = 0; i < 3; i++) expect((await client.call("listVenues")).status).toBe(200);
    expect((await admin(emu, "GET", "/faults")).body.faults).toMatchObject([{ matched: 3, fired: 0, remaining: null }]);
  });

  test("count n: the first n matching requests, then the rule is exhausted and listed apart", async () => {
    const rule = await arm({ kind: "http-429", op: "listVenues", count: 2 });
    expect((await client.call("listVenues")).status).toBe(429);
    expect((await admin(emu, "GET", "/faults")).body.faults).toMatchObject([
      { id: rule.id, count: 2, remaining: 1, matched: 1, fired: 1 },
    ]);
    expect((await client.call("listVenues")).status).toBe(429);
    expect((await client.call("listVenues")).status).toBe(200);
    const listing = (await admin(emu, "GET", "/faults")).body;
    expect(listing.faults).toEqual([]);
    expect(listing.exhausted).toMatchObject([
      { id: rule.id, kind: "http-429", retryAfterSeconds: 1, remaining: 0, matched: 2, fired: 2 },
    ]);
  });

  test("probability with count: the window is the first n matching requests, fired or not", async () => {
    await arm({ kind: "http-5xx", op: "listVenues", probability: 0, count: 2 });
    await client.call("listVenues");
    await client.call("listVenues");
    expect((await admin(emu, "GET", "/faults")).body).toMatchObject({
      faults: [],
      exhausted: [{ matched: 2, fired: 0 }],
    });
  });

  test("method and tenantId narrow a rule; an unmatched request leaves it untouched", async () => {
    await arm({ kind: "http-5xx", method: "DELETE", probability: 1 });
    const venue = await client.ok("createVenue", {}, venueBody("Delete refused"));
    expect((await client.call("deleteVenue", { venueId: venue.id })).status).toBe(500);
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(200);
    await admin(emu, "DELETE", "/faults");

    const other = await otherTenant(emu);
    await arm({ kind: "http-5xx", tenantId: other.tenantId });
    expect((await client.call("listVenues")).status).toBe(200);
    expect((await admin(emu, "GET", "/faults")).body.faults).toMatchObject([{ matched: 0, fired: 0, remaining: 1 }]);
    expect((await other.call("listVenues")).status).toBe(500);
  });

  test("rules fire oldest first, one answer fault per request; record faults are drawn apart", async () => {
    await arm({ kind: "http-5xx", op: "listVenues", status: 503 });
    await arm({ kind: "http-5xx", op: "listVenues", status: 502 });
    expect((await client.call("listVenues")).status).toBe(503);
    expect((await client.call("listVenues")).status).toBe(502);

    // A slow answer and a failing record on the same request.
    await arm({ kind: "slow", op: "createVenue", delayMs: 50 });
    await arm({ kind: "fail-request", op: "createVenue" });
    const { record } = await client.write("createVenue", {}, venueBody("Slow and failed"));
    expect(record.status).toBe("FAIL");
  });

  test("a GET whose connection is reset has no effect either", async () => {
    await arm({ kind: "reset", op: "listVenues" });
    await expectNoAnswer(client.call("listVenues"));
    expect((await client.call("listVenues")).status).toBe(200);
  });

  test.each([
    [{ kind: "http-5xx", status: 504 }],
    [{ kind: "http-5xx", code: "NOT-A-CODE" }],
    [{ kind: "http-429", retryAfterSeconds: -1 }],
    [{ kind: "slow" }],
    [{ kind: "reset", probability: 1.5 }],
    [{ kind: "lost-answer", method: "PATCH" }],
    [{ kind: "stuck-pending", op: "getVenue" }],
    [{ kind: "stuck-pending", releaseAfterMs: 0 }],
    [{ kind: "stuck-pending", code: "NMS-INTERNAL" }],
    [{ kind: "fail-request", method: "GET" }],
  ])("a bad rule %j is refused", async (body) => {
    expect((await admin(emu, "POST", "/faults", body)).status).toBe(422);
  });
});
