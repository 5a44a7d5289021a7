// The bench's pieces that need no run: its flags, what a size means in resources (and serial numbers the service
// takes), the growth and goals it reports, and the shape of its last line. The real run at a tiny size is in
// bench.slow.test.ts.
import { apSerialNumber } from "../../contract/validators";
import { SWITCH_ID_PATTERN } from "../../contract/schemas/switch";
import { APS_PER_SITE, RESOURCES_PER_BLOCK, RESOURCES_PER_SITE, apSerial, compositionOf, sitesFor, switchSerial } from "../../scripts/bench/composition";
import type { Figures } from "../../scripts/bench/measure";
import { DEFAULT_SIZES, parseArgs, parseSizes } from "../../scripts/bench/options";
import { costGrowth, goalsOf, printSummary, type SizeResult } from "../../scripts/bench/report";
import { speedLimit } from "../../scripts/bench/stack";

describe("the bench's options", () => {
  it("run 250, 1,000 and 4,000 resources with the baseline by default", () => {
    const opts = parseArgs([]);
    expect(opts.sizes).toEqual([250, 1000, 4000]);
    expect(DEFAULT_SIZES).toEqual([250, 1000, 4000]);
    expect(opts.baseline).toBe(true);
  });

  it("take --sizes as a list, in either form, sorted and without repeats", () => {
    expect(parseArgs(["--sizes", "1000,250"]).sizes).toEqual([250, 1000]);
    expect(parseArgs(["--sizes=4000, 250,250"]).sizes).toEqual([250, 4000]);
    expect(parseArgs(["--sizes", "250", "--no-baseline", "--latency-ms", "50"])).toMatchObject({ sizes: [250], baseline: false, latencyMs: 50 });
  });

  it("refuse sizes that are not whole numbers in range, a missing list, and unknown flags, naming the flag", () => {
    expect(() => parseSizes("250,abc")).toThrow(/--sizes: each size must be an integer from 20/);
    expect(() => parseSizes("10")).toThrow(/--sizes/);
    expect(() => parseSizes("1e9")).toThrow(/--sizes/);
    expect(() => parseArgs(["--sizes"])).toThrow(/--sizes needs a comma-separated list/);
    expect(() => parseArgs(["--sites", "25"])).toThrow(/unknown option --sites/);
  });
});

describe("the stack at a size", () => {
  it("comes within 5% of each default size, and counts its resources as the program builds them", () => {
    for (const size of DEFAULT_SIZES) {
      const stack = compositionOf(sitesFor(size));
      expect(Math.abs(stack.resources - size) / size).toBeLessThan(0.05);
      expect(stack.resources).toBe(stack.sites * RESOURCES_PER_SITE + stack.blocks * RESOURCES_PER_BLOCK);
      expect(stack.aps).toBe(stack.sites * APS_PER_SITE);
    }
  });

  it("gives switches and APs serial numbers the service's rules take, each once", () => {
    const switches = Array.from({ length: 2000 }, (_, b) => switchSerial(b));
    expect(switches.filter((serial) => !SWITCH_ID_PATTERN.test(serial))).toEqual([]);
    expect(new Set(switches).size).toBe(switches.length);
    const aps = Array.from({ length: 1500 }, (_, site) => Array.from({ length: APS_PER_SITE }, (_, a) => apSerial(site, a))).flat();
    expect(aps.filter((serial) => !apSerialNumber.safeParse(serial).success)).toEqual([]);
    expect(new Set(aps).size).toBe(aps.length);
  });

  it("has a limit set by the rate when the stack is large, by depth × latency when it is tiny", () => {
    const opts = parseArgs(["--latency-ms", "300"]);
    const large = speedLimit(opts, compositionOf(sitesFor(1000)));
    expect(large.limitSeconds).toBe(large.rateSeconds);
    expect(large.requestsNeeded).toBe(compositionOf(sitesFor(1000)).resources + 1);
    const tiny = speedLimit({ ...opts, rate: 10_000 }, compositionOf(1));
    expect(tiny.limitSeconds).toBeCloseTo(4 * 0.3);
  });
});

const cpu = () => ({ cpuSeconds: { harness: 1, program: 2, providerHost: 3, emulator: 1, other: 0 }, loadAverage: [1, 1] as [number, number] });

function figures(resources: number, wallSeconds: number, overrides: Partial<Figures> = {}): Figures {
  return {
    wallSeconds,
    limitSeconds: (resources + 1) / 100,
    ratio: wallSeconds / ((resources + 1) / 100),
    requestsPerResource: 1.05,
    destroyRequestsPerResource: 1.01,
    refreshRequests: 40,
    providerPeakRssMb: 200,
    harnessPeakRssMb: 150,
    programPeakRssMb: 180,
    providerBytesPerResource: 2000,
    resourcesCreated: resources,
    startupSeconds: 5,
    providerHostReadySeconds: 3,
    firstCreateSeconds: 4.5,
    apiSeconds: wallSeconds - 6,
    apiRatio: 1,
    finishSeconds: 1,
    requestsNeeded: resources + 1,
    upRequests: Math.round(resources * 1.05),
    upRequestsByOp: { A7: 10 },
    upStatus: { "202": 10 },
    previewSeconds: 2,
    previewRequests: 4,
    previewRequestsByOp: { A1: 1, A4: 1, A6: 1, W49: 1 },
    refreshSeconds: 3,
    refreshRequestsByOp: { A6: 1 },
    refreshChanges: 0,
    refreshChangedFields: {},
    destroySeconds: 10,
    destroyRequests: resources,
    destroyRequestsByOp: { A11: 10 },
    providerPeakRssMbByPhase: { up: 200, refresh: 150, destroy: 190 },
    cpu: { up: cpu(), refresh: cpu(), destroy: cpu() },
    ...overrides,
  };
}

function sizeResult(target: number, wallSeconds: number, overrides: Partial<Figures> = {}): SizeResult {
  const stack = compositionOf(sitesFor(target));
  return { target, stack, provider: figures(stack.resources, wallSeconds, overrides), naive: figures(stack.resources, wallSeconds * 2, { requestsPerResource: 2 }) };
}

describe("the bench's report", () => {
  it("measures the growth of the per-resource cost between the two largest sizes", () => {
    const results = [sizeResult(250, 5), sizeResult(1000, 12), sizeResult(4000, 52)];
    const growth = costGrowth(results)!;
    expect(growth.from).toBe(results[1].stack.resources);
    expect(growth.to).toBe(results[2].stack.resources);
    expect(growth.growth).toBeCloseTo((52 / results[2].stack.resources / (12 / results[1].stack.resources)) - 1, 2);
    expect(costGrowth([results[0]])).toBeNull();
  });

  it("applies the ratio goal from 1,000 resources, tighter at 4,000, and says which goals are missed", () => {
    const at = (target: number, overrides: Partial<Figures>) => Object.fromEntries(goalsOf(sizeResult(target, 10, overrides)).map((g) => [g.name, g.met]));
    expect(at(250, { ratio: 3 })["ratio ≤ (none below 1,000)"]).toBeUndefined();
    expect(at(1000, { ratio: 1.2 })["ratio ≤ 1.25"]).toBe(true);
    expect(at(4000, { ratio: 1.2 })["ratio ≤ 1.15"]).toBe(false);
    expect(at(4000, { refreshRequests: 101 })["refresh in ≤ 100 requests"]).toBe(false);
    expect(at(4000, { providerPeakRssMb: null })["provider host peak RSS < 400 MB"]).toBe(false);
  });

  it("ends with a JSON line holding one entry per size, with the provider's figures and the baseline's under the same keys", () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      printSummary(parseArgs(["--sizes", "250,1000"]), [sizeResult(250, 5), sizeResult(1000, 12)]);
    } finally {
      spy.mockRestore();
    }
    const last = JSON.parse(lines[lines.length - 1]);
    const keys = ["resources", "wallSeconds", "limitSeconds", "ratio", "requestsPerResource", "destroyRequestsPerResource", "refreshRequests", "providerPeakRssMb"];
    expect(last.sizes).toHaveLength(2);
    for (const entry of last.sizes) {
      for (const key of keys) {
        expect(typeof entry[key]).toBe("number");
        expect(typeof entry.baseline[key]).toBe("number");
      }
    }
    expect(last.sizes.map((s: { target: number }) => s.target)).toEqual([250, 1000]);
    expect(last.sizes[1].baseline.requestsPerResource).toBe(2);
    expect(last.perResourceCostGrowth.growth).toEqual(expect.any(Number));
    expect(last.config.sizes).toEqual([250, 1000]);
  });
});
