// The measured runs: one variant's up, refresh and destroy of the stack at one size through the harness against a
// freshly reset emulator, turned into the figures the report prints.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, preview, refresh, up, type RunResult } from "../../harness";
import { STATE_IDENTITY_KIND } from "../../provider/stateIdentity";
import type { BenchEmulator, RequestStats } from "./emulator";
import { type CpuSplit, CpuWatcher } from "./processes";
import type { Composition } from "./composition";
import { type DriftFigures, measureDrift } from "./drift";
import type { BenchOptions } from "./options";
import { type Pace, paceOf, recordWaitingSteps } from "./pace";
import { progressLog } from "./progress";
import { freshService, HELD_KINDS, heldCounts, stackTenants } from "./service";
import { type Variant, speedLimit, stackOptions } from "./stack";
import { round } from "./round";

export interface Figures {
  wallSeconds: number;
  limitSeconds: number;
  ratio: number;
  requestsPerResource: number;
  /** Service requests of destroy ÷ resources destroyed. */
  destroyRequestsPerResource: number;
  refreshRequests: number;
  providerPeakRssMb: number | null;
  /** Peak RSS of the bench process, which runs the harness (the engine's part), sampled during this variant's commands. */
  harnessPeakRssMb: number;
  /** Peak RSS (maxRSS) of the stack program's process during up, written by programStats.ts when it exits. */
  programPeakRssMb: number | null;
  providerBytesPerResource: number;
  resourcesCreated: number;
  /** From the start of up to the first API request (the login): program and provider host start, resource construction. */
  startupSeconds: number;
  /** From the start of up until the provider host answered Configure. */
  providerHostReadySeconds: number;
  /**
   * From the start of up until the engine sent the first Create: program start, its first registration and that
   * resource's Check. The harness logs no line at registration itself; the Create follows it at once.
   */
  firstCreateSeconds: number;
  /** From the first to the last API request of up. */
  apiSeconds: number;
  /** apiSeconds ÷ limitSeconds: the part the provider controls. */
  apiRatio: number;
  /** From the last API request to the end of up (program exit, state save). */
  finishSeconds: number;
  requestsNeeded: number;
  upRequests: number;
  upRequestsByOp: Record<string, number>;
  upStatus: Record<string, number>;
  /** The preview before up, on the fresh tenant: what check reads of the service (provider/lifecycle/previewReads.ts). */
  previewSeconds: number;
  previewRequests: number;
  previewRequestsByOp: Record<string, number>;
  refreshSeconds: number;
  refreshRequestsByOp: Record<string, number>;
  refreshChanges: number;
  /** nms-drift's report on the deployed stack, made after the refresh at the bench's rate limit (provider variant only). */
  drift: DriftFigures | null;
  /** "Kind field" → refresh steps that changed it (a fresh deployment should show only what the service fills in later). */
  refreshChangedFields: Record<string, number>;
  destroySeconds: number;
  destroyRequests: number;
  destroyRequestsByOp: Record<string, number>;
  providerPeakRssMbByPhase: { up: number | null; refresh: number | null; destroy: number | null };
  /** CPU seconds by process and the load average, per command: what the wall time was spent on. */
  cpu: { up: CpuSplit; refresh: CpuSplit; destroy: CpuSplit };
}

function byOpTotals(stats: RequestStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const op of Object.keys(stats.byOp).sort()) out[op] = Object.values(stats.byOp[op]).reduce((a, b) => a + b, 0);
  return out;
}

function byStatusTotals(stats: RequestStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const byStatus of Object.values(stats.byOp))
    for (const [status, n] of Object.entries(byStatus)) out[status] = (out[status] ?? 0) + n;
  return out;
}

function changedFieldCounts(result: RunResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const step of result.steps) {
    if (step.op === "same") continue;
    const kind = step.type.split(":").pop() ?? step.type;
    const fields = step.op === "delete" ? ["(gone)"] : step.changedFields;
    for (const field of fields) out[`${kind}.${field}`] = (out[`${kind}.${field}`] ?? 0) + 1;
  }
  return out;
}

/** Average length of the serialized provider stored with each custom resource of the state file. */
function serializedProviderBytes(statePath: string): { average: number; resources: number } {
  const file = JSON.parse(fs.readFileSync(statePath, "utf8")) as {
    resources: { custom: boolean; serializedProvider?: string }[];
  };
  const sizes = file.resources
    .filter((r) => r.custom)
    .map((r) => Buffer.byteLength(r.serializedProvider ?? "", "utf8"));
  return { average: sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0, resources: sizes.length };
}

function check(result: RunResult, what: string): void {
  if (!result.failed) return;
  const errors = result.errors.slice(0, 10).join("\n  ");
  throw new Error(`${what} failed (${result.errors.length} errors):\n  ${errors}`);
}

interface Phase {
  result: RunResult;
  startedAt: number;
  endedAt: number;
  /** The service requests it made. */
  stats: RequestStats;
  /** When its first and last service requests arrived. */
  span: { firstAt: number; lastAt: number } | undefined;
  cpu: CpuSplit;
}

/** The highest RSS of this process (the harness runs in it) while it runs, sampled every 250 ms. */
class RssSampler {
  // memoryUsage.rss() reads the RSS alone; memoryUsage() also walks the heap's spaces.
  private peak = process.memoryUsage.rss();
  private readonly timer = setInterval(() => this.sample(), 250);
  private sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return round(this.peak / 1024 / 1024, 1);
  }
}

/** Runs one harness command, then takes the emulator's counters for it; a failed command ends the bench. */
async function measurePhase(emulator: BenchEmulator, what: string, command: () => Promise<RunResult>): Promise<Phase> {
  const watcher = new CpuWatcher();
  const startedAt = Date.now();
  let cpu: CpuSplit | undefined;
  let result: RunResult;
  try {
    result = await command();
  } finally {
    cpu = watcher.stop();
  }
  const endedAt = Date.now();
  const stats = await emulator.takeStats();
  const span = await emulator.takeRequestSpan();
  check(result, what);
  return { result, startedAt, endedAt, stats, span, cpu };
}

/** The program's peak RSS from the file programStats.ts wrote when the program exited; null when it wrote none. */
function programPeakRssMb(statsFile: string): number | null {
  try {
    const stats = JSON.parse(fs.readFileSync(statsFile, "utf8")) as { peakRssMb?: unknown };
    return typeof stats.peakRssMb === "number" ? stats.peakRssMb : null;
  } catch {
    return null;
  }
}

/**
 * Steps of the stack's own resources doing `op`: the state's hidden identity (sdk/stateIdentity.ts), one per stack,
 * is none of them.
 */
function stackSteps(result: RunResult, op: "create" | "delete"): number {
  const identity = `:${STATE_IDENTITY_KIND}`;
  return result.steps.filter((s) => s.custom && s.op === op && !s.type.endsWith(identity)).length;
}

/** Fails the bench when up did not create the whole stack. */
function expectCreated(result: RunResult, stack: Composition): number {
  const created = stackSteps(result, "create");
  if (created !== stack.resources) throw new Error(`up created ${created} resources, expected ${stack.resources}`);
  return created;
}

/** An up alone, at another parallelism or of the floor: how long it took and where the CPU went. */
export interface UpFigures {
  parallel: number;
  wallSeconds: number;
  resourcesCreated: number;
  /** Service requests of the up (none for the floor). */
  upRequests: number;
  cpu: CpuSplit;
  /** Steps whose provider call waits for a request record (pace.ts recordWaitingSteps); 0 for the floor. */
  recordWaitingSteps?: number;
  /** Steps started per 10-second window; null when they all started within one window. */
  pace?: Pace | null;
}

/**
 * One up (or, with `command` "preview", one preview) of the stack at `parallel` against a freshly reset emulator,
 * then the emulator reset again instead of a destroy: the figures of the engine-default run and of the floor, which
 * need the command alone.
 */
export async function measureUp(
  emulator: BenchEmulator,
  opts: BenchOptions,
  stack: Composition,
  variant: Variant,
  parallel: number,
  log: (line: string) => void,
  command: "up" | "preview" = "up",
): Promise<UpFigures> {
  const creds = await freshService(emulator, opts, stack);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-bench-${variant.name}-`));
  const label = `${variant.name} at parallel ${parallel}${command === "preview" ? " (preview)" : ""}`;
  const progress = progressLog(label, opts, log);
  const options = stackOptions(
    opts,
    stack,
    variant,
    parallel,
    emulator.info.url,
    creds,
    path.join(workDir, "state.json"),
    progress.line,
  );
  try {
    log(`  ${label}: ${command} (${stack.resources} resources)…`);
    const upPhase = await measurePhase(emulator, command, () => (command === "up" ? up(options) : preview(options)));
    const created = command === "up" ? expectCreated(upPhase.result, stack) : 0;
    await emulator.admin("POST", "reset");
    return {
      parallel,
      wallSeconds: round((upPhase.endedAt - upPhase.startedAt) / 1000, 2),
      resourcesCreated: created,
      upRequests: upPhase.stats.total,
      cpu: upPhase.cpu,
      recordWaitingSteps: variant.name === "floor" ? 0 : recordWaitingSteps(upPhase.result.steps),
      pace: command === "up" ? paceOf(progress.stepStarts.map((at) => at / 1000)) : null,
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** The variant's preview, up, refresh and destroy of the stack at opts.parallel against a freshly reset emulator. */
export async function measureVariant(
  emulator: BenchEmulator,
  opts: BenchOptions,
  stack: Composition,
  variant: Variant,
  log: (line: string) => void,
): Promise<Figures> {
  const creds = await freshService(emulator, opts, stack);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-bench-${variant.name}-`));
  const programStats = path.join(workDir, "program-stats.json");
  const progress = progressLog(variant.name, opts, log);
  const { marks } = progress;
  const options = stackOptions(
    opts,
    stack,
    variant,
    opts.parallel,
    emulator.info.url,
    creds,
    path.join(workDir, "state.json"),
    progress.line,
  );
  const sampler = new RssSampler();
  // The program's environment is this process's (harness/processes.ts): the preload finds its file here.
  process.env.NMS_BENCH_PROGRAM_STATS = programStats;
  try {
    const expected = stack.resources;
    log(`  ${variant.name}: preview (${expected} resources)…`);
    const previewPhase = await measurePhase(emulator, "preview", () => preview(options));
    log(`  ${variant.name}: up (${expected} resources)…`);
    progress.restart();
    const upPhase = await measurePhase(emulator, "up", () => up(options));
    delete process.env.NMS_BENCH_PROGRAM_STATS;
    const upResult = upPhase.result;
    const created = expectCreated(upResult, stack);
    const held = await heldCounts(emulator, stackTenants(creds));
    const wanted: Record<string, number> = {
      venues: stack.venues,
      aps: stack.aps,
      networks: stack.sites,
      activations: stack.sites,
      switches: stack.switches,
      switchProfiles: stack.profiles,
      switchVlans: stack.vlans,
    };
    const wrong = Object.keys(wanted).filter((kind) => held[kind] !== wanted[kind]);
    if (wrong.length > 0)
      throw new Error(
        `after up the emulator holds ${wrong.map((k) => `${held[k]} ${k} (expected ${wanted[k]})`).join(", ")}`,
      );
    if (stack.tenants > 0) {
      // Every customer holds its own share, and the MSP's own tenant none of the estate.
      for (const tenantId of creds.customerTenants ?? []) {
        const own = await heldCounts(emulator, [tenantId]);
        if (own.venues !== stack.venues / stack.tenants)
          throw new Error(
            `after up the customer tenant ${tenantId} holds ${own.venues} venues, expected ${stack.venues / stack.tenants}`,
          );
      }
      const mine = await heldCounts(emulator, [creds.tenantId]);
      const stray = HELD_KINDS.filter((kind) => mine[kind] !== 0);
      if (stray.length > 0)
        throw new Error(`after up the MSP's own tenant holds ${stray.map((k) => `${mine[k]} ${k}`).join(", ")}`);
    }
    const provider = serializedProviderBytes(options.statePath);

    const upMarks = { ...marks };
    log(`  ${variant.name}: refresh…`);
    const refreshPhase = await measurePhase(emulator, "refresh", () => refresh(options));
    let drift: DriftFigures | null = null;
    if (variant.name === "provider") {
      log(`  ${variant.name}: nms-drift…`);
      drift = await measureDrift({
        baseUrl: emulator.info.url,
        tenantId: creds.tenantId,
        username: creds.username,
        password: creds.password,
        statePath: options.statePath,
        passphrase: options.passphrase ?? "",
        maxRequestsPerSecond: opts.clientRate,
      });
      // nms-drift counts its own requests; taken here, they no longer land in the destroy's figures.
      await emulator.takeStats();
      await emulator.takeRequestSpan();
    }
    log(`  ${variant.name}: destroy…`);
    progress.restart();
    const destroyPhase = await measurePhase(emulator, "destroy", () => destroy(options));
    const left = await heldCounts(emulator, stackTenants(creds));
    const remaining = Object.keys(left).filter((kind) => left[kind] !== 0);
    if (remaining.length > 0)
      throw new Error(`after destroy the emulator still holds ${remaining.map((k) => `${left[k]} ${k}`).join(", ")}`);
    const destroyed = stackSteps(destroyPhase.result, "delete");

    const { limitSeconds, requestsNeeded } = speedLimit(opts, stack);
    const upStarted = upPhase.startedAt;
    const span = upPhase.span;
    const wallSeconds = (upPhase.endedAt - upStarted) / 1000;
    const peaks = [upResult, refreshPhase.result, destroyPhase.result].map((r) => r.providerPeakRssMb ?? null);
    const since = (at: number, from: number) => round((at - from) / 1000, 2);
    return {
      wallSeconds: round(wallSeconds, 2),
      limitSeconds: round(limitSeconds, 2),
      ratio: round(wallSeconds / limitSeconds),
      requestsPerResource: round(upPhase.stats.total / created),
      destroyRequestsPerResource: round(destroyPhase.stats.total / Math.max(destroyed, 1)),
      refreshRequests: refreshPhase.stats.total,
      providerPeakRssMb: peaks.some((p) => p !== null) ? Math.max(...peaks.map((p) => p ?? 0)) : null,
      harnessPeakRssMb: sampler.stop(),
      programPeakRssMb: programPeakRssMb(programStats),
      providerBytesPerResource: Math.round(provider.average),
      resourcesCreated: created,
      startupSeconds: span ? since(span.firstAt, upStarted) : NaN,
      providerHostReadySeconds: upMarks.providerHostAt ? since(upMarks.providerHostAt, upStarted) : NaN,
      firstCreateSeconds: upMarks.firstCreateAt ? since(upMarks.firstCreateAt, upStarted) : NaN,
      apiSeconds: span ? since(span.lastAt, span.firstAt) : NaN,
      apiRatio: span ? round((span.lastAt - span.firstAt) / 1000 / limitSeconds) : NaN,
      finishSeconds: span ? since(upPhase.endedAt, span.lastAt) : NaN,
      requestsNeeded,
      upRequests: upPhase.stats.total,
      upRequestsByOp: byOpTotals(upPhase.stats),
      previewSeconds: since(previewPhase.endedAt, previewPhase.startedAt),
      previewRequests: previewPhase.stats.total,
      previewRequestsByOp: byOpTotals(previewPhase.stats),
      upStatus: byStatusTotals(upPhase.stats),
      refreshSeconds: since(refreshPhase.endedAt, refreshPhase.startedAt),
      refreshRequestsByOp: byOpTotals(refreshPhase.stats),
      refreshChanges: refreshPhase.result.changes,
      drift,
      refreshChangedFields: changedFieldCounts(refreshPhase.result),
      destroySeconds: since(destroyPhase.endedAt, destroyPhase.startedAt),
      destroyRequests: destroyPhase.stats.total,
      destroyRequestsByOp: byOpTotals(destroyPhase.stats),
      providerPeakRssMbByPhase: { up: peaks[0], refresh: peaks[1], destroy: peaks[2] },
      cpu: { up: upPhase.cpu, refresh: refreshPhase.cpu, destroy: destroyPhase.cpu },
    };
  } finally {
    delete process.env.NMS_BENCH_PROGRAM_STATS;
    sampler.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
