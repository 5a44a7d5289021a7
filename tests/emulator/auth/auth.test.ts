// login login, the API-KEY cookie, lockout, token expiry, tenant and role checks.
import type { RunningEmulator } from "../../../emulator";
import { admin, Client, otherTenant, send, sleep, start, venueBody } from "../../support/emulatorClient";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.close());

function expectErrorBody(body: unknown, code: string): void {
  expect(body).toEqual({
    errors: [expect.objectContaining({ code, message: expect.any(String) })],
    requestId: expect.any(String),
  });
}

describe("login", () => {
  test("answers the token in the body (as API-KEY and as token, which older clients read) and in an HttpOnly, SameSite=Strict cookie", async () => {
    const reply = await send(`${emu.url}/token`, "POST", { username: emu.demo.username, password: emu.demo.password });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      "API-KEY": expect.stringMatching(/^[0-9a-f]{32,}$/),
      token: reply.body["API-KEY"],
      tenantId: emu.demo.tenantId,
    });
    expect(reply.headers.get("set-cookie")).toBe(`API-KEY=${reply.body["API-KEY"]}; Path=/; HttpOnly; SameSite=Strict`);
    const tenant = await new Client(emu, emu.demo.tenantId, `API-KEY=${reply.body["API-KEY"]}`).call("getTenant");
    expect(tenant.status).toBe(200);
  });

  test("wrong password is 401 and the password is not echoed", async () => {
    const reply = await send(`${emu.url}/token`, "POST", { username: emu.demo.username, password: "wrong-password" });
    expect(reply.status).toBe(401);
    expectErrorBody(reply.body, "NMS-BAD-CREDENTIALS");
    expect(JSON.stringify(reply.body)).not.toContain("wrong-password");
  });

  test.each([
    ["not JSON", "{username:"],
    ["an array", "[]"],
    ["no password", JSON.stringify({ username: "admin@demo.example" })],
    ["a number as username", JSON.stringify({ username: 7, password: "x" })],
    ["no body", ""],
  ])("a malformed body (%s) is 400", async (_name, raw) => {
    const reply = await send(`${emu.url}/token`, "POST", raw);
    expect(reply.status).toBe(400);
    expectErrorBody(reply.body, "NMS-BAD-REQUEST");
  });

  test("five consecutive failures lock the username (423) until the lock expires", async () => {
    await admin(emu, "PUT", "/config", { lockoutThreshold: 5, lockoutDurationMs: 300 });
    const created = await admin(emu, "POST", "/tenants", {});
    const attempt = (password: string) =>
      send(`${emu.url}/token`, "POST", { username: created.body.username, password });
    for (let i = 1; i <= 4; i++) expect((await attempt("wrong")).status).toBe(401);
    const fifth = await attempt("wrong");
    expect(fifth.status).toBe(423);
    expectErrorBody(fifth.body, "NMS-LOCKED");
    expect((await attempt(created.body.password)).status).toBe(423);
    await sleep(350);
    expect((await attempt(created.body.password)).status).toBe(200);
  });

  test("a success resets the count of failures", async () => {
    const created = await admin(emu, "POST", "/tenants", {});
    const attempt = (password: string) =>
      send(`${emu.url}/token`, "POST", { username: created.body.username, password });
    for (let i = 0; i < 4; i++) await attempt("wrong");
    expect((await attempt(created.body.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt("wrong")).status).toBe(401);
  });
});

describe("the API-KEY cookie", () => {
  test("missing: 401 with the error body", async () => {
    const reply = await new Client(emu, emu.demo.tenantId, undefined).call("listVenues");
    expect(reply.status).toBe(401);
    expectErrorBody(reply.body, "NMS-NOT-AUTHENTICATED");
  });

  test("unknown token: 401", async () => {
    const reply = await new Client(emu, emu.demo.tenantId, "API-KEY=0123456789abcdef").call("listVenues");
    expect(reply.status).toBe(401);
    expectErrorBody(reply.body, "NMS-NOT-AUTHENTICATED");
  });

  test("found among other cookies", async () => {
    const client = await Client.login(emu);
    const reply = await new Client(emu, client.tenantId, `theme=dark; ${client.cookie}; lang=en`).call("listVenues");
    expect(reply.status).toBe(200);
  });

  test("expired through the admin API: 401, and a new login works", async () => {
    const client = await Client.login(emu);
    expect((await client.call("listVenues")).status).toBe(200);
    await admin(emu, "POST", "/tokens/expire");
    const reply = await client.call("listVenues");
    expect(reply.status).toBe(401);
    expectErrorBody(reply.body, "NMS-NOT-AUTHENTICATED");
    expect((await (await Client.login(emu)).call("listVenues")).status).toBe(200);
  });

  test("expired by its lifetime: 401", async () => {
    await admin(emu, "PUT", "/config", { tokenTtlMs: 100 });
    try {
      const client = await Client.login(emu);
      expect((await client.call("listVenues")).status).toBe(200);
      await sleep(150);
      expect((await client.call("listVenues")).status).toBe(401);
    } finally {
      await admin(emu, "PUT", "/config", { tokenTtlMs: 3_600_000 });
    }
  });
});

describe("tenant and role", () => {
  test("a token of one tenant on another tenant's path is 403", async () => {
    const other = await otherTenant(emu);
    const reply = await new Client(emu, emu.demo.tenantId, other.cookie).call("listVenues");
    expect(reply.status).toBe(403);
    expectErrorBody(reply.body, "NMS-FORBIDDEN-TENANT");
  });

  test("a READ_ONLY admin may read", async () => {
    const readOnly = await Client.login(emu, emu.demo.readOnlyUsername, emu.demo.readOnlyPassword);
    expect((await readOnly.call("getTenant")).status).toBe(200);
    expect((await readOnly.call("listVenues")).status).toBe(200);
    expect((await readOnly.call("listApGroups")).status).toBe(200);
  });

  test.each([
    ["getSwitchPortsByIds", { serialNumber: "FEK0000000001" }, ["1/1/1"]],
    ["getEndCustomerEntitlements", {}, undefined],
  ] as const)("a READ_ONLY admin may call the POST-shaped read %s", async (op, params, body) => {
    const readOnly = await Client.login(emu, emu.demo.readOnlyUsername, emu.demo.readOnlyPassword);
    const reply = await readOnly.call(op, params, body);
    expect(reply.body?.errors?.[0]?.code).not.toBe("NMS-FORBIDDEN-ROLE");
    expect(reply.status).not.toBe(403);
  });

  test.each([
    ["createVenue", {}, venueBody("Read-only venue")],
    ["deleteVenues", {}, ["0123"]],
    ["updateVenue", { venueId: "0123" }, venueBody()],
    ["deleteVenue", { venueId: "0123" }, undefined],
    ["createNetworkDeep", {}, {}],
  ] as const)("a READ_ONLY admin gets 403 on %s", async (op, params, body) => {
    const readOnly = await Client.login(emu, emu.demo.readOnlyUsername, emu.demo.readOnlyPassword);
    const reply = await readOnly.call(op, params, body);
    expect(reply.status).toBe(403);
    expectErrorBody(reply.body, "NMS-FORBIDDEN-ROLE");
  });
});

test("getTenant deep=true includes the admins; without it, no sub-entities", async () => {
  const client = await Client.login(emu);
  const shallow = await client.call("getTenant");
  expect(shallow.body).toMatchObject({ id: emu.demo.tenantId, name: emu.demo.tenantName, status: "active" });
  expect(shallow.body.admins).toBeUndefined();
  const deep = await client.call("getTenant", {}, undefined, "deep=true");
  const roles = deep.body.admins.map((a: { username: string; adminRoles: { role: string }[] }) => [
    a.username,
    a.adminRoles[0].role,
  ]);
  expect(roles).toEqual([
    [emu.demo.username, "PRIME_ADMIN"],
    [emu.demo.readOnlyUsername, "READ_ONLY"],
  ]);
  expect(JSON.stringify(deep.body)).not.toContain(emu.demo.password);
  const details = await client.call("getTenantDetails");
  expect(Object.keys(details.body).sort()).toEqual([
    "address",
    "city",
    "country",
    "organization",
    "stateOrProvince",
    "zip",
  ]);
});
