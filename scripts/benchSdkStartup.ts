// Start-up of a one-resource program: the SDK's load and one Venue's registration (under Pulumi's mocks, so no
// engine), each run in a fresh Node process, as a program starts. Prints the medians of the time to the registered
// resource's ID and of the peak RSS, for this build's SDK and, given other built SDKs (an older build), for them too,
// with the ratios this build / other (from the same run, processes interleaved).
//   node dist/scripts/benchSdkStartup.js [runs] [other dist/sdk/index.js]
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const PROGRAM = `
const started = process.hrtime.bigint();
const pulumi = require("@pulumi/pulumi");
pulumi.runtime.setMocks(
  { newResource: (args) => ({ id: args.name + "-id", state: args.inputs }), call: () => ({}) },
  "bench", "dev", false,
);
const sdkStarted = process.hrtime.bigint();
const nms = require(process.argv[1]);
const venue = new nms.Venue("site", { name: "Bench site" });
const sdkLoadMs = Number(process.hrtime.bigint() - sdkStarted) / 1e6;
venue.id.apply((id) => {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const modules = Object.keys(require.cache).length;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ id, ms, sdkLoadMs, maxRssMb, modules }));
});
`;

interface Sample {
  ms: number;
  /** The SDK's own require (after @pulumi/pulumi's) and the resource's construction, up to the registration. */
  sdkLoadMs: number;
  maxRssMb: number;
  modules: number;
}

function runOnce(sdk: string): Sample {
  // The program resolves @pulumi/pulumi from the SDK's own package, as an installed program would.
  const out = execFileSync(process.execPath, ["-e", PROGRAM, sdk], {
    cwd: path.dirname(sdk),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const sample = JSON.parse(out) as Sample & { id: string };
  if (sample.id !== "site-id") throw new Error(`unexpected answer: ${out}`);
  return sample;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function main(): void {
  const runs = Number(process.argv[2] ?? 15);
  const sdks = [path.resolve(__dirname, "..", "sdk", "index.js"), ...process.argv.slice(3).map((p) => path.resolve(p))];
  const samples = sdks.map(() => [] as Sample[]);
  runOnce(sdks[0]); // warm the file cache
  for (let i = 0; i < runs; i++) sdks.forEach((sdk, k) => samples[k].push(runOnce(sdk)));
  const rows = sdks.map((sdk, k) => ({
    sdk,
    ms: median(samples[k].map((s) => s.ms)),
    sdkLoadMs: median(samples[k].map((s) => s.sdkLoadMs)),
    maxRssMb: median(samples[k].map((s) => s.maxRssMb)),
    modules: samples[k][0].modules,
  }));
  for (const row of rows)
    console.log(
      `${row.sdk}: start-up ${row.ms.toFixed(0)} ms (the SDK's require and new Venue ${row.sdkLoadMs.toFixed(1)} ms), peak RSS ${row.maxRssMb.toFixed(1)} MB, ` +
        `${row.modules} modules (medians of ${runs})`,
    );
  for (const row of rows.slice(1))
    console.log(
      `this build / ${row.sdk}: start-up ${(rows[0].ms / row.ms).toFixed(2)}, ` +
        `the SDK's require and new Venue ${(rows[0].sdkLoadMs / row.sdkLoadMs).toFixed(2)}, ` +
        `peak RSS ${(rows[0].maxRssMb / row.maxRssMb).toFixed(2)}`,
    );
}

main();
