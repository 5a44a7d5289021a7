// What the admin API lets tests do to Wi-Fi devices that no operation of the service does: make
// an AP active (no AP ever contacts the emulator), and add DHCP service profiles (the Wi-Fi API documentation has
// no operation on them).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { failureOfIssue } from "../../../contract";
import { notFound, validationError } from "../../model/errors";
import type { TenantState } from "../../model/tenant";
import type { ApRecord } from "./aps";
import { addDhcpServiceProfile, dhcpServiceProfilesOf, type DhcpServiceProfileRecord } from "./dhcpService";
import { ACTIVE_AP_STATE } from "./venueWifiSettings";

const stateInput = z.object({
  state: z.string().min(1).describe(`"${ACTIVE_AP_STATE}" makes the AP active; "InSetupPhase" makes it new again.`),
  subState: z.string().min(1).optional(),
});
const profileInput = z.object({ name: z.string().min(2).max(64) });

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(result.error.issues.map(failureOfIssue), body);
  return result.data;
}

/**
 * PUT /__admin/tenants/{tenantId}/aps/{serialNumber}/state {state, subState?}. An AP put in
 * operation has contacted the cloud just now, from documentation addresses (RFC 5737); one put
 * back in its setup phase has never contacted it.
 */
export function setApState(t: TenantState, serialNumber: string, body: unknown): Omit<ApRecord, "id"> {
  const { state, subState } = parse(stateInput, body);
  const ap = t.of<ApRecord>("aps").get(serialNumber);
  if (!ap) throw notFound("AP", "serialNumber", serialNumber);
  const host = (Number(serialNumber.slice(-2)) % 250) + 2;
  const contact =
    state === ACTIVE_AP_STATE
      ? { lastContacted: new Date().toISOString(), ip: `192.0.2.${host}`, externalIp: `198.51.100.${host}` }
      : state === "InSetupPhase"
        ? { lastContacted: "", ip: "", externalIp: "", clientCount: 0, uptime_seconds: 0 }
        : {};
  const defaultSub =
    state === ACTIVE_AP_STATE ? "Online" : state === "InSetupPhase" ? "NeverContactedCloud" : ap.subState;
  const updated = { ...ap, ...contact, state, subState: subState ?? defaultSub };
  t.of<ApRecord>("aps").put(updated);
  const { id: _id, ...view } = updated;
  return view;
}

/** GET /__admin/tenants/{tenantId}/dhcp-service-profiles: {profiles: [{id, name}]}, the built-in ones first. */
export function listDhcpServiceProfiles(t: TenantState): { profiles: DhcpServiceProfileRecord[] } {
  return { profiles: [...dhcpServiceProfilesOf(t).values()] };
}

/** POST /__admin/tenants/{tenantId}/dhcp-service-profiles {name}: 201 with {id, name}. */
export function createDhcpServiceProfile(t: TenantState, body: unknown): DhcpServiceProfileRecord {
  return addDhcpServiceProfile(t, randomBytes(16).toString("hex"), parse(profileInput, body).name);
}
