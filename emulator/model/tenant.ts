// Everything one tenant holds. Tenants share nothing: every lookup starts from a TenantState,
// which is what keeps one tenant's objects and request records invisible to another.
import { RequestRecord } from "../../contract";
import { Collection } from "./collection";
import { ApGroupRecord, ActivationRecord, KindName, NetworkRecord, RadiusRecord, RecordKinds, VenueRecord } from "./records";
import { activationSpec } from "./kinds/activation";
import { apGroupSpec } from "./kinds/apGroup";
import { networkSpec } from "./kinds/network";
import { venueSpec } from "./kinds/venue";

/** The seeds' role enum. */
export const ADMIN_ROLES = ["PRIME_ADMIN", "ADMIN", "READ_ONLY", "OFFICE_ADMIN", "SUPPORT", "DEVOPS"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export interface AdminAccount {
  id: string;
  tenantId: string;
  username: string;
  password: string;
  role: AdminRole;
  roleId: string;
  createdDate: string;
}

export interface TenantDetails {
  address: string;
  city: string;
  country: string;
  organization: string;
  stateOrProvince: string;
  zip: string;
}

export type Collections = { [K in KindName]: Collection<RecordKinds[K]> };

export class TenantState implements Collections {
  readonly venues = new Collection<VenueRecord>(venueSpec.unique);
  readonly apGroups = new Collection<ApGroupRecord>(apGroupSpec.unique);
  readonly networks = new Collection<NetworkRecord>(networkSpec.unique);
  readonly radius = new Collection<RadiusRecord>();
  readonly activations = new Collection<ActivationRecord>(activationSpec.unique);
  /** Request records in submission order. */
  readonly requests = new Map<string, RequestRecord>();
  readonly admins: AdminAccount[] = [];

  constructor(
    readonly id: string,
    readonly name: string,
    readonly createdDate: string,
    readonly details: TenantDetails,
  ) {}

  collection<K extends KindName>(kind: K): Collection<RecordKinds[K]> {
    return this[kind] as Collection<RecordKinds[K]>;
  }
}

/** A4: the tenant, with its sub-entities when deep. */
export function tenantView(t: TenantState, deep: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: t.id,
    name: t.name,
    createdDate: t.createdDate,
    updatedDate: t.createdDate,
    maintenanceState: false,
    vendorUser: false,
    status: "active",
  };
  if (deep) {
    view.admins = t.admins.map((a) => ({
      id: a.id,
      username: a.username,
      dateFormat: "mm/dd/yyyy",
      detailLevel: "it",
      adminRoles: [{ id: a.roleId, role: a.role, createdDate: a.createdDate, updatedDate: a.createdDate }],
      createdDate: a.createdDate,
      updatedDate: a.createdDate,
    }));
    view.delegationsTo = [];
    view.notificationRecipients = [];
  }
  return view;
}
