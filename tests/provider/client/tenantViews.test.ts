// One login working in several tenants (an MSP's administrator on its end customers' tenants):
// NmsClient.forTenant. One API key and one login-wide rate limit for every tenant; each tenant's
// calls, request-record polls, batches and cached lists stay that tenant's. Checked through the
// emulator's request log, which shows each request's path tenant and tenant header.
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { type NmsClient, sharedLoginBucket, sharedTokenBucket } from "../../../provider/client";
import { adminApi, demoClient } from "../../support/emulatorClient";
import { venueBody } from "../../support/bodies";

type LogEntry = {
  method: string;
  op: string;
  status: number;
  tenantId: string | null;
  tenantHeader?: string;
  path: string;
};

let emulator: RunningEmulator;
let msp: NmsClient;
let customerA: string;
let customerB: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20 });
  customerA = (await adminApi(emulator, "POST", "tenants", { name: "Customer A" })).tenantId;
  customerB = (await adminApi(emulator, "POST", "tenants", { name: "Customer B" })).tenantId;
  for (const customer of [customerA, customerB])
    await adminApi(emulator, "PUT", `tenants/${customer}/msp`, { mspTenantId: emulator.demo.tenantId });
});

beforeEach(async () => {
  msp = demoClient(emulator);
  await adminApi(emulator, "DELETE", "log");
});

afterEach(() => msp.close());

afterAll(() => emulator.close());

const served = async (): Promise<LogEntry[]> =>
  ((await adminApi(emulator, "GET", "log")).entries as LogEntry[]).filter((e) => e.op !== "admin");

it("one view per tenant, sharing one login; the configured tenant's view is the client itself", async () => {
  const a = msp.forTenant(customerA);
  expect(msp.forTenant(customerA)).toBe(a);
  expect(a.forTenant(customerA)).toBe(a);
  expect(a.forTenant(emulator.demo.tenantId)).toBe(msp);
  expect(msp.forTenant(emulator.demo.tenantId)).toBe(msp);
  expect([a.tenantId, a.configuredTenantId]).toEqual([customerA, emulator.demo.tenantId]);
  await Promise.all([msp.call("listVenues"), a.call("listVenues"), msp.forTenant(customerB).call("listVenues")]);
  expect(msp.stats().requests.login).toBe(1);
  const entries = await served();
  expect(entries.filter((e) => e.op === "login")).toHaveLength(1);
  // Each call in its tenant's path; the customers' with the tenant header naming the customer, the MSP's own without.
  expect(
    entries
      .filter((e) => e.op === "listVenues")
      .map((e) => [e.tenantId, e.tenantHeader])
      .sort(),
  ).toEqual(
    [
      [customerA, customerA],
      [customerB, customerB],
      [emulator.demo.tenantId, undefined],
    ].sort(),
  );
});

it("a write in a view goes to its tenant, and its request record is polled there", async () => {
  const { response, record } = await msp
    .forTenant(customerA)
    .execute<{ id: string }>("createVenue", {}, { body: venueBody("Customer A site") });
  expect(record).toMatchObject({ status: "SUCCESS", tenantId: customerA });
  const held = await adminApi(emulator, "GET", `tenants/${customerA}/objects`);
  expect(held.venues.map((v: { id: string }) => v.id)).toContain(response!.id);
  const entries = await served();
  const polls = entries.filter((e) => e.op === "getRequest" || e.op === "listRequestsByStatus");
  expect(polls.length).toBeGreaterThan(0);
  // Nothing of the write touched another tenant's paths, or went without the customer's header.
  for (const entry of entries.filter((e) => e.op !== "login"))
    expect([entry.op, entry.tenantId, entry.tenantHeader]).toEqual([entry.op, customerA, customerA]);
});

it("an answer lost in a view is resolved from the record in the write's tenant, never sent again", async () => {
  await adminApi(emulator, "POST", "faults", { kind: "lost-answer", op: "createVenue", tenantId: customerB, count: 1 });
  const { record } = await msp.forTenant(customerB).execute("createVenue", {}, { body: venueBody("Lost answer site") });
  expect(record).toMatchObject({ status: "SUCCESS", tenantId: customerB });
  const entries = await served();
  expect(entries.filter((e) => e.op === "createVenue")).toHaveLength(1);
  expect(entries.filter((e) => e.op === "getRequest").every((e) => e.tenantId === customerB)).toBe(true);
  expect(entries.filter((e) => e.op === "getRequest").length).toBeGreaterThan(0);
});

it("cached lists are per tenant: a write in one tenant keeps the other's list", async () => {
  const a = msp.forTenant(customerA);
  const b = msp.forTenant(customerB);
  const listsOf = async (tenantId: string) =>
    (await served()).filter((e) => e.op === "listVenues" && e.tenantId === tenantId).length;
  const aVenues = await a.list("listVenues");
  await b.list("listVenues");
  await b.execute("createVenue", {}, { body: venueBody("Drops B's lists") });
  expect(await a.list("listVenues")).toEqual(aVenues);
  await b.list("listVenues");
  expect([await listsOf(customerA), await listsOf(customerB)]).toEqual([1, 2]);
});

it("reads through a shared list go to the view's tenant: the list is the customer's, never the login's own", async () => {
  const a = msp.forTenant(customerA);
  const { response } = await a.execute<{ id: string }>("createVenue", {}, { body: venueBody("Read through A's list") });
  const venueId = response!.id;
  await adminApi(emulator, "DELETE", "log");
  const readOf = () =>
    a.readThroughList<Record<string, unknown> | undefined>("listVenues", {}, undefined, {
      alone: () => a.call("getVenue", { venueId }),
      fromList: (items) => (items as Record<string, unknown>[]).find((venue) => venue.id === venueId),
    });
  const [first, second] = await Promise.all([readOf(), readOf()]);
  expect([first?.id, second?.id]).toEqual([venueId, venueId]);
  // One list call, in the customer's path and header; no read alone, nothing in the MSP's own tenant.
  expect((await served()).map((e) => [e.op, e.tenantId, e.tenantHeader])).toEqual([
    ["listVenues", customerA, customerA],
  ]);
});

it("array writes made together share a call per tenant, never one call for two tenants", async () => {
  const [a, b] = [msp.forTenant(customerA), msp.forTenant(customerB)];
  const create = async (client: NmsClient, name: string) =>
    (await client.execute<{ id: string }>("createVenue", {}, { body: venueBody(name) })).response!.id;
  const [a1, a2, b1, b2] = await Promise.all([
    create(a, "Batch login"),
    create(a, "Batch getRequest"),
    create(b, "Batch B1"),
    create(b, "Batch B2"),
  ]);
  await adminApi(emulator, "DELETE", "log");
  // Four deletes at once, two per tenant: the bulk delete (deleteVenues) takes each tenant's two in one call of its own.
  await Promise.all([
    a.executeInBatch("deleteVenues", {}, a1),
    b.executeInBatch("deleteVenues", {}, b1),
    a.executeInBatch("deleteVenues", {}, a2),
    b.executeInBatch("deleteVenues", {}, b2),
  ]);
  const deletes = (await served()).filter((e) => e.op === "deleteVenues");
  expect(deletes.map((e) => e.tenantId).sort()).toEqual([customerA, customerB].sort());
  for (const tenant of [customerA, customerB]) {
    const left = (await adminApi(emulator, "GET", `tenants/${tenant}/objects`)).venues.map(
      (v: { name: string }) => v.name,
    );
    expect(left.filter((name: string) => name.startsWith("Batch"))).toEqual([]);
  }
});

it("the login's rate limit spans its tenants; each tenant has its own limiter besides", async () => {
  const limited = demoClient(emulator, { maxRequestsPerSecond: 2, burst: 3, username: emulator.demo.username });
  try {
    const login = sharedLoginBucket(emulator.url, emulator.demo.username, { ratePerSecond: 2, burst: 3 });
    expect(sharedTokenBucket(emulator.url, customerA, { ratePerSecond: 2, burst: 3 })).not.toBe(
      sharedTokenBucket(emulator.url, customerB, { ratePerSecond: 2, burst: 3 }),
    );
    // Three calls, one per tenant: each tenant's limiter holds three tokens, the login's three in all (a login first).
    await Promise.all([
      limited.call("listVenues"),
      limited.forTenant(customerA).call("listVenues"),
      limited.forTenant(customerB).call("listVenues"),
    ]);
    expect(login.waiting).toBe(0);
    expect(limited.stats().rateLimitedWaitMs).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
});
