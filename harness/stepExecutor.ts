/**
 * The provider steps of an update: creates, updates and deletes, each answered as the resource state it leads to.
 * Creates, updates and deletes-before-replace share one cap, `parallel`, like the engine's step executor
 * (pkg/resource/deploy/step_executor.go); Check and Diff run one at a time before them, in stepGeneration.ts, except the
 * Diffs of parallel diff (PULUMI_PARALLEL_DIFF), which take a slot like the engine's DiffStep. Once the
 * deployment is cancelled (a step failed), a step still waiting for its turn does not start, as the engine's workers
 * take no chain after cancellation.
 */
import { deleteFromProvider } from "./deletes";
import { ProviderError, type ProviderHost } from "./providerHost";
import { type PropertyMap, annotateSecrets, markStepSecrets } from "./props";
import { type Registration, resourceStateFor } from "./registration";
import type { Checkpoint } from "./journal";
import { Slots } from "./slots";
import { type ResourceState, timestampNow } from "./resourceState";
import type { PlannedStep } from "./types";

/** A provider step that failed; its message names the step ("create: …"). */
export class StepFailed extends Error {
  constructor(
    message: string,
    /** The object the provider created or changed but could not initialize: the engine keeps it in state so that the next run can finish it. */
    readonly partial?: ResourceState,
  ) {
    super(message);
  }
}

/** A step that never started because the deployment was cancelled first. */
export class StepSkipped extends Error {
  constructor() {
    super("skipped: an earlier resource failed");
  }
}

/** The provider's reasons for a failed initialization, or the error's own message when it gave none. */
function initErrorsOf(error: unknown, reasons: string[]): string[] {
  return reasons.length ? reasons : [(error as Error).message];
}

function initFailureOf(error: unknown): ProviderError["initFailure"] {
  return error instanceof ProviderError ? error.initFailure : undefined;
}

export class StepExecutor {
  private readonly slots: Slots;

  constructor(
    private readonly provider: () => Promise<ProviderHost>,
    private readonly log: (line: string) => void,
    parallel: number,
    /** Whether the deployment was cancelled: a step that gets its slot after that does not start. */
    private readonly cancelled: () => boolean,
    /** Where each operation is recorded as pending just before the provider is asked (harness/journal.ts). */
    private readonly checkpoint?: Checkpoint,
  ) {
    this.slots = new Slots(parallel);
  }

  /**
   * Runs `work` in a step slot, unless the deployment was cancelled while it waited. A step's "creating" or "updating"
   * line comes from inside: the engine raises OnResourceStepPre when a worker starts the step (step_executor.go
   * executeStep), not when it is queued, so a line tells a step that started.
   */
  private inSlot<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.run(() => {
      if (this.cancelled()) throw new StepSkipped();
      return work();
    });
  }

  /** A Diff of parallel diff, in a step slot (step.go DiffStep); StepSkipped once the deployment was cancelled. */
  diffStep<T>(work: () => Promise<T>): Promise<T> {
    return this.inSlot(work);
  }

  /** Creates the object of `step`; throws StepFailed (with the partial state when the object exists anyway). */
  async create(step: PlannedStep, reg: Registration, checked: PropertyMap): Promise<ResourceState> {
    const provider = await this.provider();
    let created: { id: string; outputs: PropertyMap };
    try {
      created = await this.inSlot(() => {
        this.log(`${step.op === "replace" ? "+-" : "+ "} creating ${step.urn}`);
        this.checkpoint?.begin({ type: "creating", urn: step.urn, resourceType: reg.type });
        return provider.create(step.urn, reg.name, reg.type, provider.plain(checked));
      });
      if (!created.id) throw new Error("the provider returned an empty id");
    } catch (e) {
      if (e instanceof StepSkipped) throw e;
      const init = initFailureOf(e);
      let partial: ResourceState | undefined;
      if (init?.id) {
        partial = this.createdState(step.urn, reg, checked, init.properties, init.id);
        partial.initErrors = initErrorsOf(e, init.reasons);
      }
      throw new StepFailed(`create: ${(e as Error).message}`, partial);
    }
    return this.createdState(step.urn, reg, checked, created.outputs, created.id);
  }

  /**
   * Updates the object of `step`; throws StepFailed (with the partial state when the provider changed it anyway). A
   * partly failed update keeps the old inputs with the new outputs, as the engine saves it (pkg/engine/update.go
   * OnResourceStepPost): the object did not take the new inputs.
   */
  async update(
    step: PlannedStep,
    reg: Registration,
    old: ResourceState,
    checked: PropertyMap,
    ignoreChanges: string[],
  ): Promise<ResourceState> {
    const provider = await this.provider();
    let outs: PropertyMap;
    try {
      outs = await this.inSlot(() => {
        this.log(`~  updating ${step.urn}`);
        this.checkpoint?.begin({ type: "updating", urn: step.urn, resourceType: reg.type });
        return provider.update(
          step.urn,
          reg.name,
          reg.type,
          old.id ?? "",
          provider.plain(old.outputs),
          provider.plain(checked),
          provider.plain(old.inputs),
          ignoreChanges,
        );
      });
    } catch (e) {
      if (e instanceof StepSkipped) throw e;
      const init = initFailureOf(e);
      let partial: ResourceState | undefined;
      if (init) {
        partial = resourceStateFor(
          reg,
          step.urn,
          old,
          old.inputs,
          this.outputsOf(reg, init.properties, checked),
          old.id,
        );
        partial.modified = timestampNow();
        partial.initErrors = initErrorsOf(e, init.reasons);
      }
      throw new StepFailed(`update: ${(e as Error).message}`, partial);
    }
    const state = resourceStateFor(reg, step.urn, old, checked, this.outputsOf(reg, outs, checked), old.id);
    state.created = old.created;
    state.modified = timestampNow();
    return state;
  }

  /** Deletes `r` through the provider, outside the cap: deletes after the program run have deleteInOrder's own. */
  async delete(r: ResourceState): Promise<void> {
    const op = { type: "deleting" as const, urn: r.urn, resourceType: r.type };
    this.checkpoint?.begin(op);
    try {
      await deleteFromProvider(this.provider, r, this.log, r.delete ? " (replaced)" : "");
      this.checkpoint?.remove(r);
    } finally {
      this.checkpoint?.end(op);
    }
  }

  /** A delete-before-replace happens while the program runs, so it takes one of the step slots. */
  deleteBeforeReplace(old: ResourceState): Promise<void> {
    return this.inSlot(() => this.delete(old));
  }

  /**
   * Outputs re-marked secret: where the same-named input holds a secret (the provider plugin's annotateSecrets, for a
   * provider that takes no secrets), then as every step's are (markStepSecrets).
   */
  private outputsOf(reg: Registration, outputs: PropertyMap, checked: PropertyMap): PropertyMap {
    return markStepSecrets(annotateSecrets(outputs, checked), checked, reg.additionalSecretOutputs);
  }

  private createdState(
    urn: string,
    reg: Registration,
    checked: PropertyMap,
    outputs: PropertyMap,
    id: string,
  ): ResourceState {
    const state = resourceStateFor(reg, urn, undefined, checked, this.outputsOf(reg, outputs, checked), id);
    state.created = timestampNow();
    state.modified = state.created;
    return state;
  }
}
