import { isNotFound, NmsApiError } from "../../../provider/client";
import { clientFor, rejectionOf, TENANT, type TestClient, withLogin } from "./fakeServer";
import { simulatedService, STUCK_PREFIX } from "./simulatedService";

interface Venue {
  id: string;
  name: string;
}

const posts = (t: TestClient) => t.server.apiHits().filter((hit) => hit.method === "POST");

describe("execute() with recover: no duplicate after a lost answer", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** recover() as the lifecycle passes it: find the venue by its unique name (counted). */
  const findByName = (name: string) => {
    const lookup = async (): Promise<Venue | undefined> => {
      lookup.calls += 1;
      return (await t!.client.list<Venue>("A6")).find((venue) => venue.name === name);
    };
    lookup.calls = 0;
    return lookup;
  };

  it("a POST reset after the service committed it is recovered, not sent again", async () => {
    let postsSeen = 0;
    const sim = simulatedService({ asyncDelayMs: 50, intercept: (hit) => (hit.method === "POST" && ++postsSeen === 1 ? "commit-then-reset" : undefined) });
    t = await clientFor(sim.handler);
    const recover = findByName("HQ");
    const result = await t.client.execute<Venue>("A7", {}, { body: { name: "HQ" }, recover });
    const created = sim.venues.get("HQ")!;
    expect(result.response).toEqual(created);
    expect(result.record).toMatchObject({ requestId: "recovered", status: "SUCCESS", entityId: created.id, method: "POST", tenantId: TENANT });
    expect(posts(t)).toHaveLength(1);
    expect(recover.calls).toBe(1);
    expect(sim.venues.size).toBe(1);
    expect(t.logs.some((log) => /recover\(\) found the object, not sending again/.test(log.message))).toBe(true);
  });

  it("a re-send answered 409 (the name is reserved by the pending first request) recovers once that request is done", async () => {
    let postsSeen = 0;
    const sim = simulatedService({ asyncDelayMs: 150, intercept: (hit) => (hit.method === "POST" && ++postsSeen === 1 ? "accept-then-reset" : undefined) });
    t = await clientFor(sim.handler);
    const recover = findByName("HQ");
    const result = await t.client.execute<Venue>("A7", {}, { body: { name: "HQ" }, recover });
    expect(result.response).toEqual(sim.venues.get("HQ"));
    expect(result.record.requestId).toBe("recovered");
    expect(sim.venues.size).toBe(1);
    // Reset, then at least one 409; recover() before each re-send and once more after each 409.
    expect(posts(t).length).toBeGreaterThanOrEqual(2);
    expect(recover.calls).toBeGreaterThanOrEqual(2);
    expect(recover.calls).toBe(posts(t).length);
  });

  it("gives up at the wait deadline when the name stays reserved and recover() never finds the object", async () => {
    let postsSeen = 0;
    const sim = simulatedService({ asyncDelayMs: 10, intercept: (hit) => (hit.method === "POST" && ++postsSeen === 1 ? "accept-then-reset" : undefined) });
    t = await clientFor(sim.handler, { waitTimeoutMs: 300 });
    const name = `${STUCK_PREFIX}HQ`;
    const started = Date.now();
    const error = await rejectionOf(t.client.execute<Venue>("A7", {}, { body: { name }, recover: findByName(name) }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).status).toBe(409);
    expect(error.message).toMatch(/an earlier attempt may have gone through, but recover\(\) did not find the object within \d+ ms/);
  });

  it("a 409 to a first, clean attempt is an ordinary error and recover() is not called", async () => {
    const sim = simulatedService({ asyncDelayMs: 10 });
    sim.venues.set("HQ", { id: "venue-0", name: "HQ" });
    t = await clientFor(sim.handler);
    const recover = findByName("HQ");
    const error = await rejectionOf(t.client.execute<Venue>("A7", {}, { body: { name: "HQ" }, recover }));
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).status).toBe(409);
    expect((error as NmsApiError).code).toBe("NMS-DUPLICATE-NAME");
    expect(recover.calls).toBe(0);
    expect(posts(t)).toHaveLength(1);
  });

  it("when recover() finds nothing after a 502, the write is sent again and waited for as usual", async () => {
    let postsSeen = 0;
    const sim = simulatedService({ asyncDelayMs: 20, intercept: (hit) => (hit.method === "POST" && ++postsSeen === 1 ? { status: 502 } : undefined) });
    t = await clientFor(sim.handler);
    const recover = findByName("HQ");
    const result = await t.client.execute<Venue>("A7", {}, { body: { name: "HQ" }, recover });
    expect(result.record.status).toBe("SUCCESS");
    expect(result.record.requestId).toMatch(/^req-/);
    expect(recover.calls).toBe(1);
    expect(posts(t)).toHaveLength(2);
  });

  it("out of retries after an ambiguous attempt, recover() gets a last look", async () => {
    const sim = simulatedService({ asyncDelayMs: 20, intercept: (hit) => (hit.method === "POST" ? "commit-then-reset" : undefined) });
    t = await clientFor(sim.handler, { maxRetries: 0 });
    const recover = findByName("HQ");
    const result = await t.client.execute<Venue>("A7", {}, { body: { name: "HQ" }, recover });
    expect(result.record.requestId).toBe("recovered");
    expect(posts(t)).toHaveLength(1);
  });

  it("without recover(), a reset POST is sent again as before", async () => {
    let postsSeen = 0;
    const sim = simulatedService({ asyncDelayMs: 20, intercept: (hit) => (hit.method === "POST" && ++postsSeen === 1 ? "reset" : undefined) });
    t = await clientFor(sim.handler);
    const result = await t.client.execute<Venue>("A7", {}, { body: { name: "HQ" } });
    expect(result.record.status).toBe("SUCCESS");
    expect(posts(t)).toHaveLength(2);
  });

  it("a DELETE that meets 404 on its retry after a reset reads as not found (gone)", async () => {
    let deletes = 0;
    t = await clientFor(
      withLogin((hit) => {
        if (hit.method !== "DELETE") return { status: 404 };
        deletes += 1;
        return deletes === 1 ? "reset" : { status: 404, body: { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }] } };
      }),
    );
    const error = await rejectionOf(t.client.execute("A11", { venueId: "v1" }));
    expect(isNotFound(error)).toBe(true);
    expect(deletes).toBe(2);
    expect(t.logs.some((log) => /that attempt probably deleted it/.test(log.message))).toBe(true);
  });
});
