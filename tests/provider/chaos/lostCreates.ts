// The lost-create chaos: the kinds table's stack (tests/sdk/kindCases, one shared program) is deployed
// once cleanly and once with the answer of every create operation it uses lost once (the first request
// of each operation is applied by the service, then its connection is dropped). The create operations
// come from the route table through the resource specs: every route a kind of the stack creates by, its
// creates through a parent included. The faulty up must succeed in one go and leave exactly what the
// clean one left (one object per create), a second preview must show no change, and destroy must leave
// what it leaves after the clean run (nothing, but what a kind's destroy forgets by design). The figures
// (objects, changes, requests) are the report's.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { routeOf, type OperationName } from "../../../contract/routes";
import { destroy, preview, up, type RunResult, type StackOptions } from "../../../harness";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { KIND_CASES, SECRETS, SUPPORT, type KindCase, type Props } from "../../sdk/kindCases";
import { adminCall, type ChaosEmulator, objectsOf, ROOT } from "./helpers";

const PROGRAM = path.join(ROOT, "tests", "sdk", "fixtures", "kinds", "index.js");

export interface LostCreateReport {
  /** Custom resources of the stack, and how many of them are created by an operation (the others are settings). */
  resources: number;
  creates: number;
  /** The create operations whose answer was lost once, and how many faults fired. */
  createOps: OperationName[];
  lostAnswers: number;
  /** New objects in the tenant after the faulty up, and after the clean one. */
  objects: number;
  cleanObjects: number;
  /** Changes of the preview right after the faulty up. */
  secondPreviewChanges: number;
  /** Requests of each up, and of them the create operations' and the request-record reads (getRequest). */
  requests: { clean: UpRequests; lost: UpRequests };
}

export interface UpRequests {
  total: number;
  creates: number;
  recordReads: number;
}

/** The resources of the stack: the supporting ones and the cases chosen. */
function resourcesOf(cases: readonly KindCase[]): Props[] {
  return [...SUPPORT, ...cases.map(({ name, kind, args }) => ({ name, kind, args }))];
}

/** Every create operation the route table has for the kinds of these resources (a kind that always exists has none). */
export function createOperationsOf(resources: readonly Props[]): OperationName[] {
  const ops = new Set<OperationName>();
  for (const { kind } of resources) {
    const create = RESOURCE_SPECS[kind as string]?.ops.create;
    if (create === undefined) continue;
    // A create changes the service: never a read.
    if (routeOf(create).method === "GET") throw new Error(`nms:${kind} creates by ${create}, a read`);
    ops.add(create);
  }
  return [...ops].sort();
}

/** Collection name → objects the tenant holds (the default AP groups left out: every venue has one). */
function objectCounts(held: Record<string, Props[]>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(held)
      .map(
        ([collection, objects]) =>
          [collection, objects.filter((o) => !(collection === "apGroups" && o.isDefault)).length] as const,
      )
      .filter(([, count]) => count > 0),
  );
}

function difference(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).flatMap(([collection, n]) =>
      n - (before[collection] ?? 0) === 0 ? [] : [[collection, n - (before[collection] ?? 0)]],
    ),
  );
}

function ok(what: string, result: RunResult): RunResult {
  if (result.failed) throw new Error(`${what} failed:\n${result.errors.join("\n")}`);
  return result;
}

async function requestsOf(emu: ChaosEmulator, createOps: readonly string[]): Promise<UpRequests> {
  const { total, byOp } = (await adminCall(emu, "GET", "/stats")) as {
    total: number;
    byOp: Record<string, Record<string, number>>;
  };
  const of = (op: string) => Object.values(byOp[op] ?? {}).reduce((a, b) => a + b, 0);
  return { total, creates: createOps.reduce((n, op) => n + of(op), 0), recordReads: of("getRequest") };
}

/** One clean deployment and one with every create operation's answer lost once; throws with what went wrong. */
export async function runLostCreates(emu: ChaosEmulator, cases: readonly KindCase[]): Promise<LostCreateReport> {
  const resources = resourcesOf(cases);
  const createOps = createOperationsOf(resources);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-lost-creates-"));
  const options = (stackName: string): StackOptions => ({
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "kinds",
    stackName,
    statePath: path.join(dir, `${stackName}.json`),
    passphrase: "lost creates passphrase",
    config: {
      "nms:baseUrl": emu.url,
      "nms:tenantId": emu.tenantId,
      "nms:username": emu.username,
      "nms:maxRequestsPerSecond": "2000",
      "kinds:resources": JSON.stringify(resources),
      "kinds:overrides": "{}",
    },
    secretConfig: {
      "nms:password": emu.password,
      ...Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`kinds:${k}`, v])),
    },
    timeoutMs: 600_000,
  });
  try {
    // The clean run: what the stack leaves, and what it costs.
    await adminCall(emu, "POST", "/reset");
    await adminCall(emu, "PUT", "/config", {
      asyncDelayMs: 20,
      asyncJitterMs: 10,
      asyncLatencyByOp: {},
      rateLimit: null,
    });
    const before = objectCounts(await objectsOf(emu));
    await adminCall(emu, "DELETE", "/stats");
    const cleanRun = ok("the clean up", await up(options("clean")));
    const clean = difference(objectCounts(await objectsOf(emu)), before);
    const cleanRequests = await requestsOf(emu, createOps);
    ok("the clean destroy", await destroy(options("clean")));
    // What destroy leaves by design (a recovery PSK is forgotten, never deleted).
    const cleanLeft = difference(objectCounts(await objectsOf(emu)), before);

    // The same stack with the first request of every create operation applied and its answer lost.
    await adminCall(emu, "POST", "/reset");
    await adminCall(emu, "PUT", "/config", {
      asyncDelayMs: 20,
      asyncJitterMs: 10,
      asyncLatencyByOp: {},
      rateLimit: null,
    });
    for (const op of createOps)
      await adminCall(emu, "POST", "/faults", { kind: "lost-answer", op, tenantId: emu.tenantId, count: 1 });
    await adminCall(emu, "DELETE", "/stats");
    const lostRun = ok("the up with every create's answer lost once", await up(options("lost")));
    const lostRequests = await requestsOf(emu, createOps);
    const { exhausted, faults } = (await adminCall(emu, "GET", "/faults")) as {
      exhausted: { op: string; fired: number }[];
      faults: { op: string }[];
    };
    const notLost = [...faults.map((f) => f.op), ...exhausted.filter((f) => f.fired !== 1).map((f) => f.op)];
    if (notLost.length > 0)
      throw new Error(`the answers of ${notLost.join(", ")} were not lost: the stack does not use them as it should`);
    const held = difference(objectCounts(await objectsOf(emu)), before);
    // One object per create: the tenant holds, collection by collection, what the clean run left.
    expect(held).toEqual(clean);
    expect(lostRun.steps.filter((s) => s.custom && s.op === "create").length).toBe(
      cleanRun.steps.filter((s) => s.custom && s.op === "create").length,
    );
    const planned = await preview(options("lost"));
    ok("the preview after it", planned);
    const changed = planned.steps
      .filter((s) => s.custom && s.op !== "same")
      .map((s) => `${s.name}: ${s.op} ${s.changedPaths.join(",")}`);
    expect(changed).toEqual([]);
    ok("the destroy after it", await destroy(options("lost")));
    expect(difference(objectCounts(await objectsOf(emu)), before)).toEqual(cleanLeft);
    const count = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      resources: lostRun.steps.filter((s) => s.custom).length,
      creates: resources.filter(({ kind }) => RESOURCE_SPECS[kind as string]?.ops.create !== undefined).length,
      createOps,
      lostAnswers: exhausted.reduce((n, f) => n + f.fired, 0),
      objects: count(held),
      cleanObjects: count(clean),
      secondPreviewChanges: planned.changes,
      requests: { clean: cleanRequests, lost: lostRequests },
    };
  } finally {
    await adminCall(emu, "DELETE", "/faults").catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatLostCreates(r: LostCreateReport): string {
  const { clean, lost } = r.requests;
  return (
    `lost creates: ${r.resources} resources (${r.creates} created by an operation), the answer of each of ${r.createOps.length} create operations ` +
    `lost once (${r.lostAnswers} lost: ${r.createOps.join(" ")}); objects held ${r.objects} (clean run ${r.cleanObjects}); ` +
    `second preview ${r.secondPreviewChanges} changes; requests of the up ${lost.total} (clean ${clean.total}), ` +
    `creates sent ${lost.creates} (clean ${clean.creates}), getRequest reads ${lost.recordReads} (clean ${clean.recordReads})`
  );
}

/** Runs the lost-create chaos over the cases, prints its figures, and checks one object per create and a clean second preview. */
export async function expectEveryCreateOnce(emu: ChaosEmulator, cases: readonly KindCase[]): Promise<LostCreateReport> {
  const report = await runLostCreates(emu, cases);
  process.stdout.write(`${formatLostCreates(report)}\n`);
  expect(report.objects).toBe(report.cleanObjects);
  expect(report.secondPreviewChanges).toBe(0);
  expect(report.lostAnswers).toBe(report.createOps.length);
  return report;
}

/** The cases of the short form: one per shape of create the full form has besides the supporting resources. */
export const SHORT_FORM_CASES: readonly KindCase[] = KIND_CASES.filter((c) =>
  ["visitor", "printer-key", "sw-trusted-uplink", "oncall", "lobby"].includes(c.name),
);
export { KIND_CASES };
