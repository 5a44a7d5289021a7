// The report's three forms: text (the default, for a terminal), JSON (for scripts: the schema is in
// docs/drift.md and DRIFT_JSON_SCHEMA below) and Markdown (a pull-request comment, an issue, a CI job
// summary). Secrets are already masked in the report (report.ts); names from the service are put on
// one line and, in Markdown, escaped.
import { type Change, type DriftReport, hasDrift, type TenantDrift } from "./report";

export const FORMATS = ["text", "json", "markdown"] as const;
export type Format = (typeof FORMATS)[number];

/** The JSON form's version: raised when a field changes meaning or goes. */
export const DRIFT_JSON_VERSION = 1;

export function formatReport(report: DriftReport, format: Format): string {
  if (format === "json") return JSON.stringify(jsonReport(report), null, 2) + "\n";
  if (format === "markdown") return markdown(report);
  return text(report);
}

const count = (report: DriftReport, pick: (t: TenantDrift) => unknown[]) =>
  report.tenants.reduce((n, t) => n + pick(t).length, 0);

export function jsonReport(report: DriftReport): unknown {
  const changes = (list: Change[]) =>
    list.map(({ admin, timestamp, method, requestId, status }) => ({ admin, timestamp, method, requestId, status }));
  return {
    schemaVersion: DRIFT_JSON_VERSION,
    drift: hasDrift(report),
    summary: {
      changed: count(report, (t) => t.changed),
      gone: count(report, (t) => t.gone),
      unmanaged: count(report, (t) => t.unmanaged),
      ignored: report.ignored,
    },
    tenants: report.tenants.map((t) => ({
      tenantId: t.tenantId,
      changed: t.changed.map((c) => ({
        resource: c.resource,
        urn: c.urn,
        kind: c.kind,
        id: c.id,
        fields: c.fields,
        changes: changes(c.changes),
      })),
      gone: t.gone.map((g) => ({
        resource: g.resource,
        urn: g.urn,
        kind: g.kind,
        id: g.id,
        changes: changes(g.changes),
      })),
      unmanaged: t.unmanaged.map((u) => ({ kind: u.kind, id: u.id, name: u.name, changes: changes(u.changes) })),
      notChecked: t.notChecked,
      historyComplete: t.historyComplete,
    })),
    requests: report.requests,
    durationMs: report.durationMs,
  };
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();
const shown = (value: unknown) =>
  value === null || value === undefined ? "(not set)" : oneLine(JSON.stringify(value));
const when = (timestamp: string) => timestamp.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC");

/** Who did it: the most recent change (a change, a delete), or the first the records hold (who made an object). */
function who(changes: Change[], which: "latest" | "first", verb: string): string {
  const change = which === "latest" ? changes[0] : changes[changes.length - 1];
  if (!change) return "who: not in the request records";
  const more =
    changes.length > 1
      ? ` (${changes.length} changes, the latest by ${changes[0].admin} at ${when(changes[0].timestamp)})`
      : "";
  return `${verb} by ${change.admin} at ${when(change.timestamp)} (${change.method})${which === "first" ? more : ""}`;
}

function headline(report: DriftReport): string {
  const tenants = report.tenants.length;
  const totals = `${count(report, (t) => t.changed)} changed, ${count(report, (t) => t.gone)} gone, ${count(report, (t) => t.unmanaged)} unmanaged`;
  const ignored = report.ignored > 0 ? `; ${report.ignored} ignored` : "";
  return hasDrift(report)
    ? `drift found in ${tenants} tenant${tenants === 1 ? "" : "s"}: ${totals}${ignored}`
    : `no drift in ${tenants} tenant${tenants === 1 ? "" : "s"}${ignored}`;
}

function text(report: DriftReport): string {
  const lines = [
    `nms-drift: ${headline(report)} (${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s)`,
  ];
  for (const t of report.tenants) {
    lines.push("", `Tenant ${t.tenantId}`);
    if (t.changed.length > 0) lines.push(`  Changed in the service (${t.changed.length}):`);
    for (const c of t.changed) {
      lines.push(`    ${c.kind} ${c.resource} (${c.id}): ${who(c.changes, "latest", "changed")}`);
      for (const f of c.fields) lines.push(`      ${f.field}: state ${shown(f.state)}, service ${shown(f.service)}`);
    }
    if (t.gone.length > 0) lines.push(`  Gone from the service (${t.gone.length}):`);
    for (const g of t.gone) lines.push(`    ${g.kind} ${g.resource} (${g.id}): ${who(g.changes, "latest", "deleted")}`);
    if (t.unmanaged.length > 0) lines.push(`  Not managed by the stack (${t.unmanaged.length}):`);
    for (const u of t.unmanaged)
      lines.push(
        `    ${u.kind} ${JSON.stringify(oneLine(u.name))} (${u.id}): ${who(u.changes, "first", u.changes.at(-1)?.method === "POST" ? "made" : "changed")}`,
      );
    if (t.changed.length + t.gone.length + t.unmanaged.length === 0) lines.push("  no drift");
    for (const n of t.notChecked) lines.push(`  not checked: ${n.kind}: ${n.reason}`);
    if (!t.historyComplete)
      lines.push(
        "  note: the request records may not reach back to the stack's last writes: some changes may name no one",
      );
  }
  return lines.join("\n") + "\n";
}

/** A table cell: one line, pipes and backticks escaped. */
const cell = (value: string) => oneLine(value).replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/`/g, "\\`");
/** A value as a code span in a table cell: backticks cannot be escaped inside one, pipes must be. */
const code = (value: unknown) => `\`${shown(value).replace(/`/g, "'").replace(/\|/g, "\\|")}\``;
const byCell = (changes: Change[], which: "latest" | "first") => {
  const change = which === "latest" ? changes[0] : changes[changes.length - 1];
  return change
    ? `${cell(change.admin)}, ${cell(when(change.timestamp))} (${cell(change.method)})`
    : "not in the records";
};

function markdown(report: DriftReport): string {
  const lines = [`## nms-drift: ${headline(report)}`, ""];
  for (const t of report.tenants) {
    lines.push(`### Tenant \`${t.tenantId}\``, "");
    if (t.changed.length > 0) {
      lines.push(
        "**Changed in the service**",
        "",
        "| Resource | Kind | Field | State | Service | By, when |",
        "|---|---|---|---|---|---|",
      );
      for (const c of t.changed)
        for (const [i, f] of c.fields.entries())
          lines.push(
            `| ${i === 0 ? `\`${cell(c.resource)}\`` : ""} | ${i === 0 ? c.kind : ""} | ${cell(f.field)} | ${code(f.state)} | ${code(f.service)} | ${i === 0 ? byCell(c.changes, "latest") : ""} |`,
          );
      lines.push("");
    }
    if (t.gone.length > 0) {
      lines.push("**Gone from the service**", "", "| Resource | Kind | ID | Deleted by, when |", "|---|---|---|---|");
      for (const g of t.gone)
        lines.push(`| \`${cell(g.resource)}\` | ${g.kind} | \`${g.id}\` | ${byCell(g.changes, "latest")} |`);
      lines.push("");
    }
    if (t.unmanaged.length > 0) {
      lines.push("**Not managed by the stack**", "", "| Kind | Name | ID | Made by, when |", "|---|---|---|---|");
      for (const u of t.unmanaged)
        lines.push(`| ${u.kind} | ${cell(u.name)} | \`${u.id}\` | ${byCell(u.changes, "first")} |`);
      lines.push("");
    }
    if (t.changed.length + t.gone.length + t.unmanaged.length === 0) lines.push("No drift.", "");
    for (const n of t.notChecked) lines.push(`- not checked: ${n.kind}: ${cell(n.reason)}`);
    if (!t.historyComplete)
      lines.push("- the request records may not reach back to the stack's last writes: some changes may name no one");
    if (t.notChecked.length > 0 || !t.historyComplete) lines.push("");
  }
  lines.push(
    `<sub>${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s. \`nms-drift --write-code FILE\` writes the code that adopts or accepts it.</sub>`,
  );
  return lines.join("\n") + "\n";
}
