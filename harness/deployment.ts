/**
 * One update or preview, the part of the Pulumi engine the harness reproduces: turning resource registrations into
 * provider calls (step generation; the calls themselves are in stepExecutor.ts), then deleting what the program no
 * longer registers. Refresh and destroy, which run without a program, are in refresh.ts and deletes.ts.
 *
 * Engine rules followed (pkg/resource/deploy in pulumi/pulumi):
 *   new resource       -> Check(olds = {}, news) -> Create
 *   existing resource  -> Check(oldInputs, news) -> Diff(id, oldOutputs, checked)
 *                         -> none (same) | Update | replace (create the new one, delete the old one after the
 *                            program finished; delete first when Diff or the resource option says deleteBeforeReplace)
 *   Diff "unknown"     -> the engine compares old and new inputs itself
 *   removed resources  -> Delete, after a successful program run, in reverse dependency order
 *   preview            -> Check and Diff only; outputs = checked inputs (unknowns stay unknown), new ids unknown
 *   secrets            -> the provider gets plaintext; outputs are re-marked secret where the same-named input was
 *                         (annotateSecrets) and for additionalSecretOutputs
 */
import { deleteInOrderWithSteps, deleteStep } from "./deletes";
import type { Checkpoint } from "./journal";
import { ProviderHost } from "./providerHost";
import { PropertyMap, annotateSecrets, applyIgnoreChanges, clone, containsSecrets, containsUnknowns, diffProperties } from "./props";
import { RegisterResult, Registration, RegistrationError, resourceStateFor, unsupportedReason } from "./registration";
import { ResourceState, deletionOrder, sortResources, timestampNow } from "./state";
import { StepExecutor, StepFailed } from "./stepExecutor";
import { formatCheckFailures, planChange, planCreate, showChanges } from "./stepPlan";
import { PlannedStep } from "./types";
import { ROOT_STACK_TYPE, makeUrn, resourceLabel, urnName } from "./urns";

export interface EngineHost {
  dryRun: boolean;
  project: string;
  stack: string;
  /** Is a passphrase available (secrets can be saved)? */
  canStoreSecrets: boolean;
  /** The configured provider host, started on first use. */
  provider(): Promise<ProviderHost>;
  log(line: string): void;
  /**
   * Provider steps in flight at once, like the engine's --parallel: creates, updates and deletes of replacements while
   * the program runs (default unbounded, the CLI's default), and deletes after it finished (default 1).
   */
  parallel?: number;
  /** Records each step as it starts and ends (harness/journal.ts); none in a preview. */
  checkpoint?: Checkpoint;
}

/**
 * One update or preview: fed registrations by the monitor, then `finish()` after the program exited.
 */
export class Deployment {
  /** Live resources: starts as the old state, changes as steps run. Insertion order is kept for the final state. */
  private readonly live = new Map<string, ResourceState>();
  /** Old copies waiting to be deleted (from replacements, and left over from earlier runs). */
  private readonly pendingDeletes: ResourceState[] = [];
  /** Pending deletes created by replacements in this run (their replace step already covers them). */
  private readonly replacedThisRun = new Set<ResourceState>();
  private readonly olds = new Map<string, ResourceState>();
  private readonly registered = new Set<string>();
  private readonly inflight = new Set<Promise<unknown>>();
  readonly steps: PlannedStep[] = [];
  readonly errors: string[] = [];
  private aborted = false;
  private readonly executor: StepExecutor;
  rootUrn: string | undefined;

  constructor(private readonly host: EngineHost, oldResources: readonly ResourceState[]) {
    this.executor = new StepExecutor(
      () => host.provider(),
      (line) => host.log(line),
      host.parallel ?? Number.POSITIVE_INFINITY,
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

  /** RegisterResourceOutputs: component and stack outputs. */
  registerOutputs(urn: string, outputs: PropertyMap): void {
    const r = this.live.get(urn);
    if (!r) throw new RegistrationError(`RegisterResourceOutputs for unknown resource ${urn}`);
    if (!this.registered.has(urn)) throw new RegistrationError(`RegisterResourceOutputs for ${urn}, which this program did not register`);
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

  private fail(step: PlannedStep | undefined, name: string, type: string, message: string): RegistrationError {
    const text = `${resourceLabel(name, type)}: ${message}`;
    this.errors.push(text);
    if (step) step.error = message;
    if (!this.host.dryRun) this.aborted = true;
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
    const res = reg.custom ? await this.registerCustom(reg, step, old, aliasUrn) : this.registerComponent(reg, step, old);
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

  private async registerCustom(reg: Registration, step: PlannedStep, old: ResourceState | undefined, aliasUrn: string | undefined): Promise<RegisterResult> {
    const { type, name } = reg;
    const urn = step.urn;
    const stateOf = (inputs: PropertyMap, outputs: PropertyMap, id: string | undefined): ResourceState =>
      resourceStateFor(reg, urn, old, inputs, outputs, id);
    const result = (state: ResourceState, id: string): RegisterResult => ({
      urn,
      id,
      object: state.outputs,
      propertyDependencies: reg.propertyDependencies,
    });

    if (this.aborted) {
      const msg = "skipped: an earlier resource failed";
      step.op = old ? "same" : "create";
      step.error = msg;
      throw new RegistrationError(msg, urn, "skip");
    }
    if (!this.host.canStoreSecrets && (containsSecrets(reg.object) || reg.additionalSecretOutputs.length > 0)) {
      throw this.fail(step, name, type, "this resource has secret values and no passphrase was given (option 'passphrase' or env NMS_HARNESS_PASSPHRASE)");
    }

    // ignoreChanges: keep the old values of the listed paths.
    const news = clone(reg.object);
    const ignore = old ? reg.ignoreChanges : [];
    if (old && ignore.length > 0) {
      const invalid = applyIgnoreChanges(news, old.inputs, ignore);
      if (invalid.length > 0) throw this.fail(step, name, type, `cannot ignore changes to ${invalid.join(", ")}: a path element is missing`);
    }

    let provider: ProviderHost;
    try {
      provider = await this.host.provider();
    } catch (e) {
      throw this.fail(step, name, type, `provider host: ${(e as Error).message}`);
    }

    // Check.
    let checked: PropertyMap;
    try {
      const res = await provider.check(urn, name, type, provider.plain(old ? old.inputs : {}), provider.plain(news));
      checked = annotateSecrets(res.inputs, news);
      if (res.failures.length > 0) {
        step.failures = res.failures;
        step.op = old ? "update" : "create";
        const err = this.fail(step, name, type, `check failed: ${formatCheckFailures(res.failures)}`);
        if (!this.host.dryRun) throw err;
        // A preview goes on with the unchecked inputs so every problem is reported, like the engine does.
        checked = news;
      }
    } catch (e) {
      if (e instanceof RegistrationError) throw e;
      throw this.fail(step, name, type, `check: ${(e as Error).message}`);
    }

    if (!old) {
      planCreate(step, checked);
      if (this.host.dryRun) {
        return result(stateOf(checked, checked, undefined), "");
      }
      const state = await this.create(step, reg, checked);
      return result(state, state.id ?? "");
    }

    // Diff.
    let diff;
    try {
      diff = await provider.diff(urn, name, type, old.id ?? "", provider.plain(old.outputs), provider.plain(checked), provider.plain(old.inputs), ignore);
    } catch (e) {
      throw this.fail(step, name, type, `diff: ${(e as Error).message}`);
    }
    const plan = planChange(old, checked, diff, reg.replaceOnChanges);

    // Like the engine's step generator: a resource whose create or update failed to initialize gets an update even
    // without changes, so that the provider can finish what it started.
    if (plan.changes === "none" && !old.initErrors?.length) {
      step.op = "same";
      step.id = old.id;
      const state = stateOf(checked, old.outputs, old.id);
      state.created = old.created;
      state.modified = old.modified;
      this.live.set(urn, state);
      return result(state, old.id ?? "");
    }

    showChanges(step, plan.diffs);

    if (!plan.replace) {
      step.op = "update";
      step.id = old.id;
      if (this.host.dryRun) return result(stateOf(checked, checked, old.id), old.id ?? "");
      const state = await this.update(step, reg, old, checked, ignore);
      return result(state, state.id ?? "");
    }

    step.op = "replace";
    step.replaceFields = plan.replaceFields;
    const dbr = reg.deleteBeforeReplaceDefined ? reg.deleteBeforeReplace : diff.deleteBeforeReplace;
    step.deleteBeforeReplace = dbr;
    if (old.protect) throw this.fail(step, name, type, "resource is protected and would be replaced; remove the 'protect' option first");
    if (this.host.dryRun) return result(stateOf(checked, checked, undefined), "");

    if (dbr) {
      try {
        await this.executor.deleteBeforeReplace(old);
      } catch (e) {
        throw this.fail(step, name, type, `delete before replace: ${(e as Error).message}`);
      }
      this.live.delete(urn);
      if (aliasUrn) this.live.delete(aliasUrn);
      const state = await this.create(step, reg, checked);
      return result(state, state.id ?? "");
    }
    const state = await this.create(step, reg, checked, old);
    return result(state, state.id ?? "");
  }

  /** Creates through the provider; a replacement's original (`replacing`) waits for deletion after the program. */
  private create(step: PlannedStep, reg: Registration, checked: PropertyMap, replacing?: ResourceState): Promise<ResourceState> {
    return this.applyStep(step, reg, "creating", this.executor.create(step, reg, checked), (state) => {
      if (replacing) {
        const pending: ResourceState = { ...clone(replacing), delete: true };
        this.pendingDeletes.push(pending);
        this.replacedThisRun.add(pending);
        this.host.checkpoint?.put(pending);
      }
      this.live.set(state.urn, state);
      step.id = state.id;
    });
  }

  private update(step: PlannedStep, reg: Registration, old: ResourceState, checked: PropertyMap, ignore: string[]): Promise<ResourceState> {
    return this.applyStep(step, reg, "updating", this.executor.update(step, reg, old, checked, ignore), (state) => this.live.set(step.urn, state));
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
      if (!(e instanceof StepFailed)) throw e;
      checkpointed(e.partial);
      throw this.fail(step, reg.name, reg.type, e.message);
    }
  }

  /**
   * After the program exited: when it succeeded, delete what it no longer registers (and replaced originals) in
   * reverse dependency order; in a preview only list those deletes.
   */
  async finish(programSucceeded: boolean): Promise<void> {
    await this.settle();
    if (!programSucceeded || this.aborted) return;
    const condemned: ResourceState[] = [];
    for (const r of this.live.values()) if (!this.registered.has(r.urn)) condemned.push(r);
    const replaced = new Set<ResourceState>();
    for (const r of this.pendingDeletes) {
      condemned.push(r);
      replaced.add(r);
    }
    const order = deletionOrder(condemned);
    const condemnedUrns = new Set(condemned.map((r) => r.urn));
    if (!this.host.dryRun) {
      // Like the engine, refuse before deleting anything when a resource to delete is protected.
      const isProtected = order.filter((r) => r.protect && !this.replacedThisRun.has(r));
      for (const r of isProtected) {
        this.fail(undefined, urnName(r.urn), r.type, "resource is protected and no longer in the program; remove the 'protect' option (and run up) before deleting it");
      }
      if (isProtected.length > 0) return;
    }
    const stepOf = (r: ResourceState): PlannedStep | undefined => (this.replacedThisRun.has(r) ? undefined : deleteStep(r));
    if (this.host.dryRun) {
      for (const r of order) {
        const step = stepOf(r);
        if (step) this.steps.push(step);
      }
      return;
    }
    const deleted = await deleteInOrderWithSteps(order, this.host.parallel ?? 1, stepOf, async (r, step) => {
      const deletedWithOwner = !!r.deletedWith && condemnedUrns.has(r.deletedWith) && !this.registered.has(r.deletedWith);
      try {
        if (!deletedWithOwner) await this.executor.delete(r);
        else this.host.checkpoint?.remove(r);
      } catch (e) {
        this.fail(step, urnName(r.urn), r.type, `delete: ${(e as Error).message}`);
        return false;
      }
      if (replaced.has(r)) this.pendingDeletes.splice(this.pendingDeletes.indexOf(r), 1);
      else this.live.delete(r.urn);
      return true;
    });
    this.steps.push(...deleted);
  }

  /** The state after this deployment (meaningful for updates; previews do not save it). */
  finalResources(): ResourceState[] {
    return sortResources([...this.live.values(), ...this.pendingDeletes]);
  }
}
