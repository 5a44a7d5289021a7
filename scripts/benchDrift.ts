// How long nms-drift takes on the bench's 996-resource estate (scripts/bench/program.ts, deployed through the harness
// as the bench deploys it), against the emulator at the bench's rate limit (100 requests/s, burst 100) with the client
// at the bench's pace (95/s). The estate is deployed quickly (short async latency, no rate limit), then the limit is
// set and the report made. Prints one line and a JSON line; a figure, never a pass/fail.
//
//   npm run bench:drift -- [--resources 996]
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { up } from "../harness";
import { compositionOf, sitesFor } from "./bench/composition";
import { driftLine, measureDrift } from "./bench/drift";
import { parseArgs } from "./bench/options";
import { stackOptions } from "./bench/stack";
import { spawnEmulator, stopEmulator } from "./emulatorProcess";

async function admin(url: string, method: string, route: string, body?: unknown): Promise<any> {
  const reply = await fetch(`${url}/__admin/${route}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  if (reply.status >= 300) throw new Error(`admin ${method} ${route}: ${reply.status} ${text}`);
  return text === "" ? undefined : JSON.parse(text);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--resources");
  const target = at >= 0 ? Number(args[at + 1]) : 996;
  if (!Number.isInteger(target) || target < 20 || target > 20_000) throw new Error("--resources: 20 to 20000");
  const opts = parseArgs([]);
  const composition = compositionOf(sitesFor(target));
  const { child, info } = await spawnEmulator(["--async-delay-ms", "5", "--no-rate-limit"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-bench-drift-"));
  try {
    const tenant = await admin(info.url, "POST", "tenants", {
      name: "Bench drift estate",
      wifiLicenses: composition.aps + 100,
    });
    const creds = { url: info.url, tenantId: tenant.tenantId, username: tenant.username, password: tenant.password };
    const stack = stackOptions(
      opts,
      composition,
      { name: "provider", description: "the provider's defaults", config: {} },
      opts.parallel,
      info.url,
      creds,
      path.join(dir, "state.json"),
      () => undefined,
    );
    const deployStarted = Date.now();
    const deployed = await up({ ...stack, config: { ...stack.config, "nms:maxRequestsPerSecond": "5000" } });
    if (deployed.failed) throw new Error(`the estate's up failed:\n${deployed.errors.join("\n")}`);
    console.log(
      `deployed ${composition.resources} resources in ${((Date.now() - deployStarted) / 1000).toFixed(1)} s (no rate limit)`,
    );
    await admin(info.url, "PUT", "config", { rateLimit: { requestsPerSecond: opts.rate, burst: opts.burst } });
    const figures = await measureDrift({
      baseUrl: info.url,
      tenantId: tenant.tenantId,
      username: tenant.username,
      password: tenant.password,
      statePath: stack.statePath,
      passphrase: stack.passphrase!,
      maxRequestsPerSecond: opts.clientRate,
    });
    console.log(`${driftLine(figures, opts.clientRate)}; emulator limit ${opts.rate}/s, burst ${opts.burst}`);
    console.log(
      JSON.stringify({ drift: { ...figures, clientRate: opts.clientRate, rate: opts.rate, burst: opts.burst } }),
    );
  } finally {
    await stopEmulator(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
