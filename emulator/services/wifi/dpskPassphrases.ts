// DPSK passphrases (W84, W85): write-only. The seeds give no read, so the passphrase is seen once,
// in W84's answer. A passphrase left out is generated, except for a network whose WLAN uses WPA
// personal security, which needs one given (WIFI-10102).
import { answerOf, DpskPassphraseInput, dpskPassphraseInputSchema, dpskPassphraseReadSchema } from "../../../contract";
import { ApiError, relatedNotFound } from "../../errors";
import type { KindDef } from "../../model/kind";

export interface DpskPassphraseRecord extends DpskPassphraseInput {
  id: string;
}

const PERSONAL_SECURITIES = new Set(["WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed"]);
/** Keyboard-friendly characters of the W53 format of the same name. */
const KEYBOARD_FRIENDLY = "abcdefghjkmnpqrstuvwxyz23456789";

export const dpskPassphrases: KindDef<DpskPassphraseRecord, DpskPassphraseInput> = {
  name: "dpskPassphrases",
  noun: "DPSK passphrase",
  idParam: "dpskPassphraseId",
  schema: () => dpskPassphraseInputSchema,
  // W84 is its one answer: the passphrase, given or made up, with the defaults filled in.
  readSchema: () => answerOf(dpskPassphraseReadSchema),
  ops: { create: "W84", bulkDelete: "W85" },

  build(ctx, input, id) {
    const generated = () => [...ctx.newId().slice(0, 12)].map((ch) => KEYBOARD_FRIENDLY[parseInt(ch, 16) % KEYBOARD_FRIENDLY.length]).join("");
    const network = input.networkId ? ctx.t.of("networks").get(input.networkId) : undefined;
    const needsOne = network !== undefined && PERSONAL_SECURITIES.has(network.wlan?.wlanSecurity);
    return { record: { ...input, id, passphrase: input.passphrase ?? (needsOne ? undefined : generated()) } };
  },

  check(t, entry) {
    if (entry.networkId !== undefined) {
      const network = t.of("networks").get(entry.networkId);
      if (!network) throw relatedNotFound("network", "networkId", entry.networkId);
      if (entry.passphrase === undefined && PERSONAL_SECURITIES.has(network.wlan?.wlanSecurity)) {
        throw new ApiError("WIFI-10102", { object: "passphrase" });
      }
    }
  },

  view: (_t, entry) => entry,
};
