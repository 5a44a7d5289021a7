/**
 * The part of the Pulumi engine the harness reproduces: turning resource registrations into provider calls
 * (step generation and execution), deletes in dependency order, refresh and destroy.
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
import { ProviderError, ProviderHost } from "./providerHost";
import {
  PROVIDER_KEY,
  PropertyMap,
  annotateSecrets,
  applyIgnoreChanges,
  clone,
  containsSecrets,
  containsUnknowns,
  diffProperties,
  markSecretKeys,
  parsePath,
  pathContains,
  stripSecretsMap,
  uniqueTopLevel,
} from "./props";
import { ResourceState, deletionOrder, dependenciesOf, sortResources } from "./state";
import { PlannedStep } from "./types";

export const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
/** Package of the types the dynamic-provider host serves ("pulumi-nodejs:dynamic:Resource", "pulumi-nodejs:dynamic/mod:Type"). */
export const DYNAMIC_PACKAGE = "pulumi-nodejs";

/** What RegisterResource carries, decoded. */
export interface Registration {
  type: string;
  name: string;
  parent: string;
  custom: boolean;
  remote: boolean;
  object: PropertyMap;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  provider: string;
  protect?: boolean;
  deleteBeforeReplace: boolean;
  deleteBeforeReplaceDefined: boolean;
  ignoreChanges: string[];
  replaceOnChanges: string[];
  additionalSecretOutputs: string[];
  aliasUrns: string[];
  importId: string;
  retainOnDelete?: boolean;
  deletedWith: string;
}

export interface RegisterResult {
  urn: string;
  id: string;
  object: PropertyMap;
  propertyDependencies: Record<string, string[]>;
}

/**
 * A registration that did not succeed. With an URN it is a step failure the monitor reports as Result FAIL (or SKIP
 * for registrations not processed after an earlier failure) to SDKs that support result reporting, like the engine
 * does; without one (bad request: duplicate URN, unknown parent, unsupported resource kind) it is a gRPC error.
 */
export class RegistrationError extends Error {
  constructor(message: string, readonly urn?: string, readonly result: "fail" | "skip" = "fail") {
    super(message);
  }
}

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
}

export function urnName(urn: string): string {
  const idx = urn.lastIndexOf("::");
  return idx >= 0 ? urn.slice(idx + 2) : urn;
}

export function urnQualifiedType(urn: string): string {
  const parts = urn.split("::");
  return parts.length >= 4 ? parts[2] : "";
}

export function makeUrn(stack: string, project: string, parent: string, type: string, name: string): string {
  let qualified = type;
  if (parent) {
    const parentType = urnQualifiedType(parent);
    if (parentType && parentType !== ROOT_STACK_TYPE) qualified = `${parentType}$${type}`;
  }
  return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

export function packageOf(type: string): string {
  return type.split(":")[0];
}

function label(name: string, type: string): string {
  return `${name} [${type}]`;
}

function formatFailures(failures: { property: string; reason: string }[]): string {
  return failures.map((f) => (f.property ? `property ${f.property}: ${f.reason}` : f.reason)).join("; ");
}

function now(): string {
  return new Date().toISOString();
}

/** The input fields a create sets (for the plan). */
function createdFields(inputs: PropertyMap): string[] {
  return Object.keys(inputs).filter((k) => k !== PROVIDER_KEY);
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
  private readonly stepSlots: Slots;
  rootUrn: string | undefined;

  constructor(private readonly host: EngineHost, oldResources: readonly ResourceState[]) {
    this.stepSlots = new Slots(host.parallel ?? Number.POSITIVE_INFINITY);
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
    const text = `${label(name, type)}: ${message}`;
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

    if (reg.remote) throw this.fail(undefined, name, type, "remote (multi-language) components are not supported by the harness");
    if (reg.custom && type.startsWith("pulumi:providers:")) {
      throw this.fail(undefined, name, type, "explicit provider resources are not supported by the harness (dynamic resources need none)");
    }
    if (reg.custom && packageOf(type) !== DYNAMIC_PACKAGE) {
      throw this.fail(undefined, name, type, `no provider for package '${packageOf(type)}': the harness only runs dynamic resources (${DYNAMIC_PACKAGE}:*)`);
    }
    if (reg.custom && reg.provider) {
      throw this.fail(undefined, name, type, "the 'provider' resource option is not supported by the harness");
    }
    if (reg.importId) throw this.fail(undefined, name, type, "the 'import' resource option is not supported (dynamic resources cannot be imported)");

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
    const res = await this.registerWithOld(reg, urn, old, aliasUrn);
    if (aliasUrn) this.live.delete(aliasUrn);
    return res;
  }

  private async registerWithOld(reg: Registration, urn: string, old: ResourceState | undefined, aliasUrn: string | undefined): Promise<RegisterResult> {
    const { type, name } = reg;

    const step: PlannedStep = { urn, type, name, op: "same", changedFields: [], changedPaths: [], custom: reg.custom };
    this.steps.push(step);

    const base = (inputs: PropertyMap, outputs: PropertyMap, id: string | undefined): ResourceState => {
      const s: ResourceState = {
        urn,
        type,
        custom: reg.custom,
        inputs,
        outputs,
        dependencies: [...reg.dependencies],
        propertyDependencies: Object.fromEntries(Object.entries(reg.propertyDependencies).filter(([, v]) => v.length > 0)),
        additionalSecretOutputs: [...reg.additionalSecretOutputs],
        created: old?.created ?? now(),
        modified: old?.modified ?? now(),
      };
      if (id !== undefined && id !== "") s.id = id;
      if (reg.parent) s.parent = reg.parent;
      if (reg.protect) s.protect = true;
      if (reg.retainOnDelete) s.retainOnDelete = true;
      if (reg.deletedWith) s.deletedWith = reg.deletedWith;
      if (reg.deleteBeforeReplaceDefined) s.deleteBeforeReplace = reg.deleteBeforeReplace;
      if (reg.ignoreChanges.length) s.ignoreChanges = [...reg.ignoreChanges];
      if (reg.replaceOnChanges.length) s.replaceOnChanges = [...reg.replaceOnChanges];
      return s;
    };
    const result = (state: ResourceState, id: string): RegisterResult => ({
      urn,
      id,
      object: state.outputs,
      propertyDependencies: reg.propertyDependencies,
    });

    // Components and the root stack: recorded, no provider.
    if (!reg.custom) {
      const inputs = clone(reg.object);
      if (!old) {
        step.op = "create";
        step.changedFields = createdFields(inputs);
        step.changedPaths = [...step.changedFields];
      } else {
        const diffs = diffProperties(old.inputs, inputs);
        if (diffs.length > 0) {
          step.op = "update";
          step.changedFields = uniqueTopLevel(diffs);
          step.changedPaths = diffs.map((d) => d.path);
        }
      }
      const state = base(inputs, old ? old.outputs : {}, undefined);
      if (step.op !== "same") state.modified = now();
      this.live.set(urn, state);
      // Like the engine, a component's registration answers with no outputs (its outputs come later through
      // RegisterResourceOutputs and may refer to resources not registered yet).
      return { urn, id: "", object: {}, propertyDependencies: reg.propertyDependencies };
    }

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
    const plain = (m: PropertyMap): PropertyMap => (provider.acceptSecrets ? m : stripSecretsMap(m));

    // Check.
    let checked: PropertyMap;
    try {
      const res = await provider.check(urn, name, type, plain(old ? old.inputs : {}), plain(news));
      checked = annotateSecrets(res.inputs, news);
      if (res.failures.length > 0) {
        step.failures = res.failures;
        step.op = old ? "update" : "create";
        const err = this.fail(step, name, type, `check failed: ${formatFailures(res.failures)}`);
        if (!this.host.dryRun) throw err;
        // A preview goes on with the unchecked inputs so every problem is reported, like the engine does.
        checked = news;
      }
    } catch (e) {
      if (e instanceof RegistrationError) throw e;
      throw this.fail(step, name, type, `check: ${(e as Error).message}`);
    }

    if (!old) {
      step.op = "create";
      step.changedFields = createdFields(checked);
      step.changedPaths = [...step.changedFields];
      if (this.host.dryRun) {
        return result(base(checked, checked, undefined), "");
      }
      const state = await this.create(step, reg, checked, base);
      return result(state, state.id ?? "");
    }

    // Diff.
    let diff;
    try {
      diff = await provider.diff(urn, name, type, old.id ?? "", plain(old.outputs), plain(checked), plain(old.inputs), ignore);
    } catch (e) {
      throw this.fail(step, name, type, `diff: ${(e as Error).message}`);
    }
    const inputDiffs = diffProperties(old.inputs, checked);
    let changes = diff.changes;
    if (changes === "unknown") changes = inputDiffs.length > 0 ? "some" : "none";
    let displayDiffs = inputDiffs;
    if (changes === "some" && displayDiffs.length === 0) {
      // The provider sees a change the inputs do not show (drift in outputs): show the fields whose old output
      // differs from the new input.
      const outs: PropertyMap = {};
      for (const k of Object.keys(checked)) if (k in old.outputs) outs[k] = old.outputs[k];
      displayDiffs = diffProperties(outs, checked).filter((d) => d.kind !== "delete");
      if (displayDiffs.length === 0) displayDiffs = diff.diffs.map((p) => ({ path: p, kind: "update" as const }));
    }
    const replaceKeys = new Set(diff.replaces);
    if (changes === "some" && reg.replaceOnChanges.length > 0) {
      const roc = reg.replaceOnChanges.map(parsePath).filter((p): p is (string | number)[] => p !== undefined);
      for (const d of displayDiffs) {
        const p = parsePath(d.path);
        if (p && roc.some((r) => pathContains(r, p))) replaceKeys.add(String(p[0]));
      }
    }
    const replace = changes === "some" && replaceKeys.size > 0;

    // Like the engine's step generator: a resource whose create or update failed to initialize gets an update even
    // without changes, so that the provider can finish what it started.
    if (changes === "none" && !old.initErrors?.length) {
      step.op = "same";
      step.id = old.id;
      const state = base(checked, old.outputs, old.id);
      state.created = old.created;
      state.modified = old.modified;
      this.live.set(urn, state);
      return result(state, old.id ?? "");
    }

    step.changedFields = uniqueTopLevel(displayDiffs);
    step.changedPaths = displayDiffs.map((d) => d.path);

    if (!replace) {
      step.op = "update";
      step.id = old.id;
      if (this.host.dryRun) return result(base(checked, checked, old.id), old.id ?? "");
      const state = await this.update(step, reg, old, checked, ignore, base);
      return result(state, state.id ?? "");
    }

    step.op = "replace";
    step.replaceFields = [...replaceKeys];
    const dbr = reg.deleteBeforeReplaceDefined ? reg.deleteBeforeReplace : diff.deleteBeforeReplace;
    step.deleteBeforeReplace = dbr;
    if (old.protect) throw this.fail(step, name, type, "resource is protected and would be replaced; remove the 'protect' option first");
    if (this.host.dryRun) return result(base(checked, checked, undefined), "");

    if (dbr) {
      try {
        await this.stepSlots.run(() => this.deleteOne(old));
      } catch (e) {
        throw this.fail(step, name, type, `delete before replace: ${(e as Error).message}`);
      }
      this.live.delete(urn);
      if (aliasUrn) this.live.delete(aliasUrn);
      const state = await this.create(step, reg, checked, base);
      return result(state, state.id ?? "");
    }
    const state = await this.create(step, reg, checked, base, old);
    return result(state, state.id ?? "");
  }

  private async create(
    step: PlannedStep,
    reg: Registration,
    checked: PropertyMap,
    base: (inputs: PropertyMap, outputs: PropertyMap, id: string | undefined) => ResourceState,
    replacing?: ResourceState,
  ): Promise<ResourceState> {
    const provider = await this.host.provider();
    const plain = (m: PropertyMap): PropertyMap => (provider.acceptSecrets ? m : stripSecretsMap(m));
    this.host.log(`${step.op === "replace" ? "+-" : "+ "} creating ${step.urn}`);
    let created: { id: string; outputs: PropertyMap };
    try {
      created = await this.stepSlots.run(() => provider.create(step.urn, reg.name, reg.type, plain(checked)));
      if (!created.id) throw new Error("the provider returned an empty id");
    } catch (e) {
      const init = e instanceof ProviderError ? e.initFailure : undefined;
      if (init && init.id) {
        // Created but failed to initialize: the engine keeps it in state so the next run can update it.
        const outputs = markSecretKeys(annotateSecrets(init.properties, checked), reg.additionalSecretOutputs);
        const state = base(checked, outputs, init.id);
        state.created = now();
        state.modified = state.created;
        state.initErrors = init.reasons.length ? init.reasons : [(e as Error).message];
        this.commitCreate(state, replacing);
        step.id = init.id;
      }
      throw this.fail(step, reg.name, reg.type, `create: ${(e as Error).message}`);
    }
    const outputs = markSecretKeys(annotateSecrets(created.outputs, checked), reg.additionalSecretOutputs);
    const state = base(checked, outputs, created.id);
    state.created = now();
    state.modified = state.created;
    this.commitCreate(state, replacing);
    step.id = created.id;
    return state;
  }

  private commitCreate(state: ResourceState, replacing: ResourceState | undefined): void {
    if (replacing) {
      const pending: ResourceState = { ...clone(replacing), delete: true };
      this.pendingDeletes.push(pending);
      this.replacedThisRun.add(pending);
    }
    this.live.set(state.urn, state);
  }

  private async update(
    step: PlannedStep,
    reg: Registration,
    old: ResourceState,
    checked: PropertyMap,
    ignore: string[],
    base: (inputs: PropertyMap, outputs: PropertyMap, id: string | undefined) => ResourceState,
  ): Promise<ResourceState> {
    const provider = await this.host.provider();
    const plain = (m: PropertyMap): PropertyMap => (provider.acceptSecrets ? m : stripSecretsMap(m));
    this.host.log(`~  updating ${step.urn}`);
    try {
      const outs = await this.stepSlots.run(() =>
        provider.update(step.urn, reg.name, reg.type, old.id ?? "", plain(old.outputs), plain(checked), plain(old.inputs), ignore),
      );
      const outputs = markSecretKeys(annotateSecrets(outs, checked), reg.additionalSecretOutputs);
      const state = base(checked, outputs, old.id);
      state.created = old.created;
      state.modified = now();
      this.live.set(step.urn, state);
      return state;
    } catch (e) {
      const init = e instanceof ProviderError ? e.initFailure : undefined;
      if (init) {
        const outputs = markSecretKeys(annotateSecrets(init.properties, checked), reg.additionalSecretOutputs);
        const state = base(checked, outputs, old.id);
        state.modified = now();
        state.initErrors = init.reasons.length ? init.reasons : [(e as Error).message];
        this.live.set(step.urn, state);
      }
      throw this.fail(step, reg.name, reg.type, `update: ${(e as Error).message}`);
    }
  }

  /** Deletes one resource through the provider (components and retained resources just leave the state). */
  private async deleteOne(r: ResourceState, skipProvider = false): Promise<void> {
    if (!r.custom || r.retainOnDelete || skipProvider || !r.id) return;
    const provider = await this.host.provider();
    const plain = (m: PropertyMap): PropertyMap => (provider.acceptSecrets ? m : stripSecretsMap(m));
    this.host.log(`-  deleting ${r.urn}${r.delete ? " (replaced)" : ""}`);
    await provider.delete(r.urn, urnName(r.urn), r.type, r.id, plain(r.outputs), plain(r.inputs));
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
    const stepOf = (r: ResourceState): PlannedStep | undefined =>
      this.replacedThisRun.has(r)
        ? undefined
        : { urn: r.urn, type: r.type, name: urnName(r.urn), op: "delete", changedFields: [], changedPaths: [], id: r.id, custom: r.custom };
    if (this.host.dryRun) {
      for (const r of order) {
        const step = stepOf(r);
        if (step) this.steps.push(step);
      }
      return;
    }
    // Like the engine: independent deletes run in parallel, each after every resource that depends on it.
    const started: { index: number; step: PlannedStep }[] = [];
    await deleteInOrder(order, this.host.parallel ?? 1, async (r, index) => {
      const step = stepOf(r);
      if (step) started.push({ index, step });
      const skip = !!r.deletedWith && condemnedUrns.has(r.deletedWith) && !this.registered.has(r.deletedWith);
      try {
        await this.deleteOne(r, skip);
      } catch (e) {
        this.fail(step, urnName(r.urn), r.type, `delete: ${(e as Error).message}`);
        return false;
      }
      if (replaced.has(r)) this.pendingDeletes.splice(this.pendingDeletes.indexOf(r), 1);
      else this.live.delete(r.urn);
      return true;
    });
    started.sort((a, b) => a.index - b.index);
    for (const { step } of started) this.steps.push(step);
  }

  /** The state after this deployment (meaningful for updates; previews do not save it). */
  finalResources(): ResourceState[] {
    return sortResources([...this.live.values(), ...this.pendingDeletes]);
  }
}

export interface RefreshOutcome {
  resources: ResourceState[];
  steps: PlannedStep[];
  errors: string[];
}

/**
 * Refresh: Read every custom resource. Gone (empty id) -> dropped from state; otherwise outputs (and inputs, when
 * the provider returns them) replaced, secrets re-marked from the old values and additionalSecretOutputs.
 */
export async function refreshResources(
  resources: readonly ResourceState[],
  provider: () => Promise<ProviderHost>,
  parallel: number,
  log: (line: string) => void,
): Promise<RefreshOutcome> {
  const steps: PlannedStep[] = [];
  const errors: string[] = [];
  const out: (ResourceState | undefined)[] = resources.map((r) => r);
  const work: (() => Promise<void>)[] = [];
  resources.forEach((r, i) => {
    if (!r.custom || !r.id) return;
    const step: PlannedStep = { urn: r.urn, type: r.type, name: urnName(r.urn), op: "same", changedFields: [], changedPaths: [], id: r.id, custom: true };
    steps.push(step);
    work.push(async () => {
      const host = await provider();
      const plain = (m: PropertyMap): PropertyMap => (host.acceptSecrets ? m : stripSecretsMap(m));
      try {
        const res = await host.read(r.urn, urnName(r.urn), r.type, r.id!, plain(r.outputs), plain(r.inputs));
        if (!res.id) {
          step.op = "delete";
          out[i] = undefined;
          log(`refresh: ${r.urn} no longer exists`);
          return;
        }
        const outputs = markSecretKeys(annotateSecrets(res.outputs, r.outputs), r.additionalSecretOutputs);
        const inputs = res.inputs ? annotateSecrets(res.inputs, r.inputs) : r.inputs;
        const diffs = [...diffProperties(r.outputs, outputs), ...diffProperties(r.inputs, inputs)];
        const next: ResourceState = { ...r, id: res.id, inputs, outputs };
        if (diffs.length > 0 || res.id !== r.id) {
          step.op = "update";
          step.changedFields = uniqueTopLevel(diffs);
          step.changedPaths = [...new Set(diffs.map((d) => d.path))];
          step.id = res.id;
          next.modified = now();
          log(`refresh: ${r.urn} changed: ${step.changedFields.join(", ")}`);
        }
        out[i] = next;
      } catch (e) {
        step.error = `read: ${(e as Error).message}`;
        errors.push(`${label(step.name, r.type)}: ${step.error}`);
      }
    });
  });
  const slots = new Slots(Math.max(1, parallel));
  await Promise.all(work.map((job) => slots.run(job)));
  return { resources: out.filter((r): r is ResourceState => r !== undefined), steps, errors };
}

/**
 * Destroy: delete every resource in reverse dependency order, up to `parallel` at once (a resource only after every
 * resource that depends on it). After the first failure no further delete starts; those in flight finish.
 */
export async function destroyResources(
  resources: readonly ResourceState[],
  provider: () => Promise<ProviderHost>,
  log: (line: string) => void,
  parallel = 1,
): Promise<{ remaining: ResourceState[]; steps: PlannedStep[]; errors: string[] }> {
  const remaining = new Set(resources);
  const steps: PlannedStep[] = [];
  const errors: string[] = [];
  const urns = new Set(resources.map((r) => r.urn));
  // Like the engine, refuse before deleting anything when a resource is protected.
  for (const r of resources) {
    if (!r.protect) continue;
    const name = urnName(r.urn);
    const error = "resource is protected; remove the 'protect' option (and run up) before destroying the stack";
    steps.push({ urn: r.urn, type: r.type, name, op: "delete", changedFields: [], changedPaths: [], id: r.id, custom: r.custom, error });
    errors.push(`${label(name, r.type)}: ${error}`);
  }
  if (errors.length > 0) return { remaining: [...resources], steps, errors };
  const started: { index: number; step: PlannedStep }[] = [];
  await deleteInOrder(deletionOrder(resources), parallel, async (r, index) => {
    const step: PlannedStep = { urn: r.urn, type: r.type, name: urnName(r.urn), op: "delete", changedFields: [], changedPaths: [], id: r.id, custom: r.custom };
    started.push({ index, step });
    const skip = !!r.deletedWith && urns.has(r.deletedWith);
    if (r.custom && r.id && !r.retainOnDelete && !skip) {
      try {
        const host = await provider();
        const plain = (m: PropertyMap): PropertyMap => (host.acceptSecrets ? m : stripSecretsMap(m));
        log(`-  deleting ${r.urn}`);
        await host.delete(r.urn, step.name, r.type, r.id, plain(r.outputs), plain(r.inputs));
      } catch (e) {
        step.error = `delete: ${(e as Error).message}`;
        errors.push(`${label(step.name, r.type)}: ${step.error}`);
        return false;
      }
    }
    remaining.delete(r);
    return true;
  });
  started.sort((a, b) => a.index - b.index);
  for (const { step } of started) steps.push(step);
  return { remaining: resources.filter((r) => remaining.has(r)), steps, errors };
}

/**
 * Runs `del` over `order` (a deletion order: every resource after all resources of the set that depend on it), up
 * to `parallel` at once: a resource starts once every resource before it in `order` that depends on it has been
 * deleted, the earliest ready one first. `del` answers false on failure; after a failure nothing new starts and the
 * deletes in flight finish. With `parallel` 1 this is the plain sequential walk of `order`.
 */
export async function deleteInOrder(
  order: readonly ResourceState[],
  parallel: number,
  del: (r: ResourceState, index: number) => Promise<boolean>,
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
          (ok) => finish(i, ok),
          () => finish(i, false),
        );
      }
      if (running === 0) resolve();
    };
    const finish = (i: number, ok: boolean): void => {
      running -= 1;
      if (!ok) failed = true;
      else for (const k of unblocks[i]) if (--blockers[k] === 0) ready.push(k);
      pump();
    };
    pump();
  });
}

/** At most `limit` jobs at once, the rest queued in arrival order (for steps: the engine's step executor). */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

