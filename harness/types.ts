/** Public types of the lifecycle harness. */
import type { ResourceAttribution } from "./attribution";
import type { PolicyViolation } from "./policy/analyzer";
import type { PolicyPackOption, PolicyPackRun, PolicyRemediation } from "./policy/packs";

export interface StackOptions {
  /** Project root, where Pulumi.yaml (and Pulumi.<stack>.yaml) would be. */
  projectDir: string;
  /**
   * The program, as Pulumi.yaml's `main` names it: a compiled JS file or a package directory, absolute or relative to
   * projectDir; default Pulumi.yaml's `main`, else projectDir itself. The program and the dynamic-provider host run
   * in its directory (a file's directory, or the directory itself), as the CLI's getPwdMain has it.
   */
  program?: string;
  projectName: string;
  stackName: string;
  /** JSON state file (created when missing). */
  statePath: string;
  /** Plain config. Keys are "namespace:key"; a key without a namespace gets the project name. */
  config?: Record<string, string>;
  /** Secret config (same key rules); the program sees these as secrets. */
  secretConfig?: Record<string, string>;
  /**
   * A stack config file in the Pulumi CLI's format (Pulumi.<stack>.yaml): `config:` with plain values and `secure:`
   * values of the passphrase secrets provider. Read before `config` and `secretConfig`, which override it.
   */
  stackConfigFile?: string;
  /**
   * Passphrase of stackConfigFile's `secure:` values; default env PULUMI_CONFIG_PASSPHRASE, else the file named by
   * PULUMI_CONFIG_PASSPHRASE_FILE (what the CLI reads).
   */
  configPassphrase?: string;
  /** Passphrase for the secrets in the state file; default env NMS_HARNESS_PASSPHRASE. */
  passphrase?: string;
  /**
   * The engine's --parallel: the most creates, updates, deletes and refresh reads in flight at once, and the program's
   * --parallel. Default env PULUMI_PARALLEL when set, else 4 × GOMAXPROCS as the CLI's defaultParallel has it:
   * GOMAXPROCS when set, else the container's CPU quota rounded down (at least 1), else the CPUs (harness/cpuQuota.ts).
   */
  parallel?: number;
  /**
   * Diff calls run in parallel, up to `parallel` at once, instead of one at a time in step generation (Check stays
   * one at a time): the engine's ParallelDiff. Default env PULUMI_PARALLEL_DIFF ("1" or "true").
   */
  parallelDiff?: boolean;
  /**
   * Extra options for node when it starts the program, e.g. ["--max-semi-space-size=64"]: what `runtime.options.nodeargs`
   * in Pulumi.yaml does for the CLI. Default none.
   */
  nodeArgs?: string[];
  /** Extra options for node when it starts the dynamic-provider host, e.g. ["--cpu-prof"]. Default none. */
  providerNodeArgs?: string[];
  /** Extra environment for the program and the provider host. */
  env?: Record<string, string>;
  /**
   * Receives every line as the run goes: the harness's own progress (debug-level details) and everything `display`
   * receives.
   */
  log?: (line: string) => void;
  /**
   * Receives, as they come, the lines the Pulumi CLI shows while a command runs: each diagnostic (the program's
   * output, every line the provider host prints, warnings and errors; the same text as `diagnostics`) and, for a
   * provider call that takes long, a line every `progressIntervalMs` with its elapsed time
   * ("  + pulumi-nodejs:dynamic/nms:Venue hq creating (32s)"). No harness internals: `log` gets those too.
   */
  display?: (line: string) => void;
  /** How often `display` gets a line for a provider call still under way; default 15 s. */
  progressIntervalMs?: number;
  /** Whole-command time limit; default 30 minutes. */
  timeoutMs?: number;
  /**
   * up: skip the preview `up` runs first (the CLI's --skip-preview). The preview is a whole engine run of its own.
   * Default: false, unless env NMS_HARNESS_SKIP_PREVIEW is "1", which the repository's jest config sets so that only
   * the tests that check the preview pay for it (docs/pulumi-facts.md §11).
   */
  skipPreview?: boolean;
  /**
   * preview and up: policy packs to run, as `--policy-pack DIR` (with `--policy-pack-config FILE`) does for the CLI
   * (harness/policy/, docs/policy.md).
   */
  policyPacks?: PolicyPackOption[];
  /** refresh: drop the pending creates an interrupted run left in the state (Pulumi's --clear-pending-creates). */
  clearPendingCreates?: boolean;
}

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "read";

export interface StepFailure {
  property: string;
  reason: string;
}

export interface PlannedStep {
  urn: string;
  type: string;
  name: string;
  op: StepOp;
  /** Top-level input fields that change (for creates: the fields set; for refresh: fields whose value drifted). */
  changedFields: string[];
  /** The same changes as property paths ("wlan.vlanId", "tags[0]"). */
  changedPaths: string[];
  /** For replaces: the fields that force the replacement. */
  replaceFields?: string[];
  /** For replaces: the `replacementTrigger` option's value changed, which replaces without asking the provider's Diff. */
  replacementTrigger?: boolean;
  /** For replaces: whether the old object is deleted before the new one is created. */
  deleteBeforeReplace?: boolean;
  /** Provider id (the new id after a create or replace that ran; the old one otherwise). */
  id?: string;
  custom: boolean;
  /** The provider's message when this step failed. */
  error?: string;
  /** Check failures (property path and reason) when the provider rejected the inputs. */
  failures?: StepFailure[];
  /** Never started: an earlier step failed first (`error` says so too). */
  skipped?: boolean;
  /** Refresh: who changed or deleted the object outside the stack, as the provider said it (harness/attribution.ts). */
  attribution?: string;
}

/** Steps that completed, by operation: what the engine's summary counts (its ResourceChanges). */
export type ResourceChanges = Partial<Record<StepOp, number>>;

export type Operation = "preview" | "up" | "refresh" | "destroy";

export interface RunResult {
  operation: Operation;
  /** The plan (preview) or what was done (up, refresh, destroy), in registration order, deletes last. */
  steps: PlannedStep[];
  /** With `refresh: true`: what the refresh phase found (op update = drift, delete = gone). */
  refreshSteps?: PlannedStep[];
  /**
   * Refresh (and preview/up --refresh): one entry per drifted or deleted resource the provider named the request records
   * of (who changed it, when, how), in the order of the refresh steps.
   */
  attributions?: ResourceAttribution[];
  /** Number of steps with op != "same": the plan's changes, including those that failed or never started. */
  changes: number;
  /**
   * What happened, as the Pulumi CLI's "Resources:" summary counts it: the steps that completed, by operation (a
   * preview's: those planned without an error). A failed or skipped step is not counted. Refresh steps of
   * `preview --refresh` / `up --refresh` are not in it (they are in `refreshSteps`).
   */
  summary?: ResourceChanges;
  /** Stack outputs, secrets unwrapped (names listed in secretOutputs); unknowns in previews are UNKNOWN_VALUE. */
  outputs: Record<string, unknown>;
  /** Names of the stack outputs that are secret. */
  secretOutputs: string[];
  /** Everything the program, the provider host and the engine reported (warnings, errors, program output). */
  diagnostics: string[];
  failed: boolean;
  /** Per-resource errors ("name [type]: message") and program errors. */
  errors: string[];
  /** The whole command's time; for an `up`, its preview's included. */
  durationMs: number;
  /** With policy packs: the packs that ran (name, version, directory). */
  policyPacks?: PolicyPackRun[];
  /** With policy packs: every violation, advisory and mandatory, in the order the packs reported them. */
  policyViolations?: PolicyViolation[];
  /** With policy packs: the remediations that changed a resource's inputs, in order. */
  policyRemediations?: PolicyRemediation[];
  /**
   * `up` without skipPreview: the preview it ran first, in an engine run of its own. When the preview failed the
   * update never started: the result has no steps and the preview's errors and diagnostics.
   */
  preview?: RunResult;
  /**
   * Peak resident set size (VmHWM, MB) of the dynamic-provider host process over the run, read just before the
   * harness stops it; undefined when no provider host was started or /proc is not available (non-Linux).
   */
  providerPeakRssMb?: number;
}
