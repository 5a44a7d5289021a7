/**
 * Deletes in dependency order, shared by `up` (resources the program no longer registers, replaced originals) and
 * `destroy` (every resource). Like the engine, independent deletes run at once, each only after every resource that
 * depends on it. A protected resource is not deleted: its delete step fails (pkg/resource/deploy/step.go
 * DeleteStep.Apply, deleteProtectedError, also in a preview), the other deletes go on, and only the resources it
 * depends on are left alone (pkg/resource/deploy/deployment_executor.go performPostSteps, and step_executor.go, which
 * lets a deleteProtectedError continue).
 */
import type { Checkpoint } from "./journal";
import type { ProviderHost } from "./providerHost";
import { dependenciesOf, deletionOrder } from "./resourceOrder";
import type { ResourceState } from "./resourceState";
import type { PlannedStep } from "./types";
import { resourceLabel, urnName } from "./urns";

/** How one delete ended: done; failed (nothing new starts); kept (protected: what it depends on stays too). */
export type DeleteOutcome = "deleted" | "failed" | "kept";

/** The engine's error for deleting a protected resource (deleteProtectedError). */
export function protectedDeleteError(urn: string): string {
  return (
    `resource ${JSON.stringify(urn)} cannot be deleted because it is protected. To unprotect the resource, either remove ` +
    "the `protect` flag from the resource in your Pulumi program and run `pulumi up`"
  );
}

/** The plan's step for deleting `r`. */
export function deleteStep(r: ResourceState): PlannedStep {
  return {
    urn: r.urn,
    type: r.type,
    name: urnName(r.urn),
    op: "delete",
    changedFields: [],
    changedPaths: [],
    id: r.id,
    custom: r.custom,
  };
}

/**
 * Deletes `r` through its provider. Components, retained and external (read) resources and resources without an id
 * only leave the state, so the provider host is not even started for them. `logNote` is appended to the progress line.
 */
export async function deleteFromProvider(
  provider: () => Promise<ProviderHost>,
  r: ResourceState,
  log: (line: string) => void,
  logNote = "",
): Promise<void> {
  if (!r.custom || r.retainOnDelete || r.external || !r.id) return;
  const host = await provider();
  log(`-  deleting ${r.urn}${logNote}`);
  await host.delete(r.urn, urnName(r.urn), r.type, r.id, host.plain(r.outputs), host.plain(r.inputs));
}

/**
 * Runs `del` over `order` (a deletion order: every resource after all resources of the set that depend on it), up
 * to `parallel` at once: a resource starts once every resource before it in `order` that depends on it has been
 * deleted, the earliest ready one first. After a "failed" delete nothing new starts and the deletes in flight finish;
 * after a "kept" one, what it depends on never starts and the rest goes on. With `parallel` 1 this is the plain
 * sequential walk of `order`.
 */
export async function deleteInOrder(
  order: readonly ResourceState[],
  parallel: number,
  del: (r: ResourceState, index: number) => Promise<DeleteOutcome>,
): Promise<void> {
  const limit = Math.max(1, Math.floor(parallel) || 1);
  const indexesByUrn = new Map<string, number[]>();
  order.forEach((r, i) => {
    const list = indexesByUrn.get(r.urn) ?? [];
    list.push(i);
    indexesByUrn.set(r.urn, list);
  });
  // blockers[i]: resources earlier in the order that depend on resource i (they go first); unblocks[j]: what j's
  // deletion lets go. Only edges from earlier to later entries, so a cycle (impossible in valid state) cannot stall.
  const blockers = order.map(() => 0);
  const unblocks: number[][] = order.map(() => []);
  order.forEach((r, j) => {
    for (const dep of dependenciesOf(r)) {
      for (const i of indexesByUrn.get(dep) ?? []) {
        if (i <= j) continue;
        blockers[i] += 1;
        unblocks[j].push(i);
      }
    }
  });
  const ready: number[] = [];
  blockers.forEach((n, i) => {
    if (n === 0) ready.push(i);
  });
  let running = 0;
  let failed = false;
  await new Promise<void>((resolve) => {
    const pump = (): void => {
      while (!failed && running < limit && ready.length > 0) {
        // The earliest ready entry first, so that parallel 1 keeps the given order.
        let best = 0;
        for (let k = 1; k < ready.length; k++) if (ready[k] < ready[best]) best = k;
        const i = ready.splice(best, 1)[0];
        running += 1;
        void del(order[i], i).then(
          (outcome) => finish(i, outcome),
          () => finish(i, "failed"),
        );
      }
      if (running === 0) resolve();
    };
    const finish = (i: number, outcome: DeleteOutcome): void => {
      running -= 1;
      if (outcome === "failed") failed = true;
      else if (outcome === "deleted") for (const k of unblocks[i]) if (--blockers[k] === 0) ready.push(k);
      pump();
    };
    pump();
  });
}

/**
 * deleteInOrder, answering the steps of the deletes that started in deletion order, whatever order they finished in,
 * so the plan reads the same at any parallelism. `stepOf` gives none for a resource another step already covers.
 */
export async function deleteInOrderWithSteps<Step extends PlannedStep | undefined>(
  order: readonly ResourceState[],
  parallel: number,
  stepOf: (r: ResourceState) => Step,
  del: (r: ResourceState, step: Step) => Promise<DeleteOutcome>,
): Promise<PlannedStep[]> {
  const started: { index: number; step: PlannedStep }[] = [];
  await deleteInOrder(order, parallel, async (r, index) => {
    const step = stepOf(r);
    if (step) started.push({ index, step });
    return del(r, step);
  });
  started.sort((a, b) => a.index - b.index);
  return started.map(({ step }) => step);
}

/**
 * Destroy: delete every resource in reverse dependency order, up to `parallel` at once (a resource only after every
 * resource that depends on it). After the first failure no further delete starts; those in flight finish. A protected
 * resource fails its own delete and keeps what it depends on; the others go. As in the engine's GenerateDeletes, a
 * replaced copy left by an earlier run is deleted without a step of its own and without the protect check, and a
 * resource pending replacement (its object already deleted) only leaves the state.
 */
export async function destroyResources(
  resources: readonly ResourceState[],
  provider: () => Promise<ProviderHost>,
  log: (line: string) => void,
  parallel = 1,
  /** Records each delete as it starts and ends (harness/journal.ts), so that a killed destroy leaves true state. */
  checkpoint?: Checkpoint,
): Promise<{ remaining: ResourceState[]; steps: PlannedStep[]; errors: string[] }> {
  const remaining = new Set(resources);
  const errors: string[] = [];
  const urns = new Set(resources.map((r) => r.urn));
  const stepOf = (r: ResourceState) => (r.delete || r.pendingReplacement ? undefined : deleteStep(r));
  const steps = await deleteInOrderWithSteps(
    deletionOrder(resources),
    parallel,
    stepOf,
    async (r, step): Promise<DeleteOutcome> => {
      if (step && r.protect) {
        step.error = protectedDeleteError(r.urn);
        errors.push(`${resourceLabel(step.name, r.type)}: ${step.error}`);
        return "kept";
      }
      const deletedWithOwner = !!r.deletedWith && urns.has(r.deletedWith);
      const op = { type: "deleting" as const, urn: r.urn, resourceType: r.type };
      if (!deletedWithOwner && !r.pendingReplacement) {
        checkpoint?.begin(op);
        try {
          await deleteFromProvider(provider, r, log, r.delete ? " (replaced)" : "");
        } catch (e) {
          checkpoint?.end(op);
          const message = `delete: ${(e as Error).message}`;
          if (step) step.error = message;
          errors.push(`${resourceLabel(urnName(r.urn), r.type)}: ${message}`);
          return "failed";
        }
      }
      checkpoint?.remove(r);
      if (!deletedWithOwner && !r.pendingReplacement) checkpoint?.end(op);
      remaining.delete(r);
      return "deleted";
    },
  );
  return { remaining: resources.filter((r) => remaining.has(r)), steps, errors };
}
