// The bench's pieces: its flags, what a size means in resources (and serial numbers the service takes), the MSP
// estate's program under Pulumi's mocks, the growth and goals it reports, and the shape of its last line. Real runs
// through the bench's own code path (built bench, emulator, harness) at tiny sizes, single-tenant and MSP estate, are
// in bench.slow.test.ts.
import { apSerialNumber } from "../../contract/validators";
import { SWITCH_ID_PATTERN } from "../../contract/schemas/switch";
import {
  APS_PER_SITE,
  MSP_SITES_PER_TENANT,
  MSP_TENANTS,
  RESOURCES_PER_BLOCK,
  RESOURCES_PER_SITE,
  apSerial,
  compositionOf,
  mspCompositionOf,
  sitesFor,
  switchSerial,
} from "../../scripts/bench/composition";
import type { Figures, UpFigures } from "../../scripts/bench/measure";
import { DEFAULT_SIZES, parseArgs, parseSizeList, parseSizes } from "../../scripts/bench/options";
import {
  costGrowth,
  engineDefaultOf,
  goalsOf,
  previewRunLines,
  printSummary,
  ratioToBound,
  type SizeResult,
} from "../../scripts/bench/report";
import { latencyBoundSeconds, paceOf, recordWaitingSteps } from "../../scripts/bench/pace";
import type { PlannedStep } from "../../harness";
import { RECOMMENDED_PARALLEL } from "../../sdk/parallelHint";
import { FLOOR, FLOOR_PRELOAD, speedLimit, stackOptions, variantsToRun } from "../../scripts/bench/stack";
import { mockPulumi, settled } from "../examples/mockHelpers";

describe("the bench's options", () => {
  it("run 250, 1,000 and 4,000 resources with the baseline by default", () => {
    const opts = parseArgs([]);
    expect(opts.sizes).toEqual([250, 1000, 4000]);
    expect(DEFAULT_SIZES).toEqual([250, 1000, 4000]);
    expect(opts.baseline).toBe(true);
  });

  it("measure at the README's parallelism, and the up again at the engine's default, 4 × CPUs", () => {
    const opts = parseArgs([]);
    expect(opts.parallel).toBe(RECOMMENDED_PARALLEL);
    expect(opts.engineDefault).toBe(true);
    expect(opts.engineParallel % 4).toBe(0);
    expect(parseArgs(["--parallel", "64", "--engine-parallel=16"])).toMatchObject({ parallel: 64, engineParallel: 16 });
    expect(parseArgs(["--no-engine-default"]).engineDefault).toBe(false);
    expect(() => parseArgs(["--engine-parallel", "0"])).toThrow(/--engine-parallel must be a whole number, at least 1/);
    expect(() => parseArgs(["--parallel", "2.5"])).toThrow(/--parallel must be a whole number/);
  });

  it("run only the previews with --preview-only, once or the number of times given", () => {
    expect(parseArgs([])).toMatchObject({ previewOnly: false, previewRepeats: 1 });
    expect(parseArgs(["--preview-only", "--sizes", "4000"])).toMatchObject({ previewOnly: true, previewRepeats: 1 });
    expect(parseArgs(["--preview-only", "3", "--sizes", "4000"])).toMatchObject({
      previewOnly: true,
      previewRepeats: 3,
    });
    expect(parseArgs(["--preview-only=2"])).toMatchObject({ previewOnly: true, previewRepeats: 2 });
    expect(() => parseArgs(["--preview-only=0"])).toThrow(/--preview-only takes a whole number of runs, at least 1/);
  });

  it("take --sizes as a list, in either form, sorted and without repeats", () => {
    expect(parseArgs(["--sizes", "1000,250"]).sizes).toEqual([250, 1000]);
    expect(parseArgs(["--sizes=4000, 250,250"]).sizes).toEqual([250, 4000]);
    expect(parseArgs(["--sizes", "250", "--no-baseline", "--latency-ms", "50"])).toMatchObject({
      sizes: [250],
      baseline: false,
      latencyMs: 50,
    });
  });

  it("refuse sizes that are not whole numbers in range, a missing list, and unknown flags, naming the flag", () => {
    expect(() => parseSizes("250,abc")).toThrow(/--sizes: each size must be an integer from 20/);
    expect(() => parseSizes("10")).toThrow(/--sizes/);
    expect(() => parseSizes("1e9")).toThrow(/--sizes/);
    expect(() => parseArgs(["--sizes"])).toThrow(/--sizes needs a comma-separated list/);
    expect(() => parseArgs(["--sites", "25"])).toThrow(/unknown option --sites/);
  });

  it("add the MSP estate with msp in --sizes, alone or among sizes, or with --msp-estate; 20 tenants of 2 sites by default", () => {
    expect(parseArgs([]).msp).toBe(false);
    expect(parseArgs(["--sizes", "250,msp"])).toMatchObject({
      sizes: [250],
      msp: true,
      mspTenants: MSP_TENANTS,
      mspSitesPerTenant: MSP_SITES_PER_TENANT,
    });
    expect(parseArgs(["--sizes=MSP"])).toMatchObject({ sizes: [], msp: true });
    expect(parseArgs(["--msp-estate"])).toMatchObject({ sizes: [...DEFAULT_SIZES], msp: true });
    expect(parseArgs(["--sizes", "msp", "--msp-tenants", "2", "--msp-sites=1"])).toMatchObject({
      sizes: [],
      msp: true,
      mspTenants: 2,
      mspSitesPerTenant: 1,
    });
    expect(parseSizeList("1000, msp ,250")).toEqual({ sizes: [250, 1000], msp: true });
  });

  it("refuse an MSP estate of no tenants, of too many, or of more resources than the largest size", () => {
    expect(() => parseArgs(["--msp-tenants", "0"])).toThrow(/--msp-tenants needs a whole number from 1 to 99/);
    expect(() => parseArgs(["--msp-tenants", "100"])).toThrow(/--msp-tenants/);
    expect(() => parseArgs(["--msp-sites", "1.5"])).toThrow(/--msp-sites needs a whole number/);
    expect(() => parseArgs(["--msp-tenants", "99", "--msp-sites", "200"])).toThrow(/more than 20000 resources/);
    expect(() => parseArgs(["--sizes", "msp,abc"])).toThrow(
      /--sizes: each size must be an integer from 20 to 20000, or msp/,
    );
  });
});

describe("the MSP estate", () => {
  it("holds about 50 resources in each of 20 customers' tenants, about 1,000 in all", () => {
    const estate = mspCompositionOf(MSP_TENANTS, MSP_SITES_PER_TENANT);
    const perTenant = compositionOf(MSP_SITES_PER_TENANT);
    expect(estate.tenants).toBe(20);
    expect(estate.resources).toBe(20 * perTenant.resources);
    expect(Math.abs(perTenant.resources - 50) / 50).toBeLessThan(0.1);
    expect(Math.abs(estate.resources - 1000) / 1000).toBeLessThan(0.1);
    expect(estate).toMatchObject({
      sites: 20 * perTenant.sites,
      blocks: 20 * perTenant.blocks,
      aps: 20 * perTenant.aps,
      ports: 20 * perTenant.ports,
    });
    // The single-tenant sizes are in the login's own tenant.
    expect(compositionOf(sitesFor(1000)).tenants).toBe(0);
  });

  it("passes the customers' tenants and the sites per tenant to the program; a single-tenant size passes none", () => {
    const opts = parseArgs(["--msp-estate"]);
    const customerTenants = ["a".repeat(32), "b".repeat(32)];
    const creds = {
      url: "http://127.0.0.1:1",
      tenantId: "c".repeat(32),
      username: "u",
      password: "p",
      customerTenants,
    };
    const estate = stackOptions(
      opts,
      mspCompositionOf(2, 3),
      variantsToRun(opts)[0],
      32,
      creds.url,
      creds,
      "/tmp/state.json",
      () => undefined,
    );
    expect(estate.config).toMatchObject({
      "bench:sites": "3",
      "bench:tenants": JSON.stringify(customerTenants),
      "nms:tenantId": creds.tenantId,
      "nms:username": "u",
    });
    const single = stackOptions(
      opts,
      compositionOf(25),
      variantsToRun(opts)[0],
      32,
      creds.url,
      creds,
      "/tmp/state.json",
      () => undefined,
    );
    expect(single.config!["bench:sites"]).toBe("25");
    expect(single.config).not.toHaveProperty("bench:tenants");
  });
});

describe("the bench's program for the MSP estate, under Pulumi's mocks", () => {
  const customers = Array.from({ length: MSP_TENANTS }, (_, t) => t.toString(16).padStart(32, "e"));
  let registered: { type: string; name: string; inputs: Record<string, any> }[] = [];

  beforeAll(async () => {
    const mocks = mockPulumi(
      "nms-bench",
      {
        "bench:sites": String(MSP_SITES_PER_TENANT),
        "bench:tenants": JSON.stringify(customers),
        "bench:radiusSecret": "radius-unit",
      },
      ["bench:radiusSecret"],
    );
    registered = mocks.registered;
    let program: object = {};
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      program = require("../../scripts/bench/program");
    });
    await settled(program, registered);
    // The state's own identity (sdk/stateIdentity.ts) is no part of the estate.
    registered = registered.filter((r) => !r.type.endsWith(":StateIdentity"));
  }, 120_000);

  it("spreads the estate over the 20 customers, each the stack of a tenant, nothing left to the MSP's own tenant", () => {
    const estate = mspCompositionOf(MSP_TENANTS, MSP_SITES_PER_TENANT);
    const perTenant = compositionOf(MSP_SITES_PER_TENANT);
    expect(registered).toHaveLength(estate.resources);
    // No resource leaves tenantId out: left out, it would go to the configured tenant, the MSP's own.
    expect(registered.filter((r) => r.inputs.tenantId === undefined).map((r) => r.name)).toEqual([]);
    const byTenant = new Map<string, number>();
    for (const r of registered) byTenant.set(r.inputs.tenantId, (byTenant.get(r.inputs.tenantId) ?? 0) + 1);
    expect([...byTenant.keys()].sort()).toEqual([...customers].sort());
    for (const n of byTenant.values()) expect(n).toBe(perTenant.resources);
  });

  it("names each customer's resources after it, with its own venues, switches and APs, serial numbers used once across the estate", () => {
    for (const r of registered) expect(r.name).toMatch(/^c\d\d-/);
    for (const [t, tenantId] of customers.entries()) {
      const mine = registered.filter((r) => r.name.startsWith(`c${String(t).padStart(2, "0")}-`));
      expect(new Set(mine.map((r) => r.inputs.tenantId))).toEqual(new Set([tenantId]));
      const kinds = (kind: string) => mine.filter((r) => r.type.endsWith(`nms:${kind}`)).length;
      expect([kinds("Venue"), kinds("Ap"), kinds("Switch"), kinds("SwitchPortSettings")]).toEqual([
        MSP_SITES_PER_TENANT,
        MSP_SITES_PER_TENANT * APS_PER_SITE,
        1,
        20,
      ]);
    }
    const serials = registered.filter((r) => /nms:(Ap|Switch)$/.test(r.type)).map((r) => r.inputs.serialNumber);
    expect(serials).toHaveLength(MSP_TENANTS * (MSP_SITES_PER_TENANT * APS_PER_SITE + 1));
    expect(new Set(serials).size).toBe(serials.length);
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
    const aps = Array.from({ length: 1500 }, (_, site) =>
      Array.from({ length: APS_PER_SITE }, (_, a) => apSerial(site, a)),
    ).flat();
    expect(aps.filter((serial) => !apSerialNumber.safeParse(serial).success)).toEqual([]);
    expect(new Set(aps).size).toBe(aps.length);
  });

  it("has a limit set by the rate when the stack is large, by depth × latency when it is tiny", () => {
    const opts = parseArgs(["--latency-ms", "300"]);
    const large = speedLimit(opts, compositionOf(sitesFor(1000)));
    expect(large.limitSeconds).toBe(large.rateSeconds);
    expect(large.requestsNeeded).toBe(compositionOf(sitesFor(1000)).resources + 1);
    const tiny = speedLimit({ ...opts, rate: 10_000 }, compositionOf(1));
    expect(tiny.limitSeconds).toBeCloseTo(5 * 0.3);
  });
});

const cpu = () => ({
  cpuSeconds: { harness: 1, program: 2, providerHost: 3, emulator: 1, other: 0 },
  loadAverage: [1, 1] as [number, number],
});

function figures(resources: number, wallSeconds: number, overrides: Partial<Figures> = {}): Figures {
  return {
    wallSeconds,
    drift: null,
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
    upRequestsByOp: { createVenue: 10 },
    upStatus: { "202": 10 },
    previewSeconds: 2,
    previewRequests: 4,
    previewRequestsByOp: { login: 1, getTenant: 1, listVenues: 1, listNetworks: 1 },
    refreshSeconds: 3,
    refreshRequestsByOp: { listVenues: 1 },
    refreshChanges: 0,
    refreshChangedFields: {},
    destroySeconds: 10,
    destroyRequests: resources,
    destroyRequestsByOp: { deleteVenue: 10 },
    providerPeakRssMbByPhase: { up: 200, refresh: 150, destroy: 190 },
    cpu: { up: cpu(), refresh: cpu(), destroy: cpu() },
    ...overrides,
  };
}

function upFigures(parallel: number, wallSeconds: number, resources: number): UpFigures {
  return { parallel, wallSeconds, resourcesCreated: resources, upRequests: resources, cpu: cpu() };
}

describe("--preview-only's lines", () => {
  it("give each preview's wall time and CPU seconds by process, then the ratios of the wall and the program's CPU", () => {
    const withCpu = (wallSeconds: number, program: number): UpFigures => ({
      ...upFigures(128, wallSeconds, 0),
      cpu: { cpuSeconds: { harness: 7, program, providerHost: 3, emulator: 0, other: 0 }, loadAverage: [1.5, 2] },
    });
    const lines = previewRunLines(2, withCpu(16, 15), withCpu(18.4, 16.5));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/run 2 floor +preview 16\.00 s; CPU s: program 15, provider host 3, harness 7/);
    expect(lines[1]).toMatch(/run 2 provider preview 18\.40 s; CPU s: program 16\.5,.*load average 1\.5 → 2/);
    expect(lines[2]).toBe("  run 2 provider ÷ floor: wall 1.15, program CPU 1.1");
  });
});

function sizeResult(
  target: number,
  wallSeconds: number,
  overrides: Partial<Figures> = {},
  floorSeconds = 1,
  engineWallSeconds = wallSeconds * 3,
): SizeResult {
  const stack = compositionOf(sitesFor(target));
  return {
    target,
    stack,
    floor: upFigures(32, floorSeconds, stack.resources),
    provider: figures(stack.resources, wallSeconds, overrides),
    engineDefault: {
      run: upFigures(8, engineWallSeconds, stack.resources),
      floor: upFigures(8, floorSeconds * 1.5, stack.resources),
    },
    naive: figures(stack.resources, wallSeconds * 2, { requestsPerResource: 2 }),
  };
}

describe("the floor", () => {
  it("runs the bench's own program at the same parallelism, with pulumi-nms resolved to no-op resources", () => {
    const opts = parseArgs([]);
    const stack = compositionOf(sitesFor(250));
    const creds = { tenantId: "t", username: "u", password: "p" };
    const of = (variant: typeof FLOOR, parallel: number) =>
      stackOptions(
        opts,
        stack,
        variant,
        parallel,
        "http://127.0.0.1:1",
        creds as never,
        "/tmp/state.json",
        () => undefined,
      );
    const floor = of(FLOOR, 32);
    const provider = of(variantsToRun(opts)[0], 32);
    expect(floor.program).toBe(provider.program);
    expect(floor.parallel).toBe(provider.parallel);
    expect(floor.nodeArgs).toEqual(expect.arrayContaining(["--require", FLOOR_PRELOAD]));
    expect(provider.nodeArgs).not.toContain(FLOOR_PRELOAD);
    expect(of(FLOOR, 8).parallel).toBe(8);
  });

  it("gives every resource class the program asks for a dynamic resource of its own kind, and nothing else", () => {
    const floorSdk = require("../../scripts/bench/floorSdk") as Record<string, unknown>;
    const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
    const Venue = floorSdk.Venue as new (...args: unknown[]) => unknown;
    expect(Venue.prototype).toBeInstanceOf(pulumi.dynamic.Resource);
    expect(floorSdk.Venue).toBe(Venue);
    expect(floorSdk.SwitchPortSettings).not.toBe(Venue);
    expect(floorSdk.helper).toBeUndefined();
  });

  it("declares the outputs the real class declares, as every Pulumi SDK's class does", () => {
    const { withDeclaredOutputs } =
      require("../../scripts/bench/floorOutputs") as typeof import("../../scripts/bench/floorOutputs");
    const { Venue } = require("../../sdk") as typeof import("../../sdk");
    const props = withDeclaredOutputs("Venue", { name: "Site" });
    expect(Object.keys(props).sort()).toEqual([...new Set(["name", ...Venue.__kind.outputs])].sort());
    expect(props.name).toBe("Site");
    expect(Object.keys(withDeclaredOutputs("NoSuchKind", { name: "Site" }))).toEqual(["name"]);
  });
});

describe("the pace of a run at the engine's default", () => {
  const every = (count: number, fromSeconds: number, perSecond: number) =>
    Array.from({ length: count }, (_, i) => fromSeconds + i / perSecond);

  it("finds the slowest 10-second window of step starts against the median, full windows only", () => {
    // The progress lines at 996 resources: 872 steps in the first 32 s, the last 124 in the next 38 s.
    const cliff = paceOf([...every(872, 0, 872 / 32), ...every(124, 32, 124 / 38)])!;
    expect(cliff.windows).toBe(6); // the last start at 69.7 s
    expect(cliff.slowestWindowRatio).toBeLessThan(0.5);
    expect(cliff.slowest.stepsPerSecond).toBeCloseTo(3.3, 0);
    const even = paceOf(every(996, 3, 14))!;
    expect(even.medianStepsPerSecond).toBeCloseTo(14, 0);
    expect(even.slowestWindowRatio).toBeGreaterThan(0.9);
    expect(paceOf(every(50, 0, 10))).toBeNull(); // 4.9 s of starts: no full window
    expect(paceOf([])).toBeNull();
  });

  it("counts the steps that wait for a request record, and bounds them by the least latency over the parallelism", () => {
    const step = (kind: string, op: PlannedStep["op"], custom = true): PlannedStep => ({
      urn: `u-${kind}`,
      type: `pulumi-nodejs:dynamic/nms:${kind}`,
      name: kind,
      op,
      custom,
      changedFields: [],
      changedPaths: [],
    });
    const steps = [
      step("Venue", "create"), // createVenue, async
      step("SwitchPortSettings", "create"), // settings: the create is its update, updateSwitchPort, async
      step("Ap", "same"),
      step("Venue", "delete"),
      step("Stack", "create", false),
    ];
    expect(recordWaitingSteps(steps)).toBe(2);
    expect(latencyBoundSeconds(996, 300, 8)).toBeCloseTo(37.35, 2);
  });
});

describe("the bench's report", () => {
  it("measures the growth of the per-resource cost between the two largest sizes", () => {
    const results = [sizeResult(250, 5), sizeResult(1000, 12), sizeResult(4000, 52)];
    const growth = costGrowth(results)!;
    expect(growth.from).toBe(results[1].stack.resources);
    expect(growth.to).toBe(results[2].stack.resources);
    expect(growth.growth).toBeCloseTo(52 / results[2].stack.resources / (12 / results[1].stack.resources) - 1, 2);
    expect(costGrowth([results[0]])).toBeNull();
  });

  it("holds the wall time against the larger of the limit and the floor", () => {
    expect(ratioToBound(12, 10, 8)).toBeCloseTo(1.2);
    expect(ratioToBound(12, 10, 15)).toBeCloseTo(0.8);
    const r = sizeResult(1000, 20, {}, 16, 40);
    // The engine default's ratio is to the limit; its ratio to bound to its own floor (1.5 × 16 = 24 s here).
    expect(engineDefaultOf(r, 300)).toEqual({
      parallel: 8,
      wallSeconds: 40,
      ratio: expect.closeTo(40 / r.provider.limitSeconds, 3),
      ratioToBound: expect.closeTo(40 / 24, 3),
      floorSeconds: 24,
      latencyBoundSeconds: 0,
      ratioToLatencyBound: expect.closeTo(40 / 24, 3),
      meanLatencyBoundSeconds: 0,
      ratioToMeanLatencyBound: expect.closeTo(40 / 24, 3),
      slowestWindowRatio: null,
      slowestWindow: null,
    });
    expect(engineDefaultOf({ ...r, engineDefault: undefined }, 300)).toBeNull();
  });

  it("sets the engine default's wall time beside the latency bound of the least draw and of the mean draw", () => {
    const r = sizeResult(1000, 20, {}, 1, 60);
    r.engineDefault!.run.recordWaitingSteps = 996;
    const engine = engineDefaultOf(r, 300, 200)!;
    expect(engine.latencyBoundSeconds).toBeCloseTo(37.35, 2);
    // Draws uniform in 300 to 500 ms hold a slot 400 ms on average: 996 × 0.4 ÷ 8.
    expect(engine.meanLatencyBoundSeconds).toBeCloseTo(49.8, 2);
    expect(engine.ratioToLatencyBound).toBeCloseTo(60 / 37.35, 3);
    expect(engine.ratioToMeanLatencyBound).toBeCloseTo(60 / 49.8, 3);
  });

  it("applies the ratio-to-bound goal from 1,000 resources, tighter at 4,000, and says which goals are missed", () => {
    // The limit is (resources + 1) ÷ 100 s, about 10 s at 1,000 and 40 s at 4,000; the floor here is below it.
    const at = (target: number, wallSeconds: number, overrides: Partial<Figures> = {}) =>
      Object.fromEntries(goalsOf(sizeResult(target, wallSeconds, overrides)).map((g) => [g.name, g.met]));
    expect(at(250, 30)["ratio to bound ≤ (none below 1,000)"]).toBeUndefined();
    expect(at(1000, 11)["ratio to bound ≤ 1.15"]).toBe(true);
    expect(at(1000, 12)["ratio to bound ≤ 1.15"]).toBe(false);
    expect(at(4000, 43)["ratio to bound ≤ 1.1"]).toBe(true);
    expect(at(4000, 45)["ratio to bound ≤ 1.1"]).toBe(false);
    expect(at(1000, 10, { destroyRequestsPerResource: 0.26 })["destroy ≤ 0.25 requests per resource"]).toBe(false);
    expect(at(1000, 10, { destroyRequestsPerResource: 0.12 })["destroy ≤ 0.25 requests per resource"]).toBe(true);
    expect(at(4000, 40, { refreshRequests: 101 })["refresh in ≤ 100 requests"]).toBe(false);
    expect(at(4000, 40, { providerPeakRssMb: null })["provider host peak RSS < 400 MB"]).toBe(false);
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
    const keys = [
      "resources",
      "wallSeconds",
      "limitSeconds",
      "ratio",
      "requestsPerResource",
      "destroyRequestsPerResource",
      "refreshRequests",
      "providerPeakRssMb",
    ];
    expect(last.sizes).toHaveLength(2);
    for (const entry of last.sizes) {
      for (const key of keys) {
        expect(typeof entry[key]).toBe("number");
        expect(typeof entry.baseline[key]).toBe("number");
      }
    }
    expect(last.sizes.map((s: { target: number }) => s.target)).toEqual([250, 1000]);
    expect(last.sizes[1].baseline.requestsPerResource).toBe(2);
    for (const entry of last.sizes) {
      expect(entry.parallel).toBe(RECOMMENDED_PARALLEL);
      expect(entry.floorSeconds).toBe(1);
      expect(entry.ratioToBound).toBeCloseTo(entry.wallSeconds / Math.max(entry.limitSeconds, 1), 3);
      expect(entry.engineDefault).toMatchObject({
        parallel: 8,
        wallSeconds: entry.wallSeconds * 3,
        ratio: expect.any(Number),
        ratioToBound: expect.any(Number),
        floorSeconds: 1.5,
        latencyBoundSeconds: expect.any(Number),
        ratioToLatencyBound: expect.any(Number),
      });
      expect(entry).toHaveProperty("engineDefault.slowestWindowRatio");
      for (const key of ["previewFloorSeconds", "previewRatioToFloor", "cliUpSeconds"])
        expect(entry).toHaveProperty(key);
      expect(entry.cliUpSeconds).toBeCloseTo(entry.previewSeconds + entry.wallSeconds, 2);
    }
    expect(last.perResourceCostGrowth.growth).toEqual(expect.any(Number));
    expect(last.config.sizes).toEqual([250, 1000]);
    expect(last.msp).toBeNull();
  });

  it("gives the MSP estate its own entry under msp with the sizes' keys and its tenants, out of sizes and of the growth", () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const stack = mspCompositionOf(20, 2);
    const estate: SizeResult = { ...sizeResult(1000, 14), target: stack.resources, stack };
    try {
      printSummary(parseArgs(["--sizes", "250,1000,msp"]), [sizeResult(250, 5), sizeResult(1000, 12), estate]);
    } finally {
      spy.mockRestore();
    }
    const last = JSON.parse(lines[lines.length - 1]);
    expect(last.sizes.map((s: { target: number }) => s.target)).toEqual([250, 1000]);
    expect(Object.keys(last.msp)).toEqual(expect.arrayContaining(Object.keys(last.sizes[1])));
    expect(last.msp).toMatchObject({
      tenants: 20,
      sitesPerTenant: 2,
      resourcesPerTenant: stack.resources / 20,
      target: stack.resources,
      wallSeconds: 14,
      floorSeconds: 1,
    });
    expect(last.msp.engineDefault).toEqual(expect.objectContaining({ parallel: 8, ratioToBound: expect.any(Number) }));
    expect(last.msp.ratioToBound).toEqual(expect.any(Number));
    expect(last.msp.requestsPerCreatedResource).toBe(estate.provider.requestsPerResource);
    expect(last.perResourceCostGrowth).toMatchObject({
      from: sizeResult(250, 5).stack.resources,
      to: sizeResult(1000, 12).stack.resources,
    });
    expect(Object.keys(last.goals.bySize)).toEqual(["250", "1000", "msp"]);
    expect(last.config.msp).toEqual({ tenants: 20, sitesPerTenant: 2 });
    expect(lines.some((line) => /^\s+\d+ msp\s/.test(line))).toBe(true);
  });
});
