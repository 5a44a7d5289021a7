/**
 * Local lifecycle harness: plays the Pulumi engine's part for stacks made of dynamic resources, with no Pulumi CLI.
 *
 *   const r = await up({ projectDir, program: "dist/examples/x/index.js", projectName: "x", stackName: "dev",
 *                        statePath: "/tmp/x.state.json", config: { "nms:region": "eu" },
 *                        secretConfig: { "nms:password": "..." }, passphrase: "..." });
 *   console.log(formatPlan(r));
 *
 * See harness/README.md for what differs from the real engine.
 */
import { runDestroy, runRefresh, runUp, runUpdate } from "./run";
import type { RunResult, StackOptions } from "./types";

export type { StackOptions, PlannedStep, RunResult, StepOp, StepFailure, Operation, ResourceChanges } from "./types";
export { formatPlan, resourceChanges } from "./format";
export type { FormatOptions } from "./format";
export { UNKNOWN_VALUE } from "./props";
export { PASSPHRASE_ENV, normalizeConfigKey } from "./options";
export { SUPPORTED_FEATURES } from "./monitor";
export { liveChildren } from "./processes";
export type { PolicyViolation } from "./policy/analyzer";
export type { PolicyPackOption, PolicyPackRun } from "./policy/packs";

/** Dry run: Check and Diff only, never Create/Update/Delete, state untouched. `refresh: true` reads every resource first (in memory). */
export function preview(opts: StackOptions & { refresh?: boolean }): Promise<RunResult> {
  return runUpdate(opts, true);
}

/**
 * `pulumi up`: a preview first, in a run of its own (`result.preview`; a failed preview ends it before any change),
 * then the program runs again and the changes are applied; saves the state (also what succeeded when the run fails).
 * `skipPreview: true` is the CLI's --skip-preview. `refresh: true` refreshes first, in the preview too.
 */
export function up(opts: StackOptions & { refresh?: boolean }): Promise<RunResult> {
  return runUp(opts);
}

/** Reads every resource through its provider and saves what it finds (drift = op "update", gone = op "delete"). */
export function refresh(opts: StackOptions): Promise<RunResult> {
  return runRefresh(opts);
}

/** Deletes every resource in reverse dependency order without running the program. */
export function destroy(opts: StackOptions): Promise<RunResult> {
  return runDestroy(opts);
}
