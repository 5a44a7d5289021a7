// Soak run of the emulator (a real HTTP server in a child process, started with --expose-gc):
// several tenants, each driven by a few workers at a set pace with a mix of creates, reads,
// updates, deletes, lists and request-record polls (every async write is polled with getRequest until it
// leaves PENDING; listRequestsByStatus lists pending records). Per interval it prints the server's memory after a
// full GC (RSS, heap) and the latency of the interval's requests (p50/p95/p99); at the end, the
// last interval against the first and against the middle one as ratios, a verdict on flatness
// (memory over the second half, once the bounded log and record window have filled), and one
// JSON line.
//
//   npm run soak -- [--minutes 10] [--tenants 4] [--interval-seconds 30] [--rate 40] [--record-keep-seconds S]
//
// --rate is requests per second per tenant. --record-keep-seconds sets the emulator's
// requestRecordKeepMs (default 5 minutes): a run shorter than that sees finished records pile up
// until their retention starts, so a short run sets it below its own length to be judged at
// steady state. Not part of `npm test`.
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";

const WORKERS_PER_TENANT = 4;
/** Live venues a tenant keeps at most: the service's objects stay bounded, so memory should too. */
const MAX_VENUES_PER_TENANT = 40;
/** Flat: the last interval's memory within 10% of the middle one's, its p95 within 2x of the first's. */
const FLAT = { memory: 1.1, latency: 2 };

interface Options {
  minutes: number;
  tenants: number;
  intervalSeconds: number;
  rate: number;
}

function numberFlag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

interface Reply {
  status: number;
  json: any;
}

class Load {
  readonly latencies: number[] = [];
  requests = 0;
  errors = 0;
  constructor(private readonly pool: Pool) {}

  async call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    urlPath: string,
    body?: unknown,
    cookie?: string,
    expected?: number,
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (cookie !== undefined) headers.cookie = cookie;
    const started = performance.now();
    const reply = await this.pool.request({
      method,
      path: urlPath,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.body.text();
    if (!urlPath.startsWith("/__admin")) {
      this.latencies.push(performance.now() - started);
      this.requests++;
      if (expected !== undefined && reply.statusCode !== expected) {
        if (this.errors++ < 3)
          process.stderr.write(`unexpected ${reply.statusCode} to ${method} ${urlPath}: ${text.slice(0, 200)}\n`);
      }
    }
    return { status: reply.statusCode, json: text === "" ? undefined : JSON.parse(text) };
  }

  /** The interval's latencies, sorted, and a fresh list for the next. */
  takeLatencies(): Float64Array {
    const sorted = Float64Array.from(this.latencies.splice(0)).sort();
    return sorted;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One tenant's worker: create a venue and poll its request, read it, update it, list, sometimes delete one. */
async function worker(
  load: Load,
  tenant: { id: string; cookie: string; venues: string[] },
  pauseMs: number,
  until: number,
  seq: { n: number },
): Promise<void> {
  const base = `/api/tenant/${tenant.id}`;
  const paced = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    const rest = pauseMs - (performance.now() - started);
    if (rest > 0) await sleep(rest);
  };
  const poll = async (requestId: string) => {
    for (;;) {
      const record = await load.call("GET", `${base}/request/${requestId}`, undefined, tenant.cookie, 200);
      if (record.json?.status !== "PENDING") return record.json;
      await sleep(10);
    }
  };
  while (Date.now() < until) {
    const roll = seq.n++ % 10;
    if (roll === 0 || tenant.venues.length === 0) {
      if (tenant.venues.length >= MAX_VENUES_PER_TENANT) {
        const id = tenant.venues.shift()!;
        await paced(async () => {
          const answer = await load.call("DELETE", `${base}/venue/${id}`, undefined, tenant.cookie, 202);
          if (answer.status === 202) await poll(answer.json.requestId);
        });
        continue;
      }
      await paced(async () => {
        const answer = await load.call(
          "POST",
          `${base}/venue`,
          { name: `soak-${seq.n}-${Math.random().toString(36).slice(2, 8)}`, address: { city: "Lisbon" } },
          tenant.cookie,
          202,
        );
        if (answer.status === 202 && (await poll(answer.json.requestId))?.status === "SUCCESS")
          tenant.venues.push(answer.json.response.id);
      });
    } else if (roll <= 5) {
      const id = tenant.venues[seq.n % tenant.venues.length];
      await paced(() => load.call("GET", `${base}/venue/${id}`, undefined, tenant.cookie));
    } else if (roll <= 7) {
      const id = tenant.venues[seq.n % tenant.venues.length];
      await paced(async () => {
        // A venue another worker just deleted answers 404: the mix tolerates that race.
        const answer = await load.call(
          "PUT",
          `${base}/venue/${id}`,
          { description: `changed ${seq.n}` },
          tenant.cookie,
        );
        if (answer.status === 202) await poll(answer.json.requestId);
      });
    } else if (roll === 8) {
      await paced(() => load.call("GET", `${base}/venue?page=0&size=50`, undefined, tenant.cookie, 200));
    } else {
      await paced(() =>
        load.call("GET", `${base}/request/status/PENDING?page=0&size=50`, undefined, tenant.cookie, 200),
      );
    }
  }
}

function spawnEmulatorWithGc(): Promise<{ child: ChildProcess; url: string }> {
  const mainJs = path.join(__dirname, "..", "emulator", "main.js");
  const child = spawn(
    process.execPath,
    ["--expose-gc", mainJs, "--port", "0", "--no-rate-limit", "--async-delay-ms", "20"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  process.once("exit", () => child.kill("SIGKILL"));
  return new Promise((resolve, reject) => {
    let buffered = "";
    child.once("exit", (code) => reject(new Error(`the emulator exited early (code ${code})`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      child.removeAllListeners("exit");
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      resolve({ child, url: (JSON.parse(buffered.slice(0, newline)) as { url: string }).url });
    });
  });
}

interface IntervalRow {
  atSeconds: number;
  requests: number;
  errors: number;
  rssMb: number;
  heapMb: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const o: Options = {
    minutes: numberFlag(args, "--minutes", 10),
    tenants: Math.floor(numberFlag(args, "--tenants", 4)),
    intervalSeconds: numberFlag(args, "--interval-seconds", 30),
    rate: numberFlag(args, "--rate", 40),
  };
  const keepSeconds = args.includes("--record-keep-seconds")
    ? numberFlag(args, "--record-keep-seconds", 300)
    : undefined;
  const { child, url } = await spawnEmulatorWithGc();
  const pool = new Pool(url, { connections: o.tenants * WORKERS_PER_TENANT + 2 });
  const load = new Load(pool);
  try {
    if (keepSeconds !== undefined)
      await load.call("PUT", "/__admin/config", { requestRecordKeepMs: Math.round(keepSeconds * 1000) });
    const tenants = [];
    for (let i = 0; i < o.tenants; i++) {
      const made = await load.call("POST", "/__admin/tenants", { name: `Soak tenant ${i + 1}` });
      const login = await load.call(
        "POST",
        "/token",
        { username: made.json.username, password: made.json.password },
        undefined,
        200,
      );
      tenants.push({
        id: made.json.tenantId as string,
        cookie: `API-KEY=${login.json["API-KEY"]}`,
        venues: [] as string[],
      });
    }
    const memory = async () =>
      (await load.call("GET", "/__admin/memory")).json as { rss: number; heapUsed: number; afterGc: boolean };
    process.stdout.write(
      `soak: ${o.tenants} tenants x ${WORKERS_PER_TENANT} workers, ${o.rate} requests/s per tenant, ${o.minutes} min, intervals of ${o.intervalSeconds} s; ` +
        `finished request records kept ${keepSeconds ?? 300} s\n`,
    );
    const start = await memory();
    process.stdout.write(
      `start: RSS ${(start.rss / 2 ** 20).toFixed(1)} MB, heap ${(start.heapUsed / 2 ** 20).toFixed(1)} MB (after GC: ${start.afterGc})\n`,
    );
    process.stdout.write("   t (s)  requests  errors   RSS MB  heap MB   p50 ms   p95 ms   p99 ms\n");
    const started = Date.now();
    const until = started + o.minutes * 60_000;
    const pauseMs = (1000 * WORKERS_PER_TENANT) / o.rate;
    const seq = { n: 0 };
    const workers = tenants.flatMap((tenant) =>
      Array.from({ length: WORKERS_PER_TENANT }, () => worker(load, tenant, pauseMs, until, seq)),
    );
    const rows: IntervalRow[] = [];
    let requestsBefore = 0;
    let errorsBefore = 0;
    while (Date.now() < until) {
      await sleep(Math.min(o.intervalSeconds * 1000, until - Date.now()));
      const sorted = load.takeLatencies();
      const mem = await memory();
      const row: IntervalRow = {
        atSeconds: Math.round((Date.now() - started) / 1000),
        requests: load.requests - requestsBefore,
        errors: load.errors - errorsBefore,
        rssMb: Math.round((mem.rss / 2 ** 20) * 10) / 10,
        heapMb: Math.round((mem.heapUsed / 2 ** 20) * 10) / 10,
        p50Ms: Math.round(percentile(sorted, 50) * 100) / 100,
        p95Ms: Math.round(percentile(sorted, 95) * 100) / 100,
        p99Ms: Math.round(percentile(sorted, 99) * 100) / 100,
      };
      requestsBefore = load.requests;
      errorsBefore = load.errors;
      rows.push(row);
      const cell = (v: number, w: number) => String(v).padStart(w);
      process.stdout.write(
        `${cell(row.atSeconds, 8)}${cell(row.requests, 10)}${cell(row.errors, 8)}${cell(row.rssMb, 9)}${cell(row.heapMb, 9)}${cell(row.p50Ms, 9)}${cell(row.p95Ms, 9)}${cell(row.p99Ms, 9)}\n`,
      );
    }
    await Promise.all(workers);
    const first = rows[0];
    const middle = rows[Math.floor((rows.length - 1) / 2)];
    const last = rows[rows.length - 1];
    const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 100) / 100);
    const ratiosTo = (base: IntervalRow) => ({
      rss: ratio(last.rssMb, base.rssMb),
      heap: ratio(last.heapMb, base.heapMb),
      p50: ratio(last.p50Ms, base.p50Ms),
      p95: ratio(last.p95Ms, base.p95Ms),
      p99: ratio(last.p99Ms, base.p99Ms),
    });
    const ratios = ratiosTo(first);
    // The bounded structures (the request log's 20,000 entries, the record-retention window) fill during the first
    // minutes: growth there is expected. Flat means no growth over the second half.
    const secondHalf = ratiosTo(middle);
    const flat = secondHalf.rss <= FLAT.memory && secondHalf.heap <= FLAT.memory && ratios.p95 <= FLAT.latency;
    const show = (r: typeof ratios) => `RSS x${r.rss}, heap x${r.heap}, p50 x${r.p50}, p95 x${r.p95}, p99 x${r.p99}`;
    process.stdout.write(
      `last interval / first: ${show(ratios)}\nlast interval / middle (t=${middle.atSeconds} s): ${show(secondHalf)}\n`,
    );
    process.stdout.write(
      `${flat ? "flat" : "NOT flat"} (memory over the second half within x${FLAT.memory}, p95 against the first interval within x${FLAT.latency}); ` +
        `${load.requests} requests, ${load.errors} errors\n`,
    );
    process.stdout.write(
      JSON.stringify({
        minutes: o.minutes,
        tenants: o.tenants,
        requests: load.requests,
        errors: load.errors,
        intervals: rows,
        ratios,
        secondHalf,
        flat,
      }) + "\n",
    );
    process.exitCode = flat && load.errors === 0 ? 0 : 1;
  } finally {
    await pool.close();
    child.kill("SIGTERM");
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
