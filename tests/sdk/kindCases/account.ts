// Administrators, delegations, recipients, user profile, floor plans, calibration points (issue 11).
import { expectGone, type KindCase, type Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const ACCOUNT_SECRETS: Record<string, string> = {};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const ACCOUNT_SUPPORT: Props[] = [];

export const ACCOUNT_CASES: KindCase[] = [
  {
    name: "ops-admin",
    kind: "Admin",
    args: { role: "ADMIN", email: "ops@demo.example" },
    update: { field: "detailLevel", value: "debug" },
    // A different person: the email names the administrator.
    replace: { field: "email", value: "ops2@demo.example" },
    drift: {
      async make({ admin, id }) {
        const current = await admin.call<Props>("A16", { adminId: id });
        await admin.execute("A14", {}, { body: { role: "READ_ONLY", email: current.email, detailLevel: current.detailLevel } });
      },
      path: "role",
    },
    removed: { make: ({ admin, id }) => admin.execute("A17", { adminId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("A16", { adminId: id })),
  },
  {
    name: "oncall",
    kind: "NotificationRecipient",
    args: { description: "On-call", endpoints: [{ type: "EMAIL", destination: "oncall@demo.example" }] },
    update: { field: "description", value: "On-call team" },
    drift: {
      async make({ admin, id }) {
        const current = await admin.call<Props>("A28", { notificationRecipientId: id });
        await admin.execute("A29", { notificationRecipientId: id }, { body: { description: "edited in the dashboard", endpoints: current.endpoints } });
      },
      path: "description",
    },
    removed: { make: ({ admin, id }) => admin.execute("A30", { notificationRecipientId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("A28", { notificationRecipientId: id })),
  },
  {
    name: "my-profile",
    kind: "UserProfile",
    args: { dateFormat: "dd/mm/yyyy", detailLevel: "su" },
    update: { field: "detailLevel", value: "debug" },
    drift: {
      async make({ admin }) {
        const current = await admin.call<Props>("A31");
        await admin.execute("A32", {}, { body: { dateFormat: "yyyy/mm/dd", detailLevel: current.detailLevel } });
      },
      path: "dateFormat",
    },
    removed: { make: ({ admin }) => admin.execute("A32", {}, { body: { dateFormat: "mm/dd/yyyy", detailLevel: "it" } }).then(() => undefined), refresh: "update" },
    async destroyed({ admin }) {
      expect(await admin.call("A31")).toMatchObject({ dateFormat: "mm/dd/yyyy", detailLevel: "it" });
    },
  },
  {
    name: "partner-var",
    kind: "VarDelegation",
    args: { username: "var@partner.example" },
    replace: { field: "username", value: "pat.lee@partner.example" },
    removed: { make: ({ admin, id }) => admin.execute("A24", { delegationId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("A22", { delegationId: id })),
  },
  {
    name: "vendor-support",
    kind: "SupportAccess",
    args: {},
    removed: { make: ({ admin }) => admin.execute("A21").then(() => undefined), refresh: "delete" },
    async destroyed({ admin }) {
      expect(await admin.call("A18", {}, { query: { type: "SUPPORT" } })).toEqual([]);
    },
  },
];
