// The measured runs: one variant's up, refresh and destroy through the harness against a freshly reset emulator,
// turned into the figures the report prints.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, refresh, up, RunResult } from "../../harness";
import { EmulatorInfo } from "../emulatorProcess";
import { BenchEmulator, RequestStats } from "./emulator";
import { BenchOptions } from "./options";
import { RESOURCES_PER_SITE, Variant, speedLimit, stackOptions } from "./stack";

export interface Figures {
  wallSeconds: number;
  limitSeconds: number;
  ratio: number;
  requestsPerResource: number;
  refreshRequests: number;
  providerPeakRssMb: number | null;
  providerBytesPerResource: number;
  resourcesCreated: number;
  /** From the start of up to the first API request (the login): program and provider host start, resource construction. */
  startupSeconds: number;
  /** From the start of up until the provider host answered Configure. */
  providerHostReadySeconds: number;
  /** From the start of up until the engine sent the first Create (program start and construction, first Check). */
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
  refreshSeconds: number;
  refreshRequestsByOp: Record<string, number>;
  refreshChanges: number;
  /** "Kind field" → refresh steps that changed it (a fresh deployment should show only what the service fills in later). */
  refreshChangedFields: Record<string, number>;
  destroySeconds: number;
  destroyRequests: number;
  destroyRequestsByOp: Record<string, number>;
  providerPeakRssMbByPhase: { up: number | null; refresh: number | null; destroy: number | null };
}

function byOpTotals(stats: RequestStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const op of Object.keys(stats.byOp).sort()) out[op] = Object.values(stats.byOp[op]).reduce((a, b) => a + b, 0);
  return out;
}

function byStatusTotals(stats: RequestStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const byStatus of Object.values(stats.byOp)) for (const [status, n] of Object.entries(byStatus)) out[status] = (out[status] ?? 0) + n;
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

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Average length of the serialized provider stored with each custom resource of the state file. */
function serializedProviderBytes(statePath: string): { average: number; resources: number } {
  const file = JSON.parse(fs.readFileSync(statePath, "utf8")) as { resources: { custom: boolean; serializedProvider?: string }[] };
  const sizes = file.resources.filter((r) => r.custom).map((r) => Buffer.byteLength(r.serializedProvider ?? "", "utf8"));
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
}

/** Runs one harness command, then takes the emulator's counters for it; a failed command ends the bench. */
async function measurePhase(emulator: BenchEmulator, what: string, command: () => Promise<RunResult>): Promise<Phase> {
  const startedAt = Date.now();
  const result = await command();
  const endedAt = Date.now();
  const stats = await emulator.takeStats();
  const span = await emulator.takeRequestSpan();
  check(result, what);
  return { result, startedAt, endedAt, stats, span };
}

export async function measureVariant(emulator: BenchEmulator, opts: BenchOptions, variant: Variant, log: (line: string) => void): Promise<Figures> {
  // A fresh service for every variant: same tenant, same settings, counters cleared.
  const creds = await emulator.admin<EmulatorInfo>("POST", "reset");
  await emulator.admin("PUT", "config", {
    asyncDelayMs: opts.latencyMs,
    asyncJitterMs: opts.jitterMs,
    asyncLatencyByOp: {},
    rateLimit: { requestsPerSecond: opts.rate, burst: opts.burst },
  });
  await emulator.takeStats();
  await emulator.takeRequestSpan();

  // When the provider host was ready, and when the engine sent the first Create (the program's first resource passed
  // Check), from the harness's progress lines.
  const marks: { providerHostAt?: number; firstCreateAt?: number } = {};
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-bench-${variant.name}-`));
  const stack = stackOptions(opts, variant, emulator.info.url, creds, path.join(workDir, "state.json"), (line) => {
    if (marks.firstCreateAt === undefined && /^\+\s+creating /.test(line)) marks.firstCreateAt = Date.now();
    if (marks.providerHostAt === undefined && line.startsWith("provider host started")) marks.providerHostAt = Date.now();
    if (opts.verbose) log(`    [${variant.name}] ${line}`);
  });
  try {
    const expected = opts.sites * RESOURCES_PER_SITE;
    log(`  ${variant.name}: up (${expected} resources)…`);
    marks.firstCreateAt = marks.providerHostAt = undefined;
    const upPhase = await measurePhase(emulator, "up", () => up(stack));
    const upResult = upPhase.result;
    const created = upResult.steps.filter((s) => s.custom && s.op === "create").length;
    if (created !== expected) throw new Error(`up created ${created} resources, expected ${expected}`);
    const held = await emulator.admin<{ venues: unknown[]; networks: unknown[]; activations: unknown[] }>("GET", `tenants/${creds.tenantId}/objects`);
    if (held.venues.length !== opts.sites || held.networks.length !== opts.sites || held.activations.length !== opts.sites) {
      throw new Error(`the emulator holds ${held.venues.length} venues, ${held.networks.length} networks, ${held.activations.length} activations; expected ${opts.sites} each`);
    }
    const provider = serializedProviderBytes(stack.statePath);

    const upMarks = { ...marks };
    log(`  ${variant.name}: refresh…`);
    const refreshPhase = await measurePhase(emulator, "refresh", () => refresh(stack));
    log(`  ${variant.name}: destroy…`);
    const destroyPhase = await measurePhase(emulator, "destroy", () => destroy(stack));

    const { limitSeconds, requestsNeeded } = speedLimit(opts);
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
      refreshRequests: refreshPhase.stats.total,
      providerPeakRssMb: peaks.some((p) => p !== null) ? Math.max(...peaks.map((p) => p ?? 0)) : null,
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
      upStatus: byStatusTotals(upPhase.stats),
      refreshSeconds: since(refreshPhase.endedAt, refreshPhase.startedAt),
      refreshRequestsByOp: byOpTotals(refreshPhase.stats),
      refreshChanges: refreshPhase.result.changes,
      refreshChangedFields: changedFieldCounts(refreshPhase.result),
      destroySeconds: since(destroyPhase.endedAt, destroyPhase.startedAt),
      destroyRequests: destroyPhase.stats.total,
      destroyRequestsByOp: byOpTotals(destroyPhase.stats),
      providerPeakRssMbByPhase: { up: peaks[0], refresh: peaks[1], destroy: peaks[2] },
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
