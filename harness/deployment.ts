/**
 * One update or preview, the part of the Pulumi engine the harness reproduces: registrations handled in turn, their
 * steps generated (stepGeneration.ts, where the engine's rules are listed) and run through the provider
 * (stepExecutor.ts), then what the program no longer registers deleted. The policy packs' verdicts are in
 * policy/verdicts.ts. Refresh and destroy, which run without a program, are in refresh.ts and deletes.ts.
 */
import { hashAssets } from "./assets";
import { type DeleteOutcome, deleteInOrderWithSteps, deleteStep, protectedDeleteError } from "./deletes";
import type { EngineHost } from "./engineHost";
import { PolicyVerdicts } from "./policy/verdicts";
import { diffProperties } from "./propertyDiff";
import { type PropertyMap, clone, containsUnknowns, markStepSecrets } from "./props";
import {
  type RegisterResult,
  type Registration,
  RegistrationError,
  resourceStateFor,
  unsupportedReason,
} from "./registration";
import { type ReadRegistration, type ReadResult, readStep } from "./readStep";
import { deletionOrder, sortResources } from "./resourceOrder";
import { type ResourceState, timestampNow } from "./resourceState";
import { StepApplication } from "./stepApplication";
import { StepExecutor } from "./stepExecutor";
import { StepGeneration } from "./stepGeneration";
import { planCreate, showChanges } from "./stepPlan";
import type { PlannedStep } from "./types";
import { ROOT_STACK_TYPE, makeUrn, resourceLabel, urnName } from "./urns";

/**
 * One update or preview: fed registrations by the monitor, then `finish()` after the program exited.
 */
export class Deployment {
  /** Live resources: starts as the old state, changes as steps run. Insertion order is kept for the final state. */
  private readonly live = new Map<string, ResourceState>();
  /** Old copies waiting to be deleted (from replacements, and left over from earlier runs). */
  private readonly pendingDeletes: ResourceState[] = [];
  /** Pending deletes the state no longer holds (a pending replacement whose replacement was created). */
  private readonly outOfState = new Set<ResourceState>();
  private readonly olds = new Map<string, ResourceState>();
  private readonly registered = new Set<string>();
  /** URNs whose object is deleted in this run: a resource deletedWith one of them needs no Delete of its own. */
  private readonly deletedUrns = new Set<string>();
  private readonly inflight = new Set<Promise<unknown>>();
  readonly steps: PlannedStep[] = [];
  readonly errors: string[] = [];
  private aborted = false;
  /** A preview's planned states of the resources it would create or update, for the stack's policy analysis. */
  private readonly previewed = new Map<string, ResourceState>();
  private readonly executor: StepExecutor;
  private readonly generation: StepGeneration;
  private readonly verdicts: PolicyVerdicts;
  private readonly application: StepApplication;
  rootUrn: string | undefined;

  constructor(
    private readonly host: EngineHost,
    oldResources: readonly ResourceState[],
  ) {
    this.executor = new StepExecutor(
      () => host.provider(),
      (line) => host.log(line),
      host.parallel,
      () => this.aborted,
      host.checkpoint,
    );
    const fail = this.fail.bind(this);
    this.verdicts = new PolicyVerdicts({ host, fail });
    this.application = new StepApplication({
      host,
      executor: this.executor,
      live: this.live,
      pendingDeletes: this.pendingDeletes,
      outOfState: this.outOfState,
      deletedUrns: this.deletedUrns,
      fail,
    });
    this.generation = new StepGeneration({
      host,
      executor: this.executor,
      olds: this.olds,
      live: this.live,
      deletedUrns: this.deletedUrns,
      isAborted: () => this.aborted,
      fail,
      analyze: (reg, step, inputs) => this.verdicts.analyze(reg, step, inputs),
    });
    for (const r of oldResources) {
      if (r.delete) this.pendingDeletes.push(clone(r));
      else {
        this.olds.set(r.urn, r);
        this.live.set(r.urn, clone(r));
      }
    }
  }

  get failed(): boolean {
    return this.errors.length > 0;
  }

  /** Handles one RegisterResource; tracked so finish() can wait for it. */
  register(reg: Registration): Promise<RegisterResult> {
    const p = this.doRegister(reg);
    this.track(p.catch(() => undefined));
    return p;
  }

  /** ReadResource (`Resource.get`): read through the provider, kept as external state (harness/readStep.ts). */
  read(read: ReadRegistration): Promise<ReadResult> {
    const p = readStep(
      {
        stack: this.host.stack,
        project: this.host.project,
        isRegistered: (urn) => this.registered.has(urn),
        claim: (urn) => this.registered.add(urn),
        old: (urn) => this.olds.get(urn),
        provider: () => this.host.provider(),
        step: (step) => this.steps.push(step),
        fail: (step, message) => this.fail(step, read.name, read.type, message),
        keep: (state) => this.live.set(state.urn, state),
      },
      read,
    );
    this.track(p.catch(() => undefined));
    return p;
  }

  /** Work settle() waits for: registrations, and a preview's policy analyses. */
  private track(work: Promise<unknown>): void {
    this.inflight.add(work);
    void work.then(() => this.inflight.delete(work));
  }

  /** RegisterResourceOutputs: component and stack outputs. */
  registerOutputs(urn: string, outputs: PropertyMap): void {
    const r = this.live.get(urn);
    if (!r) throw new RegistrationError(`RegisterResourceOutputs for unknown resource ${urn}`);
    if (!this.registered.has(urn))
      throw new RegistrationError(`RegisterResourceOutputs for ${urn}, which this program did not register`);
    if (!this.host.dryRun) {
      // Unknowns outside a preview only come from resources that failed or were skipped: keep the last known value.
      for (const [k, v] of Object.entries(outputs)) {
        if (!containsUnknowns(v)) continue;
        if (k in r.outputs) outputs[k] = r.outputs[k];
        else delete outputs[k];
      }
    }
    r.outputs = outputs;
  }

  stackOutputs(): PropertyMap {
    if (this.rootUrn) return this.live.get(this.rootUrn)?.outputs ?? {};
    return {};
  }

  /** Waits until no registration is being processed. */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  /**
   * Records a failure of `name`. `stop` cancels the deployment (the engine's bail or step-executor cancellation):
   * nothing new starts. By default a failure stops an update but lets a preview go on.
   */
  private fail(
    step: PlannedStep | undefined,
    name: string,
    type: string,
    message: string,
    stop = !this.host.dryRun,
  ): RegistrationError {
    const text = `${resourceLabel(name, type)}: ${message}`;
    this.errors.push(text);
    if (step) step.error = message;
    if (stop) this.aborted = true;
    this.host.log(`error: ${text}`);
    return new RegistrationError(message, step?.urn);
  }

  private async doRegister(reg: Registration): Promise<RegisterResult> {
    const { type, name } = reg;
    if (reg.parent && !this.registered.has(reg.parent)) {
      throw this.fail(undefined, name, type, `could not find parent resource ${reg.parent}`);
    }
    const urn = makeUrn(this.host.stack, this.host.project, reg.parent, type, name);
    if (this.registered.has(urn)) throw this.fail(undefined, name, type, `duplicate resource URN '${urn}'`);
    this.registered.add(urn);
    if (type === ROOT_STACK_TYPE && !reg.parent) this.rootUrn = urn;

    const unsupported = unsupportedReason(reg);
    if (unsupported) throw this.fail(undefined, name, type, unsupported);

    // Aliases: an old resource under one of the alias URNs becomes this one. The alias URN counts as registered (so
    // it is not deleted) and leaves the state once this registration succeeded.
    let old = this.olds.get(urn);
    let aliasUrn: string | undefined;
    if (!old) {
      for (const alias of reg.aliasUrns) {
        const aliased = this.olds.get(alias);
        if (aliased && !this.registered.has(alias) && this.live.has(alias)) {
          old = { ...aliased, urn };
          aliasUrn = alias;
          this.registered.add(alias);
          this.host.log(`alias: ${alias} -> ${urn}`);
          break;
        }
      }
    }
    if (old && old.custom !== reg.custom) {
      throw this.fail(undefined, name, type, `resource ${urn} changed between custom and component; remove it first`);
    }
    const step: PlannedStep = { urn, type, name, op: "same", changedFields: [], changedPaths: [], custom: reg.custom };
    this.steps.push(step);
    // The engine hashes every asset as it receives the registration (ComputeAssetHashes).
    try {
      await hashAssets(reg.object, this.host.pwd);
    } catch (e) {
      throw this.fail(step, name, type, (e as Error).message, true);
    }
    const res = reg.custom
      ? await this.registerCustom(reg, step, old)
      : await this.generation.generator.run(async () => {
          reg.object = await this.verdicts.analyze(reg, step, reg.object);
          return this.registerComponent(reg, step, old);
        });
    if (aliasUrn) this.live.delete(aliasUrn);
    return res;
  }

  /** Components and the root stack: recorded, no provider. */
  private registerComponent(reg: Registration, step: PlannedStep, old: ResourceState | undefined): RegisterResult {
    const inputs = clone(reg.object);
    if (!old) planCreate(step, inputs);
    else {
      const diffs = diffProperties(old.inputs, inputs);
      if (diffs.length > 0) {
        step.op = "update";
        showChanges(step, diffs);
      }
    }
    const state = resourceStateFor(reg, step.urn, old, inputs, old ? old.outputs : {}, undefined);
    if (step.op !== "same") state.modified = timestampNow();
    this.live.set(step.urn, state);
    // Like the engine, a component's registration answers with no outputs (its outputs come later through
    // RegisterResourceOutputs and may refer to resources not registered yet).
    return { urn: step.urn, id: "", object: {}, propertyDependencies: reg.propertyDependencies };
  }

  private async registerCustom(
    reg: Registration,
    step: PlannedStep,
    old: ResourceState | undefined,
  ): Promise<RegisterResult> {
    const decision = await this.generation.generateSteps(reg, step, old);
    const urn = step.urn;
    const stateOf = (inputs: PropertyMap, outputs: PropertyMap, id: string | undefined): ResourceState =>
      resourceStateFor(reg, urn, old, inputs, markStepSecrets(outputs, inputs, reg.additionalSecretOutputs), id);
    const result = (state: ResourceState): RegisterResult => ({
      urn,
      id: state.id ?? "",
      object: state.outputs,
      propertyDependencies: reg.propertyDependencies,
    });
    const { inputs } = decision;

    if (decision.kind === "same") {
      const state = stateOf(inputs, clone(old!.outputs), old!.id);
      state.created = old!.created;
      state.modified = old!.modified;
      this.live.set(urn, state);
      return result(state);
    }
    if (this.host.dryRun) {
      // Delete steps mark what they delete ahead pending replacement in a preview too (step.go DeleteStep.Apply).
      if (decision.kind === "replace")
        for (const d of decision.dependents) this.live.set(d.urn, { ...clone(d), pendingReplacement: true });
      // A provider that does not preview: the checked inputs stand for the outputs; a new object's id is unknown.
      const planned = stateOf(inputs, clone(inputs), decision.kind === "update" ? old!.id : undefined);
      this.previewed.set(urn, planned);
      return result(planned);
    }
    if (decision.kind === "create") return result(await this.application.create(step, reg, inputs));
    if (decision.kind === "update") return result(await this.application.update(step, reg, old!, inputs));

    if (!decision.deleteBeforeReplace) return result(await this.application.create(step, reg, inputs, old));
    await this.application.deleteFirst(step, reg, [...decision.dependents, this.live.get(urn) ?? old!]);
    return result(await this.application.create(step, reg, inputs));
  }

  /**
   * After the program exited: when it succeeded, delete what it no longer registers (and replaced originals) in
   * reverse dependency order; in a preview only list those deletes (a protected one fails there too). As in the
   * engine's GenerateDeletes, a replaced original is deleted without a step of its own and without the protect check,
   * and a resource left pending replacement only leaves the state.
   */
  async finish(programSucceeded: boolean): Promise<void> {
    await this.settle();
    if (!programSucceeded || this.aborted) return;
    const condemned: ResourceState[] = [];
    for (const r of this.live.values()) if (!this.registered.has(r.urn)) condemned.push(r);
    condemned.push(...this.pendingDeletes);
    for (const r of condemned) this.deletedUrns.add(r.urn);
    const stepOf = (r: ResourceState): PlannedStep | undefined =>
      r.delete || r.pendingReplacement ? undefined : deleteStep(r);
    const deleted = await deleteInOrderWithSteps(
      deletionOrder(condemned),
      this.host.parallel,
      stepOf,
      async (r, step): Promise<DeleteOutcome> => {
        if (step && r.protect) {
          this.fail(step, urnName(r.urn), r.type, protectedDeleteError(r.urn), false);
          return "kept";
        }
        if (this.host.dryRun) return "deleted";
        const deletedWithOwner = !!r.deletedWith && this.deletedUrns.has(r.deletedWith);
        try {
          if (!deletedWithOwner && !r.pendingReplacement) await this.executor.delete(r);
          else this.host.checkpoint?.remove(r);
        } catch (e) {
          this.fail(step, urnName(r.urn), r.type, `delete: ${(e as Error).message}`);
          return "failed";
        }
        if (r.delete) this.pendingDeletes.splice(this.pendingDeletes.indexOf(r), 1);
        else this.live.delete(r.urn);
        return "deleted";
      },
    );
    this.steps.push(...deleted);
    await this.verdicts.analyzeStack(this.errors, this.rootUrn, () => this.stackResources());
  }

  /** The resources AnalyzeStack sees: those of the run, a preview's with their planned states. */
  private stackResources(): ResourceState[] {
    const resources = [...this.live.values()]
      .filter((r) => this.registered.has(r.urn))
      .map((r) => this.previewed.get(r.urn) ?? r);
    for (const [urn, r] of this.previewed) if (!this.live.has(urn)) resources.push(r);
    return resources;
  }

  /** The state after this deployment (meaningful for updates; previews do not save it). */
  finalResources(): ResourceState[] {
    return sortResources([...this.live.values(), ...this.pendingDeletes.filter((r) => !this.outOfState.has(r))]);
  }
}
