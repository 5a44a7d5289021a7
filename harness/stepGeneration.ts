/**
 * Step generation for a custom resource, the engine's generateSteps .. continueStepsFromDiff: ignoreChanges, Check,
 * the policy packs' Analyze, Diff, and what the engine decides from them; the deployment (deployment.ts) runs the
 * provider steps decided on.
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
import { type DependentReplacement, dependentReplacements } from "./dependentReplacements";
import type { EngineHost } from "./engineHost";
import { applyIgnoreChanges, ignoreChangesMessage } from "./ignoreChanges";
import { diffProperties } from "./propertyDiff";
import { type PropertyMap, annotateSecrets, clone, containsSecrets, containsUnknowns } from "./props";
import type { ProviderHost } from "./providerHost";
import { type Registration, RegistrationError } from "./registration";
import type { ResourceState } from "./resourceState";
import { Slots } from "./slots";
import { type StepExecutor, StepSkipped } from "./stepExecutor";
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
export type Decision =
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

/** What step generation reads and changes of the deployment it works for. */
export interface GenerationContext {
  readonly host: EngineHost;
  readonly executor: StepExecutor;
  readonly olds: ReadonlyMap<string, ResourceState>;
  /** Live resources: the dependents a delete-before-replace deletes ahead are read from here. */
  readonly live: ReadonlyMap<string, ResourceState>;
  /** URNs whose object is deleted in this run: a resource deletedWith one of them needs no Delete of its own. */
  readonly deletedUrns: Set<string>;
  /** Was the deployment cancelled (nothing new starts)? */
  isAborted(): boolean;
  /** Records a failure (Deployment.fail); the error to throw. */
  fail(step: PlannedStep | undefined, name: string, type: string, message: string, stop?: boolean): RegistrationError;
  /** The policy packs' Analyze of the checked inputs (policy/verdicts.ts). */
  /** The policy packs' remediations and verdict on the checked inputs; the inputs the remediations leave. */
  analyze(reg: Registration, step: PlannedStep, inputs: PropertyMap): Promise<PropertyMap>;
}

export class StepGeneration {
  /** The step generator: one registration's Check, Diff and decision at a time. */
  readonly generator = new Slots(1);
  /** URNs being replaced in this run: a resource deletedWith one of them is replaced too. */
  private readonly replaced = new Set<string>();
  /**
   * Dependents a delete-before-replace deletes ahead of their registration, with the keys that replace them: when
   * they register they are created again without a Diff (the engine's sg.deletes, "recreating").
   */
  private readonly deletedAhead = new Map<string, string[]>();
  /** URNs step generation has taken up in this run (never dependents to delete ahead). */
  private readonly generated = new Set<string>();

  constructor(private readonly d: GenerationContext) {}

  /**
   * Step generation for a custom resource (generateSteps .. continueStepsFromDiff): ignoreChanges, Check, Diff, and
   * what the engine decides from them. One registration at a time; with parallel diff (the engine's ParallelDiff) the
   * Diff call itself runs outside, in a step slot, and the decision is taken up again in turn, as the engine's
   * DiffStep and ContinueResourceDiffEvent do. Fills `step` with what the plan shows.
   */
  async generateSteps(reg: Registration, step: PlannedStep, old: ResourceState | undefined): Promise<Decision> {
    if (!this.d.host.parallelDiff) {
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
        diff = await this.d.executor.diffStep(() => this.askDiff(reg, step, before));
      } catch (e) {
        if (e instanceof StepSkipped) throw this.skip(step, before.old);
        throw e;
      }
    }
    const settled = diff;
    return this.generator.run(async () => {
      if (this.d.isAborted()) throw this.skip(step, before.old);
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
    if (this.d.isAborted()) throw this.skip(step, old);
    this.generated.add(urn);
    if (
      !this.d.host.canStoreSecrets &&
      (containsSecrets(reg.object) || containsSecrets(reg.replacementTrigger) || reg.additionalSecretOutputs.length > 0)
    ) {
      throw this.d.fail(
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
      if (invalid.length > 0) this.d.host.diag(`info: ${urn}: ${ignoreChangesMessage(invalid)}`);
    }

    let provider: ProviderHost;
    try {
      provider = await this.d.host.provider();
    } catch (e) {
      throw this.d.fail(step, name, type, `provider host: ${(e as Error).message}`, true);
    }

    const recreatingKeys = old ? this.deletedAhead.get(urn) : undefined;
    if (old && recreatingKeys) return this.recreate(provider, reg, step, old, recreatingKeys);

    const checked = await this.d.analyze(
      reg,
      step,
      await this.check(provider, reg, step, old ? old.inputs : {}, news, old ? "update" : "create"),
    );
    if (!old) {
      planCreate(step, checked);
      return { kind: "create", inputs: checked };
    }

    // generateStepsFromDiff: an unknown trigger is fine in a preview and an error in an update; a changed one
    // replaces without asking the provider's Diff.
    if (!this.d.host.dryRun && containsUnknowns(reg.replacementTrigger)) {
      throw this.d.fail(step, name, type, `replacement trigger contains unknowns for ${urn}`, true);
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

  /**
   * Deleted ahead by a delete-before-replace of something it depends on: created again from the program's own
   * inputs, with no Diff (continueStepsFromImport, "recreating").
   */
  private async recreate(
    provider: ProviderHost,
    reg: Registration,
    step: PlannedStep,
    old: ResourceState,
    replaceFields: string[],
  ): Promise<Decision> {
    const inputs = await this.d.analyze(
      reg,
      step,
      await this.check(provider, reg, step, {}, clone(reg.object), "replace"),
    );
    showChanges(step, diffProperties(old.inputs, inputs));
    Object.assign(step, { op: "replace", id: old.id, replaceFields, deleteBeforeReplace: true });
    this.deletedAhead.delete(step.urn);
    this.replaced.add(step.urn);
    return { kind: "replace", inputs, deleteBeforeReplace: true, dependents: [] };
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
      throw this.d.fail(step, reg.name, reg.type, `diff: ${(e as Error).message}`, true);
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
      throw this.d.fail(step, name, type, `diff: ${(e as Error).message}`, true);
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
        const err = this.d.fail(
          step,
          name,
          type,
          "resource is protected and would be replaced; remove the 'protect' option (and run up) first",
        );
        if (!this.d.host.dryRun) throw err;
      }
      this.replaced.add(urn);
      // The replacement is a new object: its defaults come from a Check of the program's own inputs, without the old
      // ones and without ignoreChanges.
      const inputs = await this.check(provider, reg, step, {}, clone(reg.object), "replace");
      const deleteBeforeReplace = reg.deleteBeforeReplaceDefined ? reg.deleteBeforeReplace : diff.deleteBeforeReplace;
      step.deleteBeforeReplace = deleteBeforeReplace;
      const dependents = deleteBeforeReplace ? await this.deleteFirst(reg, step, old, provider) : [];
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

  /**
   * A delete-before-replace: the old state's dependents to delete before the resource, in deletion order
   * (calculateDependentReplacements); they and the resource count as deleted in this run.
   */
  private async deleteFirst(
    reg: Registration,
    step: PlannedStep,
    old: ResourceState,
    provider: ProviderHost,
  ): Promise<ResourceState[]> {
    const { type, name } = reg;
    const urn = step.urn;
    let found: DependentReplacement[];
    try {
      found = await dependentReplacements(old, this.d.olds.values(), this.generated, provider);
    } catch (e) {
      throw this.d.fail(step, name, type, `diff of a dependent: ${(e as Error).message}`, true);
    }
    for (const { res, keys } of found) {
      if (res.protect) {
        throw this.d.fail(
          step,
          name,
          type,
          `unable to replace resource ${JSON.stringify(res.urn)} as part of replacing ${JSON.stringify(urn)} as it is currently marked for protection`,
          true,
        );
      }
      this.deletedAhead.set(res.urn, keys);
      this.d.deletedUrns.add(res.urn);
    }
    if (!old.pendingReplacement) this.d.deletedUrns.add(urn);
    return found.map(({ res }) => this.d.live.get(res.urn) ?? res).reverse();
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
      throw this.d.fail(step, reg.name, reg.type, `check: ${(e as Error).message}`, true);
    }
    if (res.failures.length > 0) {
      step.failures = res.failures;
      step.op = op;
      throw this.d.fail(step, reg.name, reg.type, `check failed: ${formatCheckFailures(res.failures)}`, true);
    }
    return annotateSecrets(res.inputs, news);
  }
}
