// A small HTTP client for the emulator tests: operations by ID (paths from the shared route
// table), the admin API, and waiting for request records.
import { OperationId, pathFor, ROUTES } from "../../contract";
import { EmulatorOptions, RunningEmulator, startEmulator } from "../../emulator";

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

export async function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : JSON.parse(text), headers: res.headers };
}

export function admin(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<Reply> {
  return send(`${emu.url}/__admin${path}`, method, body);
}

export class Client {
  constructor(
    readonly emu: RunningEmulator,
    readonly tenantId: string,
    readonly cookie: string | undefined,
  ) {}

  static async login(emu: RunningEmulator, username = emu.demo.username, password = emu.demo.password): Promise<Client> {
    const reply = await send(`${emu.url}/token`, "POST", { username, password });
    if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return new Client(emu, reply.body.tenantId, `API-KEY=${reply.body["API-KEY"]}`);
  }

  /** Calls an operation; tenantId is filled in unless given. */
  call(op: OperationId, params: Record<string, string> = {}, body?: unknown, query?: string): Promise<Reply> {
    const path = pathFor(op, { tenantId: this.tenantId, ...params });
    return send(`${this.emu.url}${path}${query ? `?${query}` : ""}`, ROUTES[op].method, body, this.cookie ? { cookie: this.cookie } : {});
  }

  /** Calls an async write, expects 202, and waits for its record to leave PENDING. */
  async write(op: OperationId, params: Record<string, string> = {}, body?: unknown): Promise<{ accepted: Reply; record: Reply["body"] }> {
    const accepted = await this.call(op, params, body);
    if (accepted.status !== 202) throw new Error(`${op} answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
    const record = await this.waitFor(accepted.body.requestId);
    return { accepted, record };
  }

  /** Writes and expects SUCCESS; returns the 202's response (the object written). */
  async ok(op: OperationId, params: Record<string, string> = {}, body?: unknown): Promise<Reply["body"]> {
    const { accepted, record } = await this.write(op, params, body);
    if (record.status !== "SUCCESS") throw new Error(`${op} ended ${record.status}: ${JSON.stringify(record.errors)}`);
    return accepted.body.response;
  }

  async waitFor(requestId: string, timeoutMs = 5000): Promise<Reply["body"]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = await this.call("A2", { requestId });
      if (reply.status !== 200) throw new Error(`A2 answered ${reply.status}`);
      if (reply.body.status !== "PENDING") return reply.body;
      if (Date.now() > deadline) throw new Error(`request ${requestId} still PENDING`);
      await sleep(20);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A second tenant with its own logged-in PRIME_ADMIN. */
export async function otherTenant(emu: RunningEmulator): Promise<Client> {
  const created = await admin(emu, "POST", "/tenants", { name: "Other Tenant" });
  return Client.login(emu, created.body.username, created.body.password);
}

// Bodies reused across the tests.
export const venueBody = (name = "Headquarters") => ({ name, description: "Main office", address: { city: "Lisbon", country: "Portugal" } });
export const apGroupBody = (venueId: string, name = "Lobby") => ({ name, venueId });
export const radiusPair = (port = 1812) => ({ primary: { ip: "192.0.2.10", port, sharedSecret: "radius-secret" } });
export const deepNetworkBody = (name = "Corp") => ({ name, type: "aaa", wlan: { vlanId: 10, wlanSecurity: "WPA2Enterprise" }, authRadius: radiusPair() });
export const pskNetworkBody = (name = "Guest") => ({ name, type: "psk", wlan: { wlanSecurity: "WPA2Personal", passphrase: "correct-horse" } });
