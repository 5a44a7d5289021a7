// The bytes of a request and of an answer: reading and parsing the body (JSON, or the form of a
// multipart route), the gateway headers of switch operations, and encoding the answer. Whatever
// arrives, the outcome is a value or an ApiError, never an exception of another kind.
import type { IncomingMessage } from "node:http";
import { WIRE_HEADERS } from "../../contract";
import { ApiError, badRequest } from "../model/errors";
import { yieldToOthers } from "../model/turns";
import type { MultipartBody } from "./multipart";

/** What the server writes back for a request: status, JSON body (none when undefined) and headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Switch operations carry two headers the service's gateway adds (the switch API documentation): the tenant again
 * and a request ID. A call without them, or naming another tenant, is refused before it runs.
 */
export function checkGatewayHeaders(
  required: readonly (keyof typeof WIRE_HEADERS)[],
  headers: IncomingMessage["headers"],
  tenantId: string,
): void {
  for (const header of required) {
    const name = WIRE_HEADERS[header];
    const value = headers[name];
    if (value === undefined || value === "")
      throw new ApiError("NMS-MISSING-HEADER", { message: `header ${name} is required`, object: name });
    if (header === "tenantId" && value !== tenantId)
      throw new ApiError("NMS-TENANT-HEADER-MISMATCH", { object: name, value });
  }
}

/**
 * The request's body, up to MAX_BODY_BYTES. A longer one is refused (400) as soon as its Content-Length or its bytes
 * pass the limit, without reading further: the answer then closes the connection (tooLarge).
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
      req.pause();
      reject(tooLarge(badRequest(`body too large (more than ${MAX_BODY_BYTES} bytes)`, "body")));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      refused = true;
      chunks.length = 0;
      req.pause();
      reject(tooLarge(badRequest(`body too large (more than ${MAX_BODY_BYTES} bytes)`, "body")));
    });
    req.on("end", () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

/**
 * Marks an error about a body too large to read: its answer closes the connection, whose unread bytes the server then
 * stops reading soon after (server.ts), instead of reading a hostile stream to its end.
 */
export function tooLarge(error: ApiError): ApiError {
  error.headers = { ...error.headers, connection: "close" };
  return error;
}

/** The answer's JSON; an answer that cannot be encoded (a bug) becomes the fallback's, so that the client still gets an answer. */
export function encode(answer: Answer, fallback: () => Answer): string {
  try {
    return JSON.stringify(answer.body);
  } catch (error) {
    reportUnexpected(error);
    const replacement = fallback();
    answer.status = replacement.status;
    return JSON.stringify(replacement.body);
  }
}

/** Items of a long array encoded between two turns of the event loop (encodeYielding). */
const ITEMS_PER_SLICE = 500;

/** Whether a body holds an array long enough to be encoded in slices (looked for in the top levels only, where answers keep their lists). */
export function holdsLongArray(value: unknown, depth = 3): boolean {
  if (Array.isArray(value)) return value.length > ITEMS_PER_SLICE;
  if (value === null || typeof value !== "object" || depth === 0) return false;
  for (const key in value) if (holdsLongArray((value as Record<string, unknown>)[key], depth - 1)) return true;
  return false;
}

/**
 * JSON.stringify's text of `value` as UTF-8 pieces, made a slice of a long array at a time with the event loop given
 * back in between: an answer of tens of thousands of objects (a guest import's, 18 MB) then delays other requests by
 * one slice, and is never turned into bytes, or measured, in one go.
 */
export async function encodeYielding(value: unknown): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  await encodeInto(value, pieces);
  return pieces;
}

async function encodeInto(value: unknown, pieces: Buffer[]): Promise<void> {
  if (Array.isArray(value) && value.length > ITEMS_PER_SLICE) {
    for (let i = 0; i < value.length; i += ITEMS_PER_SLICE) {
      const items = JSON.stringify(value.slice(i, i + ITEMS_PER_SLICE)).slice(1, -1);
      pieces.push(Buffer.from(`${i === 0 ? "[" : ","}${items}`));
      await yieldToOthers();
    }
    pieces.push(Buffer.from("]"));
    return;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value) && holdsLongArray(value)) {
    let separator = "{";
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      pieces.push(Buffer.from(`${separator}${JSON.stringify(key)}:`));
      separator = ",";
      await encodeInto(item, pieces);
    }
    pieces.push(Buffer.from(separator === "{" ? "{}" : "}"));
    return;
  }
  pieces.push(Buffer.from(JSON.stringify(value)));
}

/** The parsed body: the form of a multipart route (or why it could not be read), else JSON. */
export function bodyOf(raw: string | undefined, form: MultipartBody | ApiError | undefined): unknown {
  if (form instanceof ApiError) throw form;
  return form ?? parseJson(raw);
}

/**
 * The deepest nesting of arrays and objects a JSON body may have. The service's bodies need fewer
 * than ten levels; far deeper data parses, but then cannot be written back (JSON.stringify and
 * structuredClone run out of stack near 3,000 levels), which would break every answer and state
 * file holding it.
 */
export const JSON_DEPTH_LIMIT = 64;

/**
 * Throws a 400 when `text` nests arrays and objects deeper than `limit`: one pass over its
 * characters before anything is parsed, so that a hostile body never becomes a deep object.
 */
function checkJsonDepth(text: string, limit = JSON_DEPTH_LIMIT): void {
  // Nesting deeper than the limit takes at least 2 × (limit + 1) brackets.
  if (text.length < 2 * (limit + 1)) return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) throw badRequest(`body nests arrays and objects deeper than ${limit} levels`, "body");
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
}

export function parseJson(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === "") return undefined;
  checkJsonDepth(raw);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest("body is not valid JSON", "body");
  }
}

/** A bug, not a client error: worth a line on stderr. Bodies are never printed. */
export function reportUnexpected(error: unknown): void {
  process.stderr.write(
    `nms-emulator: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}
