// The client's calls of addresses the service hands out: the target of a redirecting read (getDownloadUrl), and the
// raw transfers to and from such addresses (rawTransfer.ts), bounded by the client's timeout and closing.
import { NmsError } from "./errors";
import type { Exchange, PreparedRequest } from "./exchange";
import { getRaw, putRaw } from "./rawTransfer";
import { headerValue } from "./transport";

/**
 * The absolute address a redirecting read (success 302) points to. The answer is not followed here: the target must
 * be called without this client's cookie and headers (download).
 */
export async function redirectTargetOf(ex: Exchange, request: PreparedRequest): Promise<string> {
  if (request.route.success !== 302) throw new NmsError(`${request.operation} does not answer a redirect`);
  const answer = await ex.exchange(request);
  const location = headerValue(answer.headers, "location");
  if (!location) throw new NmsError(`${request.operation}: HTTP ${answer.status} without a Location header`);
  return new URL(location, ex.settings.baseUrl).toString();
}

/** PUTs raw bytes to `url`, without the service's cookie or headers. */
export async function uploadToAddress(
  ex: Exchange,
  url: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<void> {
  ex.assertOpen();
  await putRaw(url, bytes, contentType, {
    timeoutMs: ex.settings.requestTimeoutMs,
    signal: ex.closing.signal,
    maxAnswerBytes: ex.settings.maxAnswerBytes,
  });
}

/** The bytes at `url`, fetched without the service's cookie or headers. */
export async function downloadFrom(ex: Exchange, url: string): Promise<Buffer> {
  ex.assertOpen();
  return getRaw(url, {
    timeoutMs: ex.settings.requestTimeoutMs,
    signal: ex.closing.signal,
    maxAnswerBytes: ex.settings.maxAnswerBytes,
  });
}
