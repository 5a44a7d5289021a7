// One request-record poller per login (provider/client/coalescingWaiter.ts): the tenant views of an MSP's login share
// its ticks. The service lists records per tenant only (listRequestsByStatus's path names the tenant), so a tick polls each tenant with a
// request old enough to have finished, and once the poller knows how long requests take, the SUCCESS list alone
// settles them: one call per tenant for a wave of creates, where a poller per tenant listed PENDING, then PENDING and
// SUCCESS again, each on its own clock. Counted through the emulator's request log.
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { NmsRequestFailedError, type NmsClient } from "../../../provider/client";
import { adminApi, demoClient } from "../../support/emulatorClient";
import { venueBody } from "../../support/bodies";

type LogEntry = { op: string; tenantId: string | null };

const TENANTS = 6;
const CREATES_PER_TENANT = 5;

let emulator: RunningEmulator;
let customers: string[];
let msp: NmsClient;

beforeAll(async () => {
  // A fixed latency: every create of a wave finishes together, so one call per tenant can see them all.
  emulator = await startEmulator({ port: 0, asyncDelayMs: 300, asyncJitterMs: 0, rateLimit: null });
  customers = [];
  for (let index = 0; index < TENANTS; index++) {
    const { tenantId } = await adminApi(emulator, "POST", "tenants", { name: `Customer ${index}` });
    await adminApi(emulator, "PUT", `tenants/${tenantId}/msp`, { mspTenantId: emulator.demo.tenantId });
    customers.push(tenantId);
  }
});

beforeEach(() => {
  // The client's defaults for polling; a budget large enough that the rate limit never paces these calls.
  msp = demoClient(emulator, { pollInitialMs: 200, pollMaxMs: 5_000, maxRequestsPerSecond: 1_000 });
});

afterEach(() => msp.close());

afterAll(() => emulator.close());

const recordReads = async (): Promise<LogEntry[]> =>
  ((await adminApi(emulator, "GET", "log")).entries as LogEntry[]).filter(
    (e) => e.op === "getRequest" || e.op === "listRequestsByStatus",
  );

const create = (tenantId: string, name: string) =>
  msp.forTenant(tenantId).execute<{ id: string }>("createVenue", {}, { body: venueBody(name) });

it("a wave of creates in several tenants of one login costs about one record list per tenant", async () => {
  // The poller learns how long a request takes.
  await create(customers[0], "Warm-up site");
  await adminApi(emulator, "DELETE", "log");

  const results = await Promise.all(
    customers.flatMap((tenantId, t) =>
      Array.from({ length: CREATES_PER_TENANT }, (_, c) => create(tenantId, `Site ${t}-${c}`)),
    ),
  );
  expect(results.map((result) => result.record.status)).toEqual(Array(TENANTS * CREATES_PER_TENANT).fill("SUCCESS"));
  const reads = await recordReads();
  // Each tenant's records read in that tenant, none in the MSP's own.
  expect(new Set(reads.map((read) => read.tenantId))).toEqual(new Set(customers));
  // A poller per tenant made at least three calls each here (18); one poller for the login makes one or two.
  expect(reads.length).toBeLessThanOrEqual(2 * TENANTS);
});

it("a request that fails is still told apart from a slow one, in its own tenant", async () => {
  await create(customers[1], "Learns the latency");
  await adminApi(emulator, "POST", "faults", {
    kind: "fail-request",
    op: "createVenue",
    tenantId: customers[2],
    code: "VENUE-10001",
    count: 1,
  });
  const [failed, ...others] = await Promise.allSettled([
    create(customers[2], "Fails"),
    ...customers.map((tenantId, t) => create(tenantId, `Succeeds ${t}`)),
  ]);
  expect(failed.status).toBe("rejected");
  expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(NmsRequestFailedError);
  expect((failed as PromiseRejectedResult).reason.message).toContain("VENUE-10001");
  expect(others.map((outcome) => outcome.status)).toEqual(Array(TENANTS).fill("fulfilled"));
});
