/**
 * One update or preview, the part of the Pulumi engine the harness reproduces: turning resource registrations into
 * provider calls (step generation; the calls themselves are in stepExecutor.ts), then deleting what the program no
 * longer registers. Refresh and destroy, which run without a program, are in refresh.ts and deletes.ts.
 *
 * Engine rules followed (pkg/resource/deploy in pulumi/pulumi, step_generator.go unless named):
 *   step generation    -> one registration at a time (Check, Diff and the decision; the engine's step generator
 *                         handles its events one by one, and parallel diff is off by default: with
 *                         PULUMI_PARALLEL_DIFF the Diff calls run in step slots); the provider steps it decides on
 *                         then run up to `parallel` at once
 *   replacementTrigger -> a value that differs from the stored one replaces without a Diff (shouldTriggerReplace)
 *   new resource       -> Check(olds = {}, news) -> Create
 *   existing resource  -> Check(oldInputs, news with ignoreChanges applied) -> Diff(id, oldOutputs, checked)
 *                         -> none (same) | Update | replace; replace Checks the program's own inputs again
 *                            (continueStepsFromDiff), creates the new object, deletes the old one after the program
 *                            finished, or first when Diff or the `deleteBeforeReplace` option says so
 *   Diff "unknown"     -> the engine compares old and new inputs itself (diffResource)
 *   delete first       -> the old state's dependents that would be replaced once the inputs they take from the
 *                         resource become unknown are deleted before it and re-created when they register
 *                         (calculateDependentReplacements)
 *   a failure          -> the first failed Check (preview too), Diff or provider step stops the deployment
 *   removed resources  -> Delete, after a successful program run, in reverse dependency order
 *   preview            -> Check and Diff only; outputs = checked inputs (unknowns stay unknown), new ids unknown
 *   secrets            -> the provider gets plaintext; outputs re-marked secret on every step (step_executor.go)
 */
import { type DeleteOutcome, deleteInOrderWithSteps, deleteStep, protectedDeleteError } from "./deletes";
import { type DependentReplacement, dependentReplacements } from "./dependentReplacements";
import type { Checkpoint } from "./journal";
import type { ProviderHost } from "./providerHost";
import { hashAssets } from "./assets";
import { applyIgnoreChanges, ignoreChangesMessage } from "./ignoreChanges";
import { diffProperties } from "./propertyDiff";
import { type PropertyMap, annotateSecrets, clone, containsSecrets, containsUnknowns, markStepSecrets } from "./props";
import {
  type RegisterResult,
  type Registration,
  RegistrationError,
  resourceStateFor,
  unsupportedReason,
} from "./registration";
import { type ReadRegistration, type ReadResult, readStep } from "./readStep";
import { Slots } from "./slots";
import { deletionOrder, sortResources } from "./resourceOrder";
import { type ResourceState, timestampNow } from "./resourceState";
import { StepExecutor, StepFailed, StepSkipped } from "./stepExecutor";
import {
  type EngineDiff,
  applyReplaceOnChanges,
  diffReplaces,
  formatCheckFailures,
  planCreate,
  replaceFieldsOf,
  settleDiff,
  shouldTriggerReplace,
  showChanges,
  shownChanges,
} from "./stepPlan";
import type { PlannedStep } from "./types";
import type { PolicyViolation } from "./policy/analyzer";
import type { PolicyRunner } from "./policy/packs";
import { analyzedRegistration, analyzedState } from "./policy/resources";
import { ROOT_STACK_TYPE, makeUrn, resourceLabel, urnName } from "./urns";

export interface EngineHost {
  dryRun: boolean;
  project: string;
  stack: string;
  /** The program's working directory: relative asset paths are read from here. */
  pwd: string;
  /** Is a passphrase available (secrets can be saved)? */
  canStoreSecrets: boolean;
  /** The configured provider host, started on first use. */
  provider(): Promise<ProviderHost>;
  log(line: string): void;
  /** Messages the engine shows the user (info, warnings). */
  diag(line: string): void;
  /**
   * Provider steps in flight at once, like the engine's --parallel: creates, updates and deletes of replacements while
   * the program runs, and deletes after it finished.
   */
  parallel: number;
  /** Diffs run in step slots, up to `parallel` at once, instead of in step generation (PULUMI_PARALLEL_DIFF). */
  parallelDiff?: boolean;
  /** Records each step as it starts and ends (harness/journal.ts); none in a preview. */
  checkpoint?: Checkpoint;
  /** The policy packs (--policy-pack): Analyze after each Check, AnalyzeStack at the end (harness/policy/). */
  policies?: PolicyRunner;
}

/** Step generation up to the Diff: what the Diff of an existing resource needs, or its answer when none is asked. */
interface PendingDiff {
  kind: "diff";
  provider: ProviderHost;
  old: ResourceState;
  /** The inputs Check returned (ignoreChanges applied). */
  checked: PropertyMap;
  ignore: string[];
  /** Settled without the provider: a changed replacementTrigger, or the deletedWith resource replaced. */
  diff?: EngineDiff;
  /** The replacementTrigger changed (shouldTriggerReplace): a replace whatever the Diff would say. */
  triggerReplace: boolean;
}

/** What step generation decided for a custom resource; the provider steps come after. */
type Decision =
  | { kind: "same"; inputs: PropertyMap }
  | { kind: "create"; inputs: PropertyMap }
  | { kind: "update"; inputs: PropertyMap }
  | {
      kind: "replace";
      inputs: PropertyMap;
      deleteBeforeReplace: boolean;
      /** Old-state resources to delete before this one (delete-before-replace), in deletion order. */
      dependents: ResourceState[];
    };

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
  /** URNs being replaced in this run: a resource deletedWith one of them is replaced too. */
  private readonly replaced = new Set<string>();
  /** URNs whose object is deleted in this run: a resource deletedWith one of them needs no Delete of its own. */
  private readonly deletedUrns = new Set<string>();
  /**
   * Dependents a delete-before-replace deletes ahead of their registration, with the keys that replace them: when
   * they register they are created again without a Diff (the engine's sg.deletes, "recreating").
   */
  private readonly deletedAhead = new Map<string, string[]>();
  /** URNs step generation has taken up in this run (never dependents to delete ahead). */
  private readonly generated = new Set<string>();
  private readonly inflight = new Set<Promise<unknown>>();
  /** The step generator: one registration's Check, Diff and decision at a time. */
  private readonly generator = new Slots(1);
  readonly steps: PlannedStep[] = [];
  readonly errors: string[] = [];
  private aborted = false;
  /** A preview's planned states of the resources it would create or update, for the stack's policy analysis. */
  private readonly previewed = new Map<string, ResourceState>();
  /** Errors that are a preview's mandatory policy violations. */
  private policyFailures = 0;
  private readonly executor: StepExecutor;
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
    const tracked = p.catch(() => undefined);
    this.inflight.add(tracked);
    void tracked.then(() => this.inflight.delete(tracked));
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
    const tracked = p.catch(() => undefined);
    this.inflight.add(tracked);
    void tracked.then(() => this.inflight.delete(tracked));
    return p;
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
      : await this.generator.run(async () => {
          await this.analyze(reg, step, reg.object);
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
    const decision = await this.generateSteps(reg, step, old);
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
    if (decision.kind === "create") return result(await this.create(step, reg, inputs));
    if (decision.kind === "update") return result(await this.update(step, reg, old!, inputs));

    if (!decision.deleteBeforeReplace) return result(await this.create(step, reg, inputs, old));
    // Deleted first, dependents before it; until a replacement exists the old state stays, marked pending
    // replacement (step.go DeleteStep).
    for (const victim of [...decision.dependents, this.live.get(urn) ?? old!]) {
      if (victim.pendingReplacement) continue;
      try {
        const withOwner = !!victim.deletedWith && this.deletedUrns.has(victim.deletedWith);
        if (!withOwner) await this.executor.deleteBeforeReplace(victim);
      } catch (e) {
        if (e instanceof StepSkipped) {
          Object.assign(step, { error: e.message, skipped: true });
          throw new RegistrationError(e.message, urn, "skip");
        }
        throw this.fail(
          step,
          reg.name,
          reg.type,
          `delete before replace${victim.urn === urn ? "" : ` of ${victim.urn}`}: ${(e as Error).message}`,
        );
      }
      const pending: ResourceState = { ...clone(victim), urn: victim.urn, pendingReplacement: true };
      this.live.set(victim.urn, pending);
      this.host.checkpoint?.put(pending);
    }
    return result(await this.create(step, reg, inputs));
  }

  /**
   * Step generation for a custom resource (generateSteps .. continueStepsFromDiff): ignoreChanges, Check, Diff, and
   * what the engine decides from them. One registration at a time; with parallel diff (the engine's ParallelDiff) the
   * Diff call itself runs outside, in a step slot, and the decision is taken up again in turn, as the engine's
   * DiffStep and ContinueResourceDiffEvent do. Fills `step` with what the plan shows.
   */
  private async generateSteps(reg: Registration, step: PlannedStep, old: ResourceState | undefined): Promise<Decision> {
    if (!this.host.parallelDiff) {
      return this.generator.run(async () => {
        const before = await this.stepsBeforeDiff(reg, step, old);
        if (before.kind !== "diff") return before;
        return this.continueFromDiff(reg, step, before, before.diff ?? (await this.askDiff(reg, step, before)));
      });
    }
    const before = await this.generator.run(() => this.stepsBeforeDiff(reg, step, old));
    if (before.kind !== "diff") return before;
    let diff = before.diff;
    if (!diff) {
      try {
        diff = await this.executor.diffStep(() => this.askDiff(reg, step, before));
      } catch (e) {
        if (e instanceof StepSkipped) throw this.skip(step, before.old);
        throw e;
      }
    }
    const settled = diff;
    return this.generator.run(async () => {
      if (this.aborted) throw this.skip(step, before.old);
      return this.continueFromDiff(reg, step, before, settled);
    });
  }

  /** A registration answered SKIP: the deployment was cancelled before its turn. */
  private skip(step: PlannedStep, old: ResourceState | undefined): RegistrationError {
    step.op = old ? "same" : "create";
    step.error = new StepSkipped().message;
    step.skipped = true;
    return new RegistrationError(step.error, step.urn, "skip");
  }

  /** Up to the Diff: a create, a re-creation after a dependency's delete-before-replace, or what the Diff needs. */
  private async stepsBeforeDiff(
    reg: Registration,
    step: PlannedStep,
    old: ResourceState | undefined,
  ): Promise<Decision | PendingDiff> {
    const { type, name } = reg;
    const urn = step.urn;
    if (this.aborted) throw this.skip(step, old);
    this.generated.add(urn);
    if (
      !this.host.canStoreSecrets &&
      (containsSecrets(reg.object) || containsSecrets(reg.replacementTrigger) || reg.additionalSecretOutputs.length > 0)
    ) {
      throw this.fail(
        step,
        name,
        type,
        "this resource has secret values and no passphrase was given (option 'passphrase' or env NMS_HARNESS_PASSPHRASE)",
      );
    }

    // ignoreChanges: the old values of the listed paths go back into the inputs Check sees.
    const news = clone(reg.object);
    const ignore = old ? reg.ignoreChanges : [];
    if (old && ignore.length > 0) {
      const invalid = applyIgnoreChanges(news, old.inputs, ignore);
      if (invalid.length > 0) this.host.diag(`info: ${urn}: ${ignoreChangesMessage(invalid)}`);
    }

    let provider: ProviderHost;
    try {
      provider = await this.host.provider();
    } catch (e) {
      throw this.fail(step, name, type, `provider host: ${(e as Error).message}`, true);
    }

    const recreatingKeys = old ? this.deletedAhead.get(urn) : undefined;
    if (old && recreatingKeys) {
      // Deleted ahead by a delete-before-replace of something it depends on: created again from the program's own
      // inputs, with no Diff (continueStepsFromImport, "recreating").
      const inputs = await this.check(provider, reg, step, {}, clone(reg.object), "replace");
      await this.analyze(reg, step, inputs);
      showChanges(step, diffProperties(old.inputs, inputs));
      Object.assign(step, { op: "replace", id: old.id, replaceFields: recreatingKeys, deleteBeforeReplace: true });
      this.deletedAhead.delete(urn);
      this.replaced.add(urn);
      return { kind: "replace", inputs, deleteBeforeReplace: true, dependents: [] };
    }

    const checked = await this.check(provider, reg, step, old ? old.inputs : {}, news, old ? "update" : "create");
    await this.analyze(reg, step, checked);
    if (!old) {
      planCreate(step, checked);
      return { kind: "create", inputs: checked };
    }

    // generateStepsFromDiff: an unknown trigger is fine in a preview and an error in an update; a changed one
    // replaces without asking the provider's Diff.
    if (!this.host.dryRun && containsUnknowns(reg.replacementTrigger)) {
      throw this.fail(step, name, type, `replacement trigger contains unknowns for ${urn}`, true);
    }
    const pending: PendingDiff = { kind: "diff", provider, checked, ignore, old, triggerReplace: false };
    if (shouldTriggerReplace(reg.replacementTrigger, old.replacementTrigger)) {
      pending.triggerReplace = true;
      pending.diff = { changes: "some", replaceKeys: [], changedKeys: [], deleteBeforeReplace: false };
    } else if (reg.deletedWith && this.replaced.has(reg.deletedWith)) {
      // The resource it is deleted with is replaced: so is this one, without asking the provider (diff).
      pending.diff = { changes: "some", replaceKeys: ["deletedWith"], changedKeys: [], deleteBeforeReplace: false };
    }
    return pending;
  }

  /** The provider's Diff, settled by the engine's own comparison when it answers "unknown" (diffResource). */
  private async askDiff(reg: Registration, step: PlannedStep, p: PendingDiff): Promise<EngineDiff> {
    const { provider, old, checked, ignore } = p;
    try {
      const answer = await provider.diff(
        step.urn,
        reg.name,
        reg.type,
        old.id ?? "",
        provider.plain(old.outputs),
        provider.plain(checked),
        provider.plain(old.inputs),
        ignore,
      );
      return settleDiff(answer, old.inputs, checked, ignore);
    } catch (e) {
      throw this.fail(step, reg.name, reg.type, `diff: ${(e as Error).message}`, true);
    }
  }

  /** continueStepsFromDiff: same, update or replace, from the Diff. */
  private async continueFromDiff(
    reg: Registration,
    step: PlannedStep,
    p: PendingDiff,
    settled: EngineDiff,
  ): Promise<Decision> {
    const { type, name } = reg;
    const urn = step.urn;
    const { provider, old, checked } = p;
    let diff: EngineDiff;
    try {
      diff = applyReplaceOnChanges(settled, reg.replaceOnChanges, !!old.initErrors?.length);
    } catch (e) {
      throw this.fail(step, name, type, `diff: ${(e as Error).message}`, true);
    }

    if (diff.changes === "some" || old.pendingReplacement) {
      // A trigger's replace asked no Diff: the plan shows the inputs that change, if any, as the CLI's row does.
      showChanges(step, p.triggerReplace ? diffProperties(old.inputs, checked) : shownChanges(old, checked, diff));
      step.id = old.id;
      if (!diffReplaces(diff) && !p.triggerReplace && !old.pendingReplacement) {
        step.op = "update";
        return { kind: "update", inputs: checked };
      }
      step.op = "replace";
      step.replaceFields = replaceFieldsOf(diff);
      if (p.triggerReplace) step.replacementTrigger = true;
      // Refused only when the resource is protected before and after (unprotecting and replacing in one run is
      // allowed); a preview reports it and goes on to show the plan.
      if (reg.protect && old.protect) {
        const err = this.fail(
          step,
          name,
          type,
          "resource is protected and would be replaced; remove the 'protect' option (and run up) first",
        );
        if (!this.host.dryRun) throw err;
      }
      this.replaced.add(urn);
      // The replacement is a new object: its defaults come from a Check of the program's own inputs, without the old
      // ones and without ignoreChanges.
      const inputs = await this.check(provider, reg, step, {}, clone(reg.object), "replace");
      const deleteBeforeReplace = reg.deleteBeforeReplaceDefined ? reg.deleteBeforeReplace : diff.deleteBeforeReplace;
      step.deleteBeforeReplace = deleteBeforeReplace;
      let dependents: ResourceState[] = [];
      if (deleteBeforeReplace) {
        let found: DependentReplacement[];
        try {
          found = await dependentReplacements(old, this.olds.values(), this.generated, provider);
        } catch (e) {
          throw this.fail(step, name, type, `diff of a dependent: ${(e as Error).message}`, true);
        }
        for (const { res, keys } of found) {
          if (res.protect) {
            throw this.fail(
              step,
              name,
              type,
              `unable to replace resource ${JSON.stringify(res.urn)} as part of replacing ${JSON.stringify(urn)} as it is currently marked for protection`,
              true,
            );
          }
          this.deletedAhead.set(res.urn, keys);
          this.deletedUrns.add(res.urn);
        }
        dependents = found.map(({ res }) => this.live.get(res.urn) ?? res).reverse();
        if (!old.pendingReplacement) this.deletedUrns.add(urn);
      }
      return { kind: "replace", inputs, deleteBeforeReplace, dependents };
    }
    if (old.initErrors?.length) {
      // A resource whose create or update failed to initialize gets an update even without changes, so that the
      // provider can finish what it started.
      step.op = "update";
      step.id = old.id;
      return { kind: "update", inputs: checked };
    }
    step.id = old.id;
    return { kind: "same", inputs: checked };
  }

  /** Check; a failure (the provider's failures or an error) stops the deployment, previews too ("resource is invalid"). */
  private async check(
    provider: ProviderHost,
    reg: Registration,
    step: PlannedStep,
    olds: PropertyMap,
    news: PropertyMap,
    op: "create" | "update" | "replace",
  ): Promise<PropertyMap> {
    let res;
    try {
      res = await provider.check(step.urn, reg.name, reg.type, provider.plain(olds), provider.plain(news));
    } catch (e) {
      throw this.fail(step, reg.name, reg.type, `check: ${(e as Error).message}`, true);
    }
    if (res.failures.length > 0) {
      step.failures = res.failures;
      step.op = op;
      throw this.fail(step, reg.name, reg.type, `check failed: ${formatCheckFailures(res.failures)}`, true);
    }
    return annotateSecrets(res.inputs, news);
  }

  /**
   * The policy packs' Analyze of the checked inputs, before any step (step_generator.go analyzeAll): a mandatory
   * violation makes the resource invalid in an update (no step, the update stops) and fails a preview at its end.
   * A preview's analysis does not hold up the next registrations, since its verdict changes no step
   * (analyze_snapshot.go analyzeResource: invalid only outside a dry run); finish() waits for it.
   */
  private async analyze(reg: Registration, step: PlannedStep, inputs: PropertyMap): Promise<void> {
    const policies = this.host.policies;
    if (!policies) return;
    // No copy of the inputs: the runner marshals them before it returns (PolicyRunner.analyze).
    const resource = analyzedRegistration(reg, step.urn, inputs, this.host.stack, this.host.project);
    if (!this.host.dryRun) return this.judge(reg, step, policies.analyze(resource));
    const pending = this.judge(reg, step, policies.analyze(resource)).catch(() => undefined);
    this.inflight.add(pending);
    void pending.then(() => this.inflight.delete(pending));
  }

  private async judge(reg: Registration, step: PlannedStep, analysis: Promise<PolicyViolation[]>): Promise<void> {
    let mandatory: PolicyViolation[];
    try {
      mandatory = await analysis;
    } catch (e) {
      throw this.fail(step, reg.name, reg.type, `policy analysis: ${(e as Error).message}`, true);
    }
    if (mandatory.length === 0) return;
    const names = [...new Set(mandatory.map((v) => v.policy))].join(", ");
    if (this.host.dryRun) {
      this.policyFailures++;
      this.fail(undefined, reg.name, reg.type, `mandatory policy violated: ${names}`, false);
      return;
    }
    throw this.fail(step, reg.name, reg.type, `resource is invalid: mandatory policy violated: ${names}`, true);
  }

  /**
   * AnalyzeStack over every resource of the run with its outputs, once step generation and the steps succeeded
   * (deployment_executor.go Execute, AnalyzeResources); a mandatory violation fails the run.
   */
  private async analyzeStack(): Promise<void> {
    const policies = this.host.policies;
    // A preview's mandatory violations do not stop it, nor its stack analysis; any other error does.
    if (!policies || this.errors.length > this.policyFailures) return;
    const resources = [...this.live.values()]
      .filter((r) => this.registered.has(r.urn))
      .map((r) => analyzedState(this.previewed.get(r.urn) ?? r, this.host.stack, this.host.project));
    for (const [urn, r] of this.previewed)
      if (!this.live.has(urn)) resources.push(analyzedState(r, this.host.stack, this.host.project));
    try {
      const mandatory = await policies.analyzeStack(resources, this.rootUrn);
      if (mandatory.length > 0)
        this.errors.push(
          `stack: mandatory policy violated: ${[...new Set(mandatory.map((v) => v.policy))].join(", ")}`,
        );
    } catch (e) {
      this.errors.push(`stack policy analysis: ${(e as Error).message}`);
    }
  }

  /** Creates through the provider; a replacement's original (`replacing`) waits for deletion after the program. */
  private create(
    step: PlannedStep,
    reg: Registration,
    checked: PropertyMap,
    replacing?: ResourceState,
  ): Promise<ResourceState> {
    return this.applyStep(step, reg, "creating", this.executor.create(step, reg, checked), (state) => {
      if (replacing) {
        const pending: ResourceState = { ...clone(replacing), delete: true };
        delete pending.pendingReplacement;
        this.pendingDeletes.push(pending);
        // A pending replacement's old state leaves the state as its replacement arrives (the engine's snapshot
        // manager); it is still deleted after the program, like any replaced original.
        if (replacing.pendingReplacement) this.outOfState.add(pending);
        else this.host.checkpoint?.put(pending);
      }
      this.live.set(state.urn, state);
      step.id = state.id;
    });
  }

  private update(
    step: PlannedStep,
    reg: Registration,
    old: ResourceState,
    checked: PropertyMap,
  ): Promise<ResourceState> {
    return this.applyStep(
      step,
      reg,
      "updating",
      this.executor.update(step, reg, old, checked, reg.ignoreChanges),
      (state) => this.live.set(step.urn, state),
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
        this.host.checkpoint?.put(state);
      }
      this.host.checkpoint?.end({ type, urn: step.urn, resourceType: reg.type });
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
      throw this.fail(step, reg.name, reg.type, e.message);
    }
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
    await this.analyzeStack();
  }

  /** The state after this deployment (meaningful for updates; previews do not save it). */
  finalResources(): ResourceState[] {
    return sortResources([...this.live.values(), ...this.pendingDeletes.filter((r) => !this.outOfState.has(r))]);
  }
}
