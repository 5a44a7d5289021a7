// Wi-Fi calling profiles, vSPoT servers, device policies (newer)
// and the tenant's recovery PSK (getRecoveryPsk, updateRecoveryPsk). Profiles and policies that a network's WLAN names
// (wlan.advancedCustomization.wifiCallingIds, devicePolicyId) cannot be deleted (NMS-IN-USE).
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  devicePolicyReadSchema,
  recoveryPskReadSchema,
  venueVspotBindingSchema,
  venueVspotBoundSchema,
  vspotServerReadSchema,
  wifiCallingProfileReadSchema,
  type DevicePolicyInput,
  devicePolicyInputSchema,
  MAX_DEVICE_POLICIES,
  recoveryPskInputSchema,
  validateBody,
  type VspotServerInput,
  vspotServerInputSchemaFor,
  type WifiCallingProfileInput,
  wifiCallingProfileInputSchema,
} from "../../../contract";
import { ApiError, notFound, relatedNotFound, validationError } from "../../model/errors";
import { ok } from "../../operations/handlers";
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
  (network.wlan as { advancedCustomization?: AdvancedCustomization } | undefined)?.advancedCustomization ?? {};

/** Refuses deleting an object a network's WLAN still names. */
function guardUsedByNetworks(
  t: TenantState,
  id: string,
  noun: string,
  uses: (a: AdvancedCustomization) => boolean,
  object: string,
): void {
  const user = t.of("networks").find((n) => uses(advancedOf(n)));
  if (user) throw new ApiError("NMS-IN-USE", { message: `${noun} is used by network ${user.name}`, object, value: id });
}

export const wifiCallingProfiles: KindDef<WifiCallingProfileRecord, WifiCallingProfileInput> = {
  name: "wifiCallingProfiles",
  noun: "Wi-Fi calling profile",
  idParam: "wifiCallingProfileId",
  schema: () => wifiCallingProfileInputSchema,
  readSchema: () => wifiCallingProfileReadSchema,
  unique: {
    key: (p) => p.profileName,
    code: "NMS-DUPLICATE-NAME",
    object: "profileName",
    message: "a Wi-Fi calling profile with this name already exists",
  },
  ops: {
    lists: [{ op: "listWifiCallingProfiles" }],
    create: "createWifiCallingProfile",
    bulkDelete: "deleteWifiCallingProfiles",
    get: "getWifiCallingProfile",
    update: "updateWifiCallingProfile",
    delete: "deleteWifiCallingProfile",
  },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  guardDelete: (t, profile) =>
    guardUsedByNetworks(
      t,
      profile.id,
      "Wi-Fi calling profile",
      (a) => (a.wifiCallingIds ?? []).includes(profile.id),
      "wifiCallingProfileId",
    ),
  view: (_t, profile) => profile,
};

export const vspotServers: KindDef<VspotServerRecord, VspotServerInput> = {
  name: "vspotServers",
  noun: "vSPoT server",
  idParam: "vspotId",
  schema: vspotServerInputSchemaFor,
  readSchema: () => vspotServerReadSchema,
  schemasOf: {
    bindVenueVspot: { answer: () => acceptedAnswerSchema(venueVspotBoundSchema) },
    getVenueVspot: { answer: () => venueVspotBindingSchema },
    unbindVenueVspot: { answer: () => acceptedRequestSchema },
  },
  unique: {
    key: (s) => s.serverName,
    code: "NMS-DUPLICATE-NAME",
    object: "serverName",
    message: "a vSPoT server with this name already exists",
  },
  ops: {
    lists: [{ op: "listVspots" }],
    create: "createVspot",
    get: "getVspot",
    update: "updateVspot",
    delete: "deleteVspot",
  },
  // Venues are stored as {id, name}: the newer variant names them by ID, the older by name (found in the tenant). A body
  // without venues keeps the server's: the venues' bindings write them too.
  build: (ctx, input, id, previous) => {
    if (input.venues === undefined) return { record: { ...input, id, venues: previous?.venues } as VspotServerRecord };
    const venues = input.venues.map((ref) => {
      const given = ref as { id?: string; name?: string };
      const venue =
        given.id !== undefined
          ? ctx.t.of("venues").get(given.id)
          : ctx.t.of("venues").find((v) => v.name === given.name);
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
  // Beyond the API documentation: a venue's vSPoT binding (bindVenueVspot bind, getVenueVspot read, unbindVenueVspot unbind).
  extra: {
    bindVenueVspot: (c) => {
      const venue = venueOf(c.tenant, c.params.venueId);
      const server = c.model.existing(vspotServers, c.tenant, c.params.vspotId);
      // The server as it reads once bound (the generated client reads the answer as its server model), and the binding.
      const venues = (server.venues ?? []).some((v) => v.id === venue.id)
        ? server.venues
        : [...(server.venues ?? []), { id: venue.id, name: String(venue.name) }];
      const bound = {
        ...(vspotServers.view(c.tenant, { ...server, venues }) as object),
        venueId: venue.id,
        vspotId: server.id,
      };
      return c.finish(c.model.action(venue.id, bound, () => bindVenue(c.tenant, venue.id, server.id)));
    },
    getVenueVspot: (c) => {
      const venue = venueOf(c.tenant, c.params.venueId);
      const server = serverOfVenue(c.tenant, venue.id);
      if (!server) throw notBound(venue.id);
      return ok({ venueId: venue.id, vspotId: server.id });
    },
    unbindVenueVspot: (c) => {
      const venue = venueOf(c.tenant, c.params.venueId);
      if (!serverOfVenue(c.tenant, venue.id)) throw notBound(venue.id);
      return c.finish(
        c.model.action(venue.id, undefined, () => {
          const server = serverOfVenue(c.tenant, venue.id);
          if (!server) throw notBound(venue.id);
          c.tenant
            .of<VspotServerRecord>("vspotServers")
            .put({ ...server, venues: (server.venues ?? []).filter((v) => v.id !== venue.id) });
        }),
      );
    },
  },
};

function venueOf(t: TenantState, venueId: string) {
  const venue = t.of("venues").get(venueId);
  if (!venue) throw notFound("venue", "venueId", venueId);
  return venue;
}

/** The vSPoT server whose venues hold the venue: a venue is served by one at most. */
function serverOfVenue(t: TenantState, venueId: string): VspotServerRecord | undefined {
  return t.of<VspotServerRecord>("vspotServers").find((server) => (server.venues ?? []).some((v) => v.id === venueId));
}

const notBound = (venueId: string) =>
  new ApiError("NMS-NOT-FOUND", {
    message: "no vSPoT server is bound to the venue",
    object: "venueId",
    value: venueId,
  });

/**
 * bindVenueVspot when it completes: the venue joins the server's venues and leaves any other server's (one
 * server per venue); a venue or server deleted meanwhile fails the request.
 */
function bindVenue(t: TenantState, venueId: string, vspotId: string): void {
  const venue = venueOf(t, venueId);
  const servers = t.of<VspotServerRecord>("vspotServers");
  const target = servers.get(vspotId);
  if (!target) throw notFound("vSPoT server", "vspotId", vspotId);
  for (const server of servers.filter((s) => s.id !== vspotId && (s.venues ?? []).some((v) => v.id === venueId))) {
    servers.put({ ...server, venues: (server.venues ?? []).filter((v) => v.id !== venueId) });
  }
  if ((target.venues ?? []).some((v) => v.id === venueId)) return;
  servers.put({ ...target, venues: [...(target.venues ?? []), { id: venueId, name: String(venue.name) }] });
}

export const devicePolicies: KindDef<DevicePolicyRecord, DevicePolicyInput> = {
  name: "devicePolicies",
  noun: "device policy",
  idParam: "devicePolicyId",
  schema: () => devicePolicyInputSchema,
  readSchema: () => devicePolicyReadSchema,
  unique: {
    key: (p) => p.name,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "a device policy with this name already exists",
  },
  // The Wi-Fi API documentation shows no delete-one operation: one policy is deleted with deleteDevicePolicies and a one-ID array.
  ops: {
    lists: [{ op: "listDevicePolicies" }],
    create: "createDevicePolicy",
    bulkDelete: "deleteDevicePolicies",
    get: "getDevicePolicy",
    update: "updateDevicePolicy",
  },
  build: (ctx, input, id) => ({ record: { ...input, id, tenantId: ctx.t.id } }),
  check(t, policy, previous) {
    if (
      !previous &&
      !t.of("devicePolicies").has(policy.id) &&
      t.of("devicePolicies").all().length >= MAX_DEVICE_POLICIES
    ) {
      throw new ApiError("WIFI-10205", {
        message: `maximum number of device policies reached (${MAX_DEVICE_POLICIES})`,
        object: "name",
        value: policy.name,
      });
    }
  },
  guardDelete: (t, policy) =>
    guardUsedByNetworks(t, policy.id, "device policy", (a) => a.devicePolicyId === policy.id, "devicePolicyId"),
  view: (_t, policy) => policy,
};

/** Sixteen digits derived from the tenant's ID: every tenant has a recovery PSK before anyone sets one. */
function initialRecoveryPsk(tenantId: string): string {
  return BigInt(`0x${tenantId.slice(0, 16).padEnd(16, "0")}`)
    .toString()
    .padStart(16, "0")
    .slice(-16);
}

const recoveryView = (t: TenantState) => ({
  psk: t.of<RecoveryPskRecord>("recoveryPsk").get(t.id)?.psk ?? initialRecoveryPsk(t.id),
  tenantId: t.id,
});

export const recoveryPsk: KindDef<RecoveryPskRecord, never> = {
  name: "recoveryPsk",
  noun: "recovery PSK",
  idParam: "tenantId",
  schema: () => {
    throw new Error("the recovery PSK is written through updateRecoveryPsk only");
  },
  schemasOf: {
    getRecoveryPsk: { answer: () => recoveryPskReadSchema },
    updateRecoveryPsk: {
      body: () => recoveryPskInputSchema,
      answer: () => acceptedAnswerSchema(recoveryPskReadSchema),
    },
  },
  ops: {},
  build: () => {
    throw new Error("the recovery PSK is written through updateRecoveryPsk only");
  },
  view: (t) => recoveryView(t),
  extra: {
    getRecoveryPsk: (c) => ok(recoveryView(c.tenant)),
    updateRecoveryPsk: (c) => {
      if (c.body === null || typeof c.body !== "object" || Array.isArray(c.body))
        throw new ApiError("NMS-BAD-REQUEST", { message: "body must be a JSON object (recovery PSK)", object: "body" });
      const result = validateBody(recoveryPskInputSchema, c.body);
      if (!result.ok) throw validationError(result.failures, c.body);
      const { psk } = result.value;
      const tenant = c.tenant;
      return c.finish(
        c.model.action(tenant.id, { psk, tenantId: tenant.id }, () =>
          tenant.of<RecoveryPskRecord>("recoveryPsk").put({ id: tenant.id, psk }),
        ),
      );
    },
  },
};
