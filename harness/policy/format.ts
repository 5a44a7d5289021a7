/**
 * The "Policies:" section of the CLI's summary (pulumi/pulumi pkg/backend/display/progress.go printPolicies and
 * diff.go renderDiffPolicyViolationEvent), without colours: each pack with ✅, ⚠️ (advisory only) or ❌, then its
 * violations, mandatory first, by policy name and URN, each with its description and message indented below.
 */
import type { RunResult } from "../types";
import { urnName } from "../urns";
import type { PolicyViolation } from "./analyzer";

const RANK: Record<string, number> = { mandatory: 1, advisory: 2 };

function typeOfUrn(urn: string): string {
  const parts = urn.split("::");
  const qualified = parts.length >= 4 ? parts[2] : "";
  return qualified.split("$").pop() ?? qualified;
}

function violationLines(v: PolicyViolation): string[] {
  const severity = v.severity ? ` [severity: ${v.severity}]` : "";
  const clause = v.urn ? `  (${typeOfUrn(v.urn)}: ${urnName(v.urn)})` : "";
  const indent = "          ";
  return [
    `        - [${v.enforcementLevel}]${severity}  ${v.policy}${clause}`,
    ...v.message
      .replace(/\n$/, "")
      .split("\n")
      .map((l) => `${indent}${l}`),
  ];
}

/** The section, or "" when no policy pack ran. */
export function formatPolicies(result: Pick<RunResult, "policyPacks" | "policyViolations">): string {
  const packs = result.policyPacks ?? [];
  if (packs.length === 0) return "";
  const lines = ["Policies:"];
  const byKey = new Map<string, { paths: string[]; violations: PolicyViolation[] }>();
  for (const p of packs) {
    const key = `${p.name}@v${p.version}`;
    const entry = byKey.get(key) ?? { paths: [], violations: [] };
    entry.paths.push(p.path);
    byKey.set(key, entry);
  }
  for (const v of result.policyViolations ?? [])
    byKey.get(`${v.policyPack}@v${v.policyPackVersion}`)?.violations.push(v);
  for (const key of [...byKey.keys()].sort()) {
    const { paths, violations } = byKey.get(key)!;
    const mark = violations.some((v) => v.enforcementLevel === "mandatory") ? "❌" : violations.length > 0 ? "⚠️" : "✅";
    lines.push(`    ${mark} ${key} (local: ${paths.sort().join("; ")})`);
    const sorted = [...violations].sort(
      (a, b) =>
        (RANK[a.enforcementLevel] ?? 99) - (RANK[b.enforcementLevel] ?? 99) ||
        a.policy.localeCompare(b.policy) ||
        (a.urn ?? "").localeCompare(b.urn ?? ""),
    );
    for (const v of sorted) lines.push(...violationLines(v));
  }
  return `${lines.join("\n")}\n\n`;
}
