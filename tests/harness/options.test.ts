// A command's options resolved.
import { normalizeConfigKey } from "../../harness";
import { defaultParallel } from "../../harness/options";

describe("options", () => {
  test("config keys get the project namespace", () => {
    expect(normalizeConfigKey("vlan", "proj")).toBe("proj:vlan");
    expect(normalizeConfigKey("nms:tenantId", "proj")).toBe("nms:tenantId");
    expect(normalizeConfigKey("nms:config:tenantId", "proj")).toBe("nms:tenantId");
  });

  test("the default parallelism is PULUMI_PARALLEL, else 4 × GOMAXPROCS (up.go defaultParallel; cpuQuota.test.ts)", () => {
    expect(defaultParallel({ GOMAXPROCS: "5" })).toBe(20);
    expect(defaultParallel({ PULUMI_PARALLEL: "3" })).toBe(3);
    expect(defaultParallel({ PULUMI_PARALLEL: "0", GOMAXPROCS: "5" })).toBe(20);
  });
});
