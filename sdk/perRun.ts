// State that belongs to one run of the program. A program process runs once, but unit tests run
// several programs in one process, each after its own pulumi.runtime.setMocks: their resources must
// not see each other. The engine connection (the monitor) is the run's identity.
import * as pulumi from "@pulumi/pulumi";

const outsideAnyRun = {};

export function perRun<T>(make: () => T): () => T {
  const byRun = new WeakMap<object, T>();
  return () => {
    let run: object = outsideAnyRun;
    try {
      run = pulumi.runtime.getMonitor() ?? outsideAnyRun;
    } catch {
      // No engine and no mocks: the resource's own registration reports that.
    }
    let state = byRun.get(run);
    if (state === undefined) {
      state = make();
      byRun.set(run, state);
    }
    return state;
  };
}
