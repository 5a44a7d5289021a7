// The whole bench at its smallest stack (one site and one switch block, 40 resources), provider and baseline, and its
// MSP estate at its smallest (2 customers' tenants): each deploys, refreshes and destroys, and the last line is the
// JSON the README describes. Not in `npm test` (about 2.5 minutes on 2 cores); after `npm run build`, run it with
//   npx jest --testPathIgnorePatterns=/node_modules/ --testPathPattern 'scripts/bench\.slow'
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { compositionOf } from "../../scripts/bench/composition";

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
  // At the engine's default: the latency bound of its steps, and the ratio to it (too short a run for a 10-s window).
  expect(entry.engineDefault.latencyBoundSeconds).toBeGreaterThan(0);
  expect(entry.engineDefault.ratioToLatencyBound).toBeGreaterThan(0);
  expect(entry.cliUpSeconds).toBeCloseTo(entry.previewSeconds + entry.wallSeconds, 1);
  expect(entry.previewFloorSeconds).toBeGreaterThan(0);
  // The provider refreshes from lists: fewer requests than the baseline's one read per resource.
  expect(entry.refreshRequests).toBeLessThan(entry.baseline.refreshRequests);
  expect(stdout).toMatch(/== Goals \(provider variant\)/);
}, 600_000);

describe("the MSP estate through the bench", () => {
  // The bench runs from dist as `npm run bench` does. About a minute on 2 loaded cores.
  it("deploys, refreshes and destroys a tiny estate of 2 customers' tenants, and reports it under msp", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        BENCH,
        "--sizes",
        "msp",
        "--msp-tenants",
        "2",
        "--msp-sites",
        "1",
        "--no-baseline",
        "--no-engine-default",
        "--latency-ms",
        "20",
        "--jitter-ms",
        "0",
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
    );
    const lines = stdout.trim().split("\n");
    const last = JSON.parse(lines[lines.length - 1]);
    expect(last.sizes).toEqual([]);
    const perTenant = compositionOf(1).resources;
    // The bench itself fails the run unless each customer holds its share after up, the MSP's own tenant nothing, and
    // every tenant nothing after destroy.
    expect(last.msp).toMatchObject({
      tenants: 2,
      resources: 2 * perTenant,
      resourcesPerTenant: perTenant,
      baseline: null,
      engineDefault: null,
    });
    for (const key of [
      "wallSeconds",
      "limitSeconds",
      "ratio",
      "ratioToBound",
      "floorSeconds",
      "requestsPerResource",
      "destroyRequestsPerResource",
      "refreshRequests",
      "requestsPerCreatedResource",
      "previewFloorSeconds",
      "previewRatioToFloor",
      "cliUpSeconds",
    ]) {
      expect([key, last.msp[key] > 0]).toEqual([key, true]);
    }
    // Every customer's venue was created by its own call (createVenue), and deleted by one (deleteVenue, its switch ports with it).
    expect(last.msp.upRequestsByOp.createVenue).toBe(2);
    expect(last.msp.destroyRequestsByOp.deleteVenue).toBe(2);
    expect(stdout).toMatch(/the MSP estate: 80 resources in 2 customers' tenants/);
  }, 300_000);
});
