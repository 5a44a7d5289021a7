// Guest import (importGuestUsers): a multipart form whose file is a CSV of guests (columns in
// contract/schemas/guestImport.ts) and whose fields every imported guest shares. The shared fields
// and the network (networkId) come as form fields or as query parameters: the vendor's public
// generated client sends them all in the query beside the file. The guests are created as createGuestUsers creates them (all or none, 201 at
// once, passwords made up by the service). Failures name the form field (`maxDevices`,
// `expiration.duration`), the file (`file`) or a row of it (`file[2].mobilePhoneNumber`, rows
// counted from 0 after the header).
import {
  acceptedAnswerSchema,
  GUEST_IMPORT_COLUMNS,
  GUEST_IMPORT_REQUIRED_COLUMNS,
  guestImportFieldsSchema,
  guestImportReadSchema,
  importedGuestUserSchema,
  type OperationName,
  csvRows,
  validateBody,
} from "../../../contract";
import { ApiError, badRequest, validationError } from "../../model/errors";
import type { Handler, OperationSchemas } from "../../model/kind";
import { isMultipartBody, type MultipartBody } from "../../http/multipart";
import { TurnBudget } from "../../model/turns";
import { guestUsers } from "./guestUsers";

/** createGuestUsers's guests, but deliveryMethods may be left out (the Wi-Fi API documentation does not require it on importGuestUsers). */
const importedGuestUsers = { ...guestUsers, schema: () => importedGuestUserSchema } as typeof guestUsers;

const invalid = (object: string, message: string) => new ApiError("NMS-VALIDATION", { message, object });

/**
 * The values of a shared field: the form's, else the query's. A field given both ways with other values is refused,
 * naming it: which one the service would take is not known.
 */
function valuesOf(form: MultipartBody, query: URLSearchParams, name: string): string[] | undefined {
  const fromForm = form.fields[name];
  const fromQuery = query.getAll(name);
  if (fromForm === undefined || fromForm.length === 0) return fromQuery.length > 0 ? fromQuery : undefined;
  if (fromQuery.length > 0 && fromQuery.join("\n") !== fromForm.join("\n"))
    throw invalid(name, "is given both as a form field and as a query parameter, with different values");
  return fromForm;
}

/** The shared fields as the schema reads them: deliveryMethods may come as repeated fields or comma-separated. */
function fieldsOf(form: MultipartBody, query: URLSearchParams): Record<string, unknown> {
  const one = (name: string) => valuesOf(form, query, name)?.[0];
  const methods = valuesOf(form, query, "deliveryMethods")
    ?.flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  return {
    deliveryMethods: methods,
    "expiration.activationType": one("expiration.activationType"),
    "expiration.duration": one("expiration.duration"),
    "expiration.unit": one("expiration.unit"),
    maxDevices: one("maxDevices"),
  };
}

/**
 * The guests of the file: one object per data row, by the header's column names, with the fields every guest shares.
 * A file at the body limit holds about 45,000 rows: they are read a turn's share at a time (TurnBudget).
 */
async function guestsOf(form: MultipartBody, shared: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const file = form.files.file;
  if (!file) throw invalid("file", "is required: a CSV file of guests");
  const budget = new TurnBudget();
  const rows: string[][] = [];
  try {
    for (const row of csvRows(file.text.replace(/^\uFEFF/, ""))) {
      rows.push(row);
      if (budget.spent()) await budget.next();
    }
  } catch (error) {
    throw invalid("file", `is not a readable CSV file: ${(error as Error).message}`);
  }
  const [header] = rows;
  if (!header) throw invalid("file", "is empty: it needs a header row and at least one guest");
  const columns = header.map((c) => c.trim());
  const unknown = columns.find((c) => !(GUEST_IMPORT_COLUMNS as readonly string[]).includes(c));
  if (unknown !== undefined)
    throw invalid("file", `has an unknown column "${unknown}" (columns: ${GUEST_IMPORT_COLUMNS.join(", ")})`);
  const missing = GUEST_IMPORT_REQUIRED_COLUMNS.find((c) => !columns.includes(c));
  if (missing)
    throw invalid("file", `has no column ${missing} (required: ${GUEST_IMPORT_REQUIRED_COLUMNS.join(", ")})`);
  if (rows.length === 1) throw invalid("file", "holds no guest: it needs at least one row after the header");
  const guests: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length - 1; i++) {
    const cells = rows[i + 1];
    if (cells.length !== columns.length)
      throw invalid(`file[${i}]`, `has ${cells.length} cells; the header has ${columns.length}`);
    const guest: Record<string, unknown> = {};
    for (let j = 0; j < columns.length; j++) if (cells[j] !== "") guest[columns[j]] = cells[j];
    guests.push(Object.assign(guest, shared));
    if (budget.spent()) await budget.next();
  }
  return guests;
}

const importGuestUsers: Handler = async (c) => {
  if (!isMultipartBody(c.body)) throw badRequest("body must be a multipart/form-data form", "body");
  const networkId = valuesOf(c.body, c.query, "networkId")?.[0];
  if (!networkId) throw invalid("networkId", "is required (a query parameter or a form field)");
  const given = fieldsOf(c.body, c.query);
  const fields = validateBody(guestImportFieldsSchema, given);
  if (!fields.ok) throw validationError(fields.failures, given);
  const shared = fields.value;
  const guests = await guestsOf(c.body, {
    networkId,
    ...(shared.deliveryMethods ? { deliveryMethods: shared.deliveryMethods } : {}),
    expiration: {
      activationType: shared["expiration.activationType"],
      duration: shared["expiration.duration"],
      unit: shared["expiration.unit"],
    },
    maxDevices: shared.maxDevices,
  });
  let write;
  try {
    write = await c.model.createManyYielding(importedGuestUsers, c.tenant, guests);
  } catch (error) {
    // An entry's failure names its row of the file; the network is the query's.
    if (error instanceof ApiError) {
      for (const entry of error.entries)
        entry.object = entry.object?.replace(/^\[\d+\]\.networkId$/, "networkId").replace(/^\[/, "file[");
    }
    throw error;
  }
  const downloadUrl = `/api/file/tenant/${c.tenant.id}/${c.model.context(c.tenant).newId()}`;
  return c.finish({ ...write, response: { data: write.response, downloadUrl } });
};

export const GUEST_IMPORT_OPERATIONS: Partial<Record<OperationName, Handler>> = { importGuestUsers: importGuestUsers };

/** importGuestUsers's body is a multipart form, outside JSON schemas. */
export const GUEST_IMPORT_SCHEMAS: Partial<Record<OperationName, OperationSchemas>> = {
  importGuestUsers: { answer: () => acceptedAnswerSchema(guestImportReadSchema) },
};
