// DPSK passphrases (createDpskPassphrase, deleteDpskPassphrases): write-only. The Wi-Fi API documentation gives no read, so the
// passphrase is seen once, in createDpskPassphrase's answer. A passphrase left out is generated, except for a
// network whose WLAN uses WPA personal security, which needs one given (WIFI-10102, the
// contract's dpskPassphraseFailure).
import {
  answerOf,
  type DpskNetworkView,
  type DpskPassphraseInput,
  dpskPassphraseFailure,
  dpskPassphraseInputSchema,
  dpskPassphraseReadSchema,
} from "../../../contract";
import { ApiError, relatedNotFound } from "../../model/errors";
import type { KindDef } from "../../model/kind";
import { newSecretHex } from "../../model/ids";

export interface DpskPassphraseRecord extends DpskPassphraseInput {
  id: string;
}

type NetworkRecord = { id: string } & DpskNetworkView;

/** Keyboard-friendly characters of the listDpskPassphraseFormats format of the same name. */
const KEYBOARD_FRIENDLY = "abcdefghjkmnpqrstuvwxyz23456789";

export const dpskPassphrases: KindDef<DpskPassphraseRecord, DpskPassphraseInput> = {
  name: "dpskPassphrases",
  noun: "DPSK passphrase",
  idParam: "dpskPassphraseId",
  schema: () => dpskPassphraseInputSchema,
  // createDpskPassphrase is its one answer: the passphrase, given or made up, with the defaults filled in.
  readSchema: () => answerOf(dpskPassphraseReadSchema),
  ops: { create: "createDpskPassphrase", bulkDelete: "deleteDpskPassphrases" },

  build(ctx, input, id) {
    const generated = () =>
      // A secret: from crypto, whatever --seed says.
      [...newSecretHex().slice(0, 12)]
        .map((ch) => KEYBOARD_FRIENDLY[parseInt(ch, 16) % KEYBOARD_FRIENDLY.length])
        .join("");
    const network = input.networkId ? ctx.t.of<NetworkRecord>("networks").get(input.networkId) : undefined;
    const needsOne = dpskPassphraseFailure(input, network) !== undefined;
    return { record: { ...input, id, passphrase: input.passphrase ?? (needsOne ? undefined : generated()) } };
  },

  check(t, entry) {
    if (entry.networkId !== undefined) {
      const network = t.of<NetworkRecord>("networks").get(entry.networkId);
      if (!network) throw relatedNotFound("network", "networkId", entry.networkId);
      // The catalogue's message, as the service words it.
      const failure = dpskPassphraseFailure(entry, network);
      if (failure) throw new ApiError("WIFI-10102", { object: failure.path });
    }
  },

  view: (_t, entry) => entry,
};
