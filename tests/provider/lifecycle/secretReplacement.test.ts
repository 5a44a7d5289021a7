// A replacement whose new inputs differ from the old only in secrets: the create's request ID leaves
// secrets out (provider/lifecycle/interruptedCreate.ts), so without more the replacement's create would carry
// the old object's create ID and find the old object as "its own interrupted create". The provider's
// check counts such replacements in a reserved input that enters the ID, so the replacement makes a
// new object. Run through a real program by the harness against the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { preview, up, type RunResult, type StackOptions } from "../../../harness";
import { adminApi } from "../../support/emulatorClient";

jest.setTimeout(300_000);

type Props = Record<string, any>;
type Row = { name: string; kind: string; args: Props; opts?: Props };

const ROOT = path.resolve(__dirname, "..", "..", "..");
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 5 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-secret-replace-"));
});

afterAll(async () => {
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function stack(stackName: string, resources: Row[], secrets: Record<string, string>): StackOptions {
  return {
    projectDir: ROOT,
    program: path.join(__dirname, "..", "fixtures", "table", "index.js"),
    projectName: "table",
    stackName,
    statePath: path.join(dir, `${stackName}.json`),
    passphrase: "secret replacement passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "table:resources": JSON.stringify(resources),
    },
    secretConfig: {
      "nms:password": emulator.demo.password,
      ...Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`table:${k}`, v])),
    },
  };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(result.errors.join("\n"));
  return result;
}

const step = (result: RunResult, name: string) => result.steps.find((s) => s.name === name)!;
const held = async () => adminApi(emulator, "GET", `/tenants/${emulator.demo.tenantId}/objects`);
/** The operations the emulator served since its log was cleared, in order. */
const servedOps = async () =>
  ((await adminApi(emulator, "GET", "/log")).entries as Props[])
    .filter((e) => e.op !== "admin")
    .map((e) => e.op as string);

test("a new password (replaceOnChanges) and a new DPSK passphrase make new objects, through the engine's second check of a replacement; the old ones are deleted (the passphrase after its replacement), and the state names the new", async () => {
  const resources: Row[] = [
    {
      name: "portal",
      kind: "VspotServer",
      args: { serverName: "Secret replace", serverAddress: "192.0.2.50", password: "${secret:vspot}" },
      opts: { replaceOnChanges: ["password"] },
    },
    {
      name: "printer",
      kind: "DpskPassphrase",
      args: { mac: "aa:bb:cc:dd:ee:51", passphrase: "${secret:dpsk}", vlanId: 20 },
    },
  ];
  const first = ok(await up(stack("both", resources, { vspot: "first-password", dpsk: "first-passphrase" })));
  const [oldServer, oldKey] = [step(first, "portal").id, step(first, "printer").id];

  await adminApi(emulator, "DELETE", "/log");
  const second = ok(await up(stack("both", resources, { vspot: "second-password", dpsk: "second-passphrase" })));
  expect(step(second, "portal")).toMatchObject({ op: "replace", deleteBeforeReplace: true });
  expect(step(second, "printer")).toMatchObject({ op: "replace" });
  const [newServer, newKey] = [step(second, "portal").id, step(second, "printer").id];
  expect(newServer).not.toBe(oldServer);
  expect(newKey).not.toBe(oldKey);

  const objects = await held();
  expect(
    objects.vspotServers.filter((s: Props) => s.serverName === "Secret replace").map((s: Props) => [s.id, s.password]),
  ).toEqual([[newServer, "second-password"]]);
  expect(
    objects.dpskPassphrases.filter((p: Props) => p.mac === "aa:bb:cc:dd:ee:51").map((p: Props) => [p.id, p.passphrase]),
  ).toEqual([[newKey, "second-passphrase"]]);
  // The old passphrase goes only once its replacement exists (create, then delete).
  const ops = (await servedOps()).filter((op) => op === "createDpskPassphrase" || op === "deleteDpskPassphrases");
  expect(ops).toEqual(["createDpskPassphrase", "deleteDpskPassphrases"]);
  expect(second.outputs).toMatchObject({ portal: newServer, printer: newKey });

  const again = ok(
    await preview({
      ...stack("both", resources, { vspot: "second-password", dpsk: "second-passphrase" }),
      refresh: true,
    }),
  );
  expect(again.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op])).toEqual([]);

  // The count survives in the state (and refresh): a third secret makes a third object, not a takeover of the second.
  await adminApi(emulator, "DELETE", "/log");
  const third = ok(await up(stack("both", resources, { vspot: "third-password", dpsk: "third-passphrase" })));
  expect([step(third, "portal").id, step(third, "printer").id]).not.toContain(newServer);
  expect(step(third, "printer").id).not.toBe(newKey);
  expect((await servedOps()).filter((op) => op === "createDpskPassphrase" || op === "deleteDpskPassphrases")).toEqual([
    "createDpskPassphrase",
    "deleteDpskPassphrases",
  ]);
  expect(
    (await held()).vspotServers.filter((s: Props) => s.serverName === "Secret replace").map((s: Props) => s.id),
  ).toEqual([step(third, "portal").id]);
});

test("a create-first replacement of a server that keeps its unique name is refused for the name, never a takeover of its own old object", async () => {
  const resources: Row[] = [
    {
      name: "portal",
      kind: "VspotServer",
      args: { serverName: "Create first", serverAddress: "192.0.2.51", password: "${secret:vspot}" },
      opts: { replaceOnChanges: ["password"], deleteBeforeReplace: false },
    },
  ];
  const first = ok(await up(stack("create-first", resources, { vspot: "first-password" })));
  const oldServer = step(first, "portal").id;

  const second = await up(stack("create-first", resources, { vspot: "second-password" }));
  expect(second.failed).toBe(true);
  expect(second.errors.join("\n")).toMatch(
    /not taken over: the service holds no request .*set adoptByName: true or adoptId/s,
  );
  const objects = await held();
  expect(
    objects.vspotServers.filter((s: Props) => s.serverName === "Create first").map((s: Props) => [s.id, s.password]),
  ).toEqual([[oldServer, "first-password"]]);
});
