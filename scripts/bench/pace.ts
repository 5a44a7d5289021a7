// How evenly a run went, and the least time its waits allow: the steps started per 10-second window (from the
// harness's "creating" lines, which come when a step starts, as the engine's OnResourceStepPre), and the latency bound
// of a parallelism (every step that waits for a request record holds one of `parallel` slots for at least the
// service's least async latency).
import { routeOf } from "../../contract/routes";
import type { PlannedStep } from "../../harness";
import { RESOURCE_SPECS } from "../../provider/resources";
import { round } from "./round";

export const PACE_WINDOW_SECONDS = 10;

export interface Pace {
  /** Full windows of PACE_WINDOW_SECONDS from the first step start to the last. */
  windows: number;
  medianStepsPerSecond: number;
  /** The window with the fewest steps started: its start (seconds from the first step) and its rate. */
  slowest: { fromSeconds: number; stepsPerSecond: number };
  /** The slowest window's steps per second ÷ the median window's. */
  slowestWindowRatio: number;
}

/**
 * Steps started per full window, given each step's start in seconds (any origin); null when the steps started within
 * less than one window (nothing to compare).
 */
export function paceOf(startSeconds: readonly number[], windowSeconds = PACE_WINDOW_SECONDS): Pace | null {
  if (startSeconds.length === 0) return null;
  const sorted = [...startSeconds].sort((a, b) => a - b);
  const first = sorted[0];
  const windows = Math.floor((sorted[sorted.length - 1] - first) / windowSeconds);
  if (windows < 1) return null;
  const counts = new Array<number>(windows).fill(0);
  for (const at of sorted) {
    const index = Math.floor((at - first) / windowSeconds);
    if (index < windows) counts[index] += 1;
  }
  const rates = counts.map((n) => n / windowSeconds);
  const ordered = [...rates].sort((a, b) => a - b);
  const median =
    ordered.length % 2 === 1
      ? ordered[(ordered.length - 1) / 2]
      : (ordered[ordered.length / 2 - 1] + ordered[ordered.length / 2]) / 2;
  const slowestIndex = rates.indexOf(ordered[0]);
  return {
    windows,
    medianStepsPerSecond: round(median),
    slowest: { fromSeconds: slowestIndex * windowSeconds, stepsPerSecond: round(ordered[0]) },
    slowestWindowRatio: median > 0 ? round(ordered[0] / median) : 0,
  };
}

/**
 * The steps of a run whose provider call waits for a request record: creates and updates of pulumi-nms kinds whose
 * write (the create, or for settings that always exist the update) is an async operation.
 */
export function recordWaitingSteps(steps: readonly PlannedStep[]): number {
  return steps.filter((step) => {
    if (!step.custom || (step.op !== "create" && step.op !== "update")) return false;
    const spec = RESOURCE_SPECS[step.type.slice(step.type.lastIndexOf(":") + 1)];
    const op = step.op === "create" ? (spec?.ops.create ?? spec?.ops.update) : spec?.ops.update;
    return op !== undefined && routeOf(op).async;
  }).length;
}

/** The least time `steps` record-waiting steps take at `parallel` when each holds its slot for `latencyMs`. */
export function latencyBoundSeconds(steps: number, latencyMs: number, parallel: number): number {
  return round((steps * latencyMs) / 1000 / Math.max(1, parallel));
}
