// The report's forms (drift/format.ts): what the JSON form holds (never the service's plaintext
// inputs that --write-code uses), a name from the service kept on one table row in Markdown, and
// the no-drift headline.
import * as fs from "node:fs";
import * as path from "node:path";
import { formatReport } from "../../drift/format";
import type { DriftReport, TenantDrift } from "../../drift/report";

const SECRET = "plain-Secret-0b7e";

function report(tenant: Partial<TenantDrift>): DriftReport {
  return {
    tenants: [
      {
        tenantId: "t1",
        changed: [],
        gone: [],
        unmanaged: [],
        notChecked: [],
        historyComplete: true,
        model: {
          declarations: [],
          secrets: [],
          atDefaults: {},
          skipped: [],
          unreadable: [],
          outside: [],
          problems: [],
        },
        ...tenant,
      },
    ],
    resources: 3,
    ignored: 0,
    requests: 12,
    durationMs: 250,
  };
}

const by = [
  {
    admin: "ops@example.com",
    timestamp: "2026-11-27T10:00:00.000Z",
    method: "PUT",
    requestId: "r1",
    status: "SUCCESS",
  },
];

test("the JSON form holds the masked fields, never the service's inputs kept for --write-code", () => {
  const changed = report({
    changed: [
      {
        resource: "staff",
        urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/nms:Network::staff",
        kind: "Network",
        id: "n1",
        fields: [{ field: "passphrase", state: "[secret]", service: "[secret]" }],
        serviceInputs: { passphrase: SECRET },
        changes: by,
      },
    ],
  });
  for (const format of ["json", "text", "markdown"] as const)
    expect(formatReport(changed, format)).not.toContain(SECRET);
  const json = JSON.parse(formatReport(changed, "json"));
  expect(json.tenants[0].changed[0]).toEqual({
    resource: "staff",
    urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/nms:Network::staff",
    kind: "Network",
    id: "n1",
    fields: [{ field: "passphrase", state: "[secret]", service: "[secret]" }],
    changes: by,
  });
  expect(json.drift).toBe(true);
});

test("Markdown keeps a name with pipes, backticks and line breaks on its row", () => {
  const markdown = formatReport(
    report({ unmanaged: [{ kind: "Venue", id: "v1", name: "A | B\n`C`", changes: by }] }),
    "markdown",
  );
  const row = markdown.split("\n").find((line) => line.startsWith("| Venue |"));
  expect(row).toBe("| Venue | A \\| B \\`C\\` | `v1` | ops@example.com, 2026-11-27 10:00:00 UTC (PUT) |");
});

test("no drift: one headline, in each form", () => {
  const clean = report({});
  expect(formatReport(clean, "text")).toMatch(/^nms-drift: no drift in 1 tenant \(12 requests, 0\.3 s\)\n/);
  expect(formatReport(clean, "markdown")).toMatch(/^## nms-drift: no drift in 1 tenant\n/);
  expect(JSON.parse(formatReport(clean, "json")).drift).toBe(false);
});

/** The JSON schema docs/drift.md documents. */
function documentedSchema(): any {
  const text = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "drift.md"), "utf8");
  const block = /```json\n(\{\n {2}"\$schema"[\s\S]*?)\n```/.exec(text);
  if (!block) throw new Error("docs/drift.md has no JSON schema block");
  return JSON.parse(block[1]);
}

/** What of `value` the schema's keywords used in docs/drift.md (type, const, enum, required, properties, items, $ref) refuse. */
function violations(schema: any, value: unknown, root: any, at = "$"): string[] {
  if (schema.$ref) return violations(root.$defs[schema.$ref.replace("#/$defs/", "")], value, root, at);
  const out: string[] = [];
  const type = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  if (schema.type === "integer" ? !Number.isInteger(value) : schema.type && schema.type !== type)
    out.push(`${at}: ${type}, not ${schema.type}`);
  if ("const" in schema && value !== schema.const) out.push(`${at}: not ${schema.const}`);
  if (schema.enum && !schema.enum.includes(value)) out.push(`${at}: not one of ${schema.enum}`);
  if (type === "object") {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) out.push(`${at}.${key}: missing`);
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      if (key in object) out.push(...violations(sub, object[key], root, `${at}.${key}`));
  }
  if (type === "array" && schema.items)
    (value as unknown[]).forEach((item, i) => out.push(...violations(schema.items, item, root, `${at}[${i}]`)));
  return out;
}

test("the JSON form follows the schema docs/drift.md documents, every section filled", () => {
  const schema = documentedSchema();
  const full = report({
    changed: [
      {
        resource: "hq",
        urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/nms:Venue::hq",
        kind: "Venue",
        id: "v1",
        fields: [{ field: "description", state: "Head office", service: null }],
        serviceInputs: {},
        changes: by,
      },
    ],
    gone: [{ resource: "oncall", urn: "urn:x", kind: "NotificationRecipient", id: "r1", changes: by }],
    unmanaged: [{ kind: "Network", id: "n1", name: "Lab", changes: by }],
    notChecked: [{ kind: "DpskPassphrase", reason: "write-only" }],
  });
  const json = JSON.parse(formatReport(full, "json"));
  expect(violations(schema, json, schema)).toEqual([]);
  // The check can fail: a report without its tenants' sections is refused.
  expect(violations(schema, { ...json, tenants: [{ tenantId: "t1" }] }, schema)).toContain(
    "$.tenants[0].changed: missing",
  );
});
