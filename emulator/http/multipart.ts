// Multipart bodies (the route's body "multipart", importGuestUsers): parsed with Node's own fetch machinery
// (Response.formData), so the emulator reads a real multipart/form-data request without a parser
// of its own. Handlers get the form as plain data.

/** A file part of a multipart form. */
export interface MultipartFile {
  filename: string;
  contentType: string;
  text: string;
}

/** A parsed multipart/form-data body: each field's values in order, and the file parts. */
export interface MultipartBody {
  readonly multipart: true;
  fields: Record<string, string[]>;
  files: Record<string, MultipartFile>;
}

export function isMultipartBody(body: unknown): body is MultipartBody {
  return typeof body === "object" && body !== null && (body as { multipart?: unknown }).multipart === true;
}

/** Throws an Error (with a message for the client) when the body is not a readable multipart form. */
export async function parseMultipart(raw: Buffer, contentType: string | undefined): Promise<MultipartBody> {
  if (!contentType || !/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw new Error("body must be multipart/form-data with a boundary");
  }
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new Error("body is not a readable multipart/form-data form");
  }
  const body: MultipartBody = { multipart: true, fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") (body.fields[name] ??= []).push(value);
    else body.files[name] = { filename: (value as File).name, contentType: value.type, text: await value.text() };
  }
  return body;
}
