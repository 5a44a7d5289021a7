// The service a measured run deploys to: the emulator reset, the MSP estate's customers made, licences granted; and
// what it holds of the stack afterwards.
import type { EmulatorInfo } from "../emulatorProcess";
import type { Composition } from "./composition";
import type { BenchEmulator } from "./emulator";
import type { BenchOptions } from "./options";
import type { ServiceCredentials } from "./stack";

/** Enough device licences for the stack: every `…Licenses` setting the emulator has (ENT-10003 gates AP additions). */
async function grantLicences(emulator: BenchEmulator, tenantId: string, stack: Composition): Promise<void> {
  const settings = await emulator.admin<Record<string, unknown>>("GET", `tenants/${tenantId}/settings`);
  const needed = 2 * Math.max(stack.aps, stack.switches, 1);
  const patch: Record<string, number> = {};
  for (const [key, value] of Object.entries(settings))
    if (/Licenses$/.test(key) && typeof value === "number" && value < needed) patch[key] = needed;
  if (Object.keys(patch).length > 0) await emulator.admin("PUT", `tenants/${tenantId}/settings`, patch);
}

export const HELD_KINDS = [
  "venues",
  "aps",
  "networks",
  "activations",
  "switches",
  "switchProfiles",
  "switchVlans",
] as const;

/** What the emulator holds of the stack's main kinds in these tenants together, by its admin view. */
export async function heldCounts(emulator: BenchEmulator, tenantIds: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(HELD_KINDS.map((kind) => [kind, 0]));
  for (const tenantId of tenantIds) {
    const held = await emulator.admin<Record<string, unknown[]>>("GET", `tenants/${tenantId}/objects`);
    for (const kind of HELD_KINDS) counts[kind] += held[kind]?.length ?? 0;
  }
  return counts;
}

/** The tenants the stack's objects go to: the end customers' for the MSP estate, else the login's own. */
export function stackTenants(creds: ServiceCredentials): string[] {
  return creds.customerTenants && creds.customerTenants.length > 0 ? creds.customerTenants : [creds.tenantId];
}

/**
 * The MSP estate's end customers: `count` tenants the emulator creates, each made an end customer of the login's
 * tenant (delegated access), as tests/provider/tenantIsolation.test.ts and examples/msp set them up.
 */
async function createCustomerTenants(emulator: BenchEmulator, mspTenantId: string, count: number): Promise<string[]> {
  const tenants: string[] = [];
  for (let i = 0; i < count; i++) {
    const { tenantId } = await emulator.admin<{ tenantId: string }>("POST", "tenants", {
      name: `Customer ${String(i).padStart(2, "0")}`,
    });
    await emulator.admin("PUT", `tenants/${tenantId}/msp`, { mspTenantId });
    tenants.push(tenantId);
  }
  return tenants;
}

/** A fresh service for a measured run: same tenant, same settings, counters cleared; the MSP estate's customers created anew. */
export async function freshService(
  emulator: BenchEmulator,
  opts: BenchOptions,
  stack: Composition,
): Promise<ServiceCredentials> {
  const login = await emulator.admin<EmulatorInfo>("POST", "reset");
  const creds: ServiceCredentials =
    stack.tenants > 0
      ? { ...login, customerTenants: await createCustomerTenants(emulator, login.tenantId, stack.tenants) }
      : login;
  await emulator.admin("PUT", "config", {
    asyncDelayMs: opts.latencyMs,
    asyncJitterMs: opts.jitterMs,
    asyncLatencyByOp: {},
    rateLimit: { requestsPerSecond: opts.rate, burst: opts.burst },
  });
  for (const tenantId of stackTenants(creds)) await grantLicences(emulator, tenantId, stack);
  await emulator.takeStats();
  await emulator.takeRequestSpan();
  return creds;
}
