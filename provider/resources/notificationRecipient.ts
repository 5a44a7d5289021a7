import { z } from "zod";
import { notificationRecipientInputSchema } from "../../contract/schemas/account";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const notificationRecipientSpec = resourceSpec({
  kind: "NotificationRecipient",
  description:
    "A notification recipient: a description and the endpoints (type and destination) notifications go to. An " +
    "endpoint belongs to one recipient of the tenant only (TNT-10100).",
  inputSchema: () => notificationRecipientInputSchema,
  outputSchema: z.object({
    createdDate: z.string().describe("When the recipient was created (ISO 8601 UTC)."),
    updatedDate: z.string().describe("When the recipient last changed (ISO 8601 UTC)."),
  }),
  identity: { idParam: "notificationRecipientId" },
  ops: {
    create: "createNotificationRecipient",
    read: "getNotificationRecipient",
    update: "updateNotificationRecipient",
    delete: "deleteNotificationRecipient",
    bulkDelete: "deleteNotificationRecipients",
  },
  destroy: "delete",
  readFromList: { op: "listNotificationRecipients" },
  // The description is not unique in the service; adoption by name takes the first recipient that has it.
  ...listedByName("listNotificationRecipients", {
    name: { description: "description" },
    preview: { notChecked: "the service does not keep descriptions unique" },
  }),
  nameIsUnique: false,
  overrides: {
    // deleteNotificationRecipients takes notification recipients, each named by its id (the service's model of its body), not bare IDs.
    bulkDeleteEntry: (id) => ({ id }),
  },
});
