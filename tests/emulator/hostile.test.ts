// Hostile input against every route of the route table: malformed JSON, wrong types, huge and
// deeply nested bodies, prototype keys, odd query strings, path segments with traversal, NUL,
// unicode and great length, bad cookies, wrong and missing gateway headers, foreign content
// types. Whatever arrives, the emulator answers below 500 with the service's error body, keeps
// serving, and never lets one tenant or a READ_ONLY administrator through.
import { request } from "node:http";
import { ERROR_CODES, OPERATION_IDS, OperationId, pathParamNames, ROUTES, WIRE_HEADERS } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { Client, otherTenant, start } from "../support/emulatorClient";

interface RawReply {
  status: number;
  text: string;
}

/** Sends exactly these bytes of path, headers and body (fetch would normalise the path). */
function raw(emu: RunningEmulator, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawReply> {
  const { hostname, port } = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const OPS = OPERATION_IDS.filter((op) => op !== "A1");
const WRITES = OPS.filter((op) => ROUTES[op].method !== "GET");

function pathWith(op: OperationId, tenantId: string, value: (name: string) => string): string {
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
  "wrong types in every usual field": JSON.stringify({ name: 7, venueId: [], description: {}, vlanId: "ten", serialNumber: true, id: null, enabled: "yes" }),
  "prototype keys": '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "name": "Proto"}',
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
function goodHeaders(op: OperationId, tenantId: string): Record<string, string> {
  const headers: Record<string, string> = { cookie, "content-type": "application/json" };
  for (const header of ROUTES[op].headers) headers[WIRE_HEADERS[header]] = header === "tenantId" ? tenantId : "fuzz-request";
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
    body.errors.every((e: any) => typeof e.code === "string" && e.code in ERROR_CODES && typeof e.message === "string");
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
  const reply = await client.call("A4");
  expect(reply.status).toBe(200);
}

describe("hostile input to every route", () => {
  it("bodies: malformed JSON, wrong types, prototype keys, deep nesting, huge and invalid UTF-8 bodies", async () => {
    const tenantId = client.tenantId;
    const calls = WRITES.flatMap((op) =>
      Object.entries(HOSTILE_BODIES).map(([what, body]) => ({
        op,
        what,
        send: () => raw(emu, ROUTES[op].method, pathWith(op, tenantId, (name) => `fuzz-${name}`), goodHeaders(op, tenantId), body),
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
        send: () => raw(emu, ROUTES[op].method, pathWith(op, tenantId, () => segment), goodHeaders(op, tenantId), ROUTES[op].method === "GET" ? undefined : "{}"),
      })),
    );
    // The tenant segment itself too.
    for (const [what, segment] of Object.entries(HOSTILE_SEGMENTS)) {
      calls.push({ op: "A4", what: `tenant ${what}`, send: () => raw(emu, "GET", pathWith("A4", segment, () => ""), goodHeaders("A4", segment)) });
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
        send: () => raw(emu, "GET", `${pathWith(op, tenantId, (name) => `fuzz-${name}`)}?${query}`, goodHeaders(op, tenantId)),
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
      "no gateway headers": (h) => Object.fromEntries(Object.entries(h).filter(([name]) => !Object.values(WIRE_HEADERS).includes(name as never))),
      "empty gateway headers": (h) => ({ ...h, ...Object.fromEntries(Object.values(WIRE_HEADERS).map((name) => [name, ""])) }),
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
          raw(emu, ROUTES[op].method, pathWith(op, tenantId, (name) => `fuzz-${name}`), change(goodHeaders(op, tenantId)), ROUTES[op].method === "GET" ? undefined : "--zz\r\ngarbage\r\n--zz--"),
      })),
    );
    await sendAll(calls);
    await stillServing();
  });

  it("methods and paths the route table does not have: 404 or 405-like refusals in the error body", async () => {
    const calls = ["PATCH", "OPTIONS", "TRACE", "DELETE", "PUT"].flatMap((method) =>
      ["/", "/api", "/api/tenant", `/api/tenant/${client.tenantId}/nothing-here`, "/token/extra", "/%", "//api//tenant"].map((path) => ({
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
    const params = Object.fromEntries(pathParamNames(ROUTES[op].path).map((name) => [name, name === "status" ? "SUCCESS" : `x-${name}`]));
    const reply = await stranger.call(op, { ...params, tenantId: client.tenantId }, ROUTES[op].method === "GET" ? undefined : {});
    expect({ op, status: reply.status, code: reply.body?.errors?.[0]?.code }).toEqual({ op, status: 403, code: "NMS-FORBIDDEN-TENANT" });
  });

  test.each(WRITES)("%s: a READ_ONLY administrator is refused", async (op) => {
    const params = Object.fromEntries(pathParamNames(ROUTES[op].path).filter((name) => name !== "tenantId").map((name) => [name, `x-${name}`]));
    const reply = await readOnly.call(op, params, {});
    expect({ op, status: reply.status, code: reply.body?.errors?.[0]?.code }).toEqual({ op, status: 403, code: "NMS-FORBIDDEN-ROLE" });
  });
});
