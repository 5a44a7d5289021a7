// Deletes in dependency order, in parallel (deployment_executor.go performPostSteps).
import { deleteInOrder } from "../../harness/deletes";
import { deletionOrder } from "../../harness/resourceOrder";
import type { ResourceState } from "../../harness/resourceState";

describe("deletes in dependency order, in parallel", () => {
  const res = (urn: string, deps: string[] = [], parent?: string): ResourceState => ({
    urn,
    type: "t:m:R",
    custom: true,
    id: urn,
    inputs: {},
    outputs: {},
    dependencies: deps,
    propertyDependencies: {},
    additionalSecretOutputs: [],
    ...(parent ? { parent } : {}),
  });

  /** Runs deleteInOrder with deletes that take `ms`, recording start/end events and the most in flight at once. */
  async function run(
    order: ResourceState[],
    parallel: number,
    opts: { ms?: number; fail?: string; keep?: string } = {},
  ) {
    const events: string[] = [];
    let inFlight = 0;
    let most = 0;
    await deleteInOrder(order, parallel, async (r) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      events.push(`start ${r.urn}`);
      await new Promise((resolve) => setTimeout(resolve, opts.ms ?? 5));
      inFlight -= 1;
      events.push(`end ${r.urn}`);
      return r.urn === opts.fail ? "failed" : r.urn === opts.keep ? "kept" : "deleted";
    });
    return { events, most };
  }

  test("a resource is deleted only after everything that depends on it; independent ones run together", async () => {
    // Two sites, each: venue <- group <- activation, and a network <- activation.
    const all: ResourceState[] = [];
    for (const site of ["a", "b"]) {
      all.push(
        res(`venue-${site}`),
        res(`net-${site}`),
        res(`group-${site}`, [`venue-${site}`]),
        res(`act-${site}`, [`group-${site}`, `net-${site}`, `venue-${site}`]),
      );
    }
    const order = deletionOrder(all);
    const { events, most } = await run(order, 8);
    const at = (e: string) => events.indexOf(e);
    for (const site of ["a", "b"]) {
      expect(at(`end act-${site}`)).toBeLessThan(at(`start group-${site}`));
      expect(at(`end act-${site}`)).toBeLessThan(at(`start net-${site}`));
      expect(at(`end group-${site}`)).toBeLessThan(at(`start venue-${site}`));
    }
    expect(events.filter((e) => e.startsWith("start"))).toHaveLength(8);
    expect(most).toBeGreaterThanOrEqual(2); // both activations at once, then groups and networks
    expect((await run(order, 3)).most).toBeLessThanOrEqual(3);
  });

  test("the parallel limit holds, and parallel 1 is the given order", async () => {
    const order = Array.from({ length: 10 }, (_, i) => res(`r${i}`));
    expect((await run(order, 4)).most).toBe(4);
    const sequential = await run(order, 1, { ms: 1 });
    expect(sequential.most).toBe(1);
    expect(sequential.events.filter((e) => e.startsWith("start"))).toEqual(order.map((r) => `start ${r.urn}`));
  });

  test("children go before their parent; a replaced copy and its replacement (same URN) are both handled", async () => {
    const parent = res("comp");
    const child = res("child", [], "comp");
    const old = { ...res("x"), delete: true };
    const repl = res("x");
    const { events } = await run(deletionOrder([parent, child, old, repl]), 8);
    expect(events.indexOf("end child")).toBeLessThan(events.indexOf("start comp"));
    expect(events.filter((e) => e === "end x")).toHaveLength(2);
  });

  test("after a failure nothing new starts, deletes in flight finish", async () => {
    const order = [res("a"), res("b"), res("c"), res("d", ["a"])];
    // parallel 2: a and b start; a fails -> c and d never start; b finishes.
    const { events } = await run(order, 2, { fail: "a" });
    expect(events).toEqual(["start a", "start b", "end a", "end b"]);
  });

  test("a kept (protected) resource leaves what it depends on in place; every other delete goes on (deployment_executor.go performPostSteps)", async () => {
    const order = deletionOrder([res("base"), res("guarded", ["base"]), res("deeper", ["guarded"]), res("other")]);
    const { events } = await run(order, 2, { keep: "guarded" });
    expect(events.filter((e) => e.startsWith("start")).sort()).toEqual([
      "start deeper",
      "start guarded",
      "start other",
    ]);
  });

  test("a dependency cycle (impossible in valid state) does not stall", async () => {
    const order = [res("a", ["b"]), res("b", ["a"])];
    const { events } = await run(order, 4);
    expect(events.filter((e) => e.startsWith("end"))).toHaveLength(2);
  });
});
