// DPSK passphrase (document 2, "DPSK passphrase"; W84, W85). There is no read operation: the
// service never shows a passphrase again after it is created.
import { z } from "zod";
import { secret } from "../meta";
import { lengthBetween, macAddress, vlanId } from "../validators";

/** Body of W84. WIFI-10102 (a passphrase is required for WPA personal security) needs the network's state: the emulator checks it. */
export const dpskPassphraseInputSchema = z.object({
  mac: macAddress.describe("The client's MAC: aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff or aabbccddeeff."),
  networkId: z.string().optional().describe("The DPSK network the passphrase is for."),
  passphrase: secret(lengthBetween(8, 63)).optional().describe("8 to 63 characters (secret)."),
  username: lengthBetween(0, 200).optional().describe("0 to 200 characters."),
  vlanId: vlanId.default(1).describe("VLAN the client lands in, 1 to 4094 (default 1)."),
  expiration: z.number().int("must be an integer").optional().describe("Expiry (int64, epoch milliseconds)."),
  override: z.boolean().default(false).describe("Replace an existing passphrase of the same MAC (default false)."),
});

export type DpskPassphraseInput = z.output<typeof dpskPassphraseInputSchema>;

/** W84's answer: the input with its ID. */
export const dpskPassphraseReadSchema = dpskPassphraseInputSchema.extend({ id: z.string().min(1) });
