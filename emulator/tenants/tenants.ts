// The tenants of the options (--config's `tenants`), made at start. After a restart from a state
// file the state file already holds them: a configured tenant is matched to a stored one by its
// PRIME_ADMIN's login, keeps its objects, and takes the configured settings and passwords (they
// are configuration; the objects are state). A new one is created.
import { ApiError } from "../model/errors";
import type { EmulatorStartOptions, TenantOption } from "../settings/options";
import { EmulatorOptionsError } from "../settings/options";
import { newTenantCredentials, type TenantCredentials, createTenantWithAdmins } from "./tenantSetup";
import type { EmulatorServer } from "../http/server";

export function applyTenants(
  server: EmulatorServer,
  options: Pick<EmulatorStartOptions, "tenants" | "demoTenant">,
): TenantCredentials[] {
  const demo = server.model.tenant(server.demo.tenantId);
  if (demo && options.demoTenant) Object.assign(demo.settings, stripUndefined(options.demoTenant));
  const made = (options.tenants ?? []).map((tenant, i) => applyTenant(server, tenant, i));
  (options.tenants ?? []).forEach((tenant, i) => {
    if (tenant.mspTenant === undefined) return;
    const msp = made.find((other) => other.tenantName === tenant.mspTenant);
    if (msp) server.model.directory.mspOf.set(made[i].tenantId, msp.tenantId);
  });
  return made;
}

function applyTenant(server: EmulatorServer, option: TenantOption, index: number): TenantCredentials {
  const { model } = server;
  const where = `tenants[${index}]`;
  const settings = stripUndefined({ wifiApiVariant: option.wifiApiVariant, wifiLicenses: option.wifiLicenses });
  const account = model.directory.accounts.get(option.username);
  if (account) {
    const stored = model.tenant(account.tenantId);
    if (!stored || account.role !== "PRIME_ADMIN")
      throw new EmulatorOptionsError(
        `${where}.username: ${option.username} is already a login of another kind (${account.role})`,
      );
    if (option.tenantId !== undefined && option.tenantId !== stored.id) {
      throw new EmulatorOptionsError(
        `${where}.tenantId: the state holds ${option.username} in tenant ${stored.id}, not ${option.tenantId}`,
      );
    }
    if (stored.id === server.demo.tenantId)
      throw new EmulatorOptionsError(`${where}.username: ${option.username} is the demo tenant's login`);
    Object.assign(stored.settings, settings);
    account.password = option.password;
    const readOnly =
      option.readOnlyUsername === undefined
        ? readOnlyOf(server, stored.id)
        : model.directory.accounts.get(option.readOnlyUsername);
    if (readOnly && readOnly.tenantId !== stored.id)
      throw new EmulatorOptionsError(`${where}.readOnlyUsername: ${readOnly.username} is a login of another tenant`);
    if (readOnly && option.readOnlyPassword !== undefined) readOnly.password = option.readOnlyPassword;
    return {
      tenantId: stored.id,
      tenantName: stored.name,
      username: option.username,
      password: option.password,
      readOnlyUsername: readOnly?.username ?? "",
      readOnlyPassword: readOnly?.password ?? "",
    };
  }
  if (option.tenantId !== undefined && model.tenant(option.tenantId)) {
    throw new EmulatorOptionsError(
      `${where}.tenantId: tenant ${option.tenantId} already exists with other administrators`,
    );
  }
  if (option.readOnlyUsername !== undefined && model.directory.accounts.has(option.readOnlyUsername)) {
    throw new EmulatorOptionsError(`${where}.readOnlyUsername: ${option.readOnlyUsername} is already a login`);
  }
  const generated = newTenantCredentials(server.ids, option.name);
  const credentials = {
    tenantName: option.name,
    username: option.username,
    password: option.password,
    readOnlyUsername: option.readOnlyUsername ?? generated.readOnlyUsername,
    readOnlyPassword: option.readOnlyPassword ?? generated.readOnlyPassword,
  };
  try {
    return createTenantWithAdmins(model, server.auth, server.ids, credentials, option.tenantId, settings);
  } catch (error) {
    throw error instanceof ApiError || error instanceof Error
      ? new EmulatorOptionsError(`${where}: ${error.message}`)
      : error;
  }
}

function readOnlyOf(server: EmulatorServer, tenantId: string) {
  for (const account of server.model.directory.accounts.values())
    if (account.tenantId === tenantId && account.role === "READ_ONLY") return account;
  return undefined;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
