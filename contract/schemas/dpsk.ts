// DPSK passphrase (the Wi-Fi API documentation, "DPSK passphrase"; W84, W85) and DPSK passphrase
// format (W53). There is no read operation for a passphrase: the service shows it once, in W84's
// answer.
//
// WIFI-10102 ("DPSK passphrase is required for WPA personal security") needs the network the
// entry names, which the body alone does not show: the input schema cannot check it, and the
// emulator applies dpskPassphraseFailure with the stored network. The project's reading: when the
// named network's WLAN security is a WPA personal one (wlan.ts, WPA_PERSONAL_SECURITIES), the
// passphrase must be given; otherwise (no network, or another security) it may be left out and
// the service makes one up, which W84's answer shows.
import { z } from "zod";
import type { FieldFailure } from "../validate";
import { secret } from "../meta";
import { int64, lengthBetween, macAddress, vlanId } from "../validators";
import { WPA_PERSONAL_SECURITIES } from "./wlan";

/** Body of W84. */
export const dpskPassphraseInputSchema = z.object({
  mac: macAddress.describe("The client's MAC: aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff or aabbccddeeff."),
  networkId: z.string().optional().describe("The DPSK network the passphrase is for."),
  passphrase: secret(lengthBetween(8, 63))
    .optional()
    .describe(
      "8 to 63 characters (secret); required when the network uses WPA personal security (WIFI-10102), else made up by the service.",
    ),
  username: lengthBetween(0, 200).optional().describe("0 to 200 characters."),
  vlanId: vlanId.describe("VLAN the client lands in, 1 to 4094 (default 1).").default(1),
  expiration: int64.optional().describe("Expiry (int64, epoch milliseconds)."),
  override: z.boolean().describe("Replace an existing passphrase of the same MAC (default false).").default(false),
});

export type DpskPassphraseInput = z.output<typeof dpskPassphraseInputSchema>;

/** W84's answer: the input with its ID, the defaults filled in, and the passphrase (given or made up). */
export const dpskPassphraseReadSchema = dpskPassphraseInputSchema.extend({
  id: z.string().min(1, "is required").describe("The passphrase entry's ID."),
  passphrase: secret(lengthBetween(8, 63)).describe("The passphrase (secret)."),
  vlanId: vlanId.describe("VLAN the client lands in."),
  override: z.boolean().describe("Whether it replaced an existing passphrase of the same MAC."),
});

export type DpskPassphrase = z.infer<typeof dpskPassphraseReadSchema>;

/** What WIFI-10102 needs to know of the network an entry names. */
export interface DpskNetworkView {
  wlan?: { wlanSecurity?: string };
}

/** WIFI-10102 for one W84 body against the network it names (undefined: no such network, or none named). */
export function dpskPassphraseFailure(
  entry: { passphrase?: string },
  network: DpskNetworkView | undefined,
): FieldFailure | undefined {
  const security = network?.wlan?.wlanSecurity;
  if (entry.passphrase !== undefined || security === undefined || !WPA_PERSONAL_SECURITIES.has(security))
    return undefined;
  return {
    path: "passphrase",
    message: "DPSK passphrase is required for WPA personal security (WIFI-10102)",
    code: "WIFI-10102",
  };
}

/** W53's items (the Wi-Fi API documentation, "DPSK passphrase format"). The API documentation gives no value sets for the two enums. */
export const dpskPassphraseFormatReadSchema = z.object({
  id: z.string().min(1, "is required").describe("The format's ID."),
  name: z.string().min(1, "is required").describe("The format's name."),
  dpskGenerationParams: z
    .object({
      passphraseExpirationEnum: z.string().describe("When generated passphrases expire."),
      passphraseFormatEnum: z.string().describe("Characters generated passphrases use."),
      passphraseLength: z
        .number()
        .int("must be an integer")
        .min(1, "must be at least 1")
        .describe("Length of generated passphrases."),
    })
    .describe("How passphrases of this format are generated."),
});

export type DpskPassphraseFormat = z.infer<typeof dpskPassphraseFormatReadSchema>;
