// Rate limit: token buckets per login and per tenant for service calls, per username for login; past it,
// 429 NMS-RATE-LIMITED with Retry-After in whole seconds. The admin API is never limited.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { admin, Client, otherTenant, send, sleep, start, venueBody } from "../../support/emulatorClient";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start({ rateLimit: { requestsPerSecond: 1, burst: 3 } });
});
afterAll(() => emu.close());
afterEach(async () => {
  await admin(emu, "PUT", "/config", { rateLimit: { requestsPerSecond: 1, burst: 3 } });
});

test("by default: 50 requests per second with a burst of 100", async () => {
  const plain = await startEmulator({ port: 0 });
  try {
    expect((await admin(plain, "GET", "/config")).body.rateLimit).toEqual({ requestsPerSecond: 50, burst: 100 });
  } finally {
    await plain.close();
  }
});

test("past the burst: 429 with Retry-After in whole seconds and the NMS-RATE-LIMITED body; no effect", async () => {
  // Each test takes a fresh tenant, so that buckets emptied elsewhere do not matter.
  const tenant = await otherTenant(emu);
  for (let i = 0; i < 3; i++) expect((await tenant.call("listVenues")).status).toBe(200);
  const refused = await tenant.call("createVenue", {}, venueBody("Over the limit"));
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("1");
  expect(refused.body).toEqual({
    errors: [{ code: "NMS-RATE-LIMITED", message: "too many requests" }],
    requestId: expect.any(String),
  });
  const objects = (await admin(emu, "GET", `/tenants/${tenant.tenantId}/objects`)).body;
  expect(objects.venues).toEqual([]);
});

test("Retry-After is the time to the next token, rounded up to whole seconds", async () => {
  await admin(emu, "PUT", "/config", { rateLimit: { requestsPerSecond: 0.4, burst: 1 } });
  const tenant = await otherTenant(emu);
  expect((await tenant.call("listVenues")).status).toBe(200);
  // One token takes 2.5 s to come back.
  expect((await tenant.call("listVenues")).headers.get("retry-after")).toBe("3");
});

test("the bucket refills at requestsPerSecond; a refused request costs no token", async () => {
  // A token every 200 ms: ample time for two refused calls on a loaded machine.
  await admin(emu, "PUT", "/config", { rateLimit: { requestsPerSecond: 5, burst: 1 } });
  const tenant = await otherTenant(emu);
  expect((await tenant.call("listVenues")).status).toBe(200);
  expect((await tenant.call("listVenues")).status).toBe(429);
  expect((await tenant.call("listVenues")).status).toBe(429);
  await sleep(250);
  expect((await tenant.call("listVenues")).status).toBe(200);
});

test("tenants are limited apart; sessions of one tenant share its bucket", async () => {
  const first = await otherTenant(emu);
  const second = await otherTenant(emu);
  for (let i = 0; i < 3; i++) await first.call("listVenues");
  expect((await first.call("listVenues")).status).toBe(429);
  expect((await second.call("listVenues")).status).toBe(200);
  const created = await admin(emu, "POST", "/tenants", {});
  const readOnly = await Client.login(emu, created.body.readOnlyUsername, created.body.readOnlyPassword);
  const primeAdmin = await Client.login(emu, created.body.username, created.body.password);
  for (let i = 0; i < 3; i++) expect((await readOnly.call("listVenues")).status).toBe(200);
  expect((await primeAdmin.call("listVenues")).status).toBe(429);
});

test("login is limited per username, with the same bucket parameters", async () => {
  const created = (await admin(emu, "POST", "/tenants", {})).body;
  const login = (username: string, password: string) => send(`${emu.url}/token`, "POST", { username, password });
  for (let i = 0; i < 3; i++) expect((await login(created.username, created.password)).status).toBe(200);
  const refused = await login(created.username, created.password);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("1");
  expect(refused.body.errors[0].code).toBe("NMS-RATE-LIMITED");
  expect((await login(created.readOnlyUsername, created.readOnlyPassword)).status).toBe(200);
  // Logging in does not spend the tenant's bucket.
  const client = await Client.login(emu, created.readOnlyUsername, created.readOnlyPassword);
  for (let i = 0; i < 3; i++) expect((await client.call("listVenues")).status).toBe(200);
});

test("the admin API is never limited, and null disables the limit at once", async () => {
  const tenant = await otherTenant(emu);
  for (let i = 0; i < 3; i++) await tenant.call("listVenues");
  expect((await tenant.call("listVenues")).status).toBe(429);
  for (let i = 0; i < 20; i++) expect((await admin(emu, "GET", "/config")).status).toBe(200);
  await admin(emu, "PUT", "/config", { rateLimit: null });
  for (let i = 0; i < 20; i++) expect((await tenant.call("listVenues")).status).toBe(200);
});

test("429 answers are logged and counted under their operation", async () => {
  await admin(emu, "DELETE", "/stats");
  const tenant = await otherTenant(emu);
  for (let i = 0; i < 5; i++) await tenant.call("getTenantDetails");
  expect((await admin(emu, "GET", "/stats")).body.byOp.getTenantDetails).toEqual({ "200": 3, "429": 2 });
});

describe("an MSP's login on its end customers' tenants (delegated access)", () => {
  /** An MSP tenant with `count` end customers, and its administrator's client. */
  async function mspWithCustomers(count: number): Promise<{ msp: Client; customers: Client[] }> {
    const msp = await otherTenant(emu);
    const customers: Client[] = [];
    for (let i = 0; i < count; i++) {
      const customer = await otherTenant(emu);
      await admin(emu, "PUT", `/tenants/${customer.tenantId}/msp`, { mspTenantId: msp.tenantId });
      customers.push(customer);
    }
    return { msp, customers };
  }
  /** The MSP's administrator acting in `customer`'s tenant, with the tenant header delegated calls carry. */
  const delegated = (msp: Client, customer: Client) => (op: "listVenues") =>
    msp.call(op, { tenantId: customer.tenantId }, undefined, undefined, { "x-rks-tenantid": customer.tenantId });

  test("the login's one budget spans every tenant it works in", async () => {
    const { msp, customers } = await mspWithCustomers(2);
    const [first, second] = customers.map((customer) => delegated(msp, customer));
    for (let i = 0; i < 3; i++) expect((await (i === 1 ? second : first)("listVenues")).status).toBe(200);
    const refused = await second("listVenues");
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe("NMS-RATE-LIMITED");
    // The customers' own administrators are other logins: their tenants still had budget for them.
    expect((await customers[1].call("listVenues")).status).toBe(200);
  });

  test("a tenant's budget is shared by its own administrators and its MSP's; a refused call costs neither bucket", async () => {
    const { msp, customers } = await mspWithCustomers(1);
    const [customer] = customers;
    // The MSP's login keeps one token of three; the customer's tenant none.
    for (let i = 0; i < 2; i++) expect((await msp.call("listVenues")).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await customer.call("listVenues")).status).toBe(200);
    expect((await delegated(msp, customer)("listVenues")).status).toBe(429);
    // The 429 took nothing of the MSP's login: its last token still lets a call in its own tenant through.
    expect((await msp.call("listVenues")).status).toBe(200);
    expect((await msp.call("listVenues")).status).toBe(429);
  });

  test("a call on a tenant the login may not reach costs that tenant nothing", async () => {
    const outsider = await otherTenant(emu);
    const victim = await otherTenant(emu);
    for (let i = 0; i < 3; i++) {
      const refused = await outsider.call("listVenues", { tenantId: victim.tenantId }, undefined, undefined, {
        "x-rks-tenantid": victim.tenantId,
      });
      expect(refused.status).toBe(403);
    }
    // The outsider's login is spent; the victim's tenant is not.
    expect((await outsider.call("listVenues")).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await victim.call("listVenues")).status).toBe(200);
  });
});
