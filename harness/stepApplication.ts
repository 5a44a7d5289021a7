/**
 * The provider steps a deployment's decision leads to (harness/deployment.ts): creates, updates and the deletes of a
 * delete-before-replace, each committed to the live state and the journal as it ends, as the engine's step executor
 * and snapshot manager do (step.go, step_executor.go).
 */
import type { EngineHost } from "./engineHost";
import { type PropertyMap, clone } from "./props";
import { type Registration, RegistrationError } from "./registration";
import type { ResourceState } from "./resourceState";
import { type StepExecutor, StepFailed, StepSkipped } from "./stepExecutor";
import type { PlannedStep } from "./types";

/** What applying steps reads and changes of the deployment. */
export interface ApplicationContext {
  readonly host: EngineHost;
  readonly executor: StepExecutor;
  /** Live resources: starts as the old state, changes as steps run. */
  readonly live: Map<string, ResourceState>;
  /** Old copies waiting to be deleted after the program. */
  readonly pendingDeletes: ResourceState[];
  /** Pending deletes the state no longer holds (a pending replacement whose replacement was created). */
  readonly outOfState: Set<ResourceState>;
  /** URNs whose object is deleted in this run: a resource deletedWith one of them needs no Delete of its own. */
  readonly deletedUrns: ReadonlySet<string>;
  /** Records a failure (Deployment.fail); the error to throw. */
  fail(step: PlannedStep | undefined, name: string, type: string, message: string, stop?: boolean): RegistrationError;
}

export class StepApplication {
  constructor(private readonly d: ApplicationContext) {}

  /** A delete-before-replace's deletes, `victims` in order (its dependents, then the resource itself). */
  async deleteFirst(step: PlannedStep, reg: Registration, victims: ResourceState[]): Promise<void> {
    const urn = step.urn;
    // Deleted first, dependents before it; until a replacement exists the old state stays, marked pending
    // replacement (step.go DeleteStep).
    for (const victim of victims) {
      if (victim.pendingReplacement) continue;
      try {
        const withOwner = !!victim.deletedWith && this.d.deletedUrns.has(victim.deletedWith);
        if (!withOwner) await this.d.executor.deleteBeforeReplace(victim);
      } catch (e) {
        if (e instanceof StepSkipped) {
          Object.assign(step, { error: e.message, skipped: true });
          throw new RegistrationError(e.message, urn, "skip");
        }
        throw this.d.fail(
          step,
          reg.name,
          reg.type,
          `delete before replace${victim.urn === urn ? "" : ` of ${victim.urn}`}: ${(e as Error).message}`,
        );
      }
      const pending: ResourceState = { ...clone(victim), urn: victim.urn, pendingReplacement: true };
      this.d.live.set(victim.urn, pending);
      this.d.host.checkpoint?.put(pending);
    }
  }

  /** Creates through the provider; a replacement's original (`replacing`) waits for deletion after the program. */
  create(
    step: PlannedStep,
    reg: Registration,
    checked: PropertyMap,
    replacing?: ResourceState,
  ): Promise<ResourceState> {
    return this.applyStep(step, reg, "creating", this.d.executor.create(step, reg, checked), (state) => {
      if (replacing) {
        const pending: ResourceState = { ...clone(replacing), delete: true };
        delete pending.pendingReplacement;
        this.d.pendingDeletes.push(pending);
        // A pending replacement's old state leaves the state as its replacement arrives (the engine's snapshot
        // manager); it is still deleted after the program, like any replaced original.
        if (replacing.pendingReplacement) this.d.outOfState.add(pending);
        else this.d.host.checkpoint?.put(pending);
      }
      this.d.live.set(state.urn, state);
      step.id = state.id;
    });
  }

  update(step: PlannedStep, reg: Registration, old: ResourceState, checked: PropertyMap): Promise<ResourceState> {
    return this.applyStep(
      step,
      reg,
      "updating",
      this.d.executor.update(step, reg, old, checked, reg.ignoreChanges),
      (state) => this.d.live.set(step.urn, state),
    );
  }

  /** Commits the state a provider step led to, also when it failed but left an object behind, which the engine keeps. */
  private async applyStep(
    step: PlannedStep,
    reg: Registration,
    type: "creating" | "updating",
    running: Promise<ResourceState>,
    commit: (state: ResourceState) => void,
  ): Promise<ResourceState> {
    const checkpointed = (state: ResourceState | undefined) => {
      if (state) {
        commit(state);
        this.d.host.checkpoint?.put(state);
      }
      this.d.host.checkpoint?.end({ type, urn: step.urn, resourceType: reg.type });
    };
    try {
      const state = await running;
      checkpointed(state);
      return state;
    } catch (e) {
      if (e instanceof StepSkipped) {
        step.error = e.message;
        step.skipped = true;
        throw new RegistrationError(e.message, step.urn, "skip");
      }
      if (!(e instanceof StepFailed)) throw e;
      checkpointed(e.partial);
      throw this.d.fail(step, reg.name, reg.type, e.message);
    }
  }
}
