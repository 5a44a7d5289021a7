// Throughput benchmark of the emulator, so that we know it is never the bottleneck of a
// benchmark of the provider. The emulator runs in a child process (its own event loop and, on a
// multi-core machine, its own core); this process generates the load over loopback with an
// undici Pool of keep-alive connections: a fixed mix of authenticated reads (getVenue get venue, getApGroup
// get AP group, getRequest get request record), one request in flight per connection, for a bounded
// time after a short warm-up. It prints requests/s, p50/p99 latency and errors, the server's own
// counts (GET /__admin/stats) as a cross-check, and ends with one JSON line:
//   {"requestsPerSecond":…, "p50Ms":…, "p99Ms":…, "errors":…}
//
//   npm run build && node dist/scripts/benchEmulator.js [--seconds 5] [--connections 32]
import { type EmulatorInfo, spawnEmulator, stopEmulator } from "./emulatorProcess";
import { intFlag } from "./flags";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";

const MAX_SECONDS = 30;
const WARM_UP_MS = 1000;

interface Result {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function call(
  pool: Pool,
  method: "GET" | "POST" | "PUT" | "DELETE",
  urlPath: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: any; setCookie?: string }> {
  const headers: Record<string, string> = {};
  // The admin API takes its writes as JSON only, even without a body (emulator/README.md).
  if (body !== undefined || method !== "GET") headers["content-type"] = "application/json";
  if (cookie !== undefined) headers.cookie = cookie;
  const reply = await pool.request({
    method,
    path: urlPath,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.body.text();
  return { status: reply.statusCode, json: text === "" ? undefined : JSON.parse(text) };
}

function expectStatus(what: string, got: { status: number; json: unknown }, status: number): void {
  if (got.status !== status) throw new Error(`${what} answered ${got.status}: ${JSON.stringify(got.json)}`);
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Logs in, switches the rate limit off, creates a venue; returns the three read paths and the cookie. */
async function prepare(pool: Pool, info: EmulatorInfo): Promise<{ paths: string[]; cookie: string }> {
  expectStatus("PUT /__admin/config", await call(pool, "PUT", "/__admin/config", { rateLimit: null }), 200);
  const login = await call(pool, "POST", "/token", { username: info.username, password: info.password });
  expectStatus("login", login, 200);
  const cookie = `API-KEY=${login.json["API-KEY"]}`;
  const tenant = `/api/tenant/${info.tenantId}`;
  const venue = await call(
    pool,
    "POST",
    `${tenant}/venue`,
    { name: "Bench venue", address: { city: "Lisbon", country: "Portugal" } },
    cookie,
  );
  expectStatus("createVenue add venue", venue, 202);
  const group = await call(
    pool,
    "GET",
    `${tenant}/wifi/venue/${venue.json.response.id}/default-ap-group`,
    undefined,
    cookie,
  );
  expectStatus("getVenueDefaultApGroup default AP group", group, 200);
  return {
    cookie,
    paths: [
      `${tenant}/venue/${venue.json.response.id}`,
      `${tenant}/wifi/ap-group/${group.json.id}`,
      `${tenant}/request/${venue.json.requestId}`,
    ],
  };
}

/** `connections` loops, one request in flight each, until `endAt`; latencies of requests started after `measureFrom`. */
async function load(
  pool: Pool,
  paths: string[],
  cookie: string,
  connections: number,
  measureFrom: number,
  endAt: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;
  const headers = { cookie };
  const worker = async () => {
    while (performance.now() < endAt) {
      const urlPath = paths[next++ % paths.length];
      const started = performance.now();
      try {
        const reply = await pool.request({ method: "GET", path: urlPath, headers });
        await reply.body.dump();
        if (reply.statusCode !== 200) throw new Error(`status ${reply.statusCode} for ${urlPath}`);
        if (started >= measureFrom) latencies.push(performance.now() - started);
      } catch (error) {
        if (started >= measureFrom) errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, errors, firstError };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seconds = intFlag(args, "--seconds", 5, MAX_SECONDS);
  const connections = intFlag(args, "--connections", 32, 256);
  // Whatever happens, this process ends: the child is killed with it.
  const watchdog = setTimeout(
    () => {
      process.stderr.write("bench: watchdog fired, giving up\n");
      process.exit(3);
    },
    WARM_UP_MS + seconds * 1000 + 30_000,
  );
  watchdog.unref();

  const { child, info } = await spawnEmulator(["--async-delay-ms", "0"]);
  const pool = new Pool(info.url, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  try {
    const { paths, cookie } = await prepare(pool, info);
    const measureFrom = performance.now() + WARM_UP_MS;
    const endAt = measureFrom + seconds * 1000;
    await call(pool, "DELETE", "/__admin/stats");
    const { latencies, errors, firstError } = await load(pool, paths, cookie, connections, measureFrom, endAt);
    const elapsedS = (performance.now() - measureFrom) / 1000;
    const stats = (await call(pool, "GET", "/__admin/stats")).json;

    const sorted = Float64Array.from(latencies).sort();
    const result: Result = {
      requestsPerSecond: Math.round(latencies.length / elapsedS),
      p50Ms: Number(percentile(sorted, 50).toFixed(2)),
      p99Ms: Number(percentile(sorted, 99).toFixed(2)),
      errors,
    };
    const out = process.stdout;
    out.write(
      `emulator ${info.url} (child process ${child.pid}); ${connections} keep-alive connections, one request in flight each\n`,
    );
    out.write(
      `mix: getVenue get venue, getApGroup get AP group, getRequest get request record; ${WARM_UP_MS} ms warm-up, then ${seconds} s measured\n`,
    );
    out.write(`requests/s: ${result.requestsPerSecond}  (${latencies.length} requests in ${elapsedS.toFixed(2)} s)\n`);
    out.write(`latency: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms\n`);
    out.write(`errors: ${errors}${firstError ? ` (first: ${firstError})` : ""}\n`);
    out.write(`server counts (warm-up included): ${JSON.stringify(stats.byOp)}\n`);
    out.write(JSON.stringify(result) + "\n");
  } finally {
    await pool.close();
    await stopEmulator(child);
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
