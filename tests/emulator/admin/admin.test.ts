// The admin API: settings, reset, extra tenants, request log, objects, faults.
import type { RunningEmulator } from "../../../emulator";
import { admin, Client, start, venueBody } from "../../support/emulatorClient";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start({ seed: 42 });
});
afterAll(() => emu.close());

test("config: read, partial update, bad values refused", async () => {
  const before = await admin(emu, "GET", "/config");
  expect(before.body).toEqual({
    asyncDelayMs: 0,
    asyncJitterMs: 0,
    asyncLatencyByOp: {},
    rateLimit: null,
    requestRecordKeepCount: 1000,
    requestRecordKeepMs: 300000,
    tokenTtlMs: 3_600_000,
    lockoutThreshold: 5,
    lockoutDurationMs: 60_000,
    uploadAddressTtlMs: 15 * 60_000,
    downloadAddressTtlMs: 5 * 60_000,
  });
  const updated = await admin(emu, "PUT", "/config", { lockoutThreshold: 3 });
  expect(updated.body).toEqual({ ...before.body, lockoutThreshold: 3 });
  expect((await admin(emu, "PUT", "/config", { asyncDelayMs: -1 })).status).toBe(422);
  expect((await admin(emu, "PUT", "/config", { speed: 1 })).status).toBe(422);
  expect((await admin(emu, "PUT", "/config", { rateLimit: { requestsPerSecond: 0, burst: 1 } })).status).toBe(422);
  expect((await admin(emu, "PUT", "/config", { rateLimit: { requestsPerSecond: 5 } })).status).toBe(422);
  expect((await admin(emu, "PUT", "/config", { asyncLatencyByOp: { getVenue: { baseMs: 5 } } })).status).toBe(422);
  expect((await admin(emu, "PUT", "/config", { asyncLatencyByOp: { Z1: { baseMs: 5 } } })).status).toBe(422);
  const latency = await admin(emu, "PUT", "/config", {
    asyncLatencyByOp: { createVenue: { baseMs: 5 } },
    rateLimit: { requestsPerSecond: 2.5, burst: 3 },
  });
  expect(latency.body).toMatchObject({
    asyncLatencyByOp: { createVenue: { baseMs: 5, jitterMs: 0 } },
    rateLimit: { requestsPerSecond: 2.5, burst: 3 },
  });
  await admin(emu, "PUT", "/config", before.body);
  expect((await admin(emu, "GET", "/config")).body).toEqual(before.body);
});

test("options are checked like PUT /__admin/config", async () => {
  await expect(start({ asyncDelayMs: -1 })).rejects.toThrow(/invalid emulator options: asyncDelayMs/);
});

test("tenants: a new tenant's admins can log in to it and only it", async () => {
  const created = await admin(emu, "POST", "/tenants", { name: "Second" });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({
    tenantId: expect.stringMatching(/^[0-9a-f]{32}$/),
    tenantName: "Second",
    username: expect.any(String),
    password: expect.any(String),
    readOnlyUsername: expect.any(String),
    readOnlyPassword: expect.any(String),
  });
  const client = await Client.login(emu, created.body.username, created.body.password);
  expect(client.tenantId).toBe(created.body.tenantId);
  expect((await client.call("getTenant")).body.name).toBe("Second");
  const readOnly = await Client.login(emu, created.body.readOnlyUsername, created.body.readOnlyPassword);
  expect((await readOnly.call("createVenue", {}, venueBody())).status).toBe(403);
});

test("log: every request with its operation, status and tenant; clearing it", async () => {
  await admin(emu, "DELETE", "/log");
  const client = await Client.login(emu);
  await client.call("createVenue", {}, venueBody("Logged"));
  await client.call("getVenue", { venueId: "missing" });
  const entries = (await admin(emu, "GET", "/log")).body.entries;
  // The clearing request is itself served after the clear, so it opens the new log.
  expect(entries.map((e: { op: string; status: number; method: string }) => [e.method, e.op, e.status])).toEqual([
    ["DELETE", "admin", 204],
    ["POST", "login", 200],
    ["POST", "createVenue", 202],
    ["GET", "getVenue", 404],
  ]);
  expect(entries[2]).toEqual({
    seq: expect.any(Number),
    method: "POST",
    path: `/api/tenant/${emu.demo.tenantId}/venue`,
    op: "createVenue",
    status: 202,
    tenantId: emu.demo.tenantId,
    at: expect.stringMatching(/Z$/),
  });
  expect(entries[1].tenantId).toBeNull();
  expect(entries[3].seq).toBeGreaterThan(entries[2].seq);
  const afterRead = (await admin(emu, "GET", "/log")).body.entries;
  expect(afterRead[afterRead.length - 1]).toMatchObject({ op: "admin", path: "/__admin/log", status: 200 });
});

test("log: the tenant header a request carried (delegated calls, switch operations) is in its entry", async () => {
  const msp = await Client.login(emu);
  const customer = (await admin(emu, "POST", "/tenants", { name: "Logged customer" })).body;
  await admin(emu, "PUT", `/tenants/${customer.tenantId}/msp`, { mspTenantId: emu.demo.tenantId });
  await admin(emu, "DELETE", "/log");
  await msp.call("listVenues", { tenantId: customer.tenantId }, undefined, undefined, {
    "x-rks-tenantid": customer.tenantId,
  });
  await msp.call("listSwitchProfiles");
  const entries = (await admin(emu, "GET", "/log")).body.entries;
  expect(entries.slice(1).map((e: Record<string, unknown>) => [e.op, e.status, e.tenantId, e.tenantHeader])).toEqual([
    ["listVenues", 200, customer.tenantId, customer.tenantId],
    ["listSwitchProfiles", 200, emu.demo.tenantId, emu.demo.tenantId],
  ]);
});

test("objects: unknown tenant is 404", async () => {
  expect((await admin(emu, "GET", "/tenants/0123/objects")).status).toBe(404);
});

test("faults: listed with their counters, cleared", async () => {
  await admin(emu, "POST", "/faults", { kind: "fail-request", op: "createApGroup", count: 3 });
  expect((await admin(emu, "GET", "/faults")).body).toEqual({
    faults: [
      {
        id: expect.any(String),
        kind: "fail-request",
        op: "createApGroup",
        code: "WIFI-10000",
        probability: 1,
        count: 3,
        remaining: 3,
        matched: 0,
        fired: 0,
      },
    ],
    exhausted: [],
  });
  expect((await admin(emu, "DELETE", "/faults")).status).toBe(204);
  expect((await admin(emu, "GET", "/faults")).body.faults).toEqual([]);
});

test("stats: requests counted by operation and status; cleared", async () => {
  expect((await admin(emu, "DELETE", "/stats")).status).toBe(204);
  const client = await Client.login(emu);
  await client.call("getVenue", { venueId: "missing" });
  await client.call("getVenue", { venueId: "missing" });
  await client.call("listVenues");
  const stats = (await admin(emu, "GET", "/stats")).body;
  // A request is counted once answered: the clearing one opens the new count, the reading one is not in it yet.
  expect(stats).toEqual({
    since: expect.stringMatching(/Z$/),
    total: 5,
    byOp: { admin: { "204": 1 }, login: { "200": 1 }, getVenue: { "404": 2 }, listVenues: { "200": 1 } },
  });
});

test("an unknown admin path is 404", async () => {
  expect((await admin(emu, "GET", "/nothing")).status).toBe(404);
});

test("reset: objects, tokens and other tenants go; the demo tenant comes back with the same ID", async () => {
  const client = await Client.login(emu);
  await client.ok("createVenue", {}, venueBody("Before reset"));
  const extra = await admin(emu, "POST", "/tenants", {});
  const reset = await admin(emu, "POST", "/reset");
  expect(reset.body).toEqual(emu.demo);
  expect((await client.call("listVenues")).status).toBe(401);
  const again = await Client.login(emu);
  expect(again.tenantId).toBe(emu.demo.tenantId);
  expect((await again.call("listVenues")).body).toEqual([]);
  expect((await admin(emu, "GET", `/tenants/${extra.body.tenantId}/objects`)).status).toBe(404);
});

test("a seed makes tenant IDs reproducible", async () => {
  const twin = await start({ seed: 42 });
  try {
    expect(twin.demo.tenantId).toBe(emu.demo.tenantId);
  } finally {
    await twin.close();
  }
});
