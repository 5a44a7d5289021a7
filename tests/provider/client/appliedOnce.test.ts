// Writes with a request record are applied once (provider/client/writes.ts): an attempt whose
// outcome is unknown is resolved from the record of the write's own x-request-id (getRequest), never sent
// again blind; only a write the service provably does not hold is sent again, with the same ID.
import { isNotFound, NmsError, NmsRequestFailedError, type RequestRecord } from "../../../provider/client";
import { clientFor, rejectionOf, TENANT, type Hit, type TestClient, withLogin } from "./fakeServer";
import { FAIL_PREFIX, recordReadHits, simulatedService } from "./simulatedService";

interface Venue {
  id: string;
  name: string;
}

const GRACE_MS = 300;
const posts = (t: TestClient) => t.server.apiHits().filter((hit) => hit.method === "POST");
const requestIdOf = (hit: Hit) => hit.headers["x-request-id"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("a write whose answer is lost is resolved from its request record", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("carries a request ID of the client's (a fresh UUID per write) when the caller gives none, and the caller's when it does", async () => {
    const sim = simulatedService({ asyncDelayMs: 10 });
    t = await clientFor(sim.handler);
    const first = await t.client.execute<Venue>("createVenue", {}, { body: { name: "one" } });
    const second = await t.client.execute<Venue>("createVenue", {}, { body: { name: "two" } });
    const chosen = "0f0e0d0c-0b0a-4909-8807-060504030201";
    const third = await t.client.execute<Venue>("createVenue", {}, { body: { name: "three" }, requestId: chosen });
    const [a, b, c] = posts(t).map(requestIdOf);
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    expect(c).toBe(chosen);
    expect([first.record.requestId, second.record.requestId, third.record.requestId]).toEqual([a, b, c]);
  });

  it("PENDING: the record is waited for, and the write is not sent again", async () => {
    const sim = simulatedService({
      asyncDelayMs: 150,
      intercept: (hit) => (hit.method === "POST" && posts(t!).length === 1 ? "accept-then-reset" : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const started = Date.now();
    const result = await t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } });
    const created = sim.venues.get("HQ")!;
    expect(result.response).toBeUndefined();
    expect(result.record).toMatchObject({
      requestId: requestIdOf(posts(t)[0]),
      status: "SUCCESS",
      entityId: created.id,
    });
    expect(posts(t)).toHaveLength(1);
    expect(sim.venues.size).toBe(1);
    expect(Date.now() - started).toBeLessThan(GRACE_MS + 1_000); // held at once: no grace waited
    expect(
      t.logs.some((log) =>
        /no answer \(\w+\), but the service holds request \S+ \(PENDING\): resolved from its request record, not sent again/.test(
          log.message,
        ),
      ),
    ).toBe(true);
  });

  it("SUCCESS: the record is the outcome at once", async () => {
    const sim = simulatedService({
      asyncDelayMs: 20,
      intercept: (hit) => (hit.method === "POST" ? "commit-then-reset" : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const result = await t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } });
    expect(result.record).toMatchObject({ status: "SUCCESS", entityId: sim.venues.get("HQ")!.id });
    expect(posts(t)).toHaveLength(1);
    expect(recordReadHits(t.server.apiHits())).toHaveLength(1);
  });

  it("FAIL: the write fails with the record's reason and request ID, and is not sent again", async () => {
    const sim = simulatedService({
      asyncDelayMs: 20,
      intercept: (hit) => (hit.method === "POST" ? "accept-then-reset" : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const error = await rejectionOf(t.client.execute<Venue>("createVenue", {}, { body: { name: `${FAIL_PREFIX}HQ` } }));
    expect(error).toBeInstanceOf(NmsRequestFailedError);
    expect((error as NmsRequestFailedError).requestId).toBe(requestIdOf(posts(t)[0]));
    expect(error.message).toMatch(/WIFI-10000/);
    expect(posts(t)).toHaveLength(1);
  });

  /** A service that applies every `method` write at once under its x-request-id (a SUCCESS record naming `entityId`) and drops the answer. */
  const applyingThenDropping = (method: string, entityId: string) => {
    const records = new Map<string, RequestRecord>();
    return withLogin((hit) => {
      if (hit.method === method) {
        const requestId = String(hit.headers["x-request-id"]);
        records.set(requestId, {
          admin: "admin@example.com",
          count: 1,
          entityId,
          method,
          requestId,
          serviceName: "wifi",
          status: "SUCCESS",
          tenantId: TENANT,
          timestamp: new Date().toISOString(),
        });
        return "reset";
      }
      const record = records.get(hit.path.split("/").pop()!);
      return record
        ? { status: 200, body: record }
        : { status: 404, body: { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }] } };
    });
  };

  it("a 201 write (createGuestUsers) whose answer is lost: its record, without a response, and one call", async () => {
    t = await clientFor(applyingThenDropping("POST", "guest-1"), { unknownOutcomeGraceMs: GRACE_MS });
    const result = await t.client.write<unknown[]>("createGuestUsers", {}, { body: [{ name: "guest" }] });
    expect(result).toMatchObject({ record: { status: "SUCCESS", entityId: "guest-1" } });
    expect(result.response).toBeUndefined();
    expect(posts(t)).toHaveLength(1);
  });

  it("a DELETE whose answer is lost after the service took it is done, not sent again", async () => {
    t = await clientFor(applyingThenDropping("DELETE", "v1"), { unknownOutcomeGraceMs: GRACE_MS });
    const result = await t.client.execute("deleteVenue", { venueId: "v1" });
    expect(result.record).toMatchObject({ status: "SUCCESS", method: "DELETE" });
    expect(t.server.apiHits().filter((hit) => hit.method === "DELETE")).toHaveLength(1);
  });
});

describe("a write the service provably does not hold is sent again, with the same request ID", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("a reset before the service took it: getRequest 404 now and after the grace, then one resend under the same ID", async () => {
    const sim = simulatedService({
      asyncDelayMs: 20,
      intercept: (hit) => (hit.method === "POST" && posts(t!).length === 1 ? "reset" : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const result = await t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } });
    const [first, second] = posts(t);
    expect(posts(t)).toHaveLength(2);
    expect(requestIdOf(second)).toBe(requestIdOf(first));
    expect(second.at - first.at).toBeGreaterThanOrEqual(GRACE_MS - 20);
    expect(recordReadHits(t.server.apiHits()).filter((hit) => hit.at < second.at)).toHaveLength(2);
    expect(result.record).toMatchObject({ requestId: requestIdOf(first), status: "SUCCESS" });
    expect(sim.venues.size).toBe(1);
    expect(
      t.logs.some((log) =>
        /the service holds no request \S+: it never took the write; sending it again with the same request ID/.test(
          log.message,
        ),
      ),
    ).toBe(true);
  });

  it("a request that reaches the service within the grace is found there, and not sent again", async () => {
    const sim = simulatedService({
      asyncDelayMs: 20,
      intercept: (hit) => (hit.method === "POST" ? { resetThenArriveAfterMs: 100 } : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const result = await t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } });
    expect(posts(t)).toHaveLength(1);
    expect(result.record).toMatchObject({
      requestId: requestIdOf(posts(t)[0]),
      status: "SUCCESS",
      entityId: sim.venues.get("HQ")!.id,
    });
    expect(sim.venues.size).toBe(1);
  });

  it("an attempt that ended by its own deadline waits at least that long for the record before sending again", async () => {
    const sim = simulatedService({ asyncDelayMs: 20 });
    let postsSeen = 0;
    // The first create reaches the service slowly: taken 400 ms in, after the client's 300 ms deadline, never answered.
    const handler: typeof sim.handler = async (hit, hits) => {
      if (hit.method !== "POST" || hit.path === "/token" || ++postsSeen > 1) return sim.handler(hit, hits);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await sim.handler(hit, hits);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return "reset";
    };
    t = await clientFor(handler, { unknownOutcomeGraceMs: 50, requestTimeoutMs: 300 });
    const result = await t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } });
    expect(posts(t)).toHaveLength(1);
    expect(result.record).toMatchObject({ requestId: requestIdOf(posts(t)[0]), status: "SUCCESS" });
    expect(sim.venues.size).toBe(1);
  });

  it("a 500 (the service answered, so it is done with the request) without a record is sent again without the grace", async () => {
    const sim = simulatedService({
      asyncDelayMs: 20,
      intercept: (hit) => (hit.method === "POST" && posts(t!).length === 1 ? { status: 500 } : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: 5_000 });
    const started = Date.now();
    const result = await t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(posts(t)).toHaveLength(2);
    expect(recordReadHits(t.server.apiHits()).filter((hit) => hit.at < posts(t!)[1].at)).toHaveLength(1);
    expect(result.record.status).toBe("SUCCESS");
  });

  it("gives up after maxRetries + 1 sends the service never took, saying it was not applied", async () => {
    const sim = simulatedService({
      asyncDelayMs: 20,
      intercept: (hit) => (hit.method === "POST" ? "reset" : undefined),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: 20, maxRetries: 2 });
    const error = await rejectionOf(t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } }));
    expect(error).toBeInstanceOf(NmsError);
    expect(error.message).toMatch(/the service holds no request \S+: the write was not applied \(sent 3 times\)/);
    expect(posts(t)).toHaveLength(3);
    expect(new Set(posts(t).map(requestIdOf)).size).toBe(1);
  });

  it("a 409 to the first, clean attempt is an ordinary error, and nothing else is asked", async () => {
    const sim = simulatedService({ asyncDelayMs: 10 });
    sim.venues.set("HQ", { id: "venue-0", name: "HQ" });
    t = await clientFor(sim.handler);
    const error = await rejectionOf(t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" } }));
    expect((error as { status?: number }).status).toBe(409);
    expect(t.server.apiHits()).toHaveLength(1);
  });
});

describe("a record under the write's ID that is not the write's leaves the outcome unknown: never sent again", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const seeded = (record: Partial<RequestRecord>) => {
    const sim = simulatedService({
      asyncDelayMs: 10,
      intercept: (hit) => (hit.method === "POST" ? "accept-then-reset" : undefined),
    });
    const requestId = "1a2b3c4d-0000-4000-8000-00000000abcd";
    sim.records.set(requestId, {
      admin: "admin@example.com",
      count: 1,
      entityId: "venue-old",
      method: "POST",
      requestId,
      serviceName: "venue",
      status: "SUCCESS",
      tenantId: TENANT,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
      ...record,
    });
    return { sim, requestId };
  };

  it("an earlier request under the same ID (a create made again after a destroy)", async () => {
    const { sim, requestId } = seeded({});
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const error = await rejectionOf(t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" }, requestId }));
    expect(error.message).toMatch(
      new RegExp(
        `request ${requestId} is an earlier request \\(of \\S+\\), so the service named this one otherwise: whether the write was applied cannot be told, and it was not sent again`,
      ),
    );
    expect(posts(t)).toHaveLength(1);
  });

  it("another administrator's request", async () => {
    const { sim, requestId } = seeded({
      admin: "someone@example.com",
      timestamp: new Date(Date.now() + 1_000).toISOString(),
    });
    t = await clientFor(sim.handler, { unknownOutcomeGraceMs: GRACE_MS });
    const error = await rejectionOf(t.client.execute<Venue>("createVenue", {}, { body: { name: "HQ" }, requestId }));
    expect(error.message).toMatch(/is another administrator's \(someone@example.com\)/);
    expect(posts(t)).toHaveLength(1);
    expect(isNotFound(error)).toBe(false);
  });
});
