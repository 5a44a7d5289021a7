/** Human-readable rendering of a RunResult, in the spirit of `pulumi preview` / `pulumi up` output. */
import { PlannedStep, RunResult, StepOp } from "./types";
import { UNKNOWN_VALUE } from "./props";

const SYMBOL: Record<StepOp, string> = { create: "+ ", update: "~ ", replace: "+-", delete: "- ", same: "  ", read: "> " };
const TITLE: Record<RunResult["operation"], string> = {
  preview: "Previewing update",
  up: "Updating",
  refresh: "Refreshing",
  destroy: "Destroying",
};
const SUMMARY_VERB: Record<RunResult["operation"], Record<StepOp, string>> = {
  preview: { create: "to create", update: "to update", replace: "to replace", delete: "to delete", same: "unchanged", read: "to read" },
  up: { create: "created", update: "updated", replace: "replaced", delete: "deleted", same: "unchanged", read: "read" },
  refresh: { create: "created", update: "changed", replace: "replaced", delete: "gone", same: "unchanged", read: "read" },
  destroy: { create: "created", update: "updated", replace: "replaced", delete: "deleted", same: "unchanged", read: "read" },
};

function describe(step: PlannedStep, refresh: boolean): string {
  const parts: string[] = [];
  if (step.op === "update" || step.op === "replace") {
    const paths = step.changedPaths.length > 0 ? step.changedPaths : step.changedFields;
    if (paths.length > 0) parts.push(`[${refresh ? "drift" : "diff"}: ${paths.map((p) => `~${p}`).join(", ")}]`);
  }
  if (step.op === "replace") {
    if (step.replaceFields && step.replaceFields.length > 0) parts.push(`replace because of ${step.replaceFields.join(", ")}`);
    if (step.deleteBeforeReplace) parts.push("(delete before replace)");
  }
  if (step.op === "create" && step.changedFields.length > 0) parts.push(`[${step.changedFields.join(", ")}]`);
  if (step.id && step.op !== "same") parts.push(`id=${step.id}`);
  return parts.join(" ");
}

function table(steps: readonly PlannedStep[], refresh: boolean): string[] {
  if (steps.length === 0) return ["    (no resources)"];
  const typeWidth = Math.min(48, Math.max(4, ...steps.map((s) => s.type.length)));
  const nameWidth = Math.min(40, Math.max(4, ...steps.map((s) => s.name.length)));
  const lines = [`     ${"Type".padEnd(typeWidth)}  ${"Name".padEnd(nameWidth)}  ${"Plan".padEnd(8)}  Info`];
  for (const s of steps) {
    const op = refresh && s.op === "update" ? "drift" : refresh && s.op === "delete" ? "gone" : s.op;
    lines.push(` ${SYMBOL[s.op]}  ${s.type.padEnd(typeWidth)}  ${s.name.padEnd(nameWidth)}  ${op.padEnd(8)}  ${describe(s, refresh)}`.trimEnd());
    if (s.error) lines.push(`         error: ${s.error}`);
  }
  return lines;
}

function summary(steps: readonly PlannedStep[], operation: RunResult["operation"]): string[] {
  const order: StepOp[] = ["create", "update", "replace", "delete", "read", "same"];
  const counts = new Map<StepOp, number>();
  for (const s of steps) counts.set(s.op, (counts.get(s.op) ?? 0) + 1);
  const lines: string[] = [];
  for (const op of order) {
    const n = counts.get(op);
    if (!n) continue;
    lines.push(op === "same" ? `    ${n} ${SUMMARY_VERB[operation][op]}` : `    ${SYMBOL[op].trim()} ${n} ${SUMMARY_VERB[operation][op]}`);
  }
  return lines.length > 0 ? lines : ["    no resources"];
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
export function formatPlan(result: RunResult): string {
  const lines: string[] = [`${TITLE[result.operation]}:`];
  if (result.refreshSteps) {
    lines.push("", "Refresh:");
    lines.push(...table(result.refreshSteps, true));
  }
  lines.push("");
  lines.push(...table(result.steps, result.operation === "refresh"));
  const names = Object.keys(result.outputs);
  if (names.length > 0) {
    lines.push("", "Outputs:");
    const w = Math.max(...names.map((n) => n.length));
    for (const n of names) lines.push(`    ${n.padEnd(w)}: ${renderValue(result.outputs[n], result.secretOutputs.includes(n))}`);
  }
  lines.push("", "Resources:");
  lines.push(...summary(result.steps, result.operation));
  if (result.errors.length > 0) {
    lines.push("", "Errors:");
    for (const e of result.errors) lines.push(`    ${e}`);
  }
  lines.push("", `${result.failed ? "FAILED" : "OK"} (${result.changes} change${result.changes === 1 ? "" : "s"}, ${(result.durationMs / 1000).toFixed(1)}s)`);
  return lines.join("\n") + "\n";
}
