// The client is captured into each dynamic resource's serialized provider, and refresh and
// destroy run that serialized copy (docs/pulumi-facts.md §3). Pulumi's closure serializer re-creates
// classes differently from the engine (field initializers dropped, Error called as a function,
// prototype links only for classes with methods), so this test compiles the client, serializes a
// closure that uses it with Pulumi's own serializer, and runs the copy against a fake service.

import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "../../..");

function compileClientInto(outDir: string): void {
  const sources = [
    ...fs
      .readdirSync(path.join(ROOT, "contract"), { recursive: true })
      .map((file) => path.join("contract", String(file))),
    ...fs.readdirSync(path.join(ROOT, "provider/client")).map((file) => path.join("provider/client", file)),
  ].filter((file) => file.endsWith(".ts"));
  for (const file of sources) {
    const output = ts.transpileModule(fs.readFileSync(path.join(ROOT, file), "utf8"), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: false },
      fileName: file,
    });
    const target = path.join(outDir, file.replace(/\.ts$/, ".js"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, output.outputText);
  }
}

// Runs in a child process: serializes `scenario` and runs the serialized copy, never the original.
const CHILD_SCRIPT = String.raw`
const http = require("node:http");
const Module = require("node:module");
const pulumi = require("@pulumi/pulumi");
const { NmsClient, NmsApiError, NmsError, NmsRequestFailedError, NmsWaitTimeoutError, isNotFound } = require("./provider/client");

let tokens = 0;
let venueHits = 0;
const submitted = [];
const lost = {};
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const send = (status, payload) => { res.writeHead(status, { "content-type": "application/json" }); res.end(payload === undefined ? "" : JSON.stringify(payload)); };
    const cookie = String(req.headers.cookie || "");
    const path = new URL(req.url, "http://x").pathname;
    const statusOf = (id) => (id === "ok" ? "SUCCESS" : id === "bad" ? "FAIL" : "PENDING");
    const recordOf = (id) => ({ requestId: id, status: statusOf(id), errors: id === "bad" ? [{ code: "WIFI-10000", message: "boom" }] : undefined });
    if (req.url === "/token") { tokens += 1; return send(200, { "API-KEY": "key-" + tokens }); }
    if (cookie === "API-KEY=key-1") return send(401, { errors: [{ code: "NMS-NOT-AUTHENTICATED", message: "expired" }] });
    if (path.endsWith("/venue") && req.method === "GET") { venueHits += 1; return venueHits === 1 ? send(500) : send(200, [{ id: "v1" }]); }
    if (req.url.endsWith("/venue/gone")) return send(404, { errors: [{ code: "NMS-NOT-FOUND", message: "requested resource not found" }], requestId: "r404" });
    if (path.endsWith("/venue") && req.method === "POST") {
      const name = JSON.parse(body).name;
      if (name === "lost") {
        // Acted on, answer lost: the record is named by the request's x-request-id.
        lost[req.headers["x-request-id"]] = { requestId: req.headers["x-request-id"], status: "SUCCESS", admin: "u", entityId: "v-lost", timestamp: new Date().toISOString() };
        return req.socket.destroy();
      }
      submitted.push(name);
      return send(202, { requestId: name, response: { id: "v2" } });
    }
    const listed = /request\/status\/(\w+)$/.exec(path);
    if (listed) return send(200, submitted.filter((id) => statusOf(id) === listed[1]).map(recordOf));
    const polled = /request\/([\w-]+)$/.exec(path);
    if (polled) return send(200, lost[polled[1]] || recordOf(polled[1]));
    send(404, { errors: [{ code: "NMS-NOT-FOUND", message: "no route" }] });
  });
});

server.listen(0, "127.0.0.1", async () => {
  const baseUrl = "http://127.0.0.1:" + server.address().port;
  const scenario = async () => {
    const client = new NmsClient({ baseUrl, tenantId: "t", username: "u", password: "pw-secret-1", retryBaseMs: 1, retryMaxMs: 5, pollInitialMs: 5, pollMaxMs: 20, waitTimeoutMs: 200 });
    const outcome = {};
    const describe = (e) => ({ name: e.name, kind: e.kind, isError: e instanceof Error, isNms: e instanceof NmsError, notFound: isNotFound(e), message: e.message, hasStack: typeof e.stack === "string" });
    try {
      outcome.list = await client.call("listVenues");
      outcome.listed = await client.list("listVenues");
      outcome.listedAgain = await client.list("listVenues"); // from the cache
      try { await client.call("getVenue", { venueId: "gone" }); } catch (e) { outcome.gone = { ...describe(e), api: e instanceof NmsApiError, status: e.status }; }
      outcome.executed = await client.execute("createVenue", {}, { body: { name: "ok" } });
      try { await client.execute("createVenue", {}, { body: { name: "bad" } }); } catch (e) { outcome.failed = { ...describe(e), typed: e instanceof NmsRequestFailedError, code: e.code }; }
      try { await client.execute("createVenue", {}, { body: { name: "slow" } }); } catch (e) { outcome.slow = { ...describe(e), typed: e instanceof NmsWaitTimeoutError }; }
      outcome.resolved = await client.execute("createVenue", {}, { body: { name: "lost" } });
      outcome.stats = client.stats();
    } finally {
      await client.close();
    }
    return outcome;
  };
  try {
    const serialized = await pulumi.runtime.serializeFunction(scenario, { isFactoryFunction: false });
    const copy = new Module(__dirname + "/serialized.js");
    copy.paths = Module._nodeModulePaths(__dirname);
    copy._compile(serialized.text, __dirname + "/serialized.js");
    const outcome = await copy.exports[serialized.exportName]();
    process.stdout.write(JSON.stringify({ outcome, tokens, venueHits }));
  } catch (e) {
    process.stdout.write(JSON.stringify({ failure: String(e && e.stack || e) }));
  } finally {
    server.close();
  }
});
`;

describe("Pulumi closure serialization", () => {
  it("a serialized copy of the client logs in, retries, maps errors and waits like the original", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-client-serialize-"));
    try {
      compileClientInto(dir);
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
      fs.writeFileSync(path.join(dir, "child.js"), CHILD_SCRIPT);
      const run = spawnSync(process.execPath, ["child.js"], { cwd: dir, encoding: "utf8", timeout: 15_000 });
      const result = JSON.parse(run.stdout || JSON.stringify({ failure: run.stderr }));
      expect(result.failure).toBeUndefined();
      const { outcome } = result;
      expect(outcome.list).toEqual([{ id: "v1" }]);
      expect(result.venueHits).toBe(3); // the 500 was retried; list() read once, then from its cache
      expect(outcome.listed).toEqual([{ id: "v1" }]);
      expect(outcome.listedAgain).toEqual([{ id: "v1" }]);
      expect(result.tokens).toBe(2); // key-1 was refused once, then renewed
      expect(outcome.gone).toMatchObject({
        name: "NmsApiError",
        kind: "api",
        isError: true,
        isNms: true,
        api: true,
        notFound: true,
        status: 404,
        hasStack: true,
      });
      expect(outcome.gone.message).toContain("getVenue failed with HTTP 404");
      expect(outcome.executed).toMatchObject({ response: { id: "v2" }, record: { status: "SUCCESS" } });
      expect(outcome.failed).toMatchObject({
        name: "NmsRequestFailedError",
        typed: true,
        isNms: true,
        code: "WIFI-10000",
      });
      expect(outcome.slow).toMatchObject({ name: "NmsWaitTimeoutError", typed: true, isNms: true });
      expect(outcome.slow.message).toContain("request slow did not finish within 200 ms");
      // The lost answer was resolved from the record of the write's own request ID (one getRequest read), not sent again.
      expect(outcome.resolved).toMatchObject({ record: { status: "SUCCESS", entityId: "v-lost" } });
      expect(outcome.resolved.record.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(outcome.stats.requests.createVenue).toBe(4); // ok, bad, slow, lost: each sent once
      // The coalesced waiter (the default) listed by status and never read a record alone.
      expect(outcome.stats.requests.listRequestsByStatus).toBeGreaterThan(0);
      expect(outcome.stats.requests.getRequest).toBe(1);
      expect(outcome.stats.requests.login).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
