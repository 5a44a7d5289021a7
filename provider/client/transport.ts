// One HTTP exchange over a keep-alive undici Agent. No retries, no auth, no JSON here: this layer
// turns a request into an answer (status, headers, body text) or a network error. An answer
// larger than maxAnswerBytes is refused as it streams in (or at once, when its Content-Length
// says so), never held whole: a broken or hostile server cannot make the client run out of memory.

import { Agent, request, type Dispatcher } from "undici";
import { NmsError } from "./errors";
import { formDataOf, type MultipartForm } from "./multipart";

export interface HttpRequest {
  readonly method: Dispatcher.HttpMethod;
  /** Path below the base address, starting with "/". */
  readonly path: string;
  readonly query?: Record<string, string | number | boolean | undefined>;
  readonly headers?: Record<string, string>;
  /** Serialized JSON body. */
  readonly body?: string;
  /** A multipart/form-data body instead (a route whose body is "multipart"). */
  readonly form?: MultipartForm;
  /** Cancels the attempt (client closed, waiter deadline). */
  readonly signal?: AbortSignal;
  /** The operation name, for messages. */
  readonly operation?: string;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly elapsedMs: number;
}

/**
 * A non-2xx answer, thrown inside an attempt so the retry rules can look at its status. Written
 * for Pulumi's closure serializer like the classes of errors.ts (own message, a method).
 */
export class HttpAnswerError extends Error {
  readonly status: number;
  readonly retryAfter?: string;
  constructor(readonly answer: HttpAnswer) {
    super(`HTTP ${answer.status}`);
    this.message = `HTTP ${answer.status}`;
    this.name = "HttpAnswerError";
    this.status = answer.status;
    this.retryAfter = headerValue(answer.headers, "retry-after");
  }

  /** Short text for log lines: "HTTP 503". */
  describe(): string {
    return `HTTP ${this.status}`;
  }
}

export interface TransportOptions {
  readonly baseUrl: string;
  /** The whole attempt, from sending to the answer's last byte; also the longest silence while the body streams in. */
  readonly requestTimeoutMs: number;
  /** To open the connection; default requestTimeoutMs. */
  readonly connectTimeoutMs?: number;
  /** From sending to the answer's headers; default requestTimeoutMs. */
  readonly firstByteTimeoutMs?: number;
  /** Keep-alive connections per origin. */
  readonly connections: number;
  /** Largest answer body read, in bytes; default DEFAULT_MAX_ANSWER_BYTES. */
  readonly maxAnswerBytes?: number;
}

/**
 * Largest answer body the client reads by default: 32 MiB. The service's largest answers, whole
 * lists of a big tenant (a page of 500 objects of a few kB each), stay far below it.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * An answer larger than the client reads. Not retried: the same request would get the same
 * answer. Written for Pulumi's closure serializer like the classes of errors.ts (own name and
 * message, an accessor).
 */
export class AnswerTooLargeError extends NmsError {
  readonly limitBytes: number;
  constructor(message: string, limitBytes: number) {
    super(message);
    this.name = "AnswerTooLargeError";
    this.message = message;
    this.limitBytes = limitBytes;
  }

  get kind(): "client" {
    return "client";
  }
}

/**
 * The body of `res`, refused with an AnswerTooLargeError once it is more than `limit` bytes
 * (before reading anything when its Content-Length says so); the rest is never read: the body is
 * destroyed, which closes the connection. `what` names the exchange in the message.
 */
export async function readBounded(res: Dispatcher.ResponseData, limit: number, what: string): Promise<Buffer> {
  const refuse = (detail: string) => {
    res.body.destroy();
    return new AnswerTooLargeError(
      `${what}: the answer is larger than the client reads (${limit} bytes, option maxAnswerBytes)${detail}; it was not read`,
      limit,
    );
  };
  const declared = Number(headerValue(res.headers, "content-length"));
  if (Number.isFinite(declared) && declared > limit) throw refuse(`: its Content-Length is ${declared} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > limit) throw refuse("");
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** The attempt deadline fired; the retry rules treat this code as a transient network error. */
export const ATTEMPT_TIMEOUT_CODE = "NMS_ATTEMPT_TIMEOUT";

export class HttpTransport {
  private agent?: Agent;

  constructor(private readonly options: TransportOptions) {}

  async send(req: HttpRequest): Promise<HttpAnswer> {
    const url = this.options.baseUrl + req.path + queryString(req.query);
    const started = Date.now();
    // headersTimeout/bodyTimeout only measure silence; this deadline bounds the whole attempt,
    // so a server that trickles bytes cannot hold a call forever.
    const attempt = linkedAbort(req.signal ? [req.signal] : [], this.options.requestTimeoutMs, () => {
      const timeout = new Error(`no complete answer within ${this.options.requestTimeoutMs} ms`);
      (timeout as Error & { code: string }).code = ATTEMPT_TIMEOUT_CODE;
      return timeout;
    });
    try {
      const headers: Record<string, string> = { accept: "application/json", ...req.headers };
      if (req.body !== undefined) headers["content-type"] = "application/json";
      const res = await request(url, {
        dispatcher: this.getAgent(),
        method: req.method,
        headers,
        // A fresh FormData per attempt: a form body is consumed by sending it.
        body: req.form ? formDataOf(req.form) : req.body,
        signal: attempt.signal,
      });
      // Always read the body to the end (an unread body keeps the keep-alive socket busy), unless it is too large.
      const what = `${req.operation === undefined ? "" : `${req.operation} `}(${req.method} ${req.path})`;
      const text = (await readBounded(res, this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES, what)).toString(
        "utf8",
      );
      return { status: res.statusCode, headers: res.headers, text, elapsedMs: Date.now() - started };
    } catch (error) {
      // undici rejects with the abort reason; name our own deadline as such.
      throw attempt.signal.aborted && !(error instanceof AnswerTooLargeError) ? attempt.signal.reason : error;
    } finally {
      attempt.dispose();
    }
  }

  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    if (agent) await agent.close();
  }

  // Built on first use, never at module load: a module-level Agent breaks Pulumi's closure
  // serialization of the dynamic provider (docs/pulumi-facts.md, "Closure serialization of dynamic providers").
  private getAgent(): Agent {
    if (!this.agent) {
      this.agent = new Agent({
        connections: this.options.connections,
        // A service that takes no connection, or takes it and says nothing, is told by these, well before the
        // attempt's own deadline (reachability.ts reports it and gives up at nms:unreachableTimeoutSeconds).
        headersTimeout: this.options.firstByteTimeoutMs ?? this.options.requestTimeoutMs,
        bodyTimeout: this.options.requestTimeoutMs,
        connect: { timeout: this.options.connectTimeoutMs ?? this.options.requestTimeoutMs },
        // Idle sockets are dropped after a few seconds (undici honours a shorter server hint);
        // a socket the server closed meanwhile fails with ECONNRESET, which the rules retry.
        keepAliveTimeout: 4_000,
        keepAliveMaxTimeout: 60_000,
      });
    }
    return this.agent;
  }
}

export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function queryString(query: HttpRequest["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * An AbortSignal that aborts when any parent does (with the parent's reason) or after `timeoutMs`
 * (with `timeoutReason()`). Hand-made rather than AbortSignal.any: that one leaks listeners on
 * long-lived parents under Node 20.
 */
export function linkedAbort(
  parents: readonly AbortSignal[],
  timeoutMs?: number,
  timeoutReason?: () => unknown,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const listeners: Array<() => void> = [];
  for (const parent of parents) {
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    const onAbort = () => controller.abort(parent.reason);
    parent.addEventListener("abort", onAbort, { once: true });
    listeners.push(() => parent.removeEventListener("abort", onAbort));
  }
  const timer =
    timeoutMs !== undefined && !controller.signal.aborted
      ? setTimeout(() => controller.abort(timeoutReason ? timeoutReason() : new Error("timeout")), timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    dispose: () => {
      if (timer) clearTimeout(timer);
      for (const remove of listeners) remove();
    },
  };
}

/** 127.0.0.0/8, ::1 and localhost: addresses whose traffic never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "::1" || host === "0:0:0:0:0:0:0:1") return true;
  const v4 = host.startsWith("::ffff:") ? host.slice("::ffff:".length) : host;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The base address, normalised (no trailing slash), after checking it is safe to send the
 * credentials to: https anywhere, plain http only to loopback unless explicitly allowed.
 */
export function checkedBaseUrl(baseUrl: string, allowInsecureHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new NmsError(`baseUrl "${baseUrl}" is not an absolute URL (expected e.g. https://ruckus.cloud)`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new NmsError(`baseUrl must use https (or http to a local emulator), got ${url.protocol}`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new NmsError("baseUrl must not carry credentials, a query or a fragment");
  }
  if (url.protocol === "http:" && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new NmsError(
      `refusing plain http to ${url.host}: the username, password and API key would travel unencrypted. ` +
        "Use https, or set allowInsecureHttp to accept that risk.",
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}
