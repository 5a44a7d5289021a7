// A create is taken over as this stack's interrupted create only by the state that made it: the state's
// identity is a random ID its hidden resource made (provider/stateIdentity.ts), not the stack's names,
// which repeat (a self-managed backend's organization is always "organization"). Run by the harness
// against one tenant, in order: a stack renamed (it keeps its objects); new states of the first one's
// names (another backend's `dev`, a `dev` made again after the rename), refused; the renamed state as
// the SDK wrote it before the identity. The quickstart runs from dist/ (`npm test` builds first).
// A resource removed with `pulumi state delete` is not told from an interrupted create (docs/adoption.md).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview, up, type StackOptions } from "../../../harness";
import { loadState, saveState } from "../../../harness/state";
import {
  adminCall,
  type ChaosEmulator,
  objectsOf,
  QUICKSTART,
  RADIUS_SECRET,
  ROOT,
  startChaosEmulator,
} from "../chaos/helpers";

const PASSPHRASE = "state identity passphrase";
const TAKEOVER = /took over the object this stack's interrupted create made|up takes over/;
const IDENTITY_TYPE = "pulumi-nodejs:dynamic/nms:StateIdentity";

let emu: ChaosEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startChaosEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-state-identity-"));
});

afterAll(async () => {
  await emu?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function stackOptions(stackName: string, stateFile: string, lines: string[], offline = false): StackOptions {
  return {
    projectDir: ROOT,
    program: QUICKSTART.program,
    projectName: QUICKSTART.projectName,
    stackName,
    statePath: path.join(dir, stateFile),
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emu.url,
      "nms:tenantId": emu.tenantId,
      "nms:username": emu.username,
      "nms:maxRequestsPerSecond": "2000",
      ...(offline ? { "nms:offlinePreview": "true" } : {}),
    },
    secretConfig: { "nms:password": emu.password, "quickstart:radiusSecret": RADIUS_SECRET },
    log: (line) => lines.push(line),
    timeoutMs: 120_000,
  };
}

/** The objects a run made or kept, by ID. */
const idsOf = (steps: { custom: boolean; id?: string; type: string }[]) =>
  new Set(steps.flatMap((s) => (s.custom && s.id !== undefined && s.type !== IDENTITY_TYPE ? [s.id] : [])));

/** Expects `second` (a state of its own) to have failed on the first state's objects, with the hint, and taken none over. */
async function expectRefused(
  second: Awaited<ReturnType<typeof up>>,
  lines: string[],
  first: Set<string>,
  statePath: string,
  offline: boolean,
) {
  expect(second.failed).toBe(true);
  const venueError = second.errors.find((error) => error.includes("Venue") || error.includes("hq"));
  if (offline) {
    expect(venueError).toMatch(/HTTP 409: NMS-DUPLICATE-NAME/);
    expect(venueError).toMatch(/not taken over: the service holds no request [0-9a-f-]{36} of this stack's create/);
  } else {
    expect(venueError).toMatch(/check failed: property name: nms:Venue [0-9a-f]+ already holds name "Headquarters"/);
  }
  expect(venueError).toMatch(/set adoptByName: true or adoptId/);
  expect(lines.filter((line) => TAKEOVER.test(line))).toEqual([]);
  const state = loadState(statePath, PASSPHRASE).state;
  expect(state.resources.filter((r) => r.custom && r.id !== undefined && first.has(r.id))).toEqual([]);
}

// One first state, then states of the same names beside it: each test goes on from the one before.
let firstIds: Set<string>;

test("a state renamed (`pulumi stack rename`) keeps its objects with no change and no takeover", async () => {
  await adminCall(emu, "POST", "/reset");
  const lines: string[] = [];
  const original = await up(stackOptions("dev", "dev.json", lines));
  expect(original.failed).toBe(false);
  firstIds = idsOf(original.steps);
  // The rename moves the state to the new name, its URNs with it; the name `dev` is free again.
  const text = fs.readFileSync(path.join(dir, "dev.json"), "utf8");
  fs.writeFileSync(
    path.join(dir, "renamed.json"),
    text
      .replaceAll("urn:pulumi:dev::", "urn:pulumi:renamed::")
      .replaceAll("pulumi:pulumi:Stack::quickstart-dev", "pulumi:pulumi:Stack::quickstart-renamed")
      .replace(/"stack": ?"dev"/, '"stack": "renamed"'),
  );
  fs.rmSync(path.join(dir, "dev.json"));
  const renamedLines: string[] = [];
  const renamed = await up(stackOptions("renamed", "renamed.json", renamedLines));
  expect(renamed.failed).toBe(false);
  expect(renamed.steps.filter((s) => s.op !== "same").map((s) => [s.urn, s.op, s.changedFields])).toEqual([]);
  expect([...lines, ...renamedLines].filter((line) => TAKEOVER.test(line))).toEqual([]);
  expect(original.steps.filter((s) => s.type === IDENTITY_TYPE).map((s) => s.op)).toEqual(["create"]);
}, 240_000);

test.each([
  ["offline", true],
  ["reading the service", false],
])(
  "a new state of the same organization, project and stack names (another backend's, or a stack made again under the renamed one's name): its up is refused with the hint, never a takeover (preview %s)",
  async (_mode, offline) => {
    const before = await objectsOf(emu);
    const lines: string[] = [];
    const statePath = `dev-again-${offline}.json`;
    // Reading the service, `pulumi up`'s preview refuses the name (an update alone leaves that to the create's 409,
    // as offline).
    const again = await up({ ...stackOptions("dev", statePath, lines, offline), skipPreview: offline });
    await expectRefused(again, lines, firstIds, path.join(dir, statePath), offline);
    expect((await objectsOf(emu)).venues).toEqual(before.venues);
  },
  240_000,
);

test("a state written before the state's identity keeps its objects: its first up adds the identity alone, with no replace and no takeover", async () => {
  const lines: string[] = [];
  const opts = stackOptions("renamed", "renamed.json", lines);
  const { state, crypter } = loadState(opts.statePath, PASSPHRASE);
  // As the SDK wrote it before: no identity resource, the stack's names alone.
  state.resources = state.resources.filter((r) => r.type !== IDENTITY_TYPE);
  for (const resource of state.resources.filter((r) => r.custom)) {
    resource.inputs.__nmsStack = "organization/quickstart/renamed";
    resource.outputs.__nmsStack = "organization/quickstart/renamed";
    resource.dependencies = (resource.dependencies ?? []).filter((urn) => !urn.includes("StateIdentity"));
    if (resource.propertyDependencies) delete resource.propertyDependencies.__nmsStack;
  }
  saveState(opts.statePath, state, crypter);
  const planned = await preview(opts);
  expect(planned.failed).toBe(false);
  expect(planned.steps.filter((s) => s.op !== "same").map((s) => [s.type, s.op])).toEqual([[IDENTITY_TYPE, "create"]]);
  const upgraded = await up(opts);
  expect(upgraded.failed).toBe(false);
  expect(upgraded.steps.filter((s) => s.op !== "same").map((s) => [s.type, s.op])).toEqual([[IDENTITY_TYPE, "create"]]);
  expect(lines.filter((line) => TAKEOVER.test(line))).toEqual([]);
}, 240_000);
