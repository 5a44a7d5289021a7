// The report's forms (drift/format.ts): what the JSON form holds (never the service's plaintext
// inputs that --write-code uses), a name from the service kept on one table row in Markdown, and
// the no-drift headline.
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
