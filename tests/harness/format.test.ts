// The printed plan and its summary, as the Pulumi CLI prints them.
import { type PlannedStep, type RunResult, UNKNOWN_VALUE, formatPlan } from "../../harness";

describe("formatPlan", () => {
  test("formatPlan masks secrets and unknowns", () => {
    const r: RunResult = {
      operation: "preview",
      steps: [
        {
          urn: "u1",
          type: "t:m:A",
          name: "a",
          op: "update",
          changedFields: ["wlan"],
          changedPaths: ["wlan.vlanId"],
          custom: true,
          id: "1",
        },
        {
          urn: "u2",
          type: "t:m:B",
          name: "b",
          op: "replace",
          changedFields: ["region"],
          changedPaths: ["region"],
          replaceFields: ["region"],
          deleteBeforeReplace: true,
          custom: true,
        },
        { urn: "u3", type: "t:m:C", name: "c", op: "same", changedFields: [], changedPaths: [], custom: true },
      ],
      changes: 2,
      outputs: { token: "tok-plain", id: UNKNOWN_VALUE, n: 1 },
      secretOutputs: ["token"],
      diagnostics: [],
      failed: false,
      errors: [],
      durationMs: 1234,
    };
    const text = formatPlan(r);
    expect(text).toContain("[diff: ~wlan.vlanId]");
    expect(text).toContain("replace because of region (delete before replace)");
    expect(text).toContain("token: [secret]");
    expect(text).toContain("id   : [unknown]");
    expect(text).not.toContain("tok-plain");
    expect(text).toContain("~ 1 to update");
    expect(text).toContain("+- 1 to replace");
    expect(text).toContain("1 unchanged");
  });

  test("formatPlan lists what changed or failed and the stack; its summary counts the completed steps only", () => {
    const step = (name: string, op: PlannedStep["op"], extra: Partial<PlannedStep> = {}): PlannedStep => ({
      urn: `u-${name}`,
      type: name === "stack" ? "pulumi:pulumi:Stack" : "t:m:R",
      name,
      op,
      changedFields: [],
      changedPaths: [],
      custom: name !== "stack",
      ...extra,
    });
    const r: RunResult = {
      operation: "up",
      steps: [
        step("stack", "same"),
        step("kept", "same"),
        step("made", "create", { id: "1" }),
        step("changed", "update", { id: "2", changedFields: ["vlan"], changedPaths: ["vlan"] }),
        step("refused", "create", { error: "create: HTTP 422" }),
        step("undiffed", "same", { error: "diff: timeout" }),
        step("later", "create", { error: "skipped: an earlier resource failed", skipped: true }),
        step("gone", "delete", { id: "3" }),
      ],
      changes: 4,
      outputs: {},
      secretOutputs: [],
      diagnostics: [],
      failed: true,
      errors: ["refused [t:m:R]: create: HTTP 422"],
      durationMs: 1000,
    };
    const text = formatPlan(r);
    expect(
      text
        .split("\n")
        .filter((l) => / t:m:R | pulumi:pulumi:Stack /.test(l))
        .map((l) => l.replace(/ +/g, " ").trim()),
    ).toEqual([
      "pulumi:pulumi:Stack stack same",
      "+ t:m:R made created id=1",
      "~ t:m:R changed updated [diff: ~vlan] id=2",
      "+ t:m:R refused creating failed",
      "t:m:R undiffed failed",
      "- t:m:R gone deleted id=3",
    ]);
    expect(text).toContain(
      "Resources:\n    + 1 created\n    ~ 1 updated\n    - 1 deleted\n    3 changes. 2 unchanged\n    2 errored\n",
    );
    expect(text).toContain("FAILED (3 changes, 1.0s)");
    expect(formatPlan(r, { showSames: true })).toMatch(/^ \+ {3}t:m:R +later +skipped$/m);
    expect(formatPlan({ ...r, operation: "preview" })).toContain(
      "    + 1 to create\n    ~ 1 to update\n    - 1 to delete\n",
    );
  });

  test("keys that start with __ are internal: no plan line shows them, the result keeps them (IsInternalPropertyKey; rows.go getDiffInfo)", () => {
    const step = (name: string, op: PlannedStep["op"], fields: string[], extra: Partial<PlannedStep> = {}) => ({
      urn: `u-${name}`,
      type: "t:m:R",
      name,
      op,
      changedFields: fields,
      changedPaths: fields,
      custom: true,
      ...extra,
    });
    const r: RunResult = {
      operation: "preview",
      steps: [
        step("made", "create", ["__provider", "__nmsName", "__nmsStack", "vlan"]),
        step("renamed", "update", ["__nmsName", "description"]),
        step("moved", "update", ["__provider"]),
        step("swapped", "replace", ["__nmsStack", "region"], { replaceFields: ["__nmsStack", "region"] }),
        step("triggered", "replace", [], { replaceFields: [], replacementTrigger: true }),
      ],
      changes: 5,
      outputs: {},
      secretOutputs: [],
      diagnostics: [],
      failed: false,
      errors: [],
      durationMs: 10,
    };
    const rows = formatPlan(r)
      .split("\n")
      .filter((l) => / t:m:R /.test(l))
      .map((l) => l.replace(/ +/g, " ").trim());
    expect(rows).toEqual([
      "+ t:m:R made create [vlan]",
      "~ t:m:R renamed update [diff: ~description]",
      "~ t:m:R moved update",
      "+- t:m:R swapped replace [diff: ~region] replace because of region",
      "+- t:m:R triggered replace replace because of replacementTrigger",
    ]);
    expect(r.steps[0].changedFields).toContain("__nmsName");
  });
});
