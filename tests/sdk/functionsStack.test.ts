// Functions and actions in a real stack program, run by the engine harness: reads run in preview
// and up, actions only in up, and nothing lands in state but the stack's outputs.
// The program talks to the fake service (tests/provider/functionsFakeService.ts) because the
// emulator does not serve listAps, pingFromAp and rebootAp yet; run it against the emulator once it does.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview, up, UNKNOWN_VALUE, type RunResult, type StackOptions } from "../../harness";
import { FAKE_PING_OUTPUT, startFakeService, type FakeService } from "../provider/functionsFakeService";

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "fixtures", "functions", "index.js");

let fake: FakeService;
let dir: string;

beforeAll(async () => {
  fake = await startFakeService(3);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-functions-"));
});

afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(): StackOptions {
  return {
    projectDir: ROOT,
    program: PROGRAM,
    projectName: "functions",
    stackName: "dev",
    statePath: path.join(dir, "state.json"),
    passphrase: "functions passphrase",
    config: {
      "nms:baseUrl": fake.url,
      "nms:tenantId": fake.tenantId,
      "nms:username": fake.username,
      "nms:logLevel": "warn",
    },
    secretConfig: { "nms:password": fake.password },
  };
}

function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

describe("functions in a stack program", () => {
  it("preview runs the reads and none of the actions", async () => {
    const result = ok(await preview(options()));
    expect(result.outputs.tenantName).toBe("Fake Tenant");
    expect(result.outputs.apCount).toBe(3);
    expect(result.outputs.reboot).toEqual({
      ran: false,
      reason: expect.stringContaining("a preview never runs actions"),
    });
    expect(result.outputs.ping).toBe(UNKNOWN_VALUE);
    expect([fake.served("rebootAp").length, fake.served("pingFromAp").length]).toEqual([0, 0]);
  });

  it("up runs the actions once each, and keeps no resource in state", async () => {
    const result = ok(await up(options()));
    expect(result.outputs.reboot).toEqual({ ran: true, requestId: expect.any(String) });
    expect(result.outputs.ping).toEqual({ ran: true, requestId: expect.any(String), response: FAKE_PING_OUTPUT });
    expect([fake.served("rebootAp").length, fake.served("pingFromAp").length]).toEqual([1, 1]);
    const state = JSON.parse(fs.readFileSync(options().statePath, "utf8")) as { resources: { type: string }[] };
    expect(state.resources.map((r) => r.type)).toEqual(["pulumi:pulumi:Stack"]);
  });
});
