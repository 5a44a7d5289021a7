// An administrator's login: what login checks and a token stands for. Usernames are global
// on the service, so accounts live in the directory (directory.ts), not in a tenant.
import type { ADMIN_ROLES } from "../../contract";

export type AdminRole = (typeof ADMIN_ROLES)[number];

/** A login: the administrator's ID in its tenant, and a password once one is set (with the demo data, or through the admin API). */
export interface AdminAccount {
  id: string;
  tenantId: string;
  username: string;
  password?: string;
  role: AdminRole;
  roleId: string;
  createdDate: string;
}
