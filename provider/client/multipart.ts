// A multipart/form-data body (a route whose body is "multipart", importGuestUsers), in a form the client can
// prepare, log-scrub and send again on a retry: plain field values and file parts. The transport
// turns it into a FormData for each attempt.
import { FormData } from "undici";

export interface MultipartFilePart {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string;
}

export interface MultipartForm {
  /** Field name → value; an array sends the field once per value. */
  readonly fields: Readonly<Record<string, string | readonly string[]>>;
  readonly files: Readonly<Record<string, MultipartFilePart>>;
}

export function isMultipartForm(value: unknown): value is MultipartForm {
  if (typeof value !== "object" || value === null) return false;
  const form = value as Partial<MultipartForm>;
  return (
    typeof form.fields === "object" && form.fields !== null && typeof form.files === "object" && form.files !== null
  );
}

/** A fresh FormData for one attempt (undici sets the content type with its boundary). */
export function formDataOf(form: MultipartForm): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    for (const one of typeof value === "string" ? [value] : value) data.append(name, one);
  }
  for (const [name, file] of Object.entries(form.files))
    data.append(name, new Blob([file.content], { type: file.contentType }), file.filename);
  return data;
}
