// Hostile input against every route of the route table: malformed JSON, wrong types, huge and
// deeply nested bodies, prototype keys, odd query strings, path segments with traversal, NUL,
// unicode and great length, bad cookies, wrong and missing gateway headers, foreign content
// types. Whatever arrives, the emulator answers below 500 with the service's error body, keeps
// serving, never lets one tenant or a READ_ONLY administrator through, and keeps its memory
// bounded (an emulator in a child process, measured after GC around a fuzz volume).
import { fork } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { request } from "node:http";
import {
  ERROR_CODES,
  isRead,
  OPERATION_NAMES,
  type OperationName,
  pathParamNames,
  ROUTES,
  WIRE_HEADERS,
} from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { Client, otherTenant, start } from "../support/emulatorClient";

interface RawReply {
  status: number;
  text: string;
}

/** Sends exactly these bytes of path, headers and body (fetch would normalise the path). */
function raw(
  emu: RunningEmulator,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawReply> {
  const { hostname, port } = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const OPS = OPERATION_NAMES.filter((op) => op !== "login");
const WRITES = OPS.filter((op) => !isRead(ROUTES[op]));

function pathWith(op: OperationName, tenantId: string, value: (name: string) => string): string {
  return ROUTES[op].path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "tenantId" ? tenantId : value(name)));
}

function nested(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

const HOSTILE_BODIES: Record<string, string | Buffer> = {
  "truncated JSON": '{"name": "x", ',
  "not JSON at all": "name=x&venueId=y",
  "a number": "42",
  "a string": '"venue"',
  null: "null",
  "an empty array": "[]",
  "an empty object": "{}",
  "an array of nulls": "[null, null]",
  "an array of numbers": "[1, 2, 3]",
  "wrong types in every usual field": JSON.stringify({
    name: 7,
    venueId: [],
    description: {},
    vlanId: "ten",
    serialNumber: true,
    id: null,
    enabled: "yes",
  }),
  "prototype keys":
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "name": "Proto"}',
  "an array of prototype keys": '[{"__proto__": {"polluted": true}}]',
  "deeply nested arrays": nested(20_000),
  "deeply nested objects": '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000),
  "ten thousand keys": JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
  "a 200 kB string": JSON.stringify({ name: "x".repeat(200_000), description: "y".repeat(200_000) }),
  "more than a megabyte": Buffer.alloc(1_100_000, 0x20),
  "invalid UTF-8": Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
};

const HOSTILE_SEGMENTS: Record<string, string> = {
  traversal: "..%2F..%2Fetc%2Fpasswd",
  "dot segments": "..",
  "a NUL byte": "abc%00def",
  "broken percent-encoding": "%E0%A4%A",
  unicode: encodeURIComponent("ünï-cødé-💥"),
  "five thousand characters": "a".repeat(5_000),
  "a JSON payload": encodeURIComponent('{"$where":"1"}'),
};

const HOSTILE_QUERIES = [
  "page=-1&size=-5",
  "page=abc&size=xyz",
  "page=1&page=2&size=3&size=4",
  "size=99999999999999999999&page=1e400",
  "unknown=1&%ZZ=%ZZ&deep=maybe&operational=perhaps",
  "type=NOT_A_TYPE&status=NOT_A_STATUS",
];

let emu: RunningEmulator;
let client: Client;
let cookie: string;

beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
  cookie = client.cookie!;
});
afterAll(() => emu.close());

/** The headers a well-formed call of `op` carries: the cookie, JSON, and the gateway's two. */
function goodHeaders(op: OperationName, tenantId: string): Record<string, string> {
  const headers: Record<string, string> = { cookie, "content-type": "application/json" };
  for (const header of ROUTES[op].headers)
    headers[WIRE_HEADERS[header]] = header === "tenantId" ? tenantId : "fuzz-request";
  return headers;
}

/** The reply is the service's error body (or a success), never a 5xx. */
function expectServiceAnswer(op: string, what: string, reply: RawReply): void {
  const verdict = { op, what, status: reply.status, body: reply.text.slice(0, 300) };
  expect(verdict.status).toBeGreaterThanOrEqual(200);
  if (reply.status >= 500) throw new Error(`5xx: ${JSON.stringify(verdict)}`);
  if (reply.status < 400) return;
  let body: any;
  try {
    body = JSON.parse(reply.text);
  } catch {
    throw new Error(`error answer is not JSON: ${JSON.stringify(verdict)}`);
  }
  const wellFormed =
    Array.isArray(body?.errors) &&
    body.errors.length > 0 &&
    typeof body.requestId === "string" &&
    body.errors.every(
      (e: any) =>
        typeof e.code === "string" &&
        // The service's codes, or the emulator's own (EMU-, emulator/README.md): 415 for a content type a route does not take.
        (e.code in ERROR_CODES || /^EMU-[A-Z-]+$/.test(e.code)) &&
        typeof e.message === "string",
    );
  if (!wellFormed) throw new Error(`not the service's error body: ${JSON.stringify(verdict)}`);
}

/** Sends the requests a few at a time, checking each answer. */
async function sendAll(calls: { op: string; what: string; send: () => Promise<RawReply> }[]): Promise<void> {
  for (let i = 0; i < calls.length; i += 16) {
    const batch = calls.slice(i, i + 16);
    const replies = await Promise.all(batch.map((c) => c.send()));
    replies.forEach((reply, j) => expectServiceAnswer(batch[j].op, batch[j].what, reply));
  }
}

async function stillServing(): Promise<void> {
  const reply = await client.call("getTenant");
  expect(reply.status).toBe(200);
}

describe("hostile input to every route", () => {
  it("bodies: malformed JSON, wrong types, prototype keys, deep nesting, huge and invalid UTF-8 bodies", async () => {
    const tenantId = client.tenantId;
    const calls = WRITES.flatMap((op) =>
      Object.entries(HOSTILE_BODIES).map(([what, body]) => ({
        op,
        what,
        send: () =>
          raw(
            emu,
            ROUTES[op].method,
            pathWith(op, tenantId, (name) => `fuzz-${name}`),
            goodHeaders(op, tenantId),
            body,
          ),
      })),
    );
    await sendAll(calls);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await stillServing();
  });

  it("path segments: traversal, dot segments, NUL, broken encoding, unicode, great length, JSON", async () => {
    const tenantId = client.tenantId;
    const calls = OPS.filter((op) => pathParamNames(ROUTES[op].path).length > 1).flatMap((op) =>
      Object.entries(HOSTILE_SEGMENTS).map(([what, segment]) => ({
        op,
        what,
        send: () =>
          raw(
            emu,
            ROUTES[op].method,
            pathWith(op, tenantId, () => segment),
            goodHeaders(op, tenantId),
            ROUTES[op].method === "GET" ? undefined : "{}",
          ),
      })),
    );
    // The tenant segment itself too.
    for (const [what, segment] of Object.entries(HOSTILE_SEGMENTS)) {
      calls.push({
        op: "getTenant",
        what: `tenant ${what}`,
        send: () =>
          raw(
            emu,
            "GET",
            pathWith("getTenant", segment, () => ""),
            goodHeaders("getTenant", segment),
          ),
      });
    }
    await sendAll(calls);
    await stillServing();
  });

  it("query strings: negative, non-numeric, repeated, enormous, unknown and broken parameters", async () => {
    const tenantId = client.tenantId;
    const calls = OPS.filter((op) => ROUTES[op].method === "GET").flatMap((op) =>
      HOSTILE_QUERIES.map((query) => ({
        op,
        what: query,
        send: () =>
          raw(emu, "GET", `${pathWith(op, tenantId, (name) => `fuzz-${name}`)}?${query}`, goodHeaders(op, tenantId)),
      })),
    );
    await sendAll(calls);
    await stillServing();
  });

  it("cookies and headers: none, garbage, empty, huge; gateway headers missing, empty or naming another tenant; foreign content types", async () => {
    const tenantId = client.tenantId;
    const variants: Record<string, (h: Record<string, string>) => Record<string, string>> = {
      "no cookie": ({ cookie: _c, ...rest }) => rest,
      "garbage cookie": (h) => ({ ...h, cookie: "API-KEY=not-a-token" }),
      "empty cookie": (h) => ({ ...h, cookie: "API-KEY=" }),
      "malformed cookie header": (h) => ({ ...h, cookie: "=;;=;API-KEY" }),
      "huge cookie": (h) => ({ ...h, cookie: `API-KEY=${"z".repeat(8_000)}` }),
      "no gateway headers": (h) =>
        Object.fromEntries(Object.entries(h).filter(([name]) => !Object.values(WIRE_HEADERS).includes(name as never))),
      "empty gateway headers": (h) => ({
        ...h,
        ...Object.fromEntries(Object.values(WIRE_HEADERS).map((name) => [name, ""])),
      }),
      "another tenant in the header": (h) => ({ ...h, [WIRE_HEADERS.tenantId]: "f".repeat(32) }),
      "text content type": (h) => ({ ...h, "content-type": "text/plain" }),
      "multipart with no boundary": (h) => ({ ...h, "content-type": "multipart/form-data" }),
      "multipart with garbage": (h) => ({ ...h, "content-type": "multipart/form-data; boundary=zz" }),
    };
    const calls = OPS.flatMap((op) =>
      Object.entries(variants).map(([what, change]) => ({
        op,
        what,
        send: () =>
          raw(
            emu,
            ROUTES[op].method,
            pathWith(op, tenantId, (name) => `fuzz-${name}`),
            change(goodHeaders(op, tenantId)),
            ROUTES[op].method === "GET" ? undefined : "--zz\r\ngarbage\r\n--zz--",
          ),
      })),
    );
    await sendAll(calls);
    await stillServing();
  });

  it("methods and paths the route table does not have: 404 or 405-like refusals in the error body", async () => {
    const calls = ["PATCH", "OPTIONS", "TRACE", "DELETE", "PUT"].flatMap((method) =>
      [
        "/",
        "/api",
        "/api/tenant",
        `/api/tenant/${client.tenantId}/nothing-here`,
        "/token/extra",
        "/%",
        "//api//tenant",
      ].map((path) => ({
        op: "none",
        what: `${method} ${path}`,
        send: () => raw(emu, method, path, { cookie }, method === "TRACE" || method === "OPTIONS" ? undefined : "{}"),
      })),
    );
    await sendAll(calls);
    await stillServing();
  });
});

describe("isolation and roles, for every operation of the route table", () => {
  let stranger: Client;
  let readOnly: Client;
  beforeAll(async () => {
    stranger = await otherTenant(emu);
    readOnly = await Client.login(emu, emu.demo.readOnlyUsername, emu.demo.readOnlyPassword);
  });

  test.each(OPS)("%s: a token of another tenant is refused on this tenant's path", async (op) => {
    const params = Object.fromEntries(
      pathParamNames(ROUTES[op].path).map((name) => [name, name === "status" ? "SUCCESS" : `x-${name}`]),
    );
    const reply = await stranger.call(
      op,
      { ...params, tenantId: client.tenantId },
      ROUTES[op].method === "GET" ? undefined : {},
    );
    expect({ op, status: reply.status, code: reply.body?.errors?.[0]?.code }).toEqual({
      op,
      status: 403,
      code: "NMS-FORBIDDEN-TENANT",
    });
  });

  test.each(WRITES)("%s: a READ_ONLY administrator is refused", async (op) => {
    const params = Object.fromEntries(
      pathParamNames(ROUTES[op].path)
        .filter((name) => name !== "tenantId")
        .map((name) => [name, `x-${name}`]),
    );
    const reply = await readOnly.call(op, params, {});
    expect({ op, status: reply.status, code: reply.body?.errors?.[0]?.code }).toEqual({
      op,
      status: 403,
      code: "NMS-FORBIDDEN-ROLE",
    });
  });
});

/**
 * The emulator of dist/ in a child process with --expose-gc, answering "memory" with its usage
 * after two full collections and its peak resident size (VmHWM), so that the fuzz's cost to the
 * server can be measured apart from this process's.
 */
async function startMeasuredEmulator(dir: string) {
  const script = path.join(dir, "measured-emulator.js");
  fs.writeFileSync(
    script,
    `const { startEmulator } = require(${JSON.stringify(path.resolve(__dirname, "../../dist/emulator"))});
const fs = require("fs");
startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null }).then((emu) => {
  process.send({ url: emu.url, demo: emu.demo });
  process.on("message", (m) => {
    if (m !== "memory") return emu.close().then(() => process.exit(0));
    global.gc(); global.gc();
    const peak = /VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    const u = process.memoryUsage();
    process.send({ heapUsed: u.heapUsed, rss: u.rss, external: u.external, peakRss: peak ? Number(peak[1]) * 1024 : u.rss });
  });
});
`,
  );
  const child = fork(script, [], { execArgv: ["--expose-gc"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const next = <T>() => new Promise<T>((resolve) => child.once("message", (m) => resolve(m as T)));
  const started = await next<{ url: string; demo: RunningEmulator["demo"] }>();
  const emulator = { url: started.url, demo: started.demo } as RunningEmulator;
  return {
    emulator,
    memory: () => {
      const answer = next<{ heapUsed: number; rss: number; external: number; peakRss: number }>();
      child.send("memory");
      return answer;
    },
    stop: () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.send("stop"))),
  };
}

const MB = 1024 * 1024;

describe("memory under the fuzz", () => {
  it("stays bounded: a huge body is refused without being held whole, and 2,000 hostile requests leave the heap where it was", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-hostile-memory-"));
    const measured = await startMeasuredEmulator(dir);
    try {
      const target = measured.emulator;
      const fuzzer = await Client.login(target);
      const tenantId = fuzzer.tenantId;
      const headersOf = (op: OperationName) => {
        const headers: Record<string, string> = { cookie: fuzzer.cookie!, "content-type": "application/json" };
        for (const header of ROUTES[op].headers)
          headers[WIRE_HEADERS[header]] = header === "tenantId" ? tenantId : "fuzz-request";
        return headers;
      };
      const small = Object.entries(HOSTILE_BODIES).filter(([, body]) => body.length < 300_000);
      const round = (count: number) =>
        Array.from({ length: count }, (_, i) => {
          const op = WRITES[i % WRITES.length];
          const [what, body] = small[i % small.length];
          return {
            op,
            what,
            send: () =>
              raw(
                target,
                ROUTES[op].method,
                pathWith(op, tenantId, (name) => `fuzz-${name}`),
                headersOf(op),
                body,
              ),
          };
        });
      await sendAll(round(500)); // warm-up: code paths compiled, pools and caches at their working size
      const before = await measured.memory();

      // 64 MB in one body: refused (400, body too large) while being read, never held whole. The service answers and
      // closes the connection before the client has written it all, so the client may meet the closed socket (EPIPE,
      // ECONNRESET) before it reads the answer: that is the refusal too.
      const huge = Buffer.alloc(64 * MB, 0x20);
      const hugeReply = await raw(
        target,
        "POST",
        pathWith("createVenue", tenantId, () => ""),
        headersOf("createVenue"),
        huge,
      ).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "EPIPE" || error.code === "ECONNRESET") return undefined;
        throw error;
      });
      if (hugeReply) expectServiceAnswer("createVenue", "64 MB body", hugeReply);
      const afterHuge = await measured.memory();
      await sendAll(round(2_000));
      const after = await measured.memory();

      const mb = (bytes: number) => Math.round(bytes / MB);
      process.stdout.write(
        `emulator memory after GC: heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, RSS ${mb(before.rss)} → ${mb(after.rss)} MB; ` +
          `peak RSS ${mb(before.peakRss)} → ${mb(afterHuge.peakRss)} MB across a 64 MB body, → ${mb(after.peakRss)} MB after 2,000 hostile requests\n`,
      );
      // A body is held only up to its 1 MB limit: a 64 MB one held whole would raise the peak by 64 MB.
      expect((afterHuge.peakRss - before.peakRss) / MB).toBeLessThan(40);
      // What requests leave behind is bounded (the request log keeps 20,000 small entries): no growth per request.
      expect((after.heapUsed - before.heapUsed) / MB).toBeLessThan(8);
      expect((after.rss - before.rss) / MB).toBeLessThan(64);
    } finally {
      await measured.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
