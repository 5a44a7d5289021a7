// How a tenant starts: its two administrators (a prime admin and a read-only one) and the
// built-in DHCP service profiles. Used for the demo tenant that every start and reset brings, the
// tenants of the `tenants` option and those POST /__admin/tenants creates; also the demo support
// directory.
import type { AuthService } from "../auth/auth";
import type { Directory, SupportEntry } from "../model/directory";
import { type IdSource, newSecretHex } from "../model/ids";
import type { NmsModel } from "../model/model";
import type { AdminRole } from "../model/accounts";
import type { TenantDetails, TenantSettings } from "../model/tenant";
import { addDhcpServiceProfile, BUILT_IN_DHCP_SERVICE_PROFILES } from "../services/wifi/dhcpService";
import { accountAdminRecord } from "../services/tenant/admins";

/** A tenant and the logins of its two administrators. */
export interface TenantCredentials {
  tenantId: string;
  tenantName: string;
  username: string;
  password: string;
  readOnlyUsername: string;
  readOnlyPassword: string;
}

/** Fixed, documented credentials: this is a local emulator, and demos must be able to log in. */
export const DEMO_CREDENTIALS = {
  tenantName: "Demo Tenant",
  username: "admin@demo.example",
  password: "demo-admin-password",
  readOnlyUsername: "readonly@demo.example",
  readOnlyPassword: "demo-readonly-password",
} as const;

const DEMO_DETAILS: TenantDetails = {
  address: "1 Example Street",
  city: "Lisbon",
  country: "Portugal",
  organization: "Demo Organization",
  stateOrProvince: "Lisboa",
  zip: "1000-001",
};

export function createTenantWithAdmins(
  model: NmsModel,
  auth: AuthService,
  ids: IdSource,
  credentials: Omit<TenantCredentials, "tenantId">,
  tenantId?: string,
  settings: Partial<TenantSettings> = {},
): TenantCredentials {
  const tenant = model.createTenant(
    credentials.tenantName,
    { ...DEMO_DETAILS, organization: credentials.tenantName },
    tenantId,
    settings,
  );
  const addAdmin = (username: string, password: string, role: AdminRole) => {
    const account = {
      id: ids.hex32(),
      tenantId: tenant.id,
      username,
      password,
      role,
      roleId: ids.hex32(),
      createdDate: tenant.createdDate,
    };
    tenant.of("admins").put(accountAdminRecord(account.id, account.roleId, username, role, tenant.createdDate));
    auth.addAccount(account);
  };
  addAdmin(credentials.username, credentials.password, "PRIME_ADMIN");
  addAdmin(credentials.readOnlyUsername, credentials.readOnlyPassword, "READ_ONLY");
  for (const profile of BUILT_IN_DHCP_SERVICE_PROFILES) addDhcpServiceProfile(tenant, profile.id, profile.name);
  return { tenantId: tenant.id, ...credentials };
}

/** Credentials of a further tenant: usernames carry a fresh tag (seeded), passwords are random (crypto, never seeded). */
export function newTenantCredentials(ids: IdSource, name?: string): Omit<TenantCredentials, "tenantId"> {
  const tag = ids.hex32().slice(0, 8);
  return {
    tenantName: name ?? `Tenant ${tag}`,
    username: `admin-${tag}@tenant.example`,
    password: newSecretHex(),
    readOnlyUsername: `readonly-${tag}@tenant.example`,
    readOnlyPassword: newSecretHex(),
  };
}

/**
 * The people the support directory knows at every start and reset, so that demos and stacks can
 * add an administrator by externalId and invite a VAR without the admin API; tests add more
 * through POST /__admin/support-directory.
 */
export const DEMO_SUPPORT_DIRECTORY: readonly SupportEntry[] = [
  {
    externalId: "0035x000001DemoA",
    username: "pat.lee@partner.example",
    name: "Pat",
    lastName: "Lee",
    supportUser: false,
  },
  {
    externalId: "0035x000002DemoB",
    username: "var@partner.example",
    name: "Partner",
    lastName: "VAR",
    supportUser: false,
  },
  {
    externalId: "0035x000003DemoC",
    username: "agent@support.vendor.example",
    name: "Support",
    lastName: "Agent",
    supportUser: true,
  },
];

export function addDemoSupportDirectory(directory: Directory): void {
  for (const entry of DEMO_SUPPORT_DIRECTORY) directory.support.set(entry.externalId, { ...entry });
}
