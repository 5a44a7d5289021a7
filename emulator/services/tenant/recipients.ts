// Notification recipients: description and endpoints; an endpoint (its type and
// destination) belongs to one recipient of the tenant only (TNT-10100, also within one body).
// deleteNotificationRecipients is the bulk delete; its body lists recipients, each named by its `id`.
import { z } from "zod";
import {
  acceptedRequestSchema,
  endpointKey,
  type NotificationRecipientInput,
  notificationRecipientInputSchema,
  notificationRecipientReadSchema,
} from "../../../contract";
import { ApiError, badRequest } from "../../model/errors";
import type { KindDef } from "../../model/kind";

export interface RecipientRecord {
  id: string;
  description: string;
  endpoints: {
    id: string;
    type: string;
    destination: string;
    active: boolean;
    status: string;
    createdDate: string;
    updatedDate: string;
  }[];
  createdDate: string;
  updatedDate: string;
}

export const notificationRecipients: KindDef<RecipientRecord, NotificationRecipientInput> = {
  name: "notificationRecipients",
  noun: "notification recipient",
  idParam: "notificationRecipientId",
  schema: () => notificationRecipientInputSchema,
  readSchema: () => notificationRecipientReadSchema,
  schemasOf: {
    // deleteNotificationRecipients: the recipients to delete, each named by its id (the rest of each entry is not read).
    deleteNotificationRecipients: {
      body: () => z.array(z.object({ id: z.string().min(1, "is required") }).passthrough()).min(1),
      answer: () => acceptedRequestSchema,
    },
  },
  ops: {
    lists: [{ op: "listNotificationRecipients" }],
    create: "createNotificationRecipient",
    get: "getNotificationRecipient",
    update: "updateNotificationRecipient",
    delete: "deleteNotificationRecipient",
  },

  build(ctx, input, id, previous) {
    // An endpoint kept across an update (same type and destination) keeps its ID and creation date.
    const before = new Map((previous?.endpoints ?? []).map((e) => [endpointKey(e), e]));
    const endpoints = input.endpoints.map((e) => {
      const kept = before.get(endpointKey(e));
      return {
        id: kept?.id ?? ctx.newId(),
        type: e.type,
        destination: e.destination,
        active: e.active,
        status: e.status ?? "OK",
        createdDate: kept?.createdDate ?? ctx.now,
        updatedDate: ctx.now,
      };
    });
    return {
      record: {
        id,
        description: input.description,
        endpoints,
        createdDate: previous?.createdDate ?? ctx.now,
        updatedDate: ctx.now,
      },
    };
  },

  check(t, recipient) {
    const mine = new Set(recipient.endpoints.map(endpointKey));
    for (const other of t.of<RecipientRecord>("notificationRecipients").all()) {
      if (other.id === recipient.id) continue;
      // One pass over each list (not a search of the other's endpoints for each of these: linear).
      if (!other.endpoints.some((o) => mine.has(endpointKey(o)))) continue;
      const theirs = new Set(other.endpoints.map(endpointKey));
      const i = recipient.endpoints.findIndex((e) => theirs.has(endpointKey(e)));
      if (i >= 0) {
        throw new ApiError("TNT-10100", {
          message: `duplicate notification endpoint: recipient ${other.id} already has it`,
          object: `endpoints[${i}].destination`,
          value: recipient.endpoints[i].destination,
        });
      }
    }
  },

  view: (_t, r) => r,

  extra: {
    deleteNotificationRecipients: (c) => {
      const body = c.body;
      if (!Array.isArray(body) || body.length === 0)
        throw badRequest("body must be a non-empty JSON array of notification recipients", "body");
      const ids = body.map((entry, i) => {
        const id = typeof entry === "object" && entry !== null ? (entry as { id?: unknown }).id : undefined;
        if (typeof id !== "string" || id === "") throw badRequest("each recipient must carry its id", `[${i}].id`);
        return id;
      });
      return c.finish(c.model.remove(notificationRecipients, c.tenant, ids, c.params, true));
    },
  },
};
