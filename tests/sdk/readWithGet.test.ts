// A venue made outside the stack, read with Venue.get through a program the harness runs, as the engine runs a read
// step (harness/readStep.ts): read in up, kept as external state, and never deleted by destroy.
// tests/sdk/lookupsStack.test.ts reads a table of kinds in a preview.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { destroy, type RunResult, type StackOptions, up } from "../../harness";
import { Client, start, venueBody } from "../support/emulatorClient";

const ROOT = path.resolve(__dirname, "..", "..");

let emulator: RunningEmulator;
let client: Client;
let dir: string;

beforeAll(async () => {
  emulator = await start({ asyncDelayMs: 5, rateLimit: null });
  client = await Client.login(emulator);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-read-"));
});

afterAll(async () => {
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const ok = (result: RunResult) => {
  if (result.failed) throw new Error(result.errors.join("\n"));
  return result;
};

/** The service operations sent since the last call (the emulator's request log, admin calls left out). */
async function sentSince(): Promise<string[]> {
  const { entries } = (await (await fetch(`${emulator.url}/__admin/log`)).json()) as { entries: { op: string }[] };
  await fetch(`${emulator.url}/__admin/log`, { method: "DELETE", headers: { "content-type": "application/json" } });
  return entries.map((e) => e.op).filter((op) => op !== "admin");
}

test("a venue read with get: read in up, kept as external state, left in the service by destroy", async () => {
  const venue = await client.ok("createVenue", {}, venueBody("Read site"));
  const opts: StackOptions = {
    projectDir: ROOT,
    program: path.join(__dirname, "fixtures", "readVenue", "index.js"),
    projectName: "read",
    stackName: "dev",
    statePath: path.join(dir, "state.json"),
    passphrase: "read passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "read:venueId": venue.id,
    },
    secretConfig: { "nms:password": emulator.demo.password },
  };

  const read = ok(await up(opts));
  expect(read.outputs).toEqual({ name: "Read site", tenantId: emulator.demo.tenantId });
  expect(read.steps.filter((step) => step.custom).map((step) => [step.name, step.op])).toEqual([["office", "read"]]);
  const state = JSON.parse(fs.readFileSync(opts.statePath, "utf8")) as { resources: Record<string, unknown>[] };
  expect(state.resources.find((r) => String(r.urn).endsWith("::office"))).toMatchObject({
    id: venue.id,
    external: true,
  });

  await sentSince();
  const destroyed = ok(await destroy(opts));
  expect(destroyed.steps.some((step) => step.name === "office")).toBe(true);
  const sent = await sentSince();
  expect(sent.filter((op) => op === "deleteVenues" || op === "deleteVenue")).toEqual([]);
  expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(200);
});
