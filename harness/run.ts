/**
 * The commands: preview, up, refresh, destroy. Each run owns at most one program process, one provider host
 * process and one gRPC server, and stops all of them before returning (also on failure).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { destroyResources } from "./deletes";
import { Deployment } from "./deployment";
import type { EngineHost } from "./engineHost";
import { MonitorServer } from "./monitor";
import { type ResolvedOptions, resolveOptions } from "./options";
import { PolicyPacks } from "./policy/packs";
import { refreshResources } from "./refresh";
import { type Spawned, spawnNode, childEnv } from "./processes";
import { type PropertyMap, containsSecrets, toDisplay } from "./props";
import type { Crypter } from "./secrets";
import { Session } from "./session";
import { carriedPendingCreates, Journal, pendingOperationsWarning } from "./journal";
import type { PendingOperation, ResourceState, StackState } from "./resourceState";
import { acquireLock, loadState, saveState } from "./state";
import { resourceChanges } from "./format";
import type { Operation, RunResult, StackOptions } from "./types";

function stackOutputsOf(outputs: PropertyMap): { outputs: Record<string, unknown>; secretOutputs: string[] } {
  const out: Record<string, unknown> = {};
  const secretOutputs: string[] = [];
  for (const [k, v] of Object.entries(outputs)) {
    out[k] = toDisplay(v, { showSecrets: true });
    if (containsSecrets(v)) secretOutputs.push(k);
  }
  return { outputs: out, secretOutputs };
}

function rootOutputs(resources: readonly ResourceState[]): PropertyMap {
  const root = resources.find((r) => r.type === "pulumi:pulumi:Stack" && !r.parent && !r.delete);
  return root ? root.outputs : {};
}

function checkStateOwner(state: StackState, o: ResolvedOptions): void {
  if ((state.project && state.project !== o.projectName) || (state.stack && state.stack !== o.stackName)) {
    throw new Error(
      `state file ${o.statePath} belongs to ${state.project}/${state.stack}, not ${o.projectName}/${o.stackName}`,
    );
  }
}

function save(
  o: ResolvedOptions,
  resources: ResourceState[],
  crypter: Crypter | null,
  pendingOperations: PendingOperation[],
): void {
  saveState(
    o.statePath,
    { version: 1, project: o.projectName, stack: o.stackName, resources, pendingOperations },
    crypter,
  );
}

function baseResult(operation: Operation, started: number): RunResult {
  return {
    operation,
    steps: [],
    changes: 0,
    summary: {},
    outputs: {},
    secretOutputs: [],
    diagnostics: [],
    failed: false,
    errors: [],
    durationMs: Date.now() - started,
  };
}

/**
 * Preloaded into the program process. Node 20's util.inspect, with colors on, blows up (30+ s, GBs of memory, then
 * "Invalid string length") on a stack frame under node_modules/@scope/<file> with no package directory, which the
 * SDK's source maps produce ("node_modules/@pulumi/resource.ts"). cmd/run formats every unhandled program error with
 * util.inspect(err, { colors: true }), so each failing program would stall. The hook turns colors off for errors
 * (the harness captures plain text anyway); nothing else changes.
 */
const INSPECT_HOOK =
  'import util from "node:util";' +
  "const original = util.inspect;" +
  "function inspect(value, options, ...rest) {" +
  "  if (options && typeof options === 'object' && options.colors && value instanceof Error) options = { ...options, colors: false };" +
  "  return original.call(this, value, options, ...rest);" +
  "}" +
  "Object.defineProperties(inspect, Object.getOwnPropertyDescriptors(original));" +
  "util.inspect = inspect;";
const PROGRAM_NODE_ARGS = [`--import=data:text/javascript,${encodeURIComponent(INSPECT_HOOK)}`];

/**
 * The options resolved, or undefined with `result` failed: a project file or stack config that cannot be read (a
 * wrong passphrase among them) fails the command before anything runs, as the CLI's does.
 */
function resolvedOrFailed(opts: StackOptions, result: RunResult): ResolvedOptions | undefined {
  try {
    return resolveOptions(opts);
  } catch (e) {
    result.errors.push((e as Error).message);
    result.failed = true;
    return undefined;
  }
}

/** Thrown to skip the program run after refresh errors (already recorded). */
class RefreshFailed extends Error {}

/** preview (dryRun) and up. */
export async function runUpdate(opts: StackOptions & { refresh?: boolean }, dryRun: boolean): Promise<RunResult> {
  const started = Date.now();
  const result = baseResult(dryRun ? "preview" : "up", started);
  const o = resolvedOrFailed(opts, result);
  if (!o) return result;
  const session = new Session(o);
  const release = dryRun ? () => undefined : acquireLock(o.statePath);
  let monitor: MonitorServer | undefined;
  let program: Spawned | undefined;
  let deployment: Deployment | undefined;
  let crypter: Crypter | null = null;
  let timer: NodeJS.Timeout | undefined;
  let carried: PendingOperation[] = [];
  let policies: PolicyPacks | undefined;
  try {
    if (!fs.existsSync(o.program)) throw new Error(`program not found: ${o.program}`);
    const loaded = loadState(o.statePath, o.passphrase);
    crypter = loaded.crypter;
    checkStateOwner(loaded.state, o);
    let resources = loaded.state.resources;
    carried = carriedPendingCreates(loaded.state);
    // The engine warns of pending operations only when it does not refresh first (deployment_executor.go Execute).
    if (!dryRun && !opts.refresh && loaded.state.pendingOperations?.length)
      session.diag(pendingOperationsWarning(loaded.state.pendingOperations));

    if (opts.refresh) {
      session.log("refreshing");
      const r = await refreshResources(resources, session.provider, o.parallel, (l) => session.log(l));
      r.warnings.forEach((w) => session.diag(w));
      result.refreshSteps = r.steps;
      result.attributions = r.attributions;
      result.errors.push(...r.errors);
      resources = r.resources;
      if (r.errors.length > 0) throw new RefreshFailed();
    }

    const host: EngineHost = {
      dryRun,
      project: o.projectName,
      stack: o.stackName,
      pwd: o.pwd,
      canStoreSecrets: !!o.passphrase,
      provider: session.provider,
      log: (l) => session.log(l),
      diag: (l) => session.diag(l),
      parallel: o.parallel,
      parallelDiff: o.parallelDiff,
    };
    if (!dryRun) {
      // The checkpoint the run starts from; then one journal line per step event (harness/journal.ts).
      save(o, resources, crypter, carried);
      host.checkpoint = new Journal(o.statePath, crypter);
    }
    deployment = new Deployment(host, resources);
    const dep = deployment;
    monitor = new MonitorServer(dep, {
      onLog: (e) => {
        const text = `${e.severity}: ${e.message.replace(/\n$/, "")}`;
        if (e.severity === "debug") {
          // The SDK's debug stream is large (it includes serialized providers); opt in with NMS_HARNESS_DEBUG=1.
          if (process.env["NMS_HARNESS_DEBUG"] === "1") session.log(text);
          return;
        }
        session.diag(text);
        if (e.severity === "error") session.programErrors.push(e.message.trim());
      },
      onShutdownSignal: () => session.log("program signalled shutdown"),
    });
    await monitor.start();
    session.engineAddress = monitor.address;
    if (opts.policyPacks?.length) {
      // Started, like the engine's (update.go newUpdateSource: loadPolicyPlugins, awaited before
      // deploy.NewEvalSource), before the program; a pack that fails to start is reported at the first analysis.
      policies = new PolicyPacks(
        opts.policyPacks,
        {
          engineAddress: monitor.address,
          organization: "organization",
          project: o.projectName,
          stack: o.stackName,
          dryRun,
          config: o.config,
          secretKeys: o.secretKeys,
          log: (l) => session.diag(l),
        },
        (l) => session.log(l),
      );
      host.policies = policies;
      await policies.ready();
    }
    // Start the provider host while the program boots (both take most of a second); a start failure surfaces at
    // the first resource that needs it.
    session.provider().catch(() => undefined);

    const args = [
      `--monitor=${monitor.address}`,
      `--engine=${monitor.address}`,
      `--project=${o.projectName}`,
      `--stack=${o.stackName}`,
      `--organization=organization`,
      `--pwd=${o.pwd}`,
      `--parallel=${o.parallel}`,
      ...(dryRun ? ["--dry-run"] : []),
      o.program,
    ];
    const stderrTail: string[] = [];
    session.log(`${dryRun ? "previewing" : "updating"} ${o.projectName}/${o.stackName}: ${o.program}`);
    program = spawnNode(path.join(o.sdkDir, "cmd", "run"), args, {
      cwd: o.pwd,
      nodeArgs: [...PROGRAM_NODE_ARGS, ...o.nodeArgs],
      env: childEnv({
        ...o.env,
        PULUMI_CONFIG: JSON.stringify(o.config),
        PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(o.secretKeys),
      }),
      onStdoutLine: (l) => session.diag(`[program] ${l}`),
      onStderrLine: (l) => {
        stderrTail.push(l);
        if (stderrTail.length > 20) stderrTail.shift();
        session.diag(`[program:stderr] ${l}`);
      },
    });
    const running = program;
    let timedOut = false;
    timer = setTimeout(() => {
      timedOut = true;
      session.diag(`error: the run exceeded ${o.timeoutMs} ms; stopping the program`);
      void running.stop(1000);
      void session.close();
    }, o.timeoutMs);
    const code = await running.exited;
    clearTimeout(timer);
    timer = undefined;
    const programOk = code === 0 && !timedOut;
    if (!programOk) session.log(`program exited with code ${code}`);
    await dep.finish(programOk);

    result.steps = dep.steps;
    result.errors.push(...dep.errors);
    if (!programOk && dep.errors.length === 0) {
      if (timedOut) result.errors.push(`the run exceeded ${o.timeoutMs} ms`);
      if (session.programErrors.length > 0) result.errors.push(...session.programErrors.map((e) => `program: ${e}`));
      else
        result.errors.push(
          `program exited with code ${code}${stderrTail.length ? `: ${stderrTail.slice(-5).join(" | ")}` : ""}`,
        );
    }
    const outs = stackOutputsOf(dep.stackOutputs());
    result.outputs = outs.outputs;
    result.secretOutputs = outs.secretOutputs;
  } catch (e) {
    if (!(e instanceof RefreshFailed)) result.errors.push((e as Error).message);
  } finally {
    if (timer) clearTimeout(timer);
    if (program) await program.stop(1000);
    if (policies) {
      result.policyPacks = policies.packs;
      result.policyViolations = policies.violations;
      if (policies.remediations.length > 0) result.policyRemediations = policies.remediations;
      await policies.close();
    }
    monitor?.stop();
    await session.close();
    if (!dryRun && deployment) {
      try {
        save(o, deployment.finalResources(), crypter, carried);
      } catch (e) {
        result.errors.push(`saving state: ${(e as Error).message}`);
      }
    }
    release();
  }
  return finish(result, session, started);
}

/**
 * The default of `skipPreview` for the API's `up` when set to "1": the repository's jest config sets it, so that only
 * the tests that check the preview pay for it (they pass `skipPreview: false`). The CLI always passes its flag.
 */
export const SKIP_PREVIEW_ENV = "NMS_HARNESS_SKIP_PREVIEW";

/**
 * `pulumi up`: a preview first, in an engine run of its own (its own program run and provider host), then the update,
 * unless `skipPreview` (pkg/backend/apply.go PreviewThenPromptThenExecute; `--yes` only skips the question, which the
 * harness never asks). The preview runs with the same options, `refresh` included. A failed preview ends the command
 * before any change: the result then has no steps, the preview's errors and diagnostics, and `preview`.
 */
export async function runUp(opts: StackOptions & { refresh?: boolean }): Promise<RunResult> {
  if (opts.skipPreview ?? process.env[SKIP_PREVIEW_ENV] === "1") return runUpdate(opts, false);
  const started = Date.now();
  const plan = await runUpdate(opts, true);
  if (plan.failed) {
    const stopped = baseResult("up", started);
    Object.assign(stopped, { preview: plan, failed: true, errors: [...plan.errors] });
    stopped.diagnostics = [...plan.diagnostics];
    stopped.durationMs = Date.now() - started;
    return stopped;
  }
  const result = await runUpdate(opts, false);
  result.preview = plan;
  result.durationMs = Date.now() - started;
  return result;
}

/** What every command reports at its end, whatever happened. */
function finish(result: RunResult, session: Session, started: number): RunResult {
  result.failed = result.errors.length > 0;
  // Reads are not changes (the engine's ResourceChanges.HasChanges leaves out OpRead).
  result.changes = result.steps.filter((s) => s.op !== "same" && s.op !== "read").length;
  result.summary = resourceChanges(result.steps);
  result.diagnostics = session.diagnostics;
  if (session.providerPeakRssMb !== undefined) result.providerPeakRssMb = session.providerPeakRssMb;
  result.durationMs = Date.now() - started;
  return result;
}

export async function runRefresh(opts: StackOptions): Promise<RunResult> {
  return runOnState(opts, "refresh", async (resources, session, o) => {
    const r = await refreshResources(resources, session.provider, o.parallel, (l) => session.log(l));
    r.warnings.forEach((w) => session.diag(w));
    return { steps: r.steps, errors: r.errors, resources: r.resources, attributions: r.attributions };
  });
}

export async function runDestroy(opts: StackOptions): Promise<RunResult> {
  return runOnState(opts, "destroy", async (resources, session, o, crypter) => {
    // Checkpointed delete by delete, as the engine's are: a killed destroy leaves what it did not delete yet.
    const r = await destroyResources(
      resources,
      session.provider,
      (l) => session.log(l),
      o.parallel,
      new Journal(o.statePath, crypter),
    );
    return { steps: r.steps, errors: r.errors, resources: r.remaining };
  });
}

type StateWork = (
  resources: readonly ResourceState[],
  session: Session,
  o: ResolvedOptions,
  crypter: Crypter | null,
) => Promise<{
  steps: RunResult["steps"];
  errors: string[];
  resources: ResourceState[];
  attributions?: RunResult["attributions"];
}>;

/** Commands that work on the saved state without running the program: lock, load, work, save. */
async function runOnState(opts: StackOptions, operation: "refresh" | "destroy", work: StateWork): Promise<RunResult> {
  const started = Date.now();
  const result = baseResult(operation, started);
  const o = resolvedOrFailed(opts, result);
  if (!o) return result;
  const session = new Session(o);
  const release = acquireLock(o.statePath);
  try {
    const loaded = loadState(o.statePath, o.passphrase);
    checkStateOwner(loaded.state, o);
    const r = await work(loaded.state.resources, session, o, loaded.crypter);
    result.steps = r.steps;
    if (r.attributions) result.attributions = r.attributions;
    result.errors.push(...r.errors);
    const clear = operation === "refresh" && opts.clearPendingCreates === true; // as `pulumi refresh --clear-pending-creates`
    save(o, r.resources, loaded.crypter, clear ? [] : carriedPendingCreates(loaded.state));
    const outs = stackOutputsOf(rootOutputs(r.resources));
    result.outputs = outs.outputs;
    result.secretOutputs = outs.secretOutputs;
  } catch (e) {
    result.errors.push((e as Error).message);
  } finally {
    await session.close();
    release();
  }
  return finish(result, session, started);
}
