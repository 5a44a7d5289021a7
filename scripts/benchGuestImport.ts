// What one tenant's large guest import (importGuestUsers, multipart) costs every other tenant. The emulator runs in a child
// process; tenant B reads its venues (listVenues, one request in flight) for a quiet second, then goes on reading while
// tenant A imports `--rows` guests in one request. Prints the import's answer time and B's latency in both phases,
// and ends with one JSON line: {"rows":…,"bodyBytes":…,"importMs":…,"emulatorCpuMs":…,"quiet":{…},"during":{…},
// "ratio":…}. emulatorCpuMs is the CPU time the emulator's process spent while the import ran (Linux: its schedstat;
// null elsewhere): on a shared, loaded machine the wall-clock figures vary with the load, this one much less.
// 45,000 rows is about the emulator's 1 MiB body limit (emulator/README.md, "What it protects").
//
//   npm run bench:guest-import -- [--rows 45000] [--quiet-seconds 1]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { spawnEmulator, stopEmulator } from "./emulatorProcess";
import { intFlag } from "./flags";

interface Latencies {
  requests: number;
  p50Ms: number;
  maxMs: number;
}

function summary(latencies: number[]): Latencies {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { requests: sorted.length, p50Ms: Number(at(0.5).toFixed(1)), maxMs: Number(at(1).toFixed(1)) };
}

/** CPU time a process has spent, in ms (Linux's /proc/<pid>/schedstat, nanoseconds on CPU), or undefined. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return undefined;
  }
}

async function call(pool: Pool, method: "GET" | "POST", path: string, body?: unknown, cookie?: string): Promise<any> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (cookie !== undefined) headers.cookie = cookie;
  const reply = await pool.request({
    method,
    path,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.body.text();
  if (reply.statusCode >= 300) throw new Error(`${method} ${path}: HTTP ${reply.statusCode} ${text.slice(0, 200)}`);
  return text === "" ? undefined : JSON.parse(text);
}

async function login(pool: Pool, username: string, password: string): Promise<{ cookie: string; tenantId: string }> {
  const answer = await call(pool, "POST", "/token", { username, password });
  return { cookie: `API-KEY=${answer["API-KEY"]}`, tenantId: answer.tenantId };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const rows = intFlag(args, "--rows", 45_000, 100_000);
  const quietSeconds = intFlag(args, "--quiet-seconds", 1, 60);
  const { child, info } = await spawnEmulator(["--async-delay-ms", "0", "--no-rate-limit"]);
  const importerPool = new Pool(info.url);
  const readerPool = new Pool(info.url, { connections: 1 });
  try {
    const importer = await login(importerPool, info.username, info.password);
    const other = await call(readerPool, "POST", "/__admin/tenants", { name: "Bench reader" });
    const reader = await login(readerPool, other.username, other.password);
    const network = await call(
      importerPool,
      "POST",
      `/api/tenant/${importer.tenantId}/wifi/network`,
      {
        name: "Imported guests",
        type: "guest",
        wlan: { ssid: "guests" },
        guestPortal: { guestNetworkType: "GuestPass" },
      },
      importer.cookie,
    );
    const networkId: string = network.response.id;
    let csv = "name,mobilePhoneNumber\n";
    for (let i = 0; i < rows; i++) csv += `G${i},+3519${String(i).padStart(8, "0")}\n`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      "expiration.activationType": "Login",
      "expiration.duration": "8",
      "expiration.unit": "Hour",
      maxDevices: "-1",
    }))
      form.append(key, value);
    form.append("file", new Blob([csv], { type: "text/csv" }), "guests.csv");
    const encoded = new Response(form);
    const contentType = encoded.headers.get("content-type") ?? "";
    const body = Buffer.from(await encoded.arrayBuffer());

    // An object, so that the reader loop sees the phase change (a local would be narrowed by the compiler).
    const now: { phase: "quiet" | "during" | "done" } = { phase: "quiet" };
    const latencies = { quiet: [] as number[], during: [] as number[] };
    const reading = (async () => {
      while (now.phase !== "done") {
        const started = performance.now();
        const reply = await readerPool.request({
          method: "GET",
          path: `/api/tenant/${reader.tenantId}/venue`,
          headers: { cookie: reader.cookie },
        });
        await reply.body.dump();
        if (reply.statusCode !== 200) throw new Error(`listVenues answered ${reply.statusCode}`);
        const phase: string = now.phase;
        if (phase === "quiet" || phase === "during") latencies[phase].push(performance.now() - started);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
    now.phase = "during";
    const cpuBefore = cpuMsOf(child.pid);
    const started = performance.now();
    const reply = await importerPool.request({
      method: "POST",
      path: `/api/tenant/${importer.tenantId}/wifi/guest-user/import?networkId=${networkId}`,
      headers: { cookie: importer.cookie, "content-type": contentType },
      body,
    });
    const answer = await reply.body.text();
    const importMs = performance.now() - started;
    const cpuAfter = cpuMsOf(child.pid);
    const emulatorCpuMs = cpuBefore === undefined || cpuAfter === undefined ? null : Math.round(cpuAfter - cpuBefore);
    now.phase = "done";
    await reading;
    if (reply.statusCode >= 300)
      throw new Error(`importGuestUsers answered ${reply.statusCode}: ${answer.slice(0, 300)}`);
    const quiet = summary(latencies.quiet);
    const during = summary(latencies.during);
    console.log(
      `guest import of ${rows} rows (${body.length} bytes): answered ${reply.statusCode} in ${importMs.toFixed(0)} ms` +
        (emulatorCpuMs === null ? "" : `, ${emulatorCpuMs} ms of the emulator's CPU`),
    );
    console.log(
      `another tenant's reads, quiet:  p50 ${quiet.p50Ms} ms, max ${quiet.maxMs} ms (${quiet.requests} reads)`,
    );
    console.log(
      `another tenant's reads, during: p50 ${during.p50Ms} ms, max ${during.maxMs} ms (${during.requests} reads)`,
    );
    console.log(
      JSON.stringify({
        rows,
        bodyBytes: body.length,
        importMs: Math.round(importMs),
        emulatorCpuMs,
        quiet,
        during,
        ratio: quiet.maxMs > 0 ? Number((during.maxMs / quiet.maxMs).toFixed(2)) : null,
      }),
    );
  } finally {
    await importerPool.close();
    await readerPool.close();
    await stopEmulator(child);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
