/**
 * A RunResult as the Pulumi CLI prints a preview or an update (pkg/backend/display in pulumi/pulumi): a row per
 * resource that changes (unchanged ones only with `showSames`, the CLI's --show-sames, display.go shouldShow), the
 * stack outputs, and the "Resources:" summary, which counts only the steps that completed (pkg/engine/update.go
 * OnResourceStepPost counts a step once it succeeded; display/diff.go renderSummaryEvent prints the counts).
 */
import { formatPolicies } from "./policy/format";
import type { PlannedStep, ResourceChanges, RunResult, StepOp } from "./types";
import { UNKNOWN_VALUE } from "./props";
import { parsePath } from "./propertyPaths";
import { ROOT_STACK_TYPE } from "./urns";

export interface FormatOptions {
  /** Also list the unchanged resources, and those a failure left unstarted (the CLI's --show-sames). */
  showSames?: boolean;
}

const SYMBOL: Record<StepOp, string> = {
  create: "+ ",
  update: "~ ",
  replace: "+-",
  delete: "- ",
  same: "  ",
  read: "> ",
};
const TITLE: Record<RunResult["operation"], string> = {
  preview: "Previewing update",
  up: "Updating",
  refresh: "Refreshing",
  destroy: "Destroying",
};
/** What a step did, once done (deploy.PastTense), and what it was doing (getStepInProgressOpText). */
const DONE: Record<StepOp, string> = {
  create: "created",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
  same: "same",
  read: "read",
};
const DOING: Record<StepOp, string> = {
  create: "creating",
  update: "updating",
  replace: "replacing",
  delete: "deleting",
  same: "",
  read: "reading",
};
/** The summary's operations, in the CLI's order (deploy.StepOps); sames are counted apart and reads not at all. */
const SUMMARY_ORDER: StepOp[] = ["create", "update", "delete", "replace"];

/** The steps that completed, by operation: a step that failed or never started is not counted. */
export function resourceChanges(steps: readonly PlannedStep[]): ResourceChanges {
  const counts: ResourceChanges = {};
  for (const s of steps) if (!s.error) counts[s.op] = (counts[s.op] ?? 0) + 1;
  return counts;
}

/** Changes that completed (what the CLI's "N changes" adds up). */
function completedChanges(counts: ResourceChanges): number {
  return SUMMARY_ORDER.reduce((n, op) => n + (counts[op] ?? 0), 0);
}

/**
 * Keys that start with "__" are the engine's internal ones (`__provider`, and the SDK's `__nmsName`, `__nmsStack`): the
 * CLI's rows and diffs never show them (sdk/go/common/resource/properties.go IsInternalPropertyKey, display/rows.go
 * getDiffInfo, display/object_diff.go). They stay in the state and in the RunResult, as in the CLI's --json.
 */
function shownPaths(paths: readonly string[]): string[] {
  return paths.filter((p) => !String(parsePath(p)?.[0] ?? p).startsWith("__"));
}

function describe(step: PlannedStep, refresh: boolean): string {
  const parts: string[] = [];
  if (step.op === "update" || step.op === "replace") {
    const paths = shownPaths(step.changedPaths.length > 0 ? step.changedPaths : step.changedFields);
    if (paths.length > 0) parts.push(`[${refresh ? "drift" : "diff"}: ${paths.map((p) => `~${p}`).join(", ")}]`);
  }
  if (step.op === "replace") {
    const reasons = [
      ...(step.replacementTrigger ? ["replacementTrigger"] : []),
      ...shownPaths(step.replaceFields ?? []),
    ];
    if (reasons.length > 0) parts.push(`replace because of ${reasons.join(", ")}`);
    if (step.deleteBeforeReplace) parts.push("(delete before replace)");
  }
  const created = step.op === "create" ? shownPaths(step.changedFields) : [];
  if (created.length > 0) parts.push(`[${created.join(", ")}]`);
  if (step.id && step.op !== "same") parts.push(`id=${step.id}`);
  return parts.join(" ");
}

/** The row's status: the plan in a preview, what happened otherwise (the CLI's getStepDoneDescription). */
function status(step: PlannedStep, operation: RunResult["operation"], refresh: boolean): string {
  if (step.skipped) return "skipped";
  if (refresh) {
    if (step.error) return "refreshing failed";
    return step.op === "update" ? "drift" : step.op === "delete" ? "gone" : step.op;
  }
  if (step.error) return step.op === "same" ? "failed" : `${operation === "preview" ? step.op : DOING[step.op]} failed`;
  return operation === "preview" ? step.op : DONE[step.op];
}

/** A row for every step that changes or failed, and the stack's; every step with showSames. */
function shown(step: PlannedStep, showSames: boolean): boolean {
  if (showSames) return true;
  if (step.skipped) return false;
  return step.op !== "same" || !!step.error || step.type === ROOT_STACK_TYPE;
}

function table(
  all: readonly PlannedStep[],
  operation: RunResult["operation"],
  refresh: boolean,
  showSames: boolean,
): string[] {
  const steps = all.filter((s) => shown(s, showSames));
  if (steps.length === 0) return [all.length === 0 ? "    (no resources)" : "    (no changes)"];
  const statuses = steps.map((s) => status(s, operation, refresh));
  const header = operation === "preview" ? "Plan" : "Status";
  const typeWidth = Math.min(48, Math.max(4, ...steps.map((s) => s.type.length)));
  const nameWidth = Math.min(40, Math.max(4, ...steps.map((s) => s.name.length)));
  const statusWidth = Math.max(header.length, ...statuses.map((s) => s.length));
  const lines = [`     ${"Type".padEnd(typeWidth)}  ${"Name".padEnd(nameWidth)}  ${header.padEnd(statusWidth)}  Info`];
  steps.forEach((s, i) => {
    lines.push(
      ` ${SYMBOL[s.op]}  ${s.type.padEnd(typeWidth)}  ${s.name.padEnd(nameWidth)}  ${statuses[i].padEnd(statusWidth)}  ${describe(s, refresh)}`.trimEnd(),
    );
    if (s.error && !s.skipped) lines.push(`         error: ${s.error}`);
    // Who changed it (refresh): what the provider printed for the resource, next to it (harness/attribution.ts).
    if (refresh && s.attribution) lines.push(`         ${s.attribution}`);
  });
  return lines;
}

/** The "Resources:" section (renderSummaryEvent): the completed steps only. */
function summary(steps: readonly PlannedStep[], operation: RunResult["operation"]): string[] {
  const counts = resourceChanges(steps);
  const lines: string[] = [];
  let kinds = 0;
  for (const op of SUMMARY_ORDER) {
    const n = counts[op];
    if (!n) continue;
    kinds += 1;
    lines.push(`    ${SYMBOL[op].trim()} ${n} ${operation === "preview" ? `to ${op}` : DONE[op]}`);
  }
  // The total only when there are changes of several kinds ("+ 10 to create" needs no "10 changes").
  const pieces: string[] = [];
  if (kinds >= 2) {
    const total = completedChanges(counts);
    pieces.push(`${total} change${total === 1 ? "" : "s"}`);
  }
  if (counts.same) pieces.push(`${counts.same} unchanged`);
  if (pieces.length > 0) lines.push(`    ${pieces.join(". ")}`);
  const errored = steps.filter((s) => s.error && !s.skipped).length;
  if (errored > 0) lines.push(`    ${errored} errored`);
  return lines.length > 0 ? lines : ["    no changes"];
}

function renderValue(v: unknown, secret: boolean): string {
  if (secret) return "[secret]";
  if (v === UNKNOWN_VALUE) return "[unknown]";
  return JSON.stringify(maskUnknowns(v));
}

function maskUnknowns(v: unknown): unknown {
  if (v === UNKNOWN_VALUE) return "[unknown]";
  if (Array.isArray(v)) return v.map(maskUnknowns);
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = maskUnknowns(x);
    return out;
  }
  return v;
}

/** The plan or outcome as text; secret outputs are shown as [secret]. */
export function formatPlan(result: RunResult, options: FormatOptions = {}): string {
  const showSames = options.showSames === true;
  const lines: string[] = [`${TITLE[result.operation]}:`];
  if (result.refreshSteps) {
    lines.push("", "Refresh:");
    lines.push(...table(result.refreshSteps, result.operation, true, showSames));
  }
  lines.push("");
  lines.push(...table(result.steps, result.operation, result.operation === "refresh", showSames));
  // After the changes, before outputs and summary, as the CLI's display orders them.
  const policies = formatPolicies(result);
  if (policies) lines.push("", policies.trimEnd());
  const names = Object.keys(result.outputs);
  if (names.length > 0) {
    lines.push("", "Outputs:");
    const w = Math.max(...names.map((n) => n.length));
    for (const n of names)
      lines.push(`    ${n.padEnd(w)}: ${renderValue(result.outputs[n], result.secretOutputs.includes(n))}`);
  }
  lines.push("", "Resources:");
  lines.push(...summary(result.steps, result.operation));
  if (result.errors.length > 0) {
    lines.push("", "Errors:");
    for (const e of result.errors) lines.push(`    ${e}`);
  }
  const changes = completedChanges(resourceChanges(result.steps));
  lines.push(
    "",
    `${result.failed ? "FAILED" : "OK"} (${changes} change${changes === 1 ? "" : "s"}, ${(result.durationMs / 1000).toFixed(1)}s)`,
  );
  return lines.join("\n") + "\n";
}
