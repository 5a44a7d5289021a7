import { recoveryPskInputSchema } from "../../contract/schemas/recoveryPsk";
import { resourceSpec } from "../spec";

export const recoveryPskSpec = resourceSpec({
  kind: "RecoveryPsk",
  description:
    "The tenant's recovery PSK (getRecoveryPsk, updateRecoveryPsk): 16 digits that let an administrator reach an AP that lost its cloud connection. One per " +
    "tenant, and it always exists: creating the resource takes it over and writes the program's value. Its ID is the tenant's ID.",
  inputSchema: () => recoveryPskInputSchema,
  // Its tenant is every kind's output `tenantId` (provider/tenant.ts).
  identity: { idField: "tenantId", idParam: "tenantId" },
  ops: { read: "getRecoveryPsk", update: "updateRecoveryPsk" },
  destroy: "forget",
  destroyNote:
    "The service can neither delete nor reset the recovery PSK, and an AP may need it at any time: destroy leaves the PSK as it " +
    "is in the service and only removes it from the stack.",
});
