// What one tenant's uploads cost every other tenant when the emulator keeps a state file. The
// emulator runs in a child process with --state-file (default save delay); tenant B reads (getTenant get
// tenant, one request in flight) for a few quiet seconds, then goes on reading while tenant A
// uploads files (getUploadUrl, then PUT to the signed address, two in flight) and for a second after the
// last upload, while the saves that follow it run. Prints B's latency in both phases (p50, p95,
// p99, max, requests), the uploads' pace and the state file's size, and ends with one JSON line:
//   {"quiet":{"p95Ms":…},"uploading":{"p95Ms":…},"files":…,"fileBytes":…}
//
//   npm run build && node dist/scripts/benchUploads.js [--files 60] [--file-kib 1024] [--quiet-seconds 3]
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { Pool, request } from "undici";
import { spawnEmulator, stopEmulator } from "./emulatorProcess";
import { intFlag } from "./flags";

interface Phase {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function phaseOf(latencies: number[]): Phase {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? 0
      : Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1));
  return {
    requests: sorted.length,
    p50Ms: at(50),
    p95Ms: at(95),
    p99Ms: at(99),
    maxMs: sorted.length === 0 ? 0 : Number(sorted[sorted.length - 1].toFixed(1)),
  };
}

async function json(
  pool: Pool,
  method: "GET" | "POST",
  urlPath: string,
  body?: unknown,
  cookie?: string,
): Promise<any> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (cookie !== undefined) headers.cookie = cookie;
  const reply = await pool.request({
    method,
    path: urlPath,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.body.text();
  if (reply.statusCode >= 300) throw new Error(`${method} ${urlPath}: HTTP ${reply.statusCode} ${text.slice(0, 200)}`);
  return text === "" ? undefined : JSON.parse(text);
}

async function login(pool: Pool, username: string, password: string): Promise<string> {
  return `API-KEY=${(await json(pool, "POST", "/token", { username, password }))["API-KEY"]}`;
}

/** Reads getTenant of the tenant, one request at a time, until `stop()` says so; the latencies. */
async function read(pool: Pool, tenantId: string, cookie: string, stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const reply = await pool.request({ method: "GET", path: `/api/tenant/${tenantId}`, headers: { cookie } });
    await reply.body.dump();
    if (reply.statusCode !== 200) throw new Error(`getTenant answered ${reply.statusCode}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = intFlag(args, "--files", 60, 1000);
  const fileBytes = intFlag(args, "--file-kib", 1024, 16 * 1024) * 1024;
  const quietMs = intFlag(args, "--quiet-seconds", 3, 60) * 1000;
  const watchdog = setTimeout(() => {
    process.stderr.write("bench: watchdog fired, giving up\n");
    process.exit(3);
  }, 300_000);
  watchdog.unref();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-bench-uploads-"));
  const stateFile = path.join(dir, "state");
  const { child, info } = await spawnEmulator(["--async-delay-ms", "0", "--no-rate-limit", "--state-file", stateFile]);
  const uploaderPool = new Pool(info.url, { connections: 4 });
  const readerPool = new Pool(info.url, { connections: 1 });
  try {
    const uploader = await login(uploaderPool, info.username, info.password);
    const other = await json(readerPool, "POST", "/__admin/tenants", { name: "Bench reader" });
    const reader = await login(readerPool, other.username, other.password);

    const quietUntil = performance.now() + quietMs;
    const quiet = await read(readerPool, other.tenantId, reader, () => performance.now() >= quietUntil);

    let uploadsDone = false;
    let readUntil = Infinity;
    const reading = read(readerPool, other.tenantId, reader, () => performance.now() >= readUntil);
    const bytes = Buffer.alloc(fileBytes, 0x5a);
    const uploadsStarted = performance.now();
    let next = 0;
    const uploadOne = async () => {
      while (next < files) {
        next++;
        const { signedUrl } = await json(
          uploaderPool,
          "POST",
          `/api/file/tenant/${info.tenantId}/upload-url`,
          { fileExtension: "png" },
          uploader,
        );
        const put = await request(signedUrl, { method: "PUT", body: bytes, headers: { "content-type": "image/png" } });
        await put.body.dump();
        if (put.statusCode !== 200) throw new Error(`upload answered ${put.statusCode}`);
      }
    };
    await Promise.all([uploadOne(), uploadOne()]);
    const uploadSeconds = (performance.now() - uploadsStarted) / 1000;
    uploadsDone = true;
    readUntil = performance.now() + 1000;
    const uploading = await reading;

    const result = {
      quiet: phaseOf(quiet),
      uploading: phaseOf(uploading),
      files,
      fileBytes,
      uploadSeconds: Number(uploadSeconds.toFixed(2)),
    };
    const stateBytes = fs.existsSync(stateFile) ? fs.statSync(stateFile).size : 0;
    const out = process.stdout;
    out.write(`emulator ${info.url} (child process ${child.pid}) with --state-file (default save delay)\n`);
    out.write(
      `tenant A uploaded ${files} files of ${fileBytes} bytes, two in flight, in ${result.uploadSeconds} s; tenant B read getTenant one request at a time\n`,
    );
    const line = (name: string, p: Phase) =>
      `${name}: ${p.requests} reads, p50 ${p.p50Ms} ms, p95 ${p.p95Ms} ms, p99 ${p.p99Ms} ms, max ${p.maxMs} ms\n`;
    out.write(line("B, quiet", result.quiet));
    out.write(line("B, during the uploads (and 1 s after)", result.uploading));
    out.write(`state file: ${stateBytes} bytes${uploadsDone ? "" : " (uploads unfinished)"}\n`);
    out.write(JSON.stringify(result) + "\n");
  } finally {
    await uploaderPool.close();
    await readerPool.close();
    await stopEmulator(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
