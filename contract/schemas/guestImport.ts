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
  return [...csvRows(text)];
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * parseCsv's rows one at a time, blank lines left out, so that a caller can stop between rows (a file of tens of
 * thousands). Characters between two delimiters are taken as one slice of the text, not one by one. Throws at the end
 * when a quoted field is not closed.
 */
export function* csvRows(text: string): Generator<string[]> {
  let row: string[] = [];
  /** The current field's characters up to `run`. */
  let field = "";
  /** Where the characters not yet added to `field` begin. */
  let run = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) continue;
      field += text.slice(run, i);
      if (text.charCodeAt(i + 1) === QUOTE) {
        field += '"';
        i++;
      } else quoted = false;
      run = i + 1;
    } else if (c === QUOTE && field === "" && run === i) {
      quoted = true;
      run = i + 1;
    } else if (c === COMMA) {
      row.push(field + text.slice(run, i));
      field = "";
      run = i + 1;
    } else if (c === LF || c === CR) {
      row.push(field + text.slice(run, i));
      field = "";
      if (c === CR && text.charCodeAt(i + 1) === LF) i++;
      run = i + 1;
      if (!isBlank(row)) yield row;
      row = [];
    }
  }
  if (quoted) throw new Error("a quoted field is not closed");
  field += text.slice(run);
  if (field !== "" || row.length > 0) {
    row.push(field);
    if (!isBlank(row)) yield row;
  }
}

function isBlank(row: string[]): boolean {
  return row.length === 1 && row[0] === "";
}
