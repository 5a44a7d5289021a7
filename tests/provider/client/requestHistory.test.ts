// The tenant's request records as a history of who changed which object (provider/client/requestHistory.ts), read
// from the emulator's listRequestsByStatus lists.
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { readTenantHistory, sharedTenantHistory, tenantHistory } from "../../../provider/client/requestHistory";
import { adminApi, Client, demoClient, start, venueBody } from "../../support/emulatorClient";

let emu: RunningEmulator;
let client: NmsClient;
let demo: Client;
let second: Client;
const SECOND = "second.admin@demo.example";

beforeAll(async () => {
  emu = await start();
  client = demoClient(emu);
  demo = await Client.login(emu);
  await demo.ok("createAdmin", {}, { email: SECOND, role: "PRIME_ADMIN" });
  await adminApi(emu, "POST", "/passwords", { username: SECOND, password: "second-admin-password" });
  second = await Client.login(emu, SECOND, "second-admin-password");
});

afterAll(async () => {
  await client.close();
  await emu.close();
});

test("names the administrator, method and request of each write to an object, most recent first", async () => {
  const venue = await demo.ok("createVenue", {}, venueBody("History HQ"));
  const other = await demo.ok("createVenue", {}, venueBody("History Other"));
  const { accepted: update } = await second.write(
    "updateVenue",
    { venueId: venue.id },
    { ...venueBody("History HQ 2") },
  );
  const { accepted: remove } = await second.write("deleteVenue", { venueId: venue.id });

  const history = await readTenantHistory(client);
  const changes = history.changesTo(venue.id);
  expect(changes.map((c) => [c.admin, c.method, c.requestId])).toEqual([
    [SECOND, "DELETE", remove.body.requestId],
    [SECOND, "PUT", update.body.requestId],
    [emu.demo.username, "POST", expect.any(String)],
  ]);
  expect(changes[0]).toMatchObject({ status: "SUCCESS", serviceName: expect.any(String) });
  expect(history.changesTo(other.id).map((c) => c.method)).toEqual(["POST"]);

  // After the create: only the second administrator's records; minus an excluded one.
  const since = changes[2].timestamp;
  expect(history.changesTo(venue.id, { since }).map((c) => c.requestId)).toEqual([
    remove.body.requestId,
    update.body.requestId,
  ]);
  expect(
    history.changesTo(venue.id, { since, exclude: new Set([remove.body.requestId]) }).map((c) => c.requestId),
  ).toEqual([update.body.requestId]);
  expect(history.reachesBackTo(since)).toBe(true);
  expect(history.reachesBackTo(undefined)).toBe(false);
  expect(history.pagesRead).toBe(3); // one short page of each status
});

test("a bulk delete's record names each object it deleted", async () => {
  const a = await demo.ok("createVenue", {}, venueBody("Bulk A"));
  const b = await demo.ok("createVenue", {}, venueBody("Bulk B"));
  await second.ok("deleteVenues", {}, [a.id, b.id]);
  const history = await readTenantHistory(client);
  for (const id of [a.id, b.id]) expect(history.changesTo(id)[0]).toMatchObject({ admin: SECOND, method: "DELETE" });
});

test("pages through lists longer than a page, and a list cut at the page budget reaches back only as far as it was read", async () => {
  const venue = await demo.ok("createVenue", {}, venueBody("Paged HQ"));
  for (let i = 0; i < 5; i++) await demo.ok("updateVenue", { venueId: venue.id }, venueBody(`Paged HQ ${i}`));
  const all = await readTenantHistory(client, { pageSize: 2 });
  expect(all.changesTo(venue.id)).toHaveLength(6);
  expect(all.pagesRead).toBeGreaterThan(3);
  const created = all.changesTo(venue.id)[5].timestamp;
  expect(all.reachesBackTo(created)).toBe(true);

  const cut = await readTenantHistory(client, { pageSize: 2, maxPagesPerStatus: 1 });
  expect(cut.changesTo(venue.id)).toHaveLength(2);
  expect(cut.reachesBackTo(created)).toBe(false);
  expect(cut.pagesRead).toBe(3);
});

test("records dropped by the retention: the history does not reach back past the oldest one held", async () => {
  const venue = await demo.ok("createVenue", {}, venueBody("Retention HQ"));
  const created = (await readTenantHistory(client)).changesTo(venue.id)[0];
  await adminApi(emu, "PUT", "/config", { requestRecordKeepMs: 0, requestRecordKeepCount: 2 });
  try {
    for (let i = 0; i < 4; i++) await second.ok("updateVenue", { venueId: venue.id }, venueBody(`Retention HQ ${i}`));
    const history = await readTenantHistory(client);
    expect(history.changesTo(venue.id, { since: created.timestamp }).length).toBeLessThan(4);
    expect(history.reachesBackTo(created.timestamp)).toBe(false);
  } finally {
    await adminApi(emu, "PUT", "/config", { requestRecordKeepMs: 300_000, requestRecordKeepCount: 1000 });
  }
});

test("the shared history is read once per tenant view while fresh, whoever asks", async () => {
  const fresh = demoClient(emu);
  try {
    const [a, b] = await Promise.all([sharedTenantHistory(fresh), sharedTenantHistory(fresh)]);
    expect(a).toBe(b);
    expect(await sharedTenantHistory(fresh)).toBe(a);
    expect(fresh.stats().requests.listRequestsByStatus).toBe(3);
    expect(await sharedTenantHistory(fresh, { maxAgeMs: 0 })).not.toBe(a);
    expect(fresh.stats().requests.listRequestsByStatus).toBe(6);
  } finally {
    await fresh.close();
  }
});

test("without records the history reaches back nowhere, and orders what it holds by time", () => {
  expect(tenantHistory("t", [], 0).reachesBackTo(new Date().toISOString())).toBe(false);
  const record = (requestId: string, timestamp: string) => ({
    admin: "a",
    count: 1,
    entityId: "x,y",
    method: "PUT",
    requestId,
    serviceName: "s",
    status: "SUCCESS" as const,
    tenantId: "t",
    timestamp,
  });
  const history = tenantHistory(
    "t",
    [record("old", "2026-01-01T00:00:00.000Z"), record("new", "2026-01-02T00:00:00.000Z")],
    1,
  );
  expect(history.changesTo("y").map((c) => c.requestId)).toEqual(["new", "old"]);
  expect(history.reachesBackTo("2026-01-01T00:00:00.000Z")).toBe(true);
  expect(history.reachesBackTo("2025-12-31T00:00:00.000Z")).toBe(false);
});
