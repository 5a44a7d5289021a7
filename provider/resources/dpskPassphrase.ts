import { dpskPassphraseInputSchema } from "../../contract/schemas/dpsk";
import { resourceSpec } from "../spec";

export const dpskPassphraseSpec = resourceSpec({
  kind: "DpskPassphrase",
  description:
    "A DPSK passphrase of a client MAC address (createDpskPassphrase, deleteDpskPassphrases). The service has no read operation for passphrases: refresh cannot " +
    "see a change or a delete made outside the stack, and every change replaces the passphrase.",
  inputSchema: () => dpskPassphraseInputSchema,
  identity: { idParam: "dpskPassphraseId" },
  ops: { create: "createDpskPassphrase", bulkDelete: "deleteDpskPassphrases" },
  destroy: "delete",
  destroyNote:
    "Destroy deletes the passphrase with the bulk delete (deleteDpskPassphrases), in one call with the other passphrases destroyed at the same time.",
});
