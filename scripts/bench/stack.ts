// The stack the bench deploys: the generated MSP estate of program.ts at one size, configured with the provider's own
// settings, as a naive client would be, and as the floor (the same program with floorSdk.ts's no-op resources); and the
// bound no client can beat on it.
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import type { StackOptions } from "../../harness";
import type { EmulatorInfo } from "../emulatorProcess";
import { type Composition, CRITICAL_PATH_DEPTH } from "./composition";
import type { BenchOptions } from "./options";

/** The repository root: this file runs as dist/scripts/bench/stack.js. */
export const ROOT = path.resolve(__dirname, "..", "..", "..");
export const PROGRAM = path.join(ROOT, "dist", "scripts", "bench", "program.js");
/** Loaded into the program process with --require: it writes the program's peak memory on exit (programStats.ts). */
export const PROGRAM_STATS_PRELOAD = path.join(ROOT, "dist", "scripts", "bench", "programStats.js");
/** Loaded into the floor's program process: pulumi-nms resolves to the no-op resources of floorSdk.ts. */
export const FLOOR_PRELOAD = path.join(ROOT, "dist", "scripts", "bench", "floorPreload.js");
/** Loaded into the provider host when it is profiled, so that the profile is written when the harness stops it. */
export const EXIT_ON_SIGNAL_PRELOAD = path.join(ROOT, "dist", "scripts", "bench", "exitOnSignal.js");
/** Per harness command: a run that takes longer is broken, not slow (a 4,000-resource up on a loaded 2-core machine takes minutes). */
const COMMAND_TIMEOUT_MS = 30 * 60 * 1000;

export interface Variant {
  name: "provider" | "naive" | "floor";
  description: string;
  config: Record<string, string>;
}

/** The same program with resources whose provider does nothing: what Pulumi itself costs on this machine. */
export const FLOOR: Variant = {
  name: "floor",
  description:
    "the same program, each resource a dynamic resource declaring the same outputs whose provider does nothing (Pulumi's own cost)",
  config: {},
};

/** The provider's defaults, and unless --no-baseline the naive client measured against them on the same emulator. */
export function variantsToRun(opts: BenchOptions): (Variant & { name: "provider" | "naive" })[] {
  const variants: (Variant & { name: "provider" | "naive" })[] = [
    {
      name: "provider",
      description:
        "the provider's defaults: coalesced request poller (listRequestsByStatus lists), refresh from cached lists",
      config: { "nms:waiter": "coalesced", "nms:refreshFromLists": "true" },
    },
  ];
  if (opts.baseline) {
    variants.push({
      name: "naive",
      description: `naive baseline: per-request getRequest polling every ${opts.naivePollMs} ms, one GET per refreshed resource`,
      config: {
        "nms:waiter": "per-request",
        "nms:pollIntervalMs": String(opts.naivePollMs),
        "nms:refreshFromLists": "false",
      },
    });
  }
  return variants;
}

/**
 * The login the stack runs with, and for the MSP estate the end customers' tenants it reaches by delegated access
 * (the login's own tenant, nms:tenantId, is the MSP's).
 */
export type ServiceCredentials = EmulatorInfo & { customerTenants?: string[] };

export interface SpeedLimit {
  /** One write per resource + one login. */
  requestsNeeded: number;
  /** Critical-path depth × least async latency. */
  depthSeconds: number;
  /** Requests needed ÷ the service's rate limit. */
  rateSeconds: number;
  limitSeconds: number;
}

/**
 * The least time any client needs to deploy the stack: the larger of the latency and the rate-limit terms. The
 * service limits every login and every tenant; the MSP estate's one login is held to the login's limit however many
 * tenants its calls go to, so its rate term is the same.
 */
export function speedLimit(opts: BenchOptions, stack: Composition): SpeedLimit {
  const requestsNeeded = stack.resources + 1;
  const depthSeconds = (CRITICAL_PATH_DEPTH * opts.latencyMs) / 1000;
  const rateSeconds = requestsNeeded / opts.rate;
  return { requestsNeeded, depthSeconds, rateSeconds, limitSeconds: Math.max(depthSeconds, rateSeconds) };
}

/**
 * The harness options of one variant's stack at `parallel` against the emulator at `baseUrl` (the floor talks to no
 * service); `log` gets the harness's progress lines.
 */
export function stackOptions(
  opts: BenchOptions,
  stack: Composition,
  variant: Variant,
  parallel: number,
  baseUrl: string,
  creds: ServiceCredentials,
  statePath: string,
  log: (line: string) => void,
): StackOptions {
  const floor = variant.name === "floor";
  return {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "nms-bench",
    stackName: `bench-${variant.name}`,
    statePath,
    passphrase: randomBytes(16).toString("hex"),
    parallel,
    // Each phase is measured on its own: the preview that `pulumi up` runs first is the bench's preview phase, and
    // cliUpSeconds adds the two (harness/run.ts previews before an up unless told not to).
    skipPreview: true,
    nodeArgs: [
      "--require",
      PROGRAM_STATS_PRELOAD,
      ...(floor ? ["--require", FLOOR_PRELOAD] : []),
      ...opts.programNodeArgs,
    ],
    providerNodeArgs: opts.providerNodeArgs.some((arg) => /^--(cpu|heap)-prof/.test(arg))
      ? ["--require", EXIT_ON_SIGNAL_PRELOAD, ...opts.providerNodeArgs]
      : opts.providerNodeArgs,
    timeoutMs: COMMAND_TIMEOUT_MS,
    config: {
      "nms:baseUrl": baseUrl,
      "nms:tenantId": creds.tenantId,
      "nms:username": creds.username,
      "nms:maxRequestsPerSecond": String(opts.clientRate),
      "bench:sites": String(stack.sitesPerTenant),
      ...(stack.tenants > 0 ? { "bench:tenants": JSON.stringify(creds.customerTenants ?? []) } : {}),
      ...variant.config,
    },
    secretConfig: { "nms:password": creds.password, "bench:radiusSecret": randomBytes(12).toString("hex") },
    log,
  };
}
