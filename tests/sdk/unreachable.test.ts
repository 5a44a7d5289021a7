// The service goes away while `up` waits for a create: the provider says so on its stderr (which
// Pulumi shows) within seconds and ends the wait at nms:unreachableTimeoutSeconds with the
// operation, the request ID and the reason, instead of a silent wait until the deadline; the
// accepted create stays in state as unfinished, so the next `up` does not create it twice.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { up } from "../../harness";

const ROOT = path.resolve(__dirname, "..", "..");

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  // A create stays PENDING for a minute: the wait is under way when the service goes.
  emulator = await startEmulator({ port: 0, asyncDelayMs: 60_000 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-unreachable-"));
});

afterAll(async () => {
  await emulator.close().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the emulator has accepted a create of a venue (createVenue). */
async function createAccepted(): Promise<void> {
  for (;;) {
    const { entries } = (await (await fetch(`${emulator.url}/__admin/log`)).json()) as {
      entries: { op: string; status: number }[];
    };
    if (entries.some((entry) => entry.op === "createVenue" && entry.status === 202)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a wait whose service is gone is told within seconds and ends at nms:unreachableTimeoutSeconds, naming operation, request and reason", async () => {
  const lines: string[] = [];
  const running = up({
    projectDir: ROOT,
    program: path.join(__dirname, "fixtures", "options", "index.js"),
    projectName: "options",
    stackName: "gone",
    statePath: path.join(dir, "state.json"),
    passphrase: "unreachable passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      // Short, as the test waits it out: the warning comes at a quarter of it (warningTimes, provider/client/reachability.ts).
      "nms:unreachableTimeoutSeconds": "4",
    },
    secretConfig: { "nms:password": emulator.demo.password },
    log: (line) => lines.push(line),
  });
  await createAccepted();
  const goneAt = Date.now();
  await emulator.close();
  const result = await running;
  const tookMs = Date.now() - goneAt;

  expect(result.failed).toBe(true);
  const error = result.errors.find((e) => e.startsWith("office "));
  expect(error).toMatch(
    /createVenue: request [0-9a-f-]+: stopped waiting after \d+ ms: cannot reach http:\/\/127\.0\.0\.1:\d+: no answer for/,
  );
  expect(error).toContain("ECONNREFUSED");
  // Told at warn level (shown at the default nms:logLevel) before it gave up.
  expect(
    lines.some((line) => /nms warn: cannot reach http:\/\/127\.0\.0\.1:\d+: .*still trying until/.test(line)),
  ).toBe(true);
  // The setting plus the poll's last attempts (and a busy machine), far from the 10-minute wait deadline.
  expect(tookMs).toBeLessThan(45_000);
  // The accepted create stays in state, as one that did not finish (its ID from the 202), for the next up.
  expect(result.steps.find((s) => s.name === "office")?.id).toBeDefined();
});
