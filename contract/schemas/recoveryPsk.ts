// Recovery PSK (the Wi-Fi API documentation, "Recovery PSK"; W82, W83): one per tenant, 16 digits.
import { z } from "zod";
import { secret } from "../meta";

export const recoveryPskInputSchema = z.object({
  psk: secret(z.string().regex(/^\d{16}$/, "must be exactly 16 digits")).describe(
    "The recovery PSK: exactly 16 digits (secret).",
  ),
});

/** W82's answer (W83's response). */
export const recoveryPskReadSchema = z.object({
  psk: secret(z.string().regex(/^\d{16}$/, "must be exactly 16 digits")).describe("The recovery PSK (secret)."),
  tenantId: z.string().min(1, "is required").describe("The tenant the PSK belongs to."),
});
