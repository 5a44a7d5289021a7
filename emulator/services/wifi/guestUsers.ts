// Guest users: created in arrays and answered 201 at once (createGuestUsers); the service makes up
// each guest's password, shows it in the read form, and makes a new one on regenerateGuestUserCredentials. Disabling and
// enabling are operations of their own (disableGuestUser, enableGuestUser). The network a guest is for must exist; the
// Wi-Fi API documentation does not say it must be a guest network, so any type is accepted.
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  deliveryMethodsSchema,
  type GuestUserInput,
  guestUserInputSchema,
  guestUserReadSchema,
  validateBody,
} from "../../../contract";
import { relatedNotFound, validationError } from "../../model/errors";
import { newDigits } from "../../model/ids";
import type { KindDef, OpContext } from "../../model/kind";

export interface GuestUserRecord extends GuestUserInput {
  id: string;
  createdDate: number;
  expirationDate: number;
  lastModified: number;
  guestUserType: string;
  macAddresses: string[];
  password: string;
  ssid: string;
}

const UNIT_MS: Record<string, number> = {
  Minute: 60_000,
  Hour: 3_600_000,
  Day: 86_400_000,
  Week: 7 * 86_400_000,
  Month: 30 * 86_400_000,
  Year: 365 * 86_400_000,
};

/** Eight digits, as guest passes are read out or printed; from crypto, whatever --seed says (a secret). */
function newPassword(): string {
  return newDigits(8);
}

/** Creation activations expire a duration after creation; Login ones start at the first login (0 until then); Never never. */
function expirationOf(input: GuestUserInput, createdMs: number): number {
  const { activationType, duration, unit } = input.expiration;
  if (unit === "Never" || activationType === "Login") return 0;
  return createdMs + duration * UNIT_MS[unit];
}

export const guestUsers: KindDef<GuestUserRecord, GuestUserInput> = {
  name: "guestUsers",
  noun: "guest user",
  idParam: "guestUserId",
  schema: () => guestUserInputSchema,
  readSchema: () => guestUserReadSchema,
  schemasOf: {
    disableGuestUser: { answer: () => acceptedRequestSchema },
    enableGuestUser: { answer: () => acceptedRequestSchema },
    regenerateGuestUserCredentials: {
      body: () => deliveryMethodsSchema,
      answer: () => acceptedAnswerSchema(guestUserReadSchema),
    },
  },
  ops: {
    lists: [{ op: "listGuestUsers" }],
    createMany: "createGuestUsers",
    bulkDelete: "deleteGuestUsers",
    get: "getGuestUser",
    delete: "deleteGuestUser",
  },

  build(ctx, input, id, previous) {
    const now = Date.parse(ctx.now);
    const created = previous?.createdDate ?? now;
    const network = ctx.t.of("networks").get(input.networkId);
    return {
      record: {
        ...input,
        id,
        createdDate: created,
        expirationDate: expirationOf(input, created),
        lastModified: now,
        guestUserType: "GuestPass",
        macAddresses: previous?.macAddresses ?? [],
        password: previous?.password ?? newPassword(),
        ssid: network?.wlan?.ssid ?? "",
      },
    };
  },

  check(t, guest) {
    if (!t.of("networks").has(guest.networkId)) throw relatedNotFound("network", "networkId", guest.networkId);
  },

  view: (_t, guest) => guest,

  extra: {
    disableGuestUser: (c) => setDisabled(c, true),
    enableGuestUser: (c) => setDisabled(c, false),
    regenerateGuestUserCredentials: (c) => {
      const guest = c.model.existing(guestUsers, c.tenant, c.params.guestUserId);
      const methods = validateBody(deliveryMethodsSchema, c.body);
      if (!methods.ok) throw validationError(methods.failures, c.body);
      const ctx = c.model.context(c.tenant);
      const renewal = { deliveryMethods: methods.value, password: newPassword(), lastModified: Date.parse(ctx.now) };
      return c.finish(c.model.action(guest.id, { ...guest, ...renewal }, () => patchIfPresent(c, guest.id, renewal)));
    },
  },
};

function setDisabled(c: OpContext, disabled: boolean) {
  const guest = c.model.existing(guestUsers, c.tenant, c.params.guestUserId);
  return c.finish(
    c.model.action(guest.id, undefined, () => patchIfPresent(c, guest.id, { disabled, lastModified: Date.now() })),
  );
}

/** Applies an action's fields to the guest as it is when the action completes: actions completing in between keep theirs. */
function patchIfPresent(c: OpContext, id: string, patch: Partial<GuestUserRecord>): void {
  const now = c.tenant.of<GuestUserRecord>("guestUsers").get(id);
  if (now) c.tenant.of<GuestUserRecord>("guestUsers").put({ ...now, ...patch });
}
