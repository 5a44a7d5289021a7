// The file store behind U1 and U2: the "real file location" of the seeds. U1 hands out a file ID
// and a signed address; the raw bytes are PUT there. U2 redirects to a signed download address,
// which refuses any request carrying the service's cookie or headers (403), as the seeds say.
// Signed addresses live under FILE_STORE_PREFIX, outside the service's routes.
import type { IncomingMessage, ServerResponse } from "node:http";
import { WIRE_HEADERS } from "../../../contract";
import { AUTH_COOKIE } from "../../auth";

export const FILE_STORE_PREFIX = "/file-store/";
/** Largest upload the store takes (the seeds give no limit). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", svg: "image/svg+xml", pdf: "application/pdf" };

export interface StoredFile {
  fileId: string;
  tenantId: string;
  extension: string;
  uploadSignature: string;
  downloadSignature: string;
  bytes?: Buffer;
}

export class FileStore {
  private readonly files = new Map<string, StoredFile>();

  add(file: StoredFile): void {
    this.files.set(file.fileId, file);
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
  }
}

export const uploadPath = (file: StoredFile) => `${FILE_STORE_PREFIX}${file.fileId}?signature=${file.uploadSignature}`;
export const downloadPath = (file: StoredFile) => `${FILE_STORE_PREFIX}${file.fileId}?signature=${file.downloadSignature}`;

/** Headers of the service that a signed address refuses: the cookie, the gateway headers, a bearer token. */
function carriesServiceHeaders(req: IncomingMessage): boolean {
  if (req.headers.authorization !== undefined) return true;
  if (Object.values(WIRE_HEADERS).some((name) => req.headers[name] !== undefined)) return true;
  return req.headers.cookie !== undefined && req.headers.cookie.split(";").some((part) => part.trim().startsWith(`${AUTH_COOKIE}=`));
}

/** Answers a request to a signed address; returns the status it sent. */
export function serveFileStore(store: FileStore, req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<number> {
  const send = (status: number, body?: Buffer, type = "text/plain"): number => {
    res.writeHead(status, { "content-length": body?.length ?? 0, ...(body ? { "content-type": type } : {}) });
    res.end(body);
    return status;
  };
  const file = store.get(decodeURIComponent(path.slice(FILE_STORE_PREFIX.length)));
  const signature = query.get("signature");
  if (req.method === "PUT") {
    if (!file || signature !== file.uploadSignature) return drain(req).then(() => send(403, Buffer.from("bad signature")));
    return readBytes(req).then(
      (bytes) => {
        file.bytes = bytes;
        return send(200);
      },
      () => send(413, Buffer.from("too large")),
    );
  }
  if (req.method !== "GET") return drain(req).then(() => send(405));
  if (!file || signature !== file.downloadSignature) return Promise.resolve(send(403, Buffer.from("bad signature")));
  if (carriesServiceHeaders(req)) return Promise.resolve(send(403, Buffer.from("the file location must be called without the service's cookie or headers")));
  if (!file.bytes) return Promise.resolve(send(404, Buffer.from("nothing was uploaded")));
  return Promise.resolve(send(200, file.bytes, CONTENT_TYPES[file.extension] ?? "application/octet-stream"));
}

function readBytes(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk);
    });
    req.on("end", () => (size > MAX_UPLOAD_BYTES ? reject(new Error("too large")) : resolve(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}

function drain(req: IncomingMessage): Promise<void> {
  return readBytes(req).then(
    () => undefined,
    () => undefined,
  );
}
