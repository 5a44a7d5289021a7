// Lists with and without page/size, and tenants that cannot see or touch each other's objects.
import type { OperationName } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { admin, apGroupBody, Client, otherTenant, pskNetworkBody, start, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
let venueIds: string[];
let venueWithGroups: string;
let networkWithActivations: string;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
  venueIds = [];
  for (let i = 0; i < 5; i++) venueIds.push((await client.ok("createVenue", {}, venueBody(`Paged ${i}`))).id);
  venueWithGroups = venueIds[0];
  for (let i = 0; i < 4; i++) await client.ok("createApGroup", {}, apGroupBody(venueWithGroups, `Group ${i}`));
  networkWithActivations = (await client.ok("createNetwork", {}, pskNetworkBody("Paged"))).id;
  for (const venueId of venueIds)
    await client.ok("activateNetwork", {}, { networkId: networkWithActivations, venueId });
  for (let i = 0; i < 4; i++) await client.ok("createNetwork", {}, pskNetworkBody(`Paged ${i}`));
});
afterAll(() => emu.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe("pagination", () => {
  const lists: [string, OperationName, () => Record<string, string>, number][] = [
    ["listVenues venues", "listVenues", () => ({}), 5],
    ["listApGroups AP groups", "listApGroups", () => ({}), 9],
    ["listVenueApGroups AP groups of a venue", "listVenueApGroups", () => ({ venueId: venueWithGroups }), 5],
    ["listNetworks networks", "listNetworks", () => ({}), 5],
    [
      "listNetworkActivations activations of a network",
      "listNetworkActivations",
      () => ({ networkId: networkWithActivations }),
      5,
    ],
    [
      "listVenueNetworkActivations activations of a venue",
      "listVenueNetworkActivations",
      () => ({ venueId: venueIds[1] }),
      1,
    ],
  ];

  test.each(lists)("%s: everything without size, pages of two with page and size", async (_name, op, params, total) => {
    const all = (await client.call(op, params())).body;
    expect(all).toHaveLength(total);
    const pages: { id: string }[] = [];
    for (let page = 0; page * 2 < total; page++) {
      const reply = await client.call(op, params(), undefined, `page=${page}&size=2`);
      expect(reply.status).toBe(200);
      expect(reply.body.length).toBe(Math.min(2, total - page * 2));
      pages.push(...reply.body);
    }
    expect(ids(pages)).toEqual(ids(all));
    expect((await client.call(op, params(), undefined, `page=${Math.ceil(total / 2)}&size=2`)).body).toEqual([]);
  });

  test("lists keep creation order", async () => {
    expect(ids((await client.call("listVenues")).body)).toEqual(venueIds);
  });

  test("page without size returns everything; size without page is the first page", async () => {
    expect((await client.call("listVenues", {}, undefined, "page=3")).body).toHaveLength(5);
    expect(ids((await client.call("listVenues", {}, undefined, "size=3")).body)).toEqual(venueIds.slice(0, 3));
  });

  test.each(["page=x&size=2", "page=0&size=0", "size=-1", "page=1.5&size=2"])("bad paging %s is 400", async (query) => {
    const reply = await client.call("listVenues", {}, undefined, query);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].code).toBe("NMS-BAD-REQUEST");
  });
});

describe("tenant isolation", () => {
  let other: Client;
  beforeAll(async () => {
    other = await otherTenant(emu);
  });

  test("another tenant's lists are empty of our objects", async () => {
    expect((await other.call("listVenues")).body).toEqual([]);
    expect((await other.call("listApGroups")).body).toEqual([]);
    expect((await other.call("listNetworks")).body).toEqual([]);
  });

  test("our objects are unknown to another tenant, by ID", async () => {
    expect((await other.call("getVenue", { venueId: venueIds[0] })).status).toBe(404);
    expect((await other.call("getNetwork", { networkId: networkWithActivations })).status).toBe(404);
    expect((await other.call("listVenueApGroups", { venueId: venueIds[0] })).status).toBe(404);
    expect((await other.call("deleteVenue", { venueId: venueIds[1] })).status).toBe(404);
    expect((await client.call("getVenue", { venueId: venueIds[1] })).status).toBe(200);
  });

  test("another tenant cannot reference our objects", async () => {
    const reply = await other.call("createApGroup", {}, apGroupBody(venueIds[0]));
    expect(reply.status).toBe(404);
    expect(reply.body.errors[0].code).toBe("NMS-RELATED-NOT-FOUND");
  });

  test("names are unique per tenant only", async () => {
    expect((await other.write("createVenue", {}, venueBody("Paged 0"))).record.status).toBe("SUCCESS");
  });

  test("the admin view of objects is per tenant", async () => {
    const mine = (await admin(emu, "GET", `/tenants/${client.tenantId}/objects`)).body;
    const theirs = (await admin(emu, "GET", `/tenants/${other.tenantId}/objects`)).body;
    expect(ids(mine.venues)).toEqual(venueIds);
    expect(theirs.venues.map((v: { name: string }) => v.name)).toEqual(["Paged 0"]);
    expect(theirs.networks).toEqual([]);
  });

  test("request records are per tenant", async () => {
    const ours = (await client.call("listRequestsByStatus", { status: "SUCCESS" })).body.map(
      (r: { requestId: string }) => r.requestId,
    );
    const theirs = (await other.call("listRequestsByStatus", { status: "SUCCESS" })).body;
    expect(theirs).toHaveLength(1);
    expect(ours).not.toContain(theirs[0].requestId);
  });
});
