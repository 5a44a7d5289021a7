// Lists with and without page/size, and tenants that cannot see or touch each other's objects.
import type { OperationId } from "../../contract";
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
  for (let i = 0; i < 5; i++) venueIds.push((await client.ok("A7", {}, venueBody(`Paged ${i}`))).id);
  venueWithGroups = venueIds[0];
  for (let i = 0; i < 4; i++) await client.ok("W24", {}, apGroupBody(venueWithGroups, `Group ${i}`));
  networkWithActivations = (await client.ok("W50", {}, pskNetworkBody("Paged"))).id;
  for (const venueId of venueIds) await client.ok("W59", {}, { networkId: networkWithActivations, venueId });
  for (let i = 0; i < 4; i++) await client.ok("W50", {}, pskNetworkBody(`Paged ${i}`));
});
afterAll(() => emu.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe("pagination", () => {
  const lists: [string, OperationId, () => Record<string, string>, number][] = [
    ["A6 venues", "A6", () => ({}), 5],
    ["W23 AP groups", "W23", () => ({}), 9],
    ["W29 AP groups of a venue", "W29", () => ({ venueId: venueWithGroups }), 5],
    ["W49 networks", "W49", () => ({}), 5],
    ["W64 activations of a network", "W64", () => ({ networkId: networkWithActivations }), 5],
    ["W66 activations of a venue", "W66", () => ({ venueId: venueIds[1] }), 1],
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
    expect(ids((await client.call("A6")).body)).toEqual(venueIds);
  });

  test("page without size returns everything; size without page is the first page", async () => {
    expect((await client.call("A6", {}, undefined, "page=3")).body).toHaveLength(5);
    expect(ids((await client.call("A6", {}, undefined, "size=3")).body)).toEqual(venueIds.slice(0, 3));
  });

  test.each(["page=x&size=2", "page=0&size=0", "size=-1", "page=1.5&size=2"])("bad paging %s is 400", async (query) => {
    const reply = await client.call("A6", {}, undefined, query);
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
    expect((await other.call("A6")).body).toEqual([]);
    expect((await other.call("W23")).body).toEqual([]);
    expect((await other.call("W49")).body).toEqual([]);
  });

  test("our objects are unknown to another tenant, by ID", async () => {
    expect((await other.call("A9", { venueId: venueIds[0] })).status).toBe(404);
    expect((await other.call("W54", { networkId: networkWithActivations })).status).toBe(404);
    expect((await other.call("W29", { venueId: venueIds[0] })).status).toBe(404);
    expect((await other.call("A11", { venueId: venueIds[1] })).status).toBe(404);
    expect((await client.call("A9", { venueId: venueIds[1] })).status).toBe(200);
  });

  test("another tenant cannot reference our objects", async () => {
    const reply = await other.call("W24", {}, apGroupBody(venueIds[0]));
    expect(reply.status).toBe(404);
    expect(reply.body.errors[0].code).toBe("NMS-RELATED-NOT-FOUND");
  });

  test("names are unique per tenant only", async () => {
    expect((await other.write("A7", {}, venueBody("Paged 0"))).record.status).toBe("SUCCESS");
  });

  test("the admin view of objects is per tenant", async () => {
    const mine = (await admin(emu, "GET", `/tenants/${client.tenantId}/objects`)).body;
    const theirs = (await admin(emu, "GET", `/tenants/${other.tenantId}/objects`)).body;
    expect(ids(mine.venues)).toEqual(venueIds);
    expect(theirs.venues.map((v: { name: string }) => v.name)).toEqual(["Paged 0"]);
    expect(theirs.networks).toEqual([]);
  });

  test("request records are per tenant", async () => {
    const ours = (await client.call("A3", { status: "SUCCESS" })).body.map((r: { requestId: string }) => r.requestId);
    const theirs = (await other.call("A3", { status: "SUCCESS" })).body;
    expect(theirs).toHaveLength(1);
    expect(ours).not.toContain(theirs[0].requestId);
  });
});
