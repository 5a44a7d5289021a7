import { z } from "zod";
import { objectOf } from "../../contract/meta";
import { guestUserInputSchema, guestUserReadSchema } from "../../contract/schemas/guestUser";
import { resourceSpec } from "../spec";

export const guestUserSpec = resourceSpec({
  kind: "GuestUser",
  description:
    "A guest account on a guest network. The service makes up the password, which is a secret output. The service " +
    "cannot change a guest in place: a change to any field but `disabled` and `credentialsRotation` replaces the guest.",
  inputSchema: () =>
    objectOf(guestUserInputSchema).extend({
      credentialsRotation: z
        .string()
        .optional()
        .describe(
          "Any value; changing it makes the service generate a new password (regenerateGuestUserCredentials) and deliver it by the deliveryMethods.",
        ),
    }),
  bodySchema: () => guestUserInputSchema,
  outputSchema: guestUserReadSchema,
  identity: { idParam: "guestUserId" },
  ops: { create: "createGuestUsers", read: "getGuestUser", delete: "deleteGuestUser", bulkDelete: "deleteGuestUsers" },
  destroy: "delete",
  toggles: { disabled: { whenTrue: "disableGuestUser", whenFalse: "enableGuestUser" } },
  triggers: { credentialsRotation: { op: "regenerateGuestUserCredentials", body: (inputs) => inputs.deliveryMethods } },
  readFromList: { op: "listGuestUsers" },
});
