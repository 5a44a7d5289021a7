// File transfer (getUploadUrl, getDownloadUrl): a file ID with a signed upload address that works once, and a redirect to
// a new signed download address; both expire (the store is store.ts). Addresses are built from the
// emulator's own address (OpContext.origin), never from the request's Host.
import { uploadUrlRequestSchema, validateBody } from "../../../contract";
import { ApiError, badRequest, notFound, validationError } from "../../model/errors";
import type { Handler } from "../../model/kind";
import { uploadPath, fileStoreOf } from "./store";

export const FILE_OPERATIONS: Record<"getUploadUrl" | "getDownloadUrl", Handler> = {
  getUploadUrl: (c) => {
    if (c.body === null || typeof c.body !== "object" || Array.isArray(c.body))
      throw badRequest("body must be a JSON object", "body");
    const parsed = validateBody(uploadUrlRequestSchema, c.body);
    if (!parsed.ok) throw validationError(parsed.failures, c.body);
    const extension = parsed.value.fileExtension.replace(/^\./, "").toLowerCase();
    const file = fileStoreOf(c.tenant.directory).create(c.tenant.id, extension);
    return { status: 200, body: { fileId: file.fileId, signedUrl: `${c.origin}${uploadPath(file)}` } };
  },
  getDownloadUrl: (c) => {
    const file = fileStoreOf(c.tenant.directory).of(c.tenant.id, c.params.fileId);
    if (!file) throw notFound("file", "fileId", c.params.fileId);
    if (!file.bytes)
      throw new ApiError("NMS-NOT-FOUND", {
        message: "nothing was uploaded to this file yet",
        object: "fileId",
        value: file.fileId,
      });
    const location = `${c.origin}${fileStoreOf(c.tenant.directory).grantDownload(file)}`;
    return { status: 302, body: undefined, headers: { location } };
  },
};
