import { NmsError } from "../../../provider/client";
import { clientFor, type Handler, type Hit, TENANT, type TestClient, withLogin } from "./fakeServer";

/** A service with `count` venues listed by listVenues (paged), createVenue accepting writes, listVenueApGroups listing AP groups per venue. */
function venueService(
  count: number,
  options: { delayMs?: number } = {},
): { handler: Handler; venues: Array<{ id: string; name: string }> } {
  const venues = Array.from({ length: count }, (_, index) => ({ id: `v${index}`, name: `venue-${index}` }));
  const handler = withLogin(async (hit: Hit) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (hit.method === "GET" && hit.path === `/api/tenant/${TENANT}/venue`) {
      const size = Number(hit.query.get("size"));
      const page = Number(hit.query.get("page"));
      return { status: 200, body: venues.slice(page * size, page * size + size) };
    }
    const groups = /\/wifi\/venue\/([^/]+)\/ap-group$/.exec(hit.path);
    if (hit.method === "GET" && groups) return { status: 200, body: [{ id: `g-${groups[1]}`, venueId: groups[1] }] };
    if (hit.method === "POST" && hit.path.endsWith("/venue")) {
      venues.push({ id: `v${venues.length}`, name: JSON.parse(hit.body).name });
      return { status: 202, body: { requestId: "req-w", response: venues[venues.length - 1] } };
    }
    if (hit.method === "PUT") return { status: 202, body: { requestId: "req-w" } };
    if (hit.path.includes("/request/")) {
      const record = {
        requestId: "req-w",
        status: "SUCCESS",
        admin: "a",
        count: 1,
        entityId: "v",
        method: "POST",
        serviceName: "venue",
        tenantId: TENANT,
        timestamp: "2025-01-01T00:00:00Z",
      };
      return {
        status: 200,
        body: hit.path.includes("/status/") ? (hit.path.endsWith("SUCCESS") ? [record] : []) : record,
      };
    }
    return { status: 404, body: { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }] } };
  });
  return { handler, venues };
}

const listHits = (t: TestClient) =>
  t.server.apiHits().filter((hit) => hit.method === "GET" && hit.path === `/api/tenant/${TENANT}/venue`);

describe("list()", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("pages with size 500 from page 0 until a short page", async () => {
    t = await clientFor(venueService(1_234).handler, { maxRequestsPerSecond: 1_000 });
    const venues = await t.client.list<{ id: string }>("listVenues");
    expect(venues).toHaveLength(1_234);
    expect(venues[1_233]).toEqual({ id: "v1233", name: "venue-1233" });
    expect(listHits(t).map((hit) => hit.query.toString())).toEqual([
      "page=0&size=500",
      "page=1&size=500",
      "page=2&size=500",
    ]);
  });

  it("sends a query with every page and caches lists of different queries apart", async () => {
    t = await clientFor(venueService(3).handler);
    await t.client.list("listVenues", {}, { deep: true });
    await t.client.list("listVenues", {}, { deep: true });
    await t.client.list("listVenues");
    expect(listHits(t).map((hit) => hit.query.toString())).toEqual(["deep=true&page=0&size=500", "page=0&size=500"]);
  });

  it("reads one more (empty) page when the last page is exactly full", async () => {
    t = await clientFor(venueService(500).handler);
    await expect(t.client.list("listVenues")).resolves.toHaveLength(500);
    expect(listHits(t)).toHaveLength(2);
  });

  it("caches for listCacheTtlMs, per operation and parameters", async () => {
    t = await clientFor(venueService(3).handler, { listCacheTtlMs: 150 });
    const first = await t.client.list("listVenues");
    const second = await t.client.list("listVenues");
    expect(second).toEqual(first);
    expect(second).not.toBe(first); // each caller gets its own array
    expect(listHits(t)).toHaveLength(1);
    await t.client.list("listVenueApGroups", { venueId: "v1" });
    await t.client.list("listVenueApGroups", { venueId: "v2" });
    await t.client.list("listVenueApGroups", { venueId: "v1" });
    expect(t.server.apiHits().filter((hit) => hit.path.includes("/ap-group"))).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 170));
    await t.client.list("listVenues");
    expect(listHits(t)).toHaveLength(2);
  });

  it("shares one fetch among concurrent callers", async () => {
    t = await clientFor(venueService(700, { delayMs: 30 }).handler);
    const lists = await Promise.all(Array.from({ length: 10 }, () => t!.client.list("listVenues")));
    for (const list of lists) expect(list).toHaveLength(700);
    expect(listHits(t)).toHaveLength(2); // pages 0 and 1, once
  });

  it("is dropped by any write through the client, and a list read during a write is not kept", async () => {
    const service = venueService(2, { delayMs: 20 });
    t = await clientFor(service.handler, { pollInitialMs: 5 });
    await t.client.list("listVenues");
    await t.client.execute("createVenue", {}, { body: { name: "new" } });
    await expect(t.client.list("listVenues")).resolves.toHaveLength(3);
    expect(listHits(t)).toHaveLength(2);
    await t.client.call("updateVenue", { venueId: "v0" }, { body: { name: "renamed" } }); // a non-GET call() is a write too
    await t.client.list("listVenues");
    expect(listHits(t)).toHaveLength(3);
    // A list in flight when a write starts is answered but not cached.
    await t.client.call("updateVenue", { venueId: "v0" }, { body: { name: "once more" } });
    const during = t.client.list("listVenues");
    const write = t.client.call("updateVenue", { venueId: "v0" }, { body: { name: "again" } });
    await Promise.all([during, write]);
    await t.client.list("listVenues");
    expect(listHits(t)).toHaveLength(5);
  });

  it("refuses a write operation and reports an answer that is not a list", async () => {
    t = await clientFor(withLogin(() => ({ status: 200, body: { id: "v1" } })));
    await expect(t.client.list("createVenue")).rejects.toThrow(/createVenue is not a read/);
    const error = await t.client.list("listVenues").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NmsError);
    expect((error as Error).message).toMatch(/listVenues: page 0: the answer is not a list/);
  });

  it("accepts {data: [...]} pages and stops at totalCount", async () => {
    const all = Array.from({ length: 600 }, (_, index) => ({ id: `v${index}` }));
    t = await clientFor(
      withLogin((hit) => {
        const page = Number(hit.query.get("page"));
        return { status: 200, body: { totalCount: all.length, page, data: all.slice(page * 500, page * 500 + 500) } };
      }),
    );
    await expect(t.client.list("listVenues")).resolves.toHaveLength(600);
  });
});

describe("readThroughList()", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("fetches fewer pages of a long list than it has reads; the reads of objects on the pages not fetched go on their own", async () => {
    t = await clientFor(venueService(1_234).handler, { maxRequestsPerSecond: 1_000 });
    const alone: string[] = [];
    const readOf = (id: string) =>
      t!.client.readThroughList<string>("listVenues", {}, undefined, {
        alone: async () => {
          alone.push(id);
          return `${id} alone`;
        },
        fromList: (listed) =>
          (listed as Array<{ id: string }>).some((venue) => venue.id === id) ? `${id} listed` : undefined,
      });
    // Three reads: at most two pages of the three the list has.
    const answers = await Promise.all(["v3", "v700", "v1200"].map(readOf));
    expect(answers).toEqual(["v3 listed", "v700 listed", "v1200 alone"]);
    expect(alone).toEqual(["v1200"]);
    expect(listHits(t).map((hit) => hit.query.toString())).toEqual(["page=0&size=500", "page=1&size=500"]);
  });
});
