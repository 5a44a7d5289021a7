// A program that imports the SDK and calls no function never loads the HTTP client (undici,
// p-retry, provider/client/client.ts); the first function call loads it. Nor does importing it load
// the modules of the kinds and functions (sdk/generated/index.ts loads each on first use, as Pulumi's
// codegen packages do). Checked in a fresh process on the built package, as a program loads it.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";

const ROOT = path.resolve(__dirname, "..", "..");

const PROGRAM = `
const loaded = () => {
  const files = Object.keys(require.cache);
  return {
    undici: files.some((f) => f.includes("/node_modules/undici/")),
    pRetry: files.some((f) => f.includes("/node_modules/p-retry/")),
    client: files.some((f) => f.endsWith("/dist/provider/client/client.js")),
    // The kinds' and functions' modules (not the index, the shared types or the reserved names).
    modules: files
      .filter((f) => f.includes("/dist/sdk/generated/") && !f.split("/dist/sdk/generated/")[1].includes("/"))
      .map((f) => f.split("/").pop())
      .filter((f) => f !== "index.js" && f !== "reservedInputs.js"),
  };
};
const nms = require("./dist/sdk/index.js");
const afterImport = loaded();
nms.getTenant().then((tenant) => {
  const afterCall = loaded();
  const venueClass = typeof nms.Venue;
  const afterTouch = loaded().modules;
  process.stdout.write(JSON.stringify({ afterImport, afterCall, afterTouch, venueClass, tenantId: tenant.id }));
});
`;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 20 });
});

afterAll(() => emulator.close());

function run(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    NMS_BASE_URL: emulator.url,
    NMS_TENANT_ID: emulator.demo.tenantId,
    NMS_USERNAME: emulator.demo.username,
    NMS_PASSWORD: emulator.demo.password,
    NMS_LOG_LEVEL: "warn",
  };
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ["-e", PROGRAM], { cwd: ROOT, env }, (error, stdout, stderr) =>
      resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("importing the SDK", () => {
  it("loads no HTTP client and no kind's module until used, then loads what is used, and the process ends by itself", async () => {
    const { code, stdout, stderr } = await run();
    expect([code, stderr]).toEqual([0, ""]);
    const report = JSON.parse(stdout);
    expect(report.afterImport).toEqual({ undici: false, pRetry: false, client: false, modules: [] });
    expect(report.afterCall).toEqual({ undici: true, pRetry: true, client: true, modules: ["getTenant.js"] });
    expect([report.venueClass, report.afterTouch.sort()]).toEqual(["function", ["getTenant.js", "venue.js"]]);
    expect(report.tenantId).toBe(emulator.demo.tenantId);
  });
});
