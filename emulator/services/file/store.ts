// The file store behind getUploadUrl and getDownloadUrl: the "real file location" of the account-and-venues API documentation. getUploadUrl hands out a file ID
// and a signed address; the raw bytes are PUT there. getDownloadUrl redirects to a signed download address,
// which refuses any request carrying the service's cookie or headers (403), as that documentation says.
// An upload address works once and expires (uploadAddressTtlMs), a download address expires
// (downloadAddressTtlMs): a stored file can never be overwritten (a floor plan shows what was checked
// when it was made), and an address that leaked stops working. File IDs and signatures come from
// crypto whatever --seed says: they are the capability. An upload's size is checked against the
// tenant's quota, less what its other uploads in flight hold, from its Content-Length before any
// byte is kept, and again as the bytes arrive.
// Signed addresses live under FILE_STORE_PREFIX, outside the service's routes, on the emulator's
// own origin: a stored file is therefore always a download (an attachment, never sniffed, in a
// sandbox with no script), so that an uploaded SVG or HTML page cannot act as the emulator's page.
// Each file's SHA-256 is computed while its bytes arrive; a state file keeps the bytes once per
// digest beside it (emulator/state/stateFile.ts). Errors are ApiErrors with the EMU- codes of
// emulator/model/errors.ts, answered by the server in the error body.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WIRE_HEADERS } from "../../../contract";
import { AUTH_COOKIE } from "../../auth/auth";
import { type AddressLifetimes, DEFAULT_ADDRESS_LIFETIMES } from "../../settings/config";
import { ApiError, badRequest } from "../../model/errors";
import type { Directory } from "../../model/directory";
import { newSecretHex } from "../../model/ids";
import { tooLarge as closing } from "../../http/wire";

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

/** Download addresses of one file that work at once; past it the oldest stops working. */
const LIVE_DOWNLOADS_PER_FILE = 16;

export interface StoredFile {
  fileId: string;
  tenantId: string;
  extension: string;
  /** The upload address's signature; removed once the bytes are in (it works once). */
  uploadSignature?: string;
  /** When the upload address stops working (epoch ms). */
  uploadExpiresAt?: number;
  /** Download addresses getDownloadUrl handed out, oldest first. */
  downloads?: { signature: string; expiresAt: number }[];
  bytes?: Buffer;
  /** SHA-256 of bytes (hex), set with them. */
  sha256?: string;
}

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  /** Bytes held per tenant, kept with every change so that the quota check is one lookup. */
  private readonly usage = new Map<string, number>();
  /** Bytes the tenant's uploads in flight may still bring (their Content-Length, or what came so far). */
  private readonly inFlight = new Map<string, number>();
  /** The server's config object, whose lifetimes a PUT /__admin/config changes for the next address. */
  lifetimes: AddressLifetimes = { ...DEFAULT_ADDRESS_LIFETIMES };

  /** getUploadUrl: a new file of the tenant, with an upload address that works once, until it expires. */
  create(tenantId: string, extension: string, now = Date.now()): StoredFile {
    const file: StoredFile = {
      fileId: newSecretHex(),
      tenantId,
      extension,
      uploadSignature: newSecretHex(),
      uploadExpiresAt: now + this.lifetimes.uploadAddressTtlMs,
    };
    this.add(file);
    return file;
  }

  /** getDownloadUrl: a new download address of the file, which works until it expires. */
  grantDownload(file: StoredFile, now = Date.now()): string {
    const live = (file.downloads ?? []).filter((grant) => grant.expiresAt > now).slice(1 - LIVE_DOWNLOADS_PER_FILE);
    const signature = newSecretHex();
    live.push({ signature, expiresAt: now + this.lifetimes.downloadAddressTtlMs });
    file.downloads = live;
    return `${FILE_STORE_PREFIX}${file.fileId}?signature=${signature}`;
  }

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

  /** Bytes the tenant may still upload: its quota, less what its files hold and what its uploads in flight may bring. */
  roomOf(tenantId: string): number {
    return Math.max(0, UPLOAD_QUOTA_BYTES - this.usedBy(tenantId) - (this.inFlight.get(tenantId) ?? 0));
  }

  /** Counts `bytes` against the tenant's room while an upload is in flight (negative: gives them back). */
  hold(tenantId: string, bytes: number): void {
    const left = (this.inFlight.get(tenantId) ?? 0) + bytes;
    if (left > 0) this.inFlight.set(tenantId, left);
    else this.inFlight.delete(tenantId);
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
    this.inFlight.clear();
  }

  private count(file: StoredFile, sign: 1 | -1): void {
    if (file.bytes === undefined) return;
    this.usage.set(file.tenantId, this.usedBy(file.tenantId) + sign * file.bytes.length);
  }
}

/** The file store of every tenant, kept in the model's directory (made there the first time). */
export function fileStoreOf(directory: Directory): FileStore {
  return directory.sharedStore("files", () => new FileStore());
}

export const uploadPath = (file: StoredFile) => `${FILE_STORE_PREFIX}${file.fileId}?signature=${file.uploadSignature}`;

/** Why a signature does not open the file now, or undefined when it does. */
function refusal(signature: string | null, live: { signature?: string; expiresAt?: number }[], now: number) {
  const grant = live.find((g) => g.signature !== undefined && g.signature === signature);
  if (!grant) return "unknown file or wrong signature";
  if (grant.expiresAt === undefined || grant.expiresAt <= now) return "the address expired: ask for a new one";
  return undefined;
}

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
  const now = Date.now();
  if (req.method === "PUT") {
    const why = !file
      ? "unknown file or wrong signature"
      : file.bytes !== undefined || file.uploadSignature === undefined
        ? "the upload address was used already: a stored file is never overwritten"
        : refusal(signature, [{ signature: file.uploadSignature, expiresAt: file.uploadExpiresAt }], now);
    if (!file || why !== undefined) {
      await drain(req);
      throw new ApiError("EMU-BAD-SIGNATURE", { message: why });
    }
    const tenantId = file.tenantId;
    const declared = declaredLength(req);
    if (declared !== undefined && declared > MAX_UPLOAD_BYTES) throw tooLarge();
    if (declared !== undefined && declared > store.roomOf(tenantId)) throw quotaError(tenantId, store);
    const upload = await readUpload(req, store, tenantId, declared ?? 0);
    // Another upload to this address may have finished meanwhile: the first one in is kept.
    if (file.bytes !== undefined || file.uploadSignature === undefined)
      throw new ApiError("EMU-BAD-SIGNATURE", {
        message: "the upload address was used already: a stored file is never overwritten",
      });
    if (upload.size > store.roomOf(tenantId)) throw quotaError(tenantId, store);
    store.setBytes(file, upload.bytes, upload.sha256);
    file.uploadSignature = undefined;
    file.uploadExpiresAt = undefined;
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
  const why = file ? refusal(signature, file.downloads ?? [], now) : "unknown file or wrong signature";
  if (!file || why !== undefined) throw new ApiError("EMU-BAD-SIGNATURE", { message: why });
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
  return closing(
    new ApiError("EMU-UPLOAD-QUOTA", {
      message: `the tenant's files would hold more than ${UPLOAD_QUOTA_BYTES} bytes (they hold ${store.usedBy(tenantId)})`,
    }),
  );
}

interface Upload {
  size: number;
  bytes: Buffer;
  sha256: string;
}

function tooLarge(): ApiError {
  return closing(
    new ApiError("EMU-UPLOAD-TOO-LARGE", {
      message: `the file is larger than the store takes (${MAX_UPLOAD_BYTES} bytes)`,
    }),
  );
}

/** The request's Content-Length, when it gives a valid one. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers["content-length"];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * Reads the body, hashing its bytes as they arrive (no pass over the file later). The declared length is held in the
 * tenant's room at once, so that uploads of the tenant running together cannot each count on the same room; past it,
 * every byte must fit in the room left, and the upload is refused as soon as one does not, without reading further.
 * What it held is given back when it ends, either way.
 */
function readUpload(req: IncomingMessage, store: FileStore, tenantId: string, declared: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash("sha256");
    let size = 0;
    let held = declared;
    store.hold(tenantId, held);
    let settled = false;
    const settle = () => {
      settled = true;
      store.hold(tenantId, -held);
    };
    const fail = (error: ApiError) => {
      if (settled) return;
      settle();
      req.pause();
      chunks.length = 0;
      reject(error);
    };
    req.on("data", (chunk: Buffer) => {
      if (settled) return;
      const extra = Math.max(0, size + chunk.length - Math.max(size, held));
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) return fail(tooLarge());
      if (extra > 0) {
        if (extra > store.roomOf(tenantId)) return fail(quotaError(tenantId, store));
        store.hold(tenantId, extra);
        held += extra;
      }
      chunks.push(chunk);
      hash.update(chunk);
    });
    req.on("end", () => {
      if (settled) return;
      settle();
      resolve({ size, bytes: Buffer.concat(chunks, size), sha256: hash.digest("hex") });
    });
    req.on("error", (error) => fail(badRequest(error.message, "body")));
    req.on("close", () => fail(badRequest("the upload was cut short", "body")));
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
