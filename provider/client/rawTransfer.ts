// Transfers to addresses the service hands out (getUploadUrl's upload address, getDownloadUrl's redirect target): raw
// bytes, an absolute URL of another origin, and none of the service's cookie or headers, which
// such addresses refuse. Used by NmsClient.uploadTo and NmsClient.download. Answers are read up
// to maxAnswerBytes, like the service's (transport.ts).
import { request } from "undici";
import { NmsError } from "./errors";
import { DEFAULT_MAX_ANSWER_BYTES, readBounded } from "./transport";

export interface RawTransferOptions {
  /** Bounds the whole transfer. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Largest answer read, in bytes; default DEFAULT_MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
}

/** PUTs `bytes` to `url` as they are; throws NmsError on a non-2xx answer. */
export async function putRaw(
  url: string,
  bytes: Uint8Array,
  contentType: string,
  options: RawTransferOptions,
): Promise<void> {
  const res = await request(url, {
    method: "PUT",
    headers: { "content-type": contentType, "content-length": String(bytes.length) },
    body: bytes,
    signal: timeoutSignal(options),
  });
  const text = (
    await readBounded(res, options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES, `upload to ${withoutQuery(url)}`)
  ).toString("utf8");
  if (res.statusCode < 200 || res.statusCode >= 300)
    throw new NmsError(`upload to ${withoutQuery(url)} failed with HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
}

/** GETs `url` with no cookie and no headers of the service; the body's bytes. */
export async function getRaw(url: string, options: RawTransferOptions): Promise<Buffer> {
  const res = await request(url, { method: "GET", signal: timeoutSignal(options) });
  const bytes = await readBounded(
    res,
    options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    `download from ${withoutQuery(url)}`,
  );
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new NmsError(
      `download from ${withoutQuery(url)} failed with HTTP ${res.statusCode}: ${bytes.toString("utf8").slice(0, 200)}`,
    );
  }
  return bytes;
}

function timeoutSignal(options: RawTransferOptions): AbortSignal {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  return options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
}

/** A signed address's query is its credential: never in a message. */
export function withoutQuery(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? url : `${url.slice(0, q)}?…`;
}
