// Two stacks of one project against one tenant, run by the harness with the environment the engine gives
// the dynamic-provider process (the project, never the stack or organization): a create of the second stack
// whose name the first stack's object holds is refused with the name-taken error and the adoption hint, and
// never taken over, whatever the equal names and inputs; and a state written before the SDK carried the
// stack shows no change. The quickstart runs from dist/ (`npm test` builds first).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview, up, type StackOptions } from "../../../harness";
import { ProviderHost } from "../../../harness/providerHost";
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

const PASSPHRASE = "two stacks passphrase";
const TAKEOVER_NOTICE = /took over the object this stack's interrupted create made/;

let emu: ChaosEmulator;
let dir: string;
const hostEnvs: Record<string, string | undefined>[] = [];

beforeAll(async () => {
  emu = await startChaosEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-two-stacks-"));
  const start = ProviderHost.start.bind(ProviderHost);
  jest.spyOn(ProviderHost, "start").mockImplementation((opts) => {
    hostEnvs.push(opts.env);
    return start(opts);
  });
});

afterAll(async () => {
  jest.restoreAllMocks();
  await emu?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function stackOptions(stackName: string, lines: string[], extraConfig: Record<string, string> = {}): StackOptions {
  return {
    projectDir: ROOT,
    program: QUICKSTART.program,
    projectName: QUICKSTART.projectName,
    stackName,
    statePath: path.join(dir, `${stackName}.json`),
    passphrase: PASSPHRASE,
    config: {
      "nms:baseUrl": emu.url,
      "nms:tenantId": emu.tenantId,
      "nms:username": emu.username,
      "nms:maxRequestsPerSecond": "2000",
      ...extraConfig,
    },
    secretConfig: { "nms:password": emu.password, "quickstart:radiusSecret": RADIUS_SECRET },
    log: (line) => lines.push(line),
    timeoutMs: 120_000,
  };
}

test("the provider host gets the engine's environment: the project, not the stack or organization", async () => {
  await adminCall(emu, "POST", "/reset");
  const lines: string[] = [];
  const result = await preview(stackOptions("env-check", lines));
  expect(result.failed).toBe(false);
  expect(hostEnvs.length).toBeGreaterThan(0);
  for (const env of hostEnvs) {
    expect(env.PULUMI_NODEJS_PROJECT).toBe("quickstart");
    expect(env.PULUMI_PROJECT).toBe("quickstart");
    expect(
      Object.keys(env).filter((key) => key === "PULUMI_NODEJS_STACK" || key === "PULUMI_NODEJS_ORGANIZATION"),
    ).toEqual([]);
  }
}, 120_000);

test.each([
  ["offline", { "nms:offlinePreview": "true" }],
  ["reading the service", {}],
])(
  "dev and prod of one project, same names, same tenant: prod's up fails with the name-taken error and the hint, never a takeover (preview %s)",
  async (mode, extraConfig) => {
    await adminCall(emu, "POST", "/reset");
    const devLines: string[] = [];
    const suffix = mode === "offline" ? "-offline" : "";
    const dev = await up(stackOptions(`dev${suffix}`, devLines, extraConfig));
    expect(dev.failed).toBe(false);
    const before = await objectsOf(emu);

    const prodLines: string[] = [];
    // Reading the service, `pulumi up`'s preview refuses the name (an update alone leaves that to the create's 409,
    // as offline).
    const prod = await up({
      ...stackOptions(`prod${suffix}`, prodLines, extraConfig),
      skipPreview: mode === "offline",
    });
    expect(prod.failed).toBe(true);
    const venueError = prod.errors.find((error) => error.includes("Venue") || error.includes("hq"));
    if (mode === "offline") {
      // The create reaches the service, which refuses the name; the provider finds no request of this stack's create.
      expect(venueError).toMatch(/HTTP 409: NMS-DUPLICATE-NAME/);
      expect(venueError).toMatch(/not taken over: the service holds no request [0-9a-f-]{36} of this stack's create/);
    } else {
      // The preview's check reads the service (provider/lifecycle/previewReads.ts) and refuses before any create.
      expect(venueError).toMatch(/check failed: property name: nms:Venue [0-9a-f]+ already holds name "Headquarters"/);
    }
    expect(venueError).toMatch(/set adoptByName: true or adoptId/);
    expect(prodLines.filter((line) => TAKEOVER_NOTICE.test(line))).toEqual([]);
    // prod's state names none of dev's objects, and dev's objects are as dev left them.
    const devIds = new Set(dev.steps.flatMap((s) => (s.id === undefined ? [] : [s.id])));
    const prodState = loadState(path.join(dir, `prod${suffix}.json`), PASSPHRASE).state;
    expect(prodState.resources.filter((r) => r.custom && r.id !== undefined && devIds.has(r.id))).toEqual([]);
    const after = await objectsOf(emu);
    expect(after.venues).toEqual(before.venues);
    expect(after.networks.map((n: { id: string }) => n.id)).toEqual(before.networks.map((n: { id: string }) => n.id));
  },
  240_000,
);

test("a state written before the SDK carried the stack shows no change, and the next up leaves it so", async () => {
  await adminCall(emu, "POST", "/reset");
  const lines: string[] = [];
  const opts = stackOptions("older-state", lines);
  expect((await up(opts)).failed).toBe(false);
  const { state, crypter } = loadState(opts.statePath, PASSPHRASE);
  for (const resource of state.resources.filter((r) => r.custom && !r.type.endsWith(":StateIdentity"))) {
    // The stack's names and the state's identity (provider/stateIdentity.ts).
    expect(resource.inputs.__nmsStack).toMatch(/^organization\/quickstart\/older-state\/[0-9a-f-]{36}$/);
    delete resource.inputs.__nmsStack;
    delete resource.outputs.__nmsStack;
  }
  saveState(opts.statePath, state, crypter);
  const planned = await preview(opts);
  expect(planned.failed).toBe(false);
  expect(planned.changes).toBe(0);
  const again = await up(opts);
  expect(again.failed).toBe(false);
  expect(again.changes).toBe(0);
  expect((await preview({ ...opts, refresh: true })).changes).toBe(0);
}, 240_000);
