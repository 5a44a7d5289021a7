// Wi-Fi calling profiles (W91–W96), vSPoT servers (W86–W90), device policies (W68–W72, newer)
// and the tenant's recovery PSK (W82, W83). Profiles and policies that a network's WLAN names
// (wlan.advancedCustomization.wifiCallingIds, devicePolicyId) cannot be deleted (NMS-IN-USE).
import {
  DevicePolicyInput,
  devicePolicyInputSchema,
  MAX_DEVICE_POLICIES,
  recoveryPskInputSchema,
  validateBody,
  VspotServerInput,
  vspotServerInputSchemaFor,
  WifiCallingProfileInput,
  wifiCallingProfileInputSchema,
} from "../../../contract";
import { ApiError, relatedNotFound, validationError } from "../../errors";
import { ok } from "../../handlers";
import type { KindDef } from "../../model/kind";
import type { TenantState } from "../../model/tenant";

export interface WifiCallingProfileRecord extends WifiCallingProfileInput {
  id: string;
}

export interface VspotServerRecord extends Omit<VspotServerInput, "venues"> {
  id: string;
  venues?: { id: string; name: string }[];
}

export interface DevicePolicyRecord extends DevicePolicyInput {
  id: string;
  tenantId: string;
}

export interface RecoveryPskRecord {
  /** The tenant's ID: one recovery PSK per tenant. */
  id: string;
  psk: string;
}

type AdvancedCustomization = { wifiCallingIds?: string[]; devicePolicyId?: string };
const advancedOf = (network: Record<string, unknown>): AdvancedCustomization =>
  ((network.wlan as { advancedCustomization?: AdvancedCustomization } | undefined)?.advancedCustomization ?? {});

/** Refuses deleting an object a network's WLAN still names. */
function guardUsedByNetworks(t: TenantState, id: string, noun: string, uses: (a: AdvancedCustomization) => boolean, object: string): void {
  const user = t.of("networks").find((n) => uses(advancedOf(n)));
  if (user) throw new ApiError("NMS-IN-USE", { message: `${noun} is used by network ${user.name}`, object, value: id });
}

export const wifiCallingProfiles: KindDef<WifiCallingProfileRecord, WifiCallingProfileInput> = {
  name: "wifiCallingProfiles",
  noun: "Wi-Fi calling profile",
  idParam: "wifiCallingProfileId",
  schema: () => wifiCallingProfileInputSchema,
  unique: { key: (p) => p.profileName, code: "NMS-DUPLICATE-NAME", object: "profileName", message: "a Wi-Fi calling profile with this name already exists" },
  ops: { lists: [{ op: "W91" }], create: "W92", bulkDelete: "W93", get: "W94", update: "W95", delete: "W96" },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  guardDelete: (t, profile) =>
    guardUsedByNetworks(t, profile.id, "Wi-Fi calling profile", (a) => (a.wifiCallingIds ?? []).includes(profile.id), "wifiCallingProfileId"),
  view: (_t, profile) => profile,
};

export const vspotServers: KindDef<VspotServerRecord, VspotServerInput> = {
  name: "vspotServers",
  noun: "vSPoT server",
  idParam: "vspotId",
  schema: vspotServerInputSchemaFor,
  unique: { key: (s) => s.serverName, code: "NMS-DUPLICATE-NAME", object: "serverName", message: "a vSPoT server with this name already exists" },
  ops: { lists: [{ op: "W86" }], create: "W87", get: "W88", update: "W89", delete: "W90" },
  // Venues are stored as {id, name}: the newer variant names them by ID, the older by name (found in the tenant).
  build: (ctx, input, id) => {
    const venues = input.venues?.map((ref) => {
      const given = ref as { id?: string; name?: string };
      const venue = given.id !== undefined ? ctx.t.of("venues").get(given.id) : ctx.t.of("venues").find((v) => v.name === given.name);
      return { id: venue?.id ?? given.id ?? "", name: venue?.name ?? given.name ?? "" };
    });
    return { record: { ...input, id, venues } as VspotServerRecord };
  },
  check(t, server) {
    (server.venues ?? []).forEach((venue, i) => {
      if (!t.of("venues").has(venue.id)) {
        const byName = t.variant === "older";
        throw relatedNotFound("venue", `venues[${i}].${byName ? "name" : "id"}`, byName ? venue.name : venue.id);
      }
    });
  },
  view: (_t, server) => ({ ...server, venues: server.venues?.map(({ id, name }) => ({ id, name })) }),
};

export const devicePolicies: KindDef<DevicePolicyRecord, DevicePolicyInput> = {
  name: "devicePolicies",
  noun: "device policy",
  idParam: "devicePolicyId",
  schema: () => devicePolicyInputSchema,
  unique: { key: (p) => p.name, code: "NMS-DUPLICATE-NAME", object: "name", message: "a device policy with this name already exists" },
  // The seeds show no delete-one operation: one policy is deleted with W70 and a one-ID array.
  ops: { lists: [{ op: "W68" }], create: "W69", bulkDelete: "W70", get: "W71", update: "W72" },
  build: (ctx, input, id) => ({ record: { ...input, id, tenantId: ctx.t.id } }),
  check(t, policy, previous) {
    if (!previous && !t.of("devicePolicies").has(policy.id) && t.of("devicePolicies").all().length >= MAX_DEVICE_POLICIES) {
      throw new ApiError("WIFI-10205", { message: `maximum number of device policies reached (${MAX_DEVICE_POLICIES})`, object: "name", value: policy.name });
    }
  },
  guardDelete: (t, policy) => guardUsedByNetworks(t, policy.id, "device policy", (a) => a.devicePolicyId === policy.id, "devicePolicyId"),
  view: (_t, policy) => policy,
};

/** Sixteen digits derived from the tenant's ID: every tenant has a recovery PSK before anyone sets one. */
export function initialRecoveryPsk(tenantId: string): string {
  return BigInt(`0x${tenantId.slice(0, 16).padEnd(16, "0")}`).toString().padStart(16, "0").slice(-16);
}

const recoveryView = (t: TenantState) => ({ psk: t.of<RecoveryPskRecord>("recoveryPsk").get(t.id)?.psk ?? initialRecoveryPsk(t.id), tenantId: t.id });

export const recoveryPsk: KindDef<RecoveryPskRecord, never> = {
  name: "recoveryPsk",
  noun: "recovery PSK",
  idParam: "tenantId",
  schema: () => {
    throw new Error("the recovery PSK is written through W83 only");
  },
  ops: {},
  build: () => {
    throw new Error("the recovery PSK is written through W83 only");
  },
  view: (t) => recoveryView(t),
  extra: {
    W82: (c) => ok(recoveryView(c.tenant)),
    W83: (c) => {
      if (c.body === null || typeof c.body !== "object" || Array.isArray(c.body)) throw new ApiError("NMS-BAD-REQUEST", { message: "body must be a JSON object (recovery PSK)", object: "body" });
      const result = validateBody(recoveryPskInputSchema, c.body);
      if (!result.ok) throw validationError(result.failures, c.body);
      const { psk } = result.value;
      const tenant = c.tenant;
      return c.finish(c.model.action(tenant.id, { psk, tenantId: tenant.id }, () => tenant.of<RecoveryPskRecord>("recoveryPsk").put({ id: tenant.id, psk })));
    },
  },
};
