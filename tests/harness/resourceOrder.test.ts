// The order resources are created and deleted in.
import { deletionOrder, sortResources } from "../../harness/resourceOrder";
import { resourceState } from "./helpers";

describe("dependency order", () => {
  const res = resourceState;

  test("topological order and reverse deletion order follow parents and dependencies", () => {
    const stack = res("urn:s", { custom: false });
    const a = res("urn:a", { parent: "urn:s" });
    const b = res("urn:b", { parent: "urn:s", dependencies: ["urn:a"] });
    const c = res("urn:c", { parent: "urn:s", propertyDependencies: { x: ["urn:b"] } });
    const oldA = res("urn:a", { delete: true });
    expect(sortResources([c, b, a, stack]).map((r) => r.urn)).toEqual(["urn:s", "urn:a", "urn:b", "urn:c"]);
    const order = deletionOrder([stack, a, oldA, b, c]);
    expect(order.map((r) => r.urn).slice(0, 2)).toEqual(["urn:c", "urn:b"]);
    expect(order[order.length - 1].urn).toBe("urn:s");
  });
});
