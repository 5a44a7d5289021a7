// The chaos suite's machinery: an in-process emulator whose issued API keys are recorded, stack
// definitions (quickstart, the MSP estate, in the configured tenant or spread over end customers'
// tenants), and one scenario runner: arm a fault kind on every service route of the stack's
// tenants, then up until it converges, preview (plain and with refresh), check the tenants for
// duplicates, destroy until it converges, check that nothing is left, and check that no secret
// reached a log line, an error or the state file on the way.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RequestRecord } from "../../../contract";
import type { OperationName } from "../../../contract/routes";
import type { FaultKind } from "../../../emulator";
import { EmulatorServer } from "../../../emulator/http/server";
import { destroy, preview, type RunResult, type StackOptions, up } from "../../../harness";

type Props = Record<string, any>;

export const ROOT = path.resolve(__dirname, "..", "..", "..");
export const RADIUS_SECRET = "chaos-Radius-5ecret-7f3a91";
const PASSPHRASE = "chaos passphrase";

/** Every fault kind of the emulator, in the order the suites run them. */
export const FAULT_KINDS: readonly FaultKind[] = [
  "http-5xx",
  "http-429",
  "reset",
  "slow",
  "lost-answer",
  "fail-request",
  "stuck-pending",
];

/** Wait deadline of the provider (nms:waitTimeoutSeconds) in the stuck-pending scenarios. */
export const STUCK_WAIT_SECONDS = 2;
/** When the emulator gives up on a stuck request (FAIL, name released): a little after the provider's deadline. */
export const STUCK_RELEASE_MS = 3_000;

/** The kind's extra fields: what makes each kind bite without making a run needlessly slow. */
const KIND_FIELDS: Partial<Record<FaultKind, Props>> = {
  "http-5xx": { status: 503 },
  "http-429": { retryAfterSeconds: 1 },
  slow: { delayMs: 300 },
  "fail-request": { code: "WIFI-10000" },
  "stuck-pending": { releaseAfterMs: STUCK_RELEASE_MS },
};

/** Record kinds act on async writes only; the others on every request, the login included. */
const RECORD_KINDS: readonly FaultKind[] = ["fail-request", "stuck-pending"];

export interface ChaosEmulator {
  server: EmulatorServer;
  url: string;
  tenantId: string;
  username: string;
  password: string;
  /** Every API key the emulator issued (its login is wrapped to record them). */
  tokens: Set<string>;
  close(): Promise<void>;
}

/**
 * The emulator in-process, built from its server class rather than startEmulator() so that the
 * suite can see the API keys it issues and the request records behind the requestIds in errors.
 */
export async function startChaosEmulator(): Promise<ChaosEmulator> {
  const server = new EmulatorServer({ asyncDelayMs: 20, asyncJitterMs: 10, rateLimit: null });
  const tokens = new Set<string>();
  const login = server.auth.login.bind(server.auth);
  server.auth.login = (credentials) => {
    const session = login(credentials);
    tokens.add(session.token);
    return session;
  };
  const port = await server.listen(0, "127.0.0.1");
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    tenantId: server.demo.tenantId,
    username: server.demo.username,
    password: server.demo.password,
    tokens,
    close: () => server.close(),
  };
}

export async function adminCall(emu: ChaosEmulator, method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${emu.url}/__admin${route}`, {
    method,
    // The admin API takes its writes as JSON only, even without a body (emulator/README.md).
    headers: method === "GET" ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`admin ${method} ${route}: HTTP ${response.status} ${text}`);
  return text === "" ? undefined : JSON.parse(text);
}

/** What a stack should leave in the tenant once deployed. */
export interface Expected {
  venues: number;
  apGroups: number;
  networks: number;
  activations: number;
}

/** A collection of the tenant besides the four of Expected, checked the same way: its count, and what tells its objects apart. */
export interface OtherCollection {
  collection: string;
  count: number;
  key(object: Props): string;
}

export interface StackDef {
  label: string;
  program: string;
  projectName: string;
  config: Record<string, string>;
  expected: Expected;
  /** Collections besides the four of `expected` (guest users...), checked for duplicates, strays and leftovers. */
  others?: OtherCollection[];
  /** The create operations the crash suite counts for its kill point (default the estate's four). */
  createOps?: string[];
  /** Bounds on the tries of up and destroy. */
  maxUpTries: number;
  maxDestroyTries: number;
  /** Program config that changes every resource in place, for a second up (optional). */
  updateConfig?: Record<string, string>;
  /**
   * End customers of the MSP (the demo tenant, whose administrator the stack logs in as) that the stack's resources
   * are spread over: made for each run (after the reset) and given to the program as `tenants`. None: the configured
   * tenant holds everything. `expected` then counts the objects of all of them together.
   */
  tenants?: number;
  /** Resources that updateConfig updates. */
  expectedUpdates?: number;
}

export const QUICKSTART: StackDef = {
  label: "quickstart",
  program: path.join(ROOT, "dist", "examples", "quickstart", "index.js"),
  projectName: "quickstart",
  config: {},
  expected: { venues: 1, apGroups: 1, networks: 1, activations: 1 },
  maxUpTries: 5,
  maxDestroyTries: 5,
  // Every resource updated in place: updateVenue, updateApGroup, updateNetworkDeep (with its RADIUS secret) and updateNetworkActivation under faults.
  updateConfig: {
    venueDescription: "Main office, changed",
    apGroupName: "Lobby East",
    networkVlanId: "20",
    activationRadio: "5-GHz",
  },
  expectedUpdates: 4,
};

/**
 * The guest-access example with `guests` guest users: kinds without a unique name (a guest user, each
 * created alone under its request ID), beside a network and a Wi-Fi calling profile.
 */
export function guestStack(guests: number): StackDef {
  const list = Array.from({ length: guests }, (_, i) => ({
    name: `Guest ${i}`,
    mobilePhoneNumber: `+3519100${String(i).padStart(5, "0")}`,
  }));
  return {
    label: `guests=${guests}`,
    program: path.join(ROOT, "dist", "examples", "guest-access", "index.js"),
    projectName: "guest-access",
    config: { guests: JSON.stringify(list) },
    expected: { venues: 0, apGroups: 0, networks: 1, activations: 0 },
    others: [
      { collection: "guestUsers", count: guests, key: (g) => `${g.name} ${g.mobilePhoneNumber}` },
      { collection: "wifiCallingProfiles", count: 1, key: (p) => String(p.profileName) },
    ],
    createOps: ["createNetworkDeep", "createGuestUsers", "createWifiCallingProfile"],
    maxUpTries: 5,
    maxDestroyTries: 5,
  };
}

/**
 * The MSP estate with `sites` sites (four resources each), in the configured tenant or spread over
 * `tenants` end customers' tenants (one stack, the MSP's login). Like the engine without
 * --continue-on-error, the harness starts nothing new after the first failure of a run (an up
 * skips the resources not yet started, a destroy the deletes not yet started), so with failing
 * writes (fail-request, stuck-pending at 10%) a run of n resources gets only part of the way: the
 * bounds on the tries grow with the stack (5 for the quickstart). With `update`, a second up
 * changes every venue's description in place.
 */
export function mspStack(sites: number, options: { tenants?: number; update?: boolean } = {}): StackDef {
  const tenants = options.tenants ?? 0;
  return {
    label: `msp sites=${sites}${tenants > 0 ? ` tenants=${tenants}` : ""}`,
    program: path.join(ROOT, "dist", "examples", "estate", "index.js"),
    projectName: "msp",
    config: { sites: String(sites) },
    expected: { venues: sites, apGroups: sites, networks: sites, activations: sites },
    maxUpTries: 5 + Math.ceil(sites * 4 * 0.1),
    maxDestroyTries: 5 + Math.ceil(sites * 4 * 0.1 * 2),
    ...(options.update ? { updateConfig: { venueDescription: "changed under faults" }, expectedUpdates: sites } : {}),
    ...(tenants > 0 ? { tenants } : {}),
  };
}

/**
 * A fresh run's end customers (StackDef.tenants), after the emulator's reset: tenants made customers of the demo
 * tenant, whose administrator the stack logs in as. Their IDs; none for a stack in the configured tenant.
 */
export async function makeTenants(emu: ChaosEmulator, stack: StackDef): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < (stack.tenants ?? 0); i++) {
    const { tenantId } = await adminCall(emu, "POST", "/tenants", { name: `Customer ${i + 1}` });
    await adminCall(emu, "PUT", `/tenants/${tenantId}/msp`, { mspTenantId: emu.tenantId });
    ids.push(tenantId);
  }
  return ids;
}

/** The program's config for the run: the stack's own, and its end customers' tenants. */
export function runConfig(
  stack: StackDef,
  tenants: readonly string[],
  programConfig: Record<string, string> = stack.config,
): Record<string, string> {
  return { ...programConfig, ...(tenants.length > 0 ? { tenants: JSON.stringify(tenants) } : {}) };
}

export interface ScenarioReport {
  kind: FaultKind;
  stack: string;
  /** Tries of the first up, of the up that applies `updateConfig` (0 without one), and of destroy. */
  upTries: number;
  updateTries: number;
  destroyTries: number;
  /** Every error of every failed run, as the harness reported it. */
  failures: string[];
  /** Times the armed rules fired. */
  faultsFired: number;
  /** Lines in which the provider told the user it absorbed a fault: a retry, a 429 pause or an adopted lost answer. */
  absorbedFaultNotices: string[];
  durationMs: number;
  /** Milliseconds per phase: up and update (all tries, with their previews), checks (previews with refresh), destroy (all tries). */
  phases: { up: number; update: number; checks: number; destroy: number };
}

export interface ScenarioOptions {
  /** Of every service request of the stack's tenants; 0 leaves only the sure hits of `sureHits`. Default 0.1. */
  probability?: number;
  /** Operations whose first request in each tenant the kind hits for sure (default the first network create). */
  sureHits?: readonly OperationName[];
  /** Extra provider config (nms:...). */
  providerConfig?: Record<string, string>;
  /** Emulator settings (PUT /__admin/config) over the scenario's (20–30 ms async latency). */
  emulatorConfig?: Props;
}

/**
 * One fault kind against one stack, from an empty tenant back to an empty tenant: up until it
 * converges, then a preview with no changes; with `updateConfig`, the same for an up that
 * updates every resource; a preview with refresh (reads under the same faults) with no changes;
 * the tenant holds exactly the stack's objects, each name once; destroy until it converges; the
 * tenant holds nothing of the stack. Every failed run's errors must name the requestId and the
 * code or the deadline; no secret may appear in any log line, error or state file. Throws (with
 * the failures met so far) when a check does not hold.
 */
export async function runScenario(
  emu: ChaosEmulator,
  stack: StackDef,
  kind: FaultKind,
  options: ScenarioOptions = {},
): Promise<ScenarioReport> {
  const started = Date.now();
  const probability = options.probability ?? 0.1;
  await adminCall(emu, "POST", "/reset");
  const tenants = await makeTenants(emu, stack);
  // The tenants whose objects the checks look at: the end customers', or the configured one.
  const scope = tenants.length > 0 ? tenants : [emu.tenantId];
  await adminCall(emu, "PUT", "/config", {
    asyncDelayMs: 20,
    asyncJitterMs: 10,
    asyncLatencyByOp: {},
    // The emulator's own rate limit only where 429s are the subject.
    rateLimit: kind === "http-429" ? { requestsPerSecond: 50, burst: 100 } : null,
    ...options.emulatorConfig,
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-chaos-${kind}-`));
  const statePath = path.join(dir, "state.json");
  const lines: string[] = [];
  const texts: string[] = []; // errors, diagnostics and state snapshots, for the secret check
  const failures: string[] = [];
  const runOptions = (programConfig: Record<string, string>): StackOptions => ({
    projectDir: ROOT,
    program: stack.program,
    projectName: stack.projectName,
    stackName: `chaos-${kind}`,
    statePath,
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emu.url,
      "nms:tenantId": emu.tenantId,
      "nms:username": emu.username,
      "nms:maxRequestsPerSecond": "2000",
      // Short for stuck-pending so that runs end; otherwise a bound on a run that hangs.
      "nms:waitTimeoutSeconds": kind === "stuck-pending" ? String(STUCK_WAIT_SECONDS) : "60",
      ...options.providerConfig,
      ...Object.fromEntries(
        Object.entries(runConfig(stack, tenants, programConfig)).map(([k, v]) => [`${stack.projectName}:${k}`, v]),
      ),
    },
    secretConfig: { "nms:password": emu.password, [`${stack.projectName}:radiusSecret`]: RADIUS_SECRET },
    log: (line) => lines.push(line),
    timeoutMs: 180_000,
  });
  const note = (result: RunResult) => {
    texts.push(...result.errors, ...result.diagnostics, ...result.steps.map((s) => s.error ?? ""));
    if (fs.existsSync(statePath)) texts.push(fs.readFileSync(statePath, "utf8"));
    if (!result.failed) return;
    // A step skipped because an earlier one failed is not a failure of its own.
    const stepErrors = result.steps.flatMap((s) => (s.error && !s.error.startsWith("skipped:") ? [s.error] : []));
    failures.push(...result.errors);
    checkFailures(emu, kind, [...result.errors, ...stepErrors], scope);
  };
  /** `run` until it succeeds, at most `bound` times: the last result and the tries it took. */
  const untilConverged = async (what: string, bound: number, run: () => Promise<RunResult>) => {
    for (let tries = 1; tries <= bound; tries++) {
      const result = await run();
      note(result);
      if (!result.failed) return { result, tries };
    }
    throw new ScenarioError(`${what} did not converge in ${bound} tries`, failures);
  };
  const expectNoChanges = async (what: string, opts: StackOptions & { refresh?: boolean }) => {
    const planned = await preview(opts);
    note(planned);
    if (planned.failed || planned.changes !== 0) throw new ScenarioError(`${what}: ${describePlan(planned)}`, failures);
  };

  const phases = { up: 0, update: 0, checks: 0, destroy: 0 };
  let mark = Date.now();
  const lap = (phase: keyof typeof phases) => {
    phases[phase] = Date.now() - mark;
    mark = Date.now();
  };
  try {
    await armFaults(emu, kind, probability, scope, options.sureHits);

    const initial = runOptions(stack.config);
    const first = await untilConverged("up", stack.maxUpTries, () => up(initial));
    await expectNoChanges("preview after up", initial);
    lap("up");

    let final = initial;
    let deployed = first.result;
    let updateTries = 0;
    if (stack.updateConfig) {
      final = runOptions({ ...stack.config, ...stack.updateConfig });
      const updated = await untilConverged("up with changed config", stack.maxUpTries, () => up(final));
      const updates = updated.result.steps.filter((s) => s.op === "update").length;
      if (updated.tries === 1 && updates !== stack.expectedUpdates) {
        throw new ScenarioError(
          `the changed config updated ${updates} resources, not ${stack.expectedUpdates}`,
          failures,
        );
      }
      updateTries = updated.tries;
      deployed = updated.result;
      await expectNoChanges("preview after the update", final);
      lap("update");
    }

    // Refresh first, every read under the same faults: the state matches what the service holds.
    await expectNoChanges("preview --refresh", { ...final, refresh: true });
    checkNoDuplicates(await objectsOf(emu, scope), stack.expected, deployed);
    // Spread over end customers: nothing of the stack in the MSP's own tenant.
    if (tenants.length > 0) checkNothingLeft(await objectsOf(emu));
    lap("checks");

    const destroyed = await untilConverged("destroy", stack.maxDestroyTries, () => destroy(final));
    lap("destroy");

    const faultsFired = await firedCount(emu);
    if (options.sureHits) await checkSureHits(emu, options.sureHits, scope.length, failures);
    await adminCall(emu, "DELETE", "/faults");
    checkNothingLeft(await objectsOf(emu, scope));
    checkNoSecrets(emu, [...lines, ...texts]);
    return {
      absorbedFaultNotices: lines.filter((line) => ABSORBED_FAULT_NOTICE.test(line)),
      kind,
      stack: stack.label,
      upTries: first.tries,
      updateTries,
      destroyTries: destroyed.tries,
      failures,
      faultsFired,
      durationMs: Date.now() - started,
      phases,
    };
  } finally {
    await adminCall(emu, "DELETE", "/faults").catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How the provider host's stderr (nms:logLevel info, the default) reports a fault the client absorbed. */
const ABSORBED_FAULT_NOTICE =
  /\[provider\] nms (warn|info): .*(retrying in \d+ ms|resolved from its request record|pausing all requests)/;

/** What a scenario of `kind` must have reported: nothing for the kinds the client absorbs. */
export function expectFailuresOf(kind: FaultKind, report: ScenarioReport): void {
  if (kind === "fail-request") {
    // The rule that hits the first network create makes at least this one.
    expect(report.failures.some((f) => /request [0-9a-f-]{36} failed \(status FAIL\): WIFI-10000/.test(f))).toBe(true);
  } else if (kind === "stuck-pending") {
    expect(
      report.failures.some((f) =>
        new RegExp(`request [0-9a-f-]{36} did not finish within ${STUCK_WAIT_SECONDS * 1000} ms`).test(f),
      ),
    ).toBe(true);
  } else {
    // Retried by the client (5xx, 429, resets), recovered (lost answers) or just late (slow).
    expect(report.failures).toEqual([]);
    // ... and the user is told, except for answers that were merely slow.
    if (kind !== "slow") expect(report.absorbedFaultNotices).not.toEqual([]);
  }
  expect(report.faultsFired).toBeGreaterThan(0);
}

/** One line per scenario, for the suite's summary. */
export function formatReport(r: ScenarioReport): string {
  const p = r.phases;
  return (
    `${r.stack.padEnd(13)} ${r.kind.padEnd(13)} ${String(Math.round(r.durationMs / 100) / 10).padStart(5)} s ` +
    `(up ${p.up} ms, update ${p.update} ms, checks ${p.checks} ms, destroy ${p.destroy} ms); ` +
    `tries up ${r.upTries}, update ${r.updateTries}, destroy ${r.destroyTries}; faults fired ${r.faultsFired}; failures reported ${r.failures.length}`
  );
}

export class ScenarioError extends Error {
  constructor(message: string, failures: string[]) {
    super(failures.length === 0 ? message : `${message}; failures so far:\n${failures.join("\n")}`);
    this.name = "ScenarioError";
  }
}

/**
 * The kind on every service route of each of the stack's tenants with the given probability, after
 * rules per tenant that make the kind hit the first request of each of `sureHits` for sure (one
 * create by default): a scenario must see the kind's interesting case (a lost create, a failed or
 * stuck one) whatever the draws. Answer kinds also hit the login.
 */
async function armFaults(
  emu: ChaosEmulator,
  kind: FaultKind,
  probability: number,
  tenants: readonly string[] = [emu.tenantId],
  sureHits: readonly OperationName[] = ["createNetworkDeep"],
): Promise<void> {
  const fields = KIND_FIELDS[kind] ?? {};
  for (const tenantId of tenants) {
    for (const op of sureHits) await adminCall(emu, "POST", "/faults", { kind, op, tenantId, count: 1, ...fields });
    if (probability > 0) await adminCall(emu, "POST", "/faults", { kind, tenantId, probability, ...fields });
  }
  if (!RECORD_KINDS.includes(kind) && probability > 0)
    await adminCall(emu, "POST", "/faults", { kind, op: "login", probability, ...fields });
}

/** Every sure hit fired, once in each tenant: a hit the stack never sends would leave its case untested. */
async function checkSureHits(
  emu: ChaosEmulator,
  sureHits: readonly OperationName[],
  tenants: number,
  failures: string[],
): Promise<void> {
  const { exhausted } = (await adminCall(emu, "GET", "/faults")) as { exhausted: { op?: string; fired: number }[] };
  const missed = sureHits.filter((op) => exhausted.filter((f) => f.op === op && f.fired === 1).length !== tenants);
  if (missed.length > 0)
    throw new ScenarioError(
      `the sure hits on ${missed.join(", ")} did not fire: the stack does not send them`,
      failures,
    );
}

async function firedCount(emu: ChaosEmulator): Promise<number> {
  const { faults, exhausted } = await adminCall(emu, "GET", "/faults");
  return [...faults, ...exhausted].reduce((sum: number, rule: { fired: number }) => sum + rule.fired, 0);
}

/** What the tenants hold (the configured one by default), every collection of them together. */
export async function objectsOf(emu: ChaosEmulator, tenants: readonly string[] = [emu.tenantId]): Promise<Props> {
  const held: Props[] = await Promise.all(
    tenants.map((tenantId) => adminCall(emu, "GET", `/tenants/${tenantId}/objects`)),
  );
  const merged: Props = {};
  for (const objects of held)
    for (const [collection, items] of Object.entries(objects))
      merged[collection] = [...(merged[collection] ?? []), ...(items as Props[])];
  return merged;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ERROR_CODE = /\b(?:NMS|WIFI|VENUE|CFGC|TNT)-[A-Z0-9-]*[A-Z0-9]\b/;

/** The request record behind a requestId, if one of the tenants holds one. */
function recordOf(
  emu: ChaosEmulator,
  requestId: string,
  tenants: readonly string[] = [emu.tenantId],
): RequestRecord | undefined {
  for (const tenantId of tenants) {
    const record = emu.server.model.tenant(tenantId)?.requests.get(requestId);
    if (record) return record;
  }
  return undefined;
}

/**
 * Every error of a failed run names the service's requestId, and either the service's error code
 * or the deadline that passed. For the record kinds, the requestId is the very request that failed
 * or got stuck.
 */
export function checkFailures(
  emu: ChaosEmulator,
  kind: FaultKind,
  errors: string[],
  tenants: readonly string[] = [emu.tenantId],
): void {
  if (errors.length === 0) throw new Error("a run failed without any error message");
  for (const error of errors) {
    const ids = error.match(UUID) ?? [];
    const timedOut = /did not finish within \d+ ms/.test(error);
    const problems: string[] = [];
    if (ids.length === 0) problems.push("no requestId");
    if (!timedOut && !ERROR_CODE.test(error)) problems.push("no error code and no deadline");
    if (kind === "fail-request" && error.includes("WIFI-10000")) {
      const failed = ids
        .map((id) => recordOf(emu, id, tenants))
        .find((r) => r?.status === "FAIL" && r.errors?.[0]?.code === "WIFI-10000");
      if (!failed) problems.push("the requestId is not that of the FAILed request");
    }
    if (timedOut) {
      // Stuck: still PENDING, or since given up on by the service (releaseAfterMs).
      const stuck = ids
        .map((id) => recordOf(emu, id, tenants))
        .find((r) => r?.status === "PENDING" || r?.errors?.[0]?.message.includes("abandoned"));
      if (!stuck) problems.push("the requestId is not that of the stuck request");
    }
    if (problems.length > 0)
      throw new Error(
        `under ${kind}, a failure is reported without what the user needs (${problems.join(", ")}):\n${error}`,
      );
  }
}

function describePlan(result: RunResult): string {
  const changed = result.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.name}: ${s.op} ${s.changedPaths.join(",")}`);
  return `failed=${result.failed} changes=${result.changes} [${changed.join("; ")}] ${result.errors.join("\n")}`;
}

/** Every unique name once, every (network, venue) pair once, and exactly what the stack declares. */
export function checkNoDuplicates(
  objects: Props,
  expected: Expected,
  deployed: RunResult,
  others: readonly OtherCollection[] = [],
): void {
  const dupes = (keys: string[]) => keys.filter((key, i) => keys.indexOf(key) !== i);
  const groups = objects.apGroups.filter((g: Props) => !g.isDefault);
  const found = {
    venues: dupes(objects.venues.map((v: Props) => v.name)),
    networks: dupes(objects.networks.map((n: Props) => n.name)),
    apGroups: dupes(groups.map((g: Props) => `${g.venueId}/${g.name}`)),
    activations: dupes(objects.activations.map((a: Props) => `${a.networkId}/${a.venueId}`)),
  };
  expect(found).toEqual({ venues: [], networks: [], apGroups: [], activations: [] });
  for (const other of others) {
    const held = (objects[other.collection] ?? []) as Props[];
    expect({ [other.collection]: dupes(held.map(other.key)) }).toEqual({ [other.collection]: [] });
    expect({ [other.collection]: held.length }).toEqual({ [other.collection]: other.count });
  }
  expect({
    venues: objects.venues.length,
    apGroups: groups.length,
    networks: objects.networks.length,
    activations: objects.activations.length,
  }).toEqual(expected);
  // And they are the stack's: every object the service holds is an ID in the state.
  const ids = new Set(deployed.steps.map((s) => s.id));
  const othersHeld = others.flatMap((other) => (objects[other.collection] ?? []) as Props[]);
  const strays = [...objects.venues, ...groups, ...objects.networks, ...objects.activations, ...othersHeld].filter(
    (o: Props) => !ids.has(o.id),
  );
  expect(strays).toEqual([]);
}

export function checkNothingLeft(objects: Props, others: readonly OtherCollection[] = []): void {
  for (const other of others)
    expect({ [other.collection]: objects[other.collection] ?? [] }).toEqual({ [other.collection]: [] });
  expect({
    venues: objects.venues,
    apGroups: objects.apGroups.filter((g: Props) => !g.isDefault),
    networks: objects.networks,
    activations: objects.activations,
    radius: objects.radius,
  }).toEqual({ venues: [], apGroups: [], networks: [], activations: [], radius: [] });
}

/** No RADIUS secret, admin password or issued API key in any of `texts`. */
export function checkNoSecrets(emu: ChaosEmulator, texts: string[], options: { requireTokens?: boolean } = {}): void {
  const secrets = [RADIUS_SECRET, emu.password, ...emu.tokens];
  // A run that talked to the emulator logged in: the check must then cover its API keys.
  if (options.requireTokens !== false) expect(emu.tokens.size).toBeGreaterThan(0);
  const leaks: string[] = [];
  for (const text of texts) {
    for (const secret of secrets) {
      if (text.includes(secret))
        leaks.push(
          `${secret === RADIUS_SECRET ? "RADIUS secret" : secret === emu.password ? "password" : "API key"} in: ${text.slice(0, 300)}`,
        );
    }
  }
  expect(leaks).toEqual([]);
}

/**
 * A preload for the program and the provider host (NODE_OPTIONS=--require) that appends the
 * target of every outgoing TCP connection to the file named by CHAOS_CONNECT_LOG.
 */
export function writeConnectSpy(dir: string): string {
  const file = path.join(dir, "connect-spy.js");
  fs.writeFileSync(
    file,
    `"use strict";
const net = require("net");
const fs = require("fs");
const log = process.env.CHAOS_CONNECT_LOG;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  try {
    let options = args[0];
    if (Array.isArray(options)) options = options[0]; // net.connect passes its normalized arguments
    const target = typeof options === "object" && options !== null
      ? (options.path !== undefined ? options.path : (options.host || "localhost") + ":" + options.port)
      : String(args[1] || "localhost") + ":" + String(options);
    if (log) fs.appendFileSync(log, process.pid + " " + target + "\\n");
  } catch (error) {
    // The spy must never break a connection.
  }
  return connect.apply(this, args);
};
`,
  );
  return file;
}

/**
 * Registers a chaos test file's emulator (started before its tests, closed after) and the table
 * of scenario timings printed at its end. `scenario` runs one stack under one fault kind and
 * checks its failures.
 */
export function chaosSuite(): {
  emulator(): ChaosEmulator;
  scenario(stack: StackDef, kind: FaultKind, options?: ScenarioOptions): Promise<ScenarioReport>;
} {
  let emu: ChaosEmulator | undefined;
  const reports: ScenarioReport[] = [];
  beforeAll(async () => {
    emu = await startChaosEmulator();
  });
  afterAll(async () => {
    await emu?.close();
    if (reports.length > 0) process.stdout.write(`chaos scenarios:\n${reports.map(formatReport).join("\n")}\n`);
  });
  const emulator = (): ChaosEmulator => {
    if (!emu) throw new Error("the chaos emulator starts in beforeAll");
    return emu;
  };
  return {
    emulator,
    async scenario(stack, kind, options) {
      const report = await runScenario(emulator(), stack, kind, options);
      reports.push(report);
      expectFailuresOf(kind, report);
      return report;
    },
  };
}
