// Test support: a client of the emulator's demo tenant, and calls to its admin API.
import type { RunningEmulator } from "../../emulator";
import { ClientOptions, NmsClient } from "../../provider/client";

/** A client logged in as the demo tenant's administrator, polling fast. */
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

/** A call to the emulator's admin API (no authentication, loopback only). */
export async function adminApi(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${emulator.url}/__admin/${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return text === "" ? undefined : JSON.parse(text);
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
