import { z } from "zod";
import { defaultsOf } from "../../contract/meta";
import { userProfileInputSchema, userProfileUpdateSchema } from "../../contract/schemas/account";
import { resourceSpec } from "../spec";

export const userProfileSpec = resourceSpec({
  kind: "UserProfile",
  description:
    "The profile of the user the provider logs in as (getUserProfile, updateUserProfile): its date format and detail level. It always exists; " +
    "creating the resource takes it over and writes the program's values. Its ID is the tenant's.",
  inputSchema: () => userProfileInputSchema,
  // updateUserProfile requires both fields: one the program leaves out is sent with its default.
  bodySchema: () => userProfileUpdateSchema,
  toApi: (inputs) => ({ ...defaultsOf(userProfileInputSchema), ...inputs }),
  outputSchema: z.object({
    username: z.string().describe("The user's login."),
    adminId: z.string().describe("The user's administrator ID."),
    roles: z.array(z.string()).describe("The user's roles."),
  }),
  // A singleton of the tenant: its path names nothing but the tenant, and the answer carries the tenant's ID.
  identity: { idParam: "tenantId", idField: "tenantId" },
  ops: { read: "getUserProfile", update: "updateUserProfile" },
  destroy: "writeDefaults",
  destroyNote:
    "The profile always exists: destroy writes the defaults back with updateUserProfile (date format mm/dd/yyyy, detail level it).",
});
