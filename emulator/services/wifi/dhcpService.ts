// DHCP service of venues (newer variant): DHCP service profiles, the bindings of venues to them
// (listVenueDhcpServiceProfiles list, bindVenueDhcpServiceProfile bind, unbindVenueDhcpServiceProfile unbind), and the rule that a network may not be activated on a venue
// with cellular APs unless the venue uses a DHCP service (WIFI-10171).
//
// The Wi-Fi API documentation has no operations on DHCP service profiles, only their IDs: every
// tenant starts with two profiles (BUILT_IN_DHCP_SERVICE_PROFILES), and the admin API creates more
// (POST /__admin/tenants/{tenantId}/dhcp-service-profiles) and lists them (GET, same path).
import type { z } from "zod";
import { acceptedAnswerSchema, acceptedRequestSchema, venueDhcpBindingSchema } from "../../../contract";
import { ApiError, notFound } from "../../model/errors";
import type { Handler, KindDef } from "../../model/kind";
import type { TenantState } from "../../model/tenant";
import { isCellular, type ApRecord } from "./aps";

/**
 * The profiles every tenant starts with, their IDs the same in every tenant (tenants share
 * nothing), so that programs and tests can name them without asking the admin API. Their IDs are
 * not drawn from the ID source, so runs with a --seed keep drawing the same IDs as before.
 */
export const BUILT_IN_DHCP_SERVICE_PROFILES = [
  { id: "d4c9a0f1e2b3c4d5e6f708192a3b4c5d", name: "Default DHCP service" },
  { id: "d4c9a0f1e2b3c4d5e6f708192a3b4c5e", name: "Guest DHCP service" },
] as const;
export const DEFAULT_DHCP_SERVICE_PROFILE_ID = BUILT_IN_DHCP_SERVICE_PROFILES[0].id;

export type DhcpServiceProfileRecord = { id: string; name: string };
export type VenueDhcpBindingRecord = { id: string; venueId: string; dhcpServiceProfileId: string };

/**
 * Each tenant's profiles. They are no kind of the registry: no operation of the service reaches
 * them, so they stay out of the admin API's object listing (which shows what programs made) and
 * have their own admin calls. Keyed by the tenant's state, so a reset (new states) forgets them.
 */
const profilesByTenant = new WeakMap<TenantState, Map<string, DhcpServiceProfileRecord>>();

export function dhcpServiceProfilesOf(t: TenantState): Map<string, DhcpServiceProfileRecord> {
  let profiles = profilesByTenant.get(t);
  if (!profiles) {
    profiles = new Map();
    profilesByTenant.set(t, profiles);
  }
  return profiles;
}

/** A profile stored now (a new tenant's, the admin API's): the record. */
export function addDhcpServiceProfile(t: TenantState, id: string, name: string): DhcpServiceProfileRecord {
  const profiles = dhcpServiceProfilesOf(t);
  if ([...profiles.values()].some((p) => p.name === name)) {
    throw new ApiError("NMS-DUPLICATE-NAME", {
      message: "a DHCP service profile with this name already exists",
      object: "name",
      value: name,
    });
  }
  const profile = { id, name };
  profiles.set(id, profile);
  return profile;
}

const bindingOf = (t: TenantState, venueId: string, profileId: string) =>
  t
    .of<VenueDhcpBindingRecord>("venueDhcpBindings")
    .find((b) => b.venueId === venueId && b.dhcpServiceProfileId === profileId);

function checkPathObjects(t: TenantState, params: Readonly<Record<string, string>>): void {
  if (!t.of("venues").has(params.venueId)) throw notFound("venue", "venueId", params.venueId);
  if (!dhcpServiceProfilesOf(t).has(params.dhcpServiceProfileId))
    throw notFound("DHCP service profile", "dhcpServiceProfileId", params.dhcpServiceProfileId);
}

const bind: Handler = (c) => {
  checkPathObjects(c.tenant, c.params);
  const { venueId, dhcpServiceProfileId } = c.params;
  return c.finish(c.model.create(venueDhcpBindings, c.tenant, { venueId, dhcpServiceProfileId }));
};

const unbind: Handler = (c) => {
  checkPathObjects(c.tenant, c.params);
  const binding = bindingOf(c.tenant, c.params.venueId, c.params.dhcpServiceProfileId);
  if (!binding) {
    throw new ApiError("WIFI-10151", {
      message: "venue and DHCP service profile mapping does not exist (WIFI-10151)",
      object: "dhcpServiceProfileId",
      value: c.params.dhcpServiceProfileId,
    });
  }
  return c.finish(c.model.remove(venueDhcpBindings, c.tenant, [binding.id]));
};

/** A venue's binding to a profile: at most one per (venue, profile) pair (WIFI-10152, also while a bind is PENDING). */
export const venueDhcpBindings: KindDef<VenueDhcpBindingRecord, z.output<typeof venueDhcpBindingSchema>> = {
  name: "venueDhcpBindings",
  noun: "DHCP binding",
  idParam: "dhcpServiceProfileId",
  schema: () => venueDhcpBindingSchema,
  readSchema: () => venueDhcpBindingSchema,
  schemasOf: {
    bindVenueDhcpServiceProfile: { answer: () => acceptedAnswerSchema(venueDhcpBindingSchema) },
    unbindVenueDhcpServiceProfile: { answer: () => acceptedRequestSchema },
  },
  unique: {
    key: (b) => `${b.venueId}/${b.dhcpServiceProfileId}`,
    code: "WIFI-10152",
    object: "dhcpServiceProfileId",
    message: "venue and DHCP service profile mapping already exists (WIFI-10152)",
  },
  ops: {
    lists: [
      {
        op: "listVenueDhcpServiceProfiles",
        where: { param: "venueId", field: "venueId", kind: "venues", noun: "venue" },
      },
    ],
  },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  // A profile removed meanwhile (through no operation of the service today) fails the bind at apply.
  check(t, binding) {
    if (!dhcpServiceProfilesOf(t).has(binding.dhcpServiceProfileId))
      throw notFound("DHCP service profile", "dhcpServiceProfileId", binding.dhcpServiceProfileId);
  },
  view: (_t, { venueId, dhcpServiceProfileId }) => ({ dhcpServiceProfileId, venueId }),
  extra: { bindVenueDhcpServiceProfile: bind, unbindVenueDhcpServiceProfile: unbind },
};

/**
 * WIFI-10171 (newer; createNetwork, createNetworkDeep, updateNetwork, updateNetworkDeep): a network may not be activated on a venue that has a
 * cellular AP (model M510, services/wifi/aps.ts) unless the venue is bound to a DHCP service
 * profile. The venues are those the body's deep `venues` names (`venues[i].venueId`) and, for an
 * update, those the network is already activated on (`venues`). The older variant has no such rule.
 */
export function requireDhcpServiceForCellularAps(t: TenantState, network: { id: string; venues?: unknown }): void {
  if (t.variant !== "newer") return;
  const given = Array.isArray(network.venues) ? (network.venues as { venueId?: unknown }[]) : [];
  const named = given.map((v, i) => ({
    venueId: typeof v?.venueId === "string" ? v.venueId : "",
    object: `venues[${i}].venueId`,
  }));
  const activated = t
    .of("activations")
    .filter((a) => a.networkId === network.id)
    .map((a) => ({ venueId: String(a.venueId), object: "venues" }));
  for (const { venueId, object } of [...named, ...activated]) {
    const cellular = t.of<ApRecord>("aps").find((ap) => ap.venueId === venueId && isCellular(ap));
    if (!cellular || t.of("venueDhcpBindings").some((b) => b.venueId === venueId)) continue;
    throw new ApiError("WIFI-10171", {
      message: `venue must activate the DHCP service for cellular APs (AP ${cellular.serialNumber}) (WIFI-10171)`,
      object,
      value: venueId,
    });
  }
}
