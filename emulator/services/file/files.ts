// File transfer (U1, U2): a file ID with a signed upload address, and a redirect to a signed
// download address (the store is store.ts).
import { uploadUrlRequestSchema, validateBody } from "../../../contract";
import { ApiError, badRequest, notFound, validationError } from "../../errors";
import type { Handler } from "../../model/kind";
import { downloadPath, uploadPath } from "./store";

export const FILE_OPERATIONS: Record<"U1" | "U2", Handler> = {
  U1: (c) => {
    if (c.body === null || typeof c.body !== "object" || Array.isArray(c.body))
      throw badRequest("body must be a JSON object", "body");
    const parsed = validateBody(uploadUrlRequestSchema, c.body);
    if (!parsed.ok) throw validationError(parsed.failures, c.body);
    const ctx = c.model.context(c.tenant);
    const file = {
      fileId: ctx.newId(),
      tenantId: c.tenant.id,
      extension: parsed.value.fileExtension.replace(/^\./, "").toLowerCase(),
      uploadSignature: ctx.newId(),
      downloadSignature: ctx.newId(),
    };
    c.tenant.directory.files.add(file);
    return { status: 200, body: { fileId: file.fileId, signedUrl: `${c.origin}${uploadPath(file)}` } };
  },
  U2: (c) => {
    const file = c.tenant.directory.files.of(c.tenant.id, c.params.fileId);
    if (!file) throw notFound("file", "fileId", c.params.fileId);
    if (!file.bytes)
      throw new ApiError("NMS-NOT-FOUND", {
        message: "nothing was uploaded to this file yet",
        object: "fileId",
        value: file.fileId,
      });
    return { status: 302, body: undefined, headers: { location: `${c.origin}${downloadPath(file)}` } };
  },
};
