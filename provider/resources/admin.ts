import { z } from "zod";
import { adminInputSchema } from "../../contract/schemas/account";
import { resourceSpec } from "../spec";
import { findInList } from "./find";

export const adminSpec = resourceSpec({
  kind: "Admin",
  description:
    "An administrator of the tenant: a person with no support account is added by `email` (their login), one " +
    "with a support account by `externalId`. The role and detail level change in place (updateAdminRole); a different person replaces it.",
  inputSchema: () => adminInputSchema,
  outputSchema: z.object({
    name: z.string().describe("First name, from the support directory."),
    lastName: z.string().describe("Last name, from the support directory."),
    lastLogin: z.string().describe("When the administrator last logged in (ISO 8601 UTC)."),
  }),
  identity: { idParam: "adminId" },
  // updateAdminRole has no administrator in its path: its body names them by email or externalId, which therefore cannot change.
  ops: {
    create: "createAdmin",
    read: "getAdmin",
    update: "updateAdminRole",
    delete: "deleteAdmin",
    bulkDelete: "deleteAdmins",
  },
  replaceOnChanges: ["email", "externalId"],
  destroy: "delete",
  readFromList: { op: "listAdmins" },
  // A person is named by their externalId when they have one, else by their email (the service ignores its case).
  uniqueName: ["externalId", "email"],
  takenName: {
    notChecked:
      "an administrator is matched by externalId or e-mail; the service's own key is the login name, not an input",
  },
  findByName: (client, inputs) =>
    findInList(client, "listAdmins", {}, (admin) =>
      inputs.externalId !== undefined
        ? admin.externalId === inputs.externalId
        : String(admin.email ?? "").toLowerCase() === String(inputs.email).toLowerCase(),
    ),
});
