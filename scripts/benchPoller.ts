// Bench of the request-record poller alone (provider/client/coalescingWaiter.ts), without Pulumi: the client's own
// share of a run, light enough on the CPU that a loaded machine changes its figures little. Each of --tenants end
// customers' tenants (reached by the MSP's one login, as in the bench's MSP estate) gets waves of venue creates, each
// wave sent once the one before it finished (as dependent resources wait for their parents), at most --parallel
// creates in flight at once (Pulumi's --parallel), against the emulator at the bench's settings (300–500 ms async
// latency, 100 requests/s) with the client's 95/s budget. Prints the wall time, the polls, the polls per create and how
// long a create held its slot on average (from the call to its request seen finished).
//
//   npm run bench:poller [-- --tenants 20] [--parallel 128] [--scale 1]
//
// --scale multiplies every wave (--tenants 1 --scale 20: one tenant with as many creates as 20 tenants).
import { startEmulator } from "../emulator";
import { NmsClient } from "../provider/client";

/** Creates per wave in each tenant: venues and a profile, their settings and VLANs, APs and the switch, the ports. */
const WAVES = [3, 12, 6, 20];

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}

async function main(): Promise<void> {
  const tenantCount = flag("tenants", 20);
  const parallel = flag("parallel", 128);
  const scale = flag("scale", 1);
  const emulator = await startEmulator({
    port: 0,
    asyncDelayMs: 300,
    asyncJitterMs: 200,
    rateLimit: { requestsPerSecond: 100, burst: 100 },
  });
  const admin = async (method: string, path: string, body: unknown) => {
    const answer = await fetch(`${emulator.url}/__admin/${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await answer.json()) as { tenantId: string };
  };
  const tenants: string[] = [];
  for (let index = 0; index < tenantCount; index++) {
    const { tenantId } = await admin("POST", "tenants", { name: `Customer ${index}` });
    await admin("PUT", `tenants/${tenantId}/msp`, { mspTenantId: emulator.demo.tenantId });
    tenants.push(tenantId);
  }
  const client = new NmsClient({
    baseUrl: emulator.url,
    tenantId: emulator.demo.tenantId,
    username: emulator.demo.username,
    password: emulator.demo.password,
    maxRequestsPerSecond: 95,
  });
  // Pulumi's slots: a create holds one from its start until its request is seen finished.
  let free = parallel;
  const queued: (() => void)[] = [];
  const acquire = () => (free > 0 ? ((free -= 1), Promise.resolve()) : new Promise<void>((go) => queued.push(go)));
  const release = () => {
    const next = queued.shift();
    if (next) next();
    else free += 1;
  };
  let creates = 0;
  // Time each create holds its slot, from the call to its request seen finished: against the emulator's mean latency
  // (400 ms), what the client adds per step, without the idle slots at the end of each wave that the wall time holds.
  let heldMs = 0;
  const startedAt = Date.now();
  try {
    await Promise.all(
      tenants.map(async (tenantId, t) => {
        const view = client.forTenant(tenantId);
        for (const [w, size] of WAVES.entries()) {
          await Promise.all(
            Array.from({ length: size * scale }, async (_, i) => {
              await acquire();
              try {
                const body = { name: `Site ${t}-${w}-${i}`, address: { city: "Lisbon", country: "Portugal" } };
                const sentAt = Date.now();
                await view.execute("createVenue", {}, { body });
                heldMs += Date.now() - sentAt;
                creates += 1;
              } finally {
                release();
              }
            }),
          );
        }
      }),
    );
    const wallSeconds = (Date.now() - startedAt) / 1000;
    const { requests } = client.stats();
    const polls = (requests.listRequestsByStatus ?? 0) + (requests.getRequest ?? 0);
    const slotMs = Math.round(heldMs / creates);
    console.log(
      `${creates} creates in ${tenantCount} tenant(s) at parallel ${parallel}: ${wallSeconds.toFixed(2)} s, ` +
        `${polls} polls (listRequestsByStatus ${requests.listRequestsByStatus ?? 0}, ` +
        `getRequest ${requests.getRequest ?? 0}), ${(polls / creates).toFixed(3)} per create, ` +
        `a create held its slot ${slotMs} ms on average (the emulator's mean latency: 400 ms)`,
    );
    console.log(JSON.stringify({ tenants: tenantCount, parallel, creates, wallSeconds, polls, slotMs, requests }));
  } finally {
    await client.close();
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
