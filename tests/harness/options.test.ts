// A command's options resolved.
import * as os from "node:os";
import { normalizeConfigKey } from "../../harness";
import { defaultParallel } from "../../harness/options";

describe("options", () => {
  test("config keys get the project namespace", () => {
    expect(normalizeConfigKey("vlan", "proj")).toBe("proj:vlan");
    expect(normalizeConfigKey("nms:tenantId", "proj")).toBe("nms:tenantId");
    expect(normalizeConfigKey("nms:config:tenantId", "proj")).toBe("nms:tenantId");
  });

  test("the default parallelism is PULUMI_PARALLEL, else 4 × the CPUs (up.go defaultParallel)", () => {
    const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
    expect(defaultParallel({})).toBe(4 * cpus);
    expect(defaultParallel({ PULUMI_PARALLEL: "3" })).toBe(3);
    expect(defaultParallel({ PULUMI_PARALLEL: "0" })).toBe(4 * cpus);
  });
});
