// The whole bench at its smallest stack (one site and one switch block, 40 resources), provider and baseline: it
// deploys, refreshes and destroys, and its last line is the JSON the README describes. Not in `npm test` (about 90 s
// on 2 cores); after `npm run build`, run it with
//   npx jest --testPathIgnorePatterns=/node_modules/ --testPathPattern 'scripts/bench\.slow'
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";

const BENCH = path.resolve(__dirname, "..", "..", "dist", "scripts", "bench.js");

test("npm run bench at 40 resources prints per-size figures and a JSON line with sizes", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [BENCH, "--sizes", "40", "--latency-ms", "20", "--jitter-ms", "0", "--naive-poll-ms", "100"],
    { maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
  );
  const lines = stdout.trim().split("\n");
  const last = JSON.parse(lines[lines.length - 1]);
  expect(last.sizes).toHaveLength(1);
  const [entry] = last.sizes;
  expect(entry.resources).toBe(40);
  for (const figures of [entry, entry.baseline]) {
    for (const key of [
      "wallSeconds",
      "limitSeconds",
      "ratio",
      "requestsPerResource",
      "destroyRequestsPerResource",
      "refreshRequests",
      "providerPeakRssMb",
    ]) {
      expect(figures[key]).toBeGreaterThan(0);
    }
    expect(figures.programPeakRssMb).toBeGreaterThan(0);
  }
  // The provider refreshes from lists: fewer requests than the baseline's one read per resource.
  expect(entry.refreshRequests).toBeLessThan(entry.baseline.refreshRequests);
  expect(stdout).toMatch(/== Goals \(provider variant\)/);
}, 600_000);
