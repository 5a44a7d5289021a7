// The one test helper for talking to the emulator: start it, call operations by ID over plain HTTP
// (paths, methods and gateway headers from the shared route table), wait for request records, use
// its admin API, and make provider clients of its tenants. Every test that needs an emulator
// starts it through here.
import * as pulumi from "@pulumi/pulumi";
import { randomUUID } from "node:crypto";
import { type OperationName, pathFor, ROUTES, WIRE_HEADERS, type WifiApiVariant } from "../../contract";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator";
import { type ClientOptions, NmsClient } from "../../provider/client";

export * from "./bodies";

export interface Reply {
  status: number;
  // Tests inspect answers freely; the shapes are what the tests assert.
  body: any;
  headers: Headers;
}

/**
 * No async delay and no rate limit unless a test asks for them: most suites fire hundreds of
 * requests a second at one tenant, and the rate limit has tests of its own.
 */
export async function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null, ...options });
}

export async function send(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : JSON.parse(text), headers: res.headers };
}

/** A call to the admin API (no authentication, loopback only; its writes are JSON, even without a body); `path` starts after /__admin. */
export function admin(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<Reply> {
  return send(
    `${emu.url}/__admin${path.startsWith("/") ? path : `/${path}`}`,
    method,
    body,
    method === "GET" ? {} : { "content-type": "application/json" },
  );
}

/** The admin API's answer body only. */
export async function adminApi(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<any> {
  return (await admin(emu, method, path, body)).body;
}

/** Header overrides of one call: a string replaces the header, null leaves it out. */
export type HeaderOverrides = Record<string, string | null>;

export class Client {
  constructor(
    readonly emu: RunningEmulator,
    readonly tenantId: string,
    readonly cookie: string | undefined,
  ) {}

  static async login(
    emu: RunningEmulator,
    username = emu.demo.username,
    password = emu.demo.password,
  ): Promise<Client> {
    const reply = await send(`${emu.url}/token`, "POST", { username, password });
    if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return new Client(emu, reply.body.tenantId, `API-KEY=${reply.body["API-KEY"]}`);
  }

  /**
   * Calls an operation; tenantId is filled in unless given. The headers the route requires are
   * sent as the gateway would (the path's tenant, a fresh request ID) unless `headers` overrides them.
   */
  call(
    op: OperationName,
    params: Record<string, string> = {},
    body?: unknown,
    query?: string,
    headers: HeaderOverrides = {},
  ): Promise<Reply> {
    const allParams = { tenantId: this.tenantId, ...params };
    const path = pathFor(op, allParams);
    const sent: Record<string, string> = this.cookie ? { cookie: this.cookie } : {};
    for (const header of ROUTES[op].headers) {
      sent[WIRE_HEADERS[header]] = header === "tenantId" ? allParams.tenantId : randomUUID();
    }
    for (const [name, value] of Object.entries(headers)) {
      if (value === null) delete sent[name];
      else sent[name] = value;
    }
    return send(`${this.emu.url}${path}${query ? `?${query}` : ""}`, ROUTES[op].method, body, sent);
  }

  /** Calls an async write, expects its route's success status, and waits for its record to leave PENDING. */
  async write(
    op: OperationName,
    params: Record<string, string> = {},
    body?: unknown,
  ): Promise<{ accepted: Reply; record: Reply["body"] }> {
    const accepted = await this.call(op, params, body);
    if (accepted.status !== ROUTES[op].success)
      throw new Error(`${op} answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
    const record = await this.waitFor(accepted.body.requestId);
    return { accepted, record };
  }

  /** Writes and expects SUCCESS; returns the answer's response (the object written). */
  async ok(op: OperationName, params: Record<string, string> = {}, body?: unknown): Promise<Reply["body"]> {
    const { accepted, record } = await this.write(op, params, body);
    if (record.status !== "SUCCESS") throw new Error(`${op} ended ${record.status}: ${JSON.stringify(record.errors)}`);
    return accepted.body.response;
  }

  async waitFor(requestId: string, timeoutMs = 5000): Promise<Reply["body"]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = await this.call("getRequest", { requestId });
      if (reply.status !== 200) throw new Error(`getRequest answered ${reply.status}`);
      if (reply.body.status !== "PENDING") return reply.body;
      if (Date.now() > deadline) throw new Error(`request ${requestId} still PENDING`);
      await sleep(20);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Settings the admin API takes per tenant. */
export interface TenantSettings {
  wifiApiVariant?: WifiApiVariant;
  wifiLicenses?: number;
}

/** A further tenant (with the given settings) and its logged-in PRIME_ADMIN. */
export async function tenantWith(
  emu: RunningEmulator,
  settings: TenantSettings = {},
  name = "Other Tenant",
): Promise<Client> {
  const created = await admin(emu, "POST", "/tenants", { name, ...settings });
  if (created.status !== 201) throw new Error(`tenant not created: ${created.status} ${JSON.stringify(created.body)}`);
  return Client.login(emu, created.body.username, created.body.password);
}

/** A second tenant with its own logged-in PRIME_ADMIN. */
export function otherTenant(emu: RunningEmulator): Promise<Client> {
  return tenantWith(emu);
}

/** A provider client logged in as the demo tenant's administrator, polling fast. */
export function demoClient(emulator: RunningEmulator, overrides: Partial<ClientOptions> = {}): NmsClient {
  return new NmsClient({
    baseUrl: emulator.url,
    tenantId: emulator.demo.tenantId,
    username: emulator.demo.username,
    password: emulator.demo.password,
    pollInitialMs: 10,
    pollMaxMs: 50,
    maxRequestsPerSecond: 1000,
    ...overrides,
  });
}

/** Requests the service served, by operation, not counting the admin API. */
export async function servedRequests(emulator: RunningEmulator): Promise<{ method: string; op: string }[]> {
  const { entries } = (await adminApi(emulator, "GET", "log")) as { entries: { method: string; op: string }[] };
  return entries.filter((entry) => entry.op !== "admin");
}

/** Resolves once `condition` holds (checked every 25 ms); rejects after `timeoutMs`. */
export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Pulumi's mocked engine for tests of the SDK's functions against the emulator: resources are
 * answered by the mocks (a resource named "pending-..." has no ID in preview, as one to be
 * created), functions call the service (`nmsFunctionsCallService`, provider/programClient.ts).
 */
export function mockEngineCallingService(preview: boolean): void {
  const mocks = {
    newResource: (args: { name: string; inputs: Record<string, unknown> }) => ({
      id: preview && args.name.startsWith("pending-") ? undefined : `${args.name}-id`,
      state: args.inputs,
    }),
    call: () => ({}),
    nmsFunctionsCallService: true,
  };
  void pulumi.runtime.setMocks(mocks as pulumi.runtime.Mocks, "nms-test", "dev", preview);
}

/**
 * Puts the program runtime in or out of preview without mocking anything, for tests that call the
 * provider's function runner directly (under mocks the mocks would answer the functions).
 */
export function setPreview(preview: boolean): void {
  // Exported by the runtime's settings module for this purpose, though not declared in its typings.
  (pulumi.runtime as unknown as { _setIsDryRun(value: boolean): void })._setIsDryRun(preview);
}
