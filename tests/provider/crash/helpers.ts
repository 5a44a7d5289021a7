// The crash suite's machinery: an `up` of a stack run by the harness's CLI in a process group of
// its own, SIGKILLed at a seeded random point (after the n-th create the service accepted, plus a
// few milliseconds), either the provider host alone or the whole run (harness, program and
// provider host); then, in this process, the next `up` must converge in one go, a preview show no
// changes, the tenants hold each name once and only the stack's objects, and destroy leave nothing.
// A stack spread over end customers' tenants (StackDef.tenants) is checked in each of them, and
// its interrupted creates are taken over in the tenant they were made in.
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, preview, type RunResult, type StackOptions, up } from "../../../harness";
import { loadState } from "../../../harness/state";
import {
  adminCall,
  type ChaosEmulator,
  checkNoDuplicates,
  checkNothingLeft,
  makeTenants,
  objectsOf,
  RADIUS_SECRET,
  ROOT,
  runConfig,
  type StackDef,
} from "../chaos/helpers";

export type CrashMode = "provider-host" | "whole-run";
export const CRASH_MODES: readonly CrashMode[] = ["provider-host", "whole-run"];

const PASSPHRASE = "crash passphrase";
/** The creates of the estate's four kinds (venue, AP group, network, activation): the default of StackDef.createOps. */
const CREATE_OPS = ["createVenue", "createApGroup", "createNetworkDeep", "activateNetwork"];
const CLI = path.join(ROOT, "dist", "harness", "cli.js");
/** What the provider tells the user when it took over an object its interrupted create made (provider/lifecycle/create.ts). */
const TAKEOVER_NOTICE = /took over the object this stack's interrupted create made/;

/** mulberry32: a small seeded generator, so that a failing trial can be run again with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed from NMS_CRASH_SEED, else a new one; printed so that a run can be repeated. */
export function crashSeed(): number {
  const given = process.env.NMS_CRASH_SEED;
  const seed = given !== undefined && /^\d+$/.test(given) ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  process.stdout.write(`crash suite seed ${seed} (set NMS_CRASH_SEED=${seed} to repeat)\n`);
  return seed;
}

export interface CrashTrialReport {
  /** The stack's label (StackDef.label). */
  stack: string;
  mode: CrashMode;
  trial: number;
  /** Creates the service had accepted when the kill was sent, and the extra delay. */
  killAfterCreates: number;
  extraDelayMs: number;
  /** Whether the process was still running when the kill came (else the up had finished first). */
  killed: boolean;
  /** Pending operations the interrupted run left in its checkpoint (state file and journal). */
  pendingLeft: number;
  /** Resources in that checkpoint. */
  resourcesLeft: number;
  /** Objects the next up took over with proof, and creates it refused with the adoption hint. */
  takeovers: number;
  hints: number;
  nextUpMs: number;
  durationMs: number;
}

/** Pids of the processes whose parent is `parent` (Linux /proc). */
function childrenOf(parent: number): { pid: number; cmdline: string }[] {
  const out: { pid: number; cmdline: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) out.push({ pid: Number(entry), cmdline: fs.readFileSync(`/proc/${entry}/cmdline`, "utf8") });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function cliArgs(
  emu: ChaosEmulator,
  stack: StackDef,
  stackName: string,
  statePath: string,
  tenants: readonly string[],
): string[] {
  const config: Record<string, string> = {
    "nms:baseUrl": emu.url,
    "nms:tenantId": emu.tenantId,
    "nms:username": emu.username,
    "nms:maxRequestsPerSecond": "2000",
    ...Object.fromEntries(Object.entries(runConfig(stack, tenants)).map(([k, v]) => [`${stack.projectName}:${k}`, v])),
  };
  return [
    CLI,
    "up",
    // The kill is for the update: the preview that `up` runs first changes nothing, and a trial does not check it.
    "--skip-preview",
    "--project-dir",
    ROOT,
    "--program",
    stack.program,
    "--project",
    stack.projectName,
    "--stack",
    stackName,
    "--state",
    statePath,
    ...Object.entries(config).flatMap(([k, v]) => ["--config", `${k}=${v}`]),
  ];
}

/** The run's secrets, in the environment where the harness's command line takes them (never its arguments). */
function cliSecretsEnv(emu: ChaosEmulator, stack: StackDef): Record<string, string> {
  return {
    NMS_HARNESS_SECRETS: JSON.stringify({
      "nms:password": emu.password,
      [`${stack.projectName}:radiusSecret`]: RADIUS_SECRET,
    }),
  };
}

function runOptions(
  emu: ChaosEmulator,
  stack: StackDef,
  stackName: string,
  statePath: string,
  lines: string[],
  tenants: readonly string[],
): StackOptions {
  return {
    projectDir: ROOT,
    program: stack.program,
    projectName: stack.projectName,
    stackName,
    statePath,
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emu.url,
      "nms:tenantId": emu.tenantId,
      "nms:username": emu.username,
      "nms:maxRequestsPerSecond": "2000",
      ...Object.fromEntries(
        Object.entries(runConfig(stack, tenants)).map(([k, v]) => [`${stack.projectName}:${k}`, v]),
      ),
    },
    secretConfig: { "nms:password": emu.password, [`${stack.projectName}:radiusSecret`]: RADIUS_SECRET },
    log: (line) => lines.push(line),
    timeoutMs: 180_000,
  };
}

function describeFailure(what: string, result: RunResult): Error {
  const changed = result.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.name}: ${s.op} ${s.changedPaths.join(",")}`);
  return new Error(
    `${what}: failed=${result.failed} changes=${result.changes} [${changed.join("; ")}]\n${result.errors.join("\n")}`,
  );
}

/**
 * One trial: an up of `stack` from an empty tenant, killed in `mode` once the service accepted
 * `killAfterCreates` creates (plus `extraDelayMs`); then the next up, a preview, the checks, and
 * destroy. Throws with what went wrong.
 */
export async function runCrashTrial(
  emu: ChaosEmulator,
  stack: StackDef,
  mode: CrashMode,
  random: () => number,
  trial: number,
): Promise<CrashTrialReport> {
  const started = Date.now();
  const creates =
    stack.expected.venues +
    stack.expected.apGroups +
    stack.expected.networks +
    stack.expected.activations +
    (stack.others ?? []).reduce((n, o) => n + o.count, 0);
  const createOps = new Set(stack.createOps ?? CREATE_OPS);
  const killAfterCreates = Math.floor(random() * creates);
  const extraDelayMs = Math.floor(random() * 40);
  await adminCall(emu, "POST", "/reset");
  const tenants = await makeTenants(emu, stack);
  // The tenants whose objects the checks look at: the end customers', or the configured one.
  const scope = tenants.length > 0 ? tenants : [emu.tenantId];
  await adminCall(emu, "PUT", "/config", {
    asyncDelayMs: 20,
    asyncJitterMs: 10,
    asyncLatencyByOp: {},
    rateLimit: null,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-crash-${mode}-`));
  const statePath = path.join(dir, "state.json");
  const stackName = `crash-${mode}`;
  let child: ChildProcess | undefined;
  const stats = emu.server.stats;
  const add = stats.add;
  try {
    child = spawn(process.execPath, cliArgs(emu, stack, stackName, statePath, tenants), {
      cwd: ROOT,
      env: { ...process.env, NMS_HARNESS_PASSPHRASE: PASSPHRASE, ...cliSecretsEnv(emu, stack) },
      // A process group of its own: the whole run (harness, program, provider host) is one kill away.
      detached: true,
      stdio: "ignore",
    });
    const harness = child;
    const exited = new Promise<void>((resolve) => harness.once("exit", () => resolve()));
    let killed = false;
    const kill = () => {
      if (harness.exitCode !== null || harness.signalCode !== null) return;
      if (mode === "whole-run") {
        process.kill(-harness.pid!, "SIGKILL");
        killed = true;
        return;
      }
      const host = childrenOf(harness.pid!).find((p) => p.cmdline.includes("dynamic-provider"));
      if (!host) return setTimeout(kill, 5).unref(); // not started yet
      process.kill(host.pid, "SIGKILL");
      killed = true;
    };
    let accepted = 0;
    const armed = () => setTimeout(kill, extraDelayMs).unref();
    if (killAfterCreates === 0) armed();
    else {
      stats.add = function (op: string, status: number) {
        add.call(this, op, status);
        // Accepted: 202, or 201 for a create the service applies at once (createGuestUsers).
        if (createOps.has(op) && (status === 202 || status === 201) && ++accepted === killAfterCreates) armed();
      };
    }
    const timeout = setTimeout(() => process.kill(-harness.pid!, "SIGKILL"), 180_000);
    await exited;
    clearTimeout(timeout);
    stats.add = add;
    // Nothing of the killed run may linger (the program and host die with their harness, or finish once it is gone).
    try {
      process.kill(-harness.pid!, "SIGKILL");
    } catch {
      // the group is already empty
    }

    const left = fs.existsSync(statePath)
      ? loadState(statePath, PASSPHRASE).state
      : { resources: [], pendingOperations: [] };
    const lines: string[] = [];
    const opts = runOptions(emu, stack, stackName, statePath, lines, tenants);
    const nextStarted = Date.now();
    const next = await up(opts);
    const nextUpMs = Date.now() - nextStarted;
    const takeovers = lines.filter((line) => TAKEOVER_NOTICE.test(line)).length;
    const hints = next.errors.filter((e) => e.includes("adoptByName")).length;
    if (next.failed)
      throw describeFailure(
        `trial ${trial} (${mode}, killed after ${killAfterCreates} creates + ${extraDelayMs} ms): the next up`,
        next,
      );
    const planned = await preview(opts);
    if (planned.failed || planned.changes !== 0)
      throw describeFailure(`trial ${trial}: preview after the next up`, planned);
    checkNoDuplicates(await objectsOf(emu, scope), stack.expected, next, stack.others);
    // Spread over end customers: nothing of the stack in the MSP's own tenant.
    if (tenants.length > 0) checkNothingLeft(await objectsOf(emu), stack.others);
    const destroyed = await destroy(opts);
    if (destroyed.failed) throw describeFailure(`trial ${trial}: destroy`, destroyed);
    checkNothingLeft(await objectsOf(emu, scope), stack.others);
    return {
      stack: stack.label,
      mode,
      trial,
      killAfterCreates,
      extraDelayMs,
      killed,
      pendingLeft: left.pendingOperations?.length ?? 0,
      resourcesLeft: left.resources.filter((r) => r.custom).length,
      takeovers,
      hints,
      nextUpMs,
      durationMs: Date.now() - started,
    };
  } finally {
    stats.add = add;
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatCrashReport(r: CrashTrialReport): string {
  return (
    `${r.stack.padEnd(13)} ${r.mode.padEnd(13)} #${String(r.trial).padStart(2)} kill after ${String(r.killAfterCreates).padStart(3)} creates + ${String(r.extraDelayMs).padStart(2)} ms` +
    ` (${r.killed ? "killed" : "had finished"}); left ${r.resourcesLeft} resources, ${r.pendingLeft} pending; next up ${r.nextUpMs} ms:` +
    ` ${r.takeovers} taken over, ${r.hints} hints; trial ${Math.round(r.durationMs / 100) / 10} s`
  );
}

/** Totals per mode, for the suite's summary and the README. */
export function summarize(reports: readonly CrashTrialReport[]): string {
  return CRASH_MODES.map((mode) => {
    const of = reports.filter((r) => r.mode === mode);
    if (of.length === 0) return "";
    const sum = (f: (r: CrashTrialReport) => number) => of.reduce((n, r) => n + f(r), 0);
    return (
      `${mode}: ${of.length} trials, ${of.filter((r) => r.killed).length} killed mid-run, all converged in one up; ` +
      `${sum((r) => r.takeovers)} takeovers proven, ${sum((r) => r.hints)} hints, ${sum((r) => r.pendingLeft)} pending operations left; ` +
      `${Math.round(sum((r) => r.durationMs) / 100) / 10} s`
    );
  })
    .filter((line) => line !== "")
    .join("\n");
}
