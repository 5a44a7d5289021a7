// Administrators. A person with no support account is added by email (their login);
// one with a support account by externalId (their login is the support directory's username).
// Usernames are global: an administrator of one tenant cannot be added to another (TNT-10300).
// listAdmins and getAdmin answer the list form; createAdmin, updateAdminRole and getTenant the embedded form (the account-and-venues API documentation, "Admin").
import {
  acceptedAnswerSchema,
  type AdminInput,
  adminEmbeddedReadSchema,
  adminInputSchema,
  adminListReadSchema,
} from "../../../contract";
import { ApiError, notFound, relatedNotFound } from "../../model/errors";
import type { KindDef, OpContext } from "../../model/kind";
import type { AdminRole } from "../../model/accounts";
import type { TenantState } from "../../model/tenant";

export interface AdminRecord {
  id: string;
  username: string;
  email?: string;
  externalId?: string;
  name?: string;
  lastName?: string;
  role: AdminRole;
  roleId: string;
  detailLevel: string;
  dateFormat: string;
  lastLogin?: string;
  createdDate: string;
  updatedDate: string;
}

/** The login an administrator uses: the email given, or the support directory's username for the externalId. */
function usernameOf(t: TenantState, input: AdminInput): string | undefined {
  if (input.externalId !== undefined) return t.directory.support.get(input.externalId)?.username;
  return input.email;
}

const adminRules: Omit<KindDef<AdminRecord, AdminInput>, "ops" | "view" | "extra" | "readSchema" | "schemasOf"> = {
  name: "admins",
  noun: "administrator",
  idParam: "adminId",
  schema: () => adminInputSchema,
  unique: {
    key: (a) => a.username.toLowerCase(),
    code: "TNT-10303",
    object: "email",
    message: "administrator already exists",
  },

  build(ctx, input, id, previous) {
    const person = input.externalId === undefined ? undefined : ctx.t.directory.support.get(input.externalId);
    const record: AdminRecord = {
      id,
      // An unknown externalId is refused by check; the placeholder never gets stored.
      username: usernameOf(ctx.t, input) ?? `unknown:${input.externalId}`,
      // The list form's email is the one the administrator was added with: a person added by externalId has none.
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.externalId !== undefined ? { externalId: input.externalId } : {}),
      ...(person?.name !== undefined ? { name: person.name } : {}),
      ...(person?.lastName !== undefined ? { lastName: person.lastName } : {}),
      role: input.role,
      roleId: previous?.role === input.role ? previous.roleId : ctx.newId(),
      detailLevel: input.detailLevel,
      dateFormat: previous?.dateFormat ?? "mm/dd/yyyy",
      ...(previous?.lastLogin !== undefined ? { lastLogin: previous.lastLogin } : {}),
      createdDate: previous?.createdDate ?? ctx.now,
      updatedDate: ctx.now,
    };
    return { record };
  },

  check(t, admin, previous) {
    if (previous && previous.username !== admin.username) {
      throw new ApiError("NMS-VALIDATION", {
        message: "names the administrator and cannot change",
        object: admin.externalId !== undefined ? "externalId" : "email",
      });
    }
    if (admin.externalId !== undefined && !t.directory.support.has(admin.externalId)) {
      throw relatedNotFound("person in the support directory", "externalId", admin.externalId);
    }
    if (admin.externalId === undefined && t.directory.supportByUsername(admin.username)) {
      throw new ApiError("TNT-10302", {
        message: "administrator already registered with the support service: add them by externalId",
        object: "email",
        value: admin.email,
      });
    }
    const login = t.directory.accounts.get(admin.username);
    if (login && login.tenantId !== t.id) {
      throw new ApiError("TNT-10300", {
        object: admin.externalId !== undefined ? "externalId" : "email",
        value: admin.externalId ?? admin.email,
      });
    }
  },

  guardDelete(t, admin) {
    if (
      admin.role === "PRIME_ADMIN" &&
      t.of<AdminRecord>("admins").filter((a) => a.role === "PRIME_ADMIN").length === 1
    ) {
      throw new ApiError("NMS-IN-USE", {
        message: "the tenant's last PRIME_ADMIN cannot be deleted",
        object: "adminId",
        value: admin.id,
      });
    }
  },

  afterPut(t, admin) {
    const login = t.directory.accounts.get(admin.username);
    t.directory.accounts.set(admin.username, {
      id: admin.id,
      tenantId: t.id,
      username: admin.username,
      ...(login?.password !== undefined ? { password: login.password } : {}),
      role: admin.role,
      roleId: admin.roleId,
      createdDate: admin.createdDate,
    });
  },

  onDelete(t, admin) {
    if (t.directory.accounts.get(admin.username)?.tenantId === t.id) t.directory.accounts.delete(admin.username);
  },
};

/**
 * Least privilege: only a PRIME_ADMIN grants PRIME_ADMIN, and only a PRIME_ADMIN changes one (an ADMIN could otherwise
 * raise itself, or take the tenant from its owners). Refused before the body is checked, as the role refusal of a
 * READ_ONLY administrator is (emulator/README.md, "Roles and devices").
 */
function checkGrantsPrimeAdmin(c: OpContext, target: AdminRecord | undefined): void {
  if (c.session.role === "PRIME_ADMIN") return;
  const asked = typeof c.body === "object" && c.body !== null ? (c.body as Record<string, unknown>).role : undefined;
  if (asked === "PRIME_ADMIN" || target?.role === "PRIME_ADMIN")
    throw new ApiError("NMS-FORBIDDEN-ROLE", {
      message: "only a PRIME_ADMIN grants the PRIME_ADMIN role or changes a PRIME_ADMIN",
      object: "role",
    });
}

/** createAdmin and updateAdminRole answer the embedded form (getTenant's), so they are a form of their own over the same collection. */
export const adminsEmbedded: KindDef<AdminRecord, AdminInput> = {
  ...adminRules,
  ops: {},
  readSchema: () => adminEmbeddedReadSchema,
  // updateAdminRole's body names the person (externalId, else email): the add's body.
  schemasOf: {
    createAdmin: { body: () => adminInputSchema, answer: () => acceptedAnswerSchema(adminEmbeddedReadSchema) },
    updateAdminRole: { body: () => adminInputSchema, answer: () => acceptedAnswerSchema(adminEmbeddedReadSchema) },
  },
  view: (_t, a) => embeddedAdmin(a),
  extra: {
    createAdmin: (c) => {
      checkGrantsPrimeAdmin(c, undefined);
      return c.finish(c.model.create(adminsEmbedded, c.tenant, c.body, c.params));
    },
    // updateAdminRole has no administrator in its path: the body names them, by externalId when given, else by email.
    updateAdminRole: (c) => {
      const target = namedAdmin(c.tenant, c.body);
      checkGrantsPrimeAdmin(c, target);
      return c.finish(c.model.update(adminsEmbedded, c.tenant, target.id, c.body, c.params));
    },
  },
};

/** The list form (listAdmins, getAdmin); last of the two, so the admin API's listing shows it. */
export const admins: KindDef<AdminRecord, AdminInput> = {
  ...adminRules,
  ops: { lists: [{ op: "listAdmins" }], bulkDelete: "deleteAdmins", get: "getAdmin", delete: "deleteAdmin" },
  readSchema: () => adminListReadSchema,
  view: (_t, a) => ({
    id: a.id,
    role: a.role,
    detailLevel: a.detailLevel,
    ...(a.email !== undefined ? { email: a.email } : {}),
    ...(a.externalId !== undefined ? { externalId: a.externalId } : {}),
    ...(a.name !== undefined ? { name: a.name } : {}),
    ...(a.lastName !== undefined ? { lastName: a.lastName } : {}),
    ...(a.lastLogin !== undefined ? { lastLogin: a.lastLogin } : {}),
  }),
};

/** The administrator the body names, by externalId when given, else by email. */
function namedAdmin(t: TenantState, body: unknown): AdminRecord {
  const named = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const all = t.of<AdminRecord>("admins");
  if (typeof named.externalId === "string") {
    return all.find((a) => a.externalId === named.externalId) ?? throwNotFound("externalId", named.externalId);
  }
  if (typeof named.email === "string") {
    const email = named.email.toLowerCase();
    return (
      all.find((a) => a.username.toLowerCase() === email || a.email?.toLowerCase() === email) ??
      throwNotFound("email", named.email)
    );
  }
  throw new ApiError("NMS-VALIDATION", {
    message: "is required: it names the administrator (or externalId)",
    object: "email",
  });
}

function throwNotFound(object: string, value: string): never {
  throw notFound("administrator", object, value);
}

/** The administrator record a tenant holds for one of its logins (tenantSetup.ts). */
export function accountAdminRecord(
  id: string,
  roleId: string,
  username: string,
  role: AdminRole,
  createdDate: string,
): AdminRecord {
  const [name] = username.split("@");
  return {
    id,
    username,
    email: username,
    name,
    lastName: "Admin",
    role,
    roleId,
    detailLevel: "it",
    dateFormat: "mm/dd/yyyy",
    createdDate,
    updatedDate: createdDate,
  };
}

/** The embedded form: getTenant with deep=true, and the answers of createAdmin and updateAdminRole. */
export function embeddedAdmin(a: AdminRecord): Record<string, unknown> {
  return {
    id: a.id,
    username: a.username,
    ...(a.externalId !== undefined ? { externalId: a.externalId } : {}),
    dateFormat: a.dateFormat,
    detailLevel: a.detailLevel,
    adminRoles: [{ id: a.roleId, role: a.role, createdDate: a.createdDate, updatedDate: a.updatedDate }],
    createdDate: a.createdDate,
    updatedDate: a.updatedDate,
  };
}
