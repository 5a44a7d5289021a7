// What the bench's figures come to: each size's outcome, its ratios to the bounds (the limit, the floor, the latency
// bound at the engine's default), the preview against its floor, the growth of the per-resource cost, and the goals.
import type { Composition } from "./composition";
import type { Figures, UpFigures } from "./measure";
import { latencyBoundSeconds } from "./pace";
import { round } from "./round";

/** One size's outcome: the stack deployed and each variant's figures. */
export interface SizeResult {
  /** The size asked for with --sizes; the stack nearest to it has stack.resources resources. */
  target: number;
  stack: Composition;
  /** The floor's up at opts.parallel: the same program with resources whose provider does nothing. */
  floor: UpFigures;
  /** The provider at opts.parallel: every figure. */
  provider: Figures;
  /** The provider's up and the floor's at the engine's default parallelism (absent with --no-engine-default). */
  engineDefault?: { run: UpFigures; floor: UpFigures };
  /** The floor's preview at opts.parallel, measured as its up is: what the provider's preview is held to. */
  previewFloor?: UpFigures;
  naive?: Figures;
}

/** The engine-default up's figures, for the report and the JSON line. */
export interface EngineDefaultFigures {
  parallel: number;
  wallSeconds: number;
  ratio: number;
  ratioToBound: number;
  floorSeconds: number;
  /** Steps that wait for a request record × the least async latency ÷ the parallelism. */
  latencyBoundSeconds: number;
  /** wall ÷ max(floor, limit, latency bound). */
  ratioToLatencyBound: number;
  /**
   * The same steps × the emulator's mean async latency (least + half the uniform jitter) ÷ the parallelism: a step
   * gives its slot back only once its record ends, so a client that cost nothing would still take this long on
   * average; the bound uses the least latency, which no run of drawn latencies reaches.
   */
  meanLatencyBoundSeconds: number;
  /** wall ÷ max(floor, limit, mean-latency bound): what the client and Pulumi add above the drawn latencies. */
  ratioToMeanLatencyBound: number;
  /** The slowest 10-second window's steps started per second ÷ the median window's; null with fewer than one window. */
  slowestWindowRatio: number | null;
  slowestWindow: { fromSeconds: number; stepsPerSecond: number; medianStepsPerSecond: number } | null;
}

/**
 * The bound an up at some parallelism is held against: the larger of the limit (what the service allows) and the
 * floor's wall time at that parallelism (what Pulumi itself costs on this machine).
 */
export function ratioToBound(wallSeconds: number, limitSeconds: number, floorSeconds: number): number {
  return round(wallSeconds / Math.max(limitSeconds, floorSeconds));
}

/**
 * The figures of the engine-default up, for the report and the JSON line; null when it was not run. `latencyMs` is
 * the emulator's least async latency, `jitterMs` the uniform extra it draws on top.
 */
export function engineDefaultOf(r: SizeResult, latencyMs: number, jitterMs = 0): EngineDefaultFigures | null {
  if (!r.engineDefault) return null;
  const { run, floor } = r.engineDefault;
  const limit = r.provider.limitSeconds;
  const latencyBound = latencyBoundSeconds(run.recordWaitingSteps ?? 0, latencyMs, run.parallel);
  const meanLatencyBound = latencyBoundSeconds(run.recordWaitingSteps ?? 0, latencyMs + jitterMs / 2, run.parallel);
  const pace = run.pace ?? null;
  return {
    parallel: run.parallel,
    wallSeconds: run.wallSeconds,
    ratio: round(run.wallSeconds / limit),
    ratioToBound: ratioToBound(run.wallSeconds, limit, floor.wallSeconds),
    floorSeconds: floor.wallSeconds,
    latencyBoundSeconds: latencyBound,
    ratioToLatencyBound: round(run.wallSeconds / Math.max(limit, floor.wallSeconds, latencyBound)),
    meanLatencyBoundSeconds: meanLatencyBound,
    ratioToMeanLatencyBound: round(run.wallSeconds / Math.max(limit, floor.wallSeconds, meanLatencyBound)),
    slowestWindowRatio: pace ? pace.slowestWindowRatio : null,
    slowestWindow: pace ? { ...pace.slowest, medianStepsPerSecond: pace.medianStepsPerSecond } : null,
  };
}

/** The provider's preview against the floor's, and `pulumi up` as the CLI runs it (preview, then the update). */
export function previewOf(r: SizeResult): {
  previewFloorSeconds: number | null;
  previewRatioToFloor: number | null;
  cliUpSeconds: number;
} {
  const floor = r.previewFloor?.wallSeconds;
  return {
    previewFloorSeconds: floor ?? null,
    previewRatioToFloor: floor ? round(r.provider.previewSeconds / floor) : null,
    cliUpSeconds: round(r.provider.previewSeconds + r.provider.wallSeconds, 2),
  };
}

/** The per-resource cost of up: wall seconds per resource, in milliseconds. */
export function perResourceMs(f: Figures): number {
  return (f.wallSeconds * 1000) / f.resourcesCreated;
}

export interface Growth {
  from: number;
  to: number;
  fromMsPerResource: number;
  toMsPerResource: number;
  /** toMsPerResource ÷ fromMsPerResource − 1 (0.1 is 10% dearer per resource at the larger size). */
  growth: number;
}

/** Growth of the per-resource cost between the two largest sizes run (1,000 and 4,000 by default); null with one size. The caller leaves the MSP estate out. */
export function costGrowth(results: SizeResult[]): Growth | null {
  if (results.length < 2) return null;
  const [a, b] = results.slice(-2);
  const from = perResourceMs(a.provider);
  const to = perResourceMs(b.provider);
  return {
    from: a.stack.resources,
    to: b.stack.resources,
    fromMsPerResource: round(from),
    toMsPerResource: round(to),
    growth: round(to / from - 1),
  };
}

interface Goal {
  name: string;
  /** undefined: the goal does not apply at this size. */
  met: boolean | undefined;
  measured: string;
}

/** The MSP estate's goals: its ratio to bound, and requests per created resource. */
export const MSP_RATIO_TO_BOUND_GOAL = 1.25;
export const MSP_REQUESTS_PER_RESOURCE_GOAL = 1.0;
/** At the engine's default: wall ÷ max(floor, limit, latency bound), from 1,000 resources; the slowest window. */
export const ENGINE_DEFAULT_LATENCY_RATIO_GOAL = 1.3;
export const SLOWEST_WINDOW_GOAL = 0.5;
/** The preview against the floor's: at most this ratio, or the floor's plus PREVIEW_GOAL_SLACK_SECONDS. */
export const PREVIEW_RATIO_GOAL = 1.15;
export const PREVIEW_GOAL_SLACK_SECONDS = 1;

/**
 * The goals for the provider at one size, at the README's parallelism: its wall time within 15% of the bound at 1,000
 * resources and 10% at 4,000 (none below 1,000; the MSP estate's own 1.25), the requests of up (the MSP estate's
 * own ≤ 1.0) and destroy, refresh, the provider host's memory; the preview against the floor's; at the engine's
 * default, the ratio to the latency bound and the slowest window.
 */
export function goalsOf(r: SizeResult, latencyMs = 300): Goal[] {
  const f = r.provider;
  const msp = r.stack.tenants > 0;
  const bound = msp ? MSP_RATIO_TO_BOUND_GOAL : r.target >= 4000 ? 1.1 : r.target >= 1000 ? 1.15 : undefined;
  const toBound = ratioToBound(f.wallSeconds, f.limitSeconds, r.floor.wallSeconds);
  const requestsGoal = msp ? MSP_REQUESTS_PER_RESOURCE_GOAL : 1.1;
  const preview = previewOf(r);
  const engine = engineDefaultOf(r, latencyMs);
  const large = !msp && r.target >= 1000;
  return [
    {
      name: `ratio to bound ≤ ${bound ?? "(none below 1,000)"}`,
      met: bound === undefined ? undefined : toBound <= bound,
      measured: String(toBound),
    },
    {
      name: `≤ ${requestsGoal.toFixed(1)} requests per created resource`,
      met: f.requestsPerResource <= requestsGoal,
      measured: String(f.requestsPerResource),
    },
    {
      name: `preview ≤ ${PREVIEW_RATIO_GOAL} × its floor (or + ${PREVIEW_GOAL_SLACK_SECONDS} s)`,
      met:
        preview.previewFloorSeconds === null
          ? undefined
          : f.previewSeconds <=
            Math.max(
              PREVIEW_RATIO_GOAL * preview.previewFloorSeconds,
              preview.previewFloorSeconds + PREVIEW_GOAL_SLACK_SECONDS,
            ),
      measured: String(preview.previewRatioToFloor ?? "n/a"),
    },
    {
      name: `engine default: to latency bound ≤ ${ENGINE_DEFAULT_LATENCY_RATIO_GOAL}`,
      met: engine && large ? engine.ratioToLatencyBound <= ENGINE_DEFAULT_LATENCY_RATIO_GOAL : undefined,
      measured: String(engine?.ratioToLatencyBound ?? "n/a"),
    },
    {
      name: `engine default: slowest window ≥ ${SLOWEST_WINDOW_GOAL} × median`,
      met: engine && engine.slowestWindowRatio !== null ? engine.slowestWindowRatio >= SLOWEST_WINDOW_GOAL : undefined,
      measured: String(engine?.slowestWindowRatio ?? "n/a"),
    },
    {
      name: "destroy ≤ 0.25 requests per resource",
      met: f.destroyRequestsPerResource <= 0.25,
      measured: String(f.destroyRequestsPerResource),
    },
    { name: "refresh in ≤ 100 requests", met: f.refreshRequests <= 100, measured: String(f.refreshRequests) },
    {
      name: "provider host peak RSS < 400 MB",
      met: f.providerPeakRssMb !== null && f.providerPeakRssMb < 400,
      measured: mb(f.providerPeakRssMb),
    },
  ];
}

function mb(value: number | null): string {
  return value === null ? "n/a" : `${value} MB`;
}
