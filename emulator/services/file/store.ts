// The file store behind U1 and U2: the "real file location" of the account-and-venues API documentation. U1 hands out a file ID
// and a signed address; the raw bytes are PUT there. U2 redirects to a signed download address,
// which refuses any request carrying the service's cookie or headers (403), as that documentation says.
// Signed addresses live under FILE_STORE_PREFIX, outside the service's routes, on the emulator's
// own origin: a stored file is therefore always a download (an attachment, never sniffed, in a
// sandbox with no script), so that an uploaded SVG or HTML page cannot act as the emulator's page.
// Each file's SHA-256 is computed while its bytes arrive; a state file keeps the bytes once per
// digest beside it (emulator/stateFile.ts). Errors are ApiErrors with the EMU- codes of
// emulator/errors.ts, answered by the server in the error body.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WIRE_HEADERS } from "../../../contract";
import { AUTH_COOKIE } from "../../auth";
import { ApiError, badRequest } from "../../errors";

export const FILE_STORE_PREFIX = "/file-store/";
/** Largest upload the store takes (the API documentation gives no limit). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
/** Uploaded bytes one tenant may hold in all its files together (the API documentation gives no limit). */
export const UPLOAD_QUOTA_BYTES = 64 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/** Headers of every stored file's download: saved, never shown as a page of the emulator's origin. */
const DOWNLOAD_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'",
  "cache-control": "no-store",
};

export interface StoredFile {
  fileId: string;
  tenantId: string;
  extension: string;
  uploadSignature: string;
  downloadSignature: string;
  bytes?: Buffer;
  /** SHA-256 of bytes (hex), set with them. */
  sha256?: string;
}

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  /** Bytes held per tenant, kept with every change so that the quota check is one lookup. */
  private readonly usage = new Map<string, number>();

  add(file: StoredFile): void {
    const previous = this.files.get(file.fileId);
    if (previous) this.count(previous, -1);
    if (file.bytes !== undefined && file.sha256 === undefined) file.sha256 = sha256Of(file.bytes);
    this.files.set(file.fileId, file);
    this.count(file, 1);
  }

  /** Replaces the file's bytes (an upload). */
  setBytes(file: StoredFile, bytes: Buffer, sha256: string): void {
    this.count(file, -1);
    file.bytes = bytes;
    file.sha256 = sha256;
    this.count(file, 1);
  }

  /** Bytes the tenant's files hold together. */
  usedBy(tenantId: string): number {
    return this.usage.get(tenantId) ?? 0;
  }

  /** A file of the tenant; undefined for another tenant's. */
  of(tenantId: string, fileId: string): StoredFile | undefined {
    const file = this.files.get(fileId);
    return file && file.tenantId === tenantId ? file : undefined;
  }

  get(fileId: string): StoredFile | undefined {
    return this.files.get(fileId);
  }

  all(): StoredFile[] {
    return [...this.files.values()];
  }

  clear(): void {
    this.files.clear();
    this.usage.clear();
  }

  private count(file: StoredFile, sign: 1 | -1): void {
    if (file.bytes === undefined) return;
    this.usage.set(file.tenantId, this.usedBy(file.tenantId) + sign * file.bytes.length);
  }
}

export const uploadPath = (file: StoredFile) => `${FILE_STORE_PREFIX}${file.fileId}?signature=${file.uploadSignature}`;
export const downloadPath = (file: StoredFile) =>
  `${FILE_STORE_PREFIX}${file.fileId}?signature=${file.downloadSignature}`;

function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Headers of the service that a signed address refuses: the cookie, the gateway headers, a bearer token. */
function carriesServiceHeaders(req: IncomingMessage): boolean {
  if (req.headers.authorization !== undefined) return true;
  if (Object.values(WIRE_HEADERS).some((name) => req.headers[name] !== undefined)) return true;
  return (
    req.headers.cookie !== undefined &&
    req.headers.cookie.split(";").some((part) => part.trim().startsWith(`${AUTH_COOKIE}=`))
  );
}

/** A successful answer of the store: the server writes it as it is. */
export interface StoreAnswer {
  status: number;
  headers: Record<string, string>;
  bytes?: Buffer;
}

/** Answers a request to a signed address; rejects with an ApiError (after reading the request's body, so the connection can be reused). */
export async function serveFileStore(
  store: FileStore,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<StoreAnswer> {
  let fileId: string;
  try {
    fileId = decodeURIComponent(path.slice(FILE_STORE_PREFIX.length));
  } catch {
    throw badRequest("malformed percent-escape in the path", "path");
  }
  const file = store.get(fileId);
  const signature = query.get("signature");
  if (req.method === "PUT") {
    if (!file || signature !== file.uploadSignature) {
      await drain(req);
      throw new ApiError("EMU-BAD-SIGNATURE");
    }
    const replaced = file.bytes?.length ?? 0;
    const room = () => UPLOAD_QUOTA_BYTES - (store.usedBy(file.tenantId) - replaced);
    const upload = await readUpload(req, Math.min(MAX_UPLOAD_BYTES, Math.max(0, room())));
    // Checked again once the bytes are in: another upload of the tenant may have finished meanwhile.
    if (upload.size > MAX_UPLOAD_BYTES)
      throw new ApiError("EMU-UPLOAD-TOO-LARGE", {
        message: `the file is larger than the store takes (${MAX_UPLOAD_BYTES} bytes)`,
      });
    if (upload.bytes === undefined || upload.size > room()) throw quotaError(file.tenantId, store);
    store.setBytes(file, upload.bytes, upload.sha256);
    return { status: 200, headers: {} };
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    await drain(req);
    const error = new ApiError("EMU-METHOD-NOT-ALLOWED", {
      message: `the file store takes GET and PUT, not ${req.method}`,
    });
    error.headers = { allow: "GET, HEAD, PUT" };
    throw error;
  }
  if (!file || signature !== file.downloadSignature) throw new ApiError("EMU-BAD-SIGNATURE");
  if (carriesServiceHeaders(req)) throw new ApiError("EMU-SERVICE-HEADERS");
  if (!file.bytes)
    throw new ApiError("NMS-NOT-FOUND", {
      message: "nothing was uploaded to this file yet",
      object: "fileId",
      value: file.fileId,
    });
  return {
    status: 200,
    headers: {
      "content-type": CONTENT_TYPES[file.extension] ?? "application/octet-stream",
      "content-disposition": `attachment; filename="${file.fileId}.${file.extension}"`,
      ...DOWNLOAD_HEADERS,
    },
    bytes: file.bytes,
  };
}

function quotaError(tenantId: string, store: FileStore): ApiError {
  return new ApiError("EMU-UPLOAD-QUOTA", {
    message: `the tenant's files would hold more than ${UPLOAD_QUOTA_BYTES} bytes (they hold ${store.usedBy(tenantId)})`,
  });
}

interface Upload {
  size: number;
  /** Undefined when more than `keep` bytes came (they were counted, not kept). */
  bytes?: Buffer;
  sha256: string;
}

/** Reads the whole body, keeping at most `keep` bytes and hashing them as they arrive (no pass over the file later). */
function readUpload(req: IncomingMessage, keep: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash("sha256");
    let size = 0;
    let ended = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= keep) {
        chunks.push(chunk);
        hash.update(chunk);
      } else if (chunks.length > 0) {
        chunks.length = 0; // over the limit: what was kept is of no use any more
      }
    });
    req.on("end", () => {
      ended = true;
      if (size > MAX_UPLOAD_BYTES)
        reject(
          new ApiError("EMU-UPLOAD-TOO-LARGE", {
            message: `the file is larger than the store takes (${MAX_UPLOAD_BYTES} bytes)`,
          }),
        );
      else resolve({ size, bytes: size <= keep ? Buffer.concat(chunks, size) : undefined, sha256: hash.digest("hex") });
    });
    req.on("error", reject);
    req.on("close", () => {
      if (!ended) reject(badRequest("the upload was cut short", "body"));
    });
  });
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve();
    req.on("end", () => resolve());
    req.on("close", () => resolve());
    req.on("error", () => resolve());
    req.resume();
  });
}
