// MSP-scale benchmark of the client against the simulated service (not in the default suite:
// `npx jest --testPathIgnorePatterns=/node_modules/ --testPathPattern 'scale\.slow'`).
// N creates go through the client at the given Pulumi-like parallelism; the figures are wall
// time against the theoretical limit (the rate limiter's budget, or parallelism × async delay)
// and polling calls (getRequest + listRequestsByStatus) per created resource. Resources come in chains of SCALE_DEPTH
// (each waits for its parent, like an AP group for its venue) and, like the Pulumi engine, at
// most SCALE_PARALLEL operations run at once (a resource waiting for its parent holds no slot).
// Env: SCALE_N, SCALE_RATE, SCALE_DELAY_MS, SCALE_DEPTH, SCALE_PARALLEL (comma-separated; 0 =
// unbounded), SCALE_WAITER (coalesced, per-request; comma-separated).

import { CLIENT_DEFAULTS, type WaiterKind } from "../../../provider/client";
import { clientFor } from "./fakeServer";
import { simulatedService } from "./simulatedService";

const N = Number(process.env.SCALE_N ?? 1_000);
const RATE = Number(process.env.SCALE_RATE ?? CLIENT_DEFAULTS.maxRequestsPerSecond);
const DELAY_MS = Number(process.env.SCALE_DELAY_MS ?? 300);
const DEPTH = Number(process.env.SCALE_DEPTH ?? 2);
const PARALLEL = (process.env.SCALE_PARALLEL ?? "16,0").split(",").map(Number);
const WAITERS = (process.env.SCALE_WAITER ?? "coalesced").split(",") as WaiterKind[];

/** Runs `count` tasks, task i after task i-1 when i is not a multiple of `depth`, at most `parallel` at once. */
async function runChains(
  count: number,
  depth: number,
  parallel: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let free = parallel > 0 ? parallel : Number.POSITIVE_INFINITY;
  const queue: Array<() => void> = [];
  const slot = async () => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => queue.push(resolve));
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free += 1;
  };
  const done: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const parent = index % depth === 0 ? Promise.resolve() : done[index - 1];
    done.push(
      parent.then(async () => {
        await slot();
        try {
          await task(index);
        } finally {
          release();
        }
      }),
    );
  }
  await Promise.all(done);
}

describe.each(WAITERS)("%s waiter at scale", (waiter) => {
  it.each(PARALLEL)(
    `creates ${N} resources in chains of ${DEPTH} at ${RATE}/s, parallelism %i (0 = unbounded)`,
    async (parallel) => {
      const sim = simulatedService({ asyncDelayMs: DELAY_MS });
      // The defaults a provider gets (pollInitialMs 200, pollMaxMs 5 s), with the rate under test.
      const t = await clientFor(sim.handler, {
        maxRequestsPerSecond: RATE,
        pollInitialMs: CLIENT_DEFAULTS.pollInitialMs,
        pollMaxMs: CLIENT_DEFAULTS.pollMaxMs,
        waiter,
      });
      try {
        const started = Date.now();
        await runChains(N, DEPTH, parallel, async (index) => {
          await t.client.execute("createVenue", {}, { body: { name: `venue-${index}` } });
        });
        const wallMs = Date.now() - started;
        const stats = t.client.stats();
        const polls = (stats.requests.getRequest ?? 0) + (stats.requests.listRequestsByStatus ?? 0);
        const burst = Math.max(1, RATE);
        const byRate = (Math.max(0, N + 1 - burst) / RATE) * 1000; // N POSTs and a login
        const byParallelism = parallel > 0 ? Math.ceil(N / parallel) * DELAY_MS : 0;
        // The last chain still needs its DEPTH writes one after the other.
        const theoreticalMs = Math.max(byRate + DEPTH * DELAY_MS, byParallelism);
        const figures = {
          waiter,
          n: N,
          rate: RATE,
          parallel,
          depth: DEPTH,
          delayMs: DELAY_MS,
          wallMs,
          theoreticalMs: Math.round(theoreticalMs),
          ratio: Number((wallMs / theoreticalMs).toFixed(3)),
          pollsPerResource: Number((polls / N).toFixed(3)),
          requests: stats.requests,
          rateLimitedWaitMs: stats.rateLimitedWaitMs,
        };
        console.log(JSON.stringify(figures));
        expect(sim.venues.size).toBe(N);
        if (waiter === "coalesced") {
          expect(figures.ratio).toBeLessThanOrEqual(1.25);
          expect(figures.pollsPerResource).toBeLessThanOrEqual(0.3);
        }
      } finally {
        await t.close();
      }
    },
    600_000,
  );
});
