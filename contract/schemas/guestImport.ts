// Guest import (the Wi-Fi API documentation, W76): a multipart form with a file of guests and the
// fields every imported guest shares; the network is the query parameter networkId. The API
// documentation does not give the file's format: it is CSV (UTF-8, comma-separated, RFC 4180
// quoting) with a header row naming its columns, GUEST_IMPORT_COLUMNS, in any order; name and
// mobilePhoneNumber are required in every row, email and notes may be empty. Other columns are
// refused.
import { z } from "zod";
import { guestExpirationSchema, deliveryMethodsSchema, guestUserReadSchema } from "./guestUser";

export const GUEST_IMPORT_COLUMNS = ["name", "mobilePhoneNumber", "email", "notes"] as const;
export const GUEST_IMPORT_REQUIRED_COLUMNS = ["name", "mobilePhoneNumber"] as const;

/** Multipart fields as the form carries them (strings), read into the guest fields they set. */
/** The API documentation marks every field required but deliveryMethods: the guests are imported without delivery methods when it is left out. */
export const guestImportFieldsSchema = z.object({
  deliveryMethods: deliveryMethodsSchema.optional(),
  "expiration.activationType": guestExpirationSchema.shape.activationType,
  "expiration.duration": z.coerce
    .number({ invalid_type_error: "must be an integer" })
    .pipe(guestExpirationSchema.shape.duration),
  "expiration.unit": guestExpirationSchema.shape.unit,
  maxDevices: z.coerce
    .number({ invalid_type_error: "must be an integer" })
    .int("must be an integer")
    .refine((n) => n === -1 || n >= 1, "must be -1 (unlimited) or at least 1"),
});

/** W76's answer (201): the created guests and where the list of their credentials can be downloaded. */
export const guestImportReadSchema = z.object({
  data: z.array(guestUserReadSchema).describe("The guests created, with their generated passwords (secret)."),
  downloadUrl: z
    .string()
    .min(1)
    .describe("Where the file of the created guests and their credentials can be downloaded."),
});

/** The rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") row.push(field), (field = "");
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += ch;
  }
  if (quoted) throw new Error("a quoted field is not closed");
  if (field !== "" || row.length > 0) row.push(field), rows.push(row);
  return rows.filter((r) => !(r.length === 1 && r[0] === ""));
}
