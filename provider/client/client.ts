// The service client: one place for login, retries, error mapping and async waits, so that the
// resource code is a thin table of calls.

import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { ApiErrorEntry } from "../../contract/errors";
import type { AsyncAccepted, RequestRecord, RequestStatus } from "../../contract/requestRecord";
import { pathFor, ROUTES, WIRE_HEADERS, type HttpMethod, type OperationId, type RouteDef } from "../../contract/routes";
import { TokenSession } from "./auth";
import { CoalescingRequestWaiter } from "./coalescingWaiter";
import { describeOperation, formatErrorEntries, isNotFound, NmsApiError, NmsError, NmsNetworkError, NmsWaitTimeoutError, truncate } from "./errors";
import { WriteBatcher } from "./batcher";
import { ListCache } from "./listCache";
import { sharedTokenBucket, type TokenBucket, type TokenBucketSettings } from "./ratelimit";
import {
  isAmbiguousOutcome,
  networkErrorCode,
  parseRetryAfterMs,
  RETRY_AFTER_CAP_FACTOR,
  runWithRetries,
  sleep,
  type RetryPolicy,
} from "./retry";
import { collectSecretValues, hideProperty, isSecretObjectPath, REDACTED, redactText, scrubSecretFields } from "./secrets";
import { checkedBaseUrl, headerValue, HttpAnswerError, HttpTransport, linkedAbort, type HttpAnswer } from "./transport";
import { PollingRequestWaiter, type RequestWaiter } from "./waiter";
import { buildWireSchemas, type WireSchemas } from "./wire";

export interface ClientOptions {
  baseUrl: string;
  tenantId: string;
  username: string;
  password: string;
  /** Overall deadline for one async request, default 600_000. */
  waitTimeoutMs?: number;
  /** Per HTTP attempt (headers and body), default 30_000. */
  requestTimeoutMs?: number;
  /** Retries per HTTP call, default 5. */
  maxRetries?: number;
  /** Waiter backoff start, default 200. */
  pollInitialMs?: number;
  /** Waiter backoff cap, default 5_000. */
  pollMaxMs?: number;
  /** HTTP retry backoff start, default 250. */
  retryBaseMs?: number;
  /** HTTP retry backoff cap, default 10_000 (Retry-After is capped at 6× this). */
  retryMaxMs?: number;
  /** Plain http to a non-loopback host is refused (credentials would travel in clear) unless true. */
  allowInsecureHttp?: boolean;
  /**
   * Sustained HTTP requests per second to one (baseUrl, tenantId), shared by every client of the
   * process that talks to it; default 20.
   */
  maxRequestsPerSecond?: number;
  /** Requests that may go out at once after a quiet spell; default maxRequestsPerSecond (at least 1). */
  burst?: number;
  /** How execute() waits for request records: "coalesced" (default, one poller) or "per-request" (A2 each). */
  waiter?: WaiterKind;
  /** Lifetime of a list() result, default 5_000; 0 caches nothing (concurrent callers still share a fetch). */
  listCacheTtlMs?: number;
  /** How long the first object of an array-bodied create (W2, W74) waits for others to share its call; default 20. */
  batchWindowMs?: number;
  /** The most objects in one array-bodied create; default 50. */
  maxBatchSize?: number;
  /** Receives diagnostics; never receives a secret. */
  logger?: (event: { level: "debug" | "info" | "warn"; message: string }) => void;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface CallInit {
  body?: unknown;
  query?: QueryParams;
}

export interface ExecuteInit<T = unknown> extends CallInit {
  /**
   * For a create (POST): finds the object the write creates, e.g. by its unique name; undefined
   * when there is none. Used only after an attempt ended ambiguously (the service may have acted
   * on it: reset connection, timeout, 5xx): it is called before the write is sent again, and
   * after a 409 answer to such a resend, so that a lost answer does not become a duplicate.
   */
  recover?: () => Promise<T | undefined>;
}

export type WaiterKind = "coalesced" | "per-request";

/** Counters since the client was made, for benchmarks. */
export interface ClientStats {
  /** HTTP attempts by operation ID; the login is counted as "login". */
  requests: Record<string, number>;
  /** Repeats after a failure: retries by the rules, the repeat after a 401, each round after a 409 (see ExecuteInit.recover). */
  retries: number;
  /** Time this client's attempts spent waiting for the rate limiter, in milliseconds. */
  rateLimitedWaitMs: number;
}

/** Every default of ClientOptions, in one place. */
export const CLIENT_DEFAULTS = {
  waitTimeoutMs: 600_000,
  requestTimeoutMs: 30_000,
  maxRetries: 5,
  pollInitialMs: 200,
  pollMaxMs: 5_000,
  retryBaseMs: 250,
  retryMaxMs: 10_000,
  /** Keep-alive connections per origin; Pulumi's default parallelism stays below this. */
  connectionsPerOrigin: 16,
  /** Per (baseUrl, tenantId), for all clients of the process. `burst` defaults to this rate (at least 1). */
  maxRequestsPerSecond: 20,
  /** One poller per client listing requests by status (A3); "per-request" polls A2 for each. */
  waiter: "coalesced",
  /** Lifetime of a list() result; any write through the client drops it earlier. */
  listCacheTtlMs: 5_000,
  batchWindowMs: 20,
  maxBatchSize: 50,
  /** Page size of list() (not an option). */
  listPageSize: 500,
} as const satisfies Record<string, number | WaiterKind>;

/** Requests a list() may page through before it gives up (500 × 2_000 = a million objects). */
const MAX_LIST_PAGES = 2_000;

interface Settings {
  baseUrl: string;
  tenantId: string;
  username: string;
  waitTimeoutMs: number;
  requestTimeoutMs: number;
  pollInitialMs: number;
  pollMaxMs: number;
  retry: RetryPolicy;
  rateLimit: TokenBucketSettings;
  waiter: WaiterKind;
  listCacheTtlMs: number;
  batchWindowMs: number;
  maxBatchSize: number;
  logger?: ClientOptions["logger"];
}

type LogLevel = "debug" | "info" | "warn";

interface PreparedRequest {
  operation: OperationId;
  /** The tenant of the path (selects the rate limiter). */
  tenantId: string;
  route: RouteDef;
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: string;
  /** Secret strings of the body, to cut from any message about this request. */
  secrets: Set<string>;
}

/** One write across all its attempts, including re-sends after a 409. */
interface WriteAttempts {
  /** Some attempt failed in a way that leaves open whether the service acted on it. */
  ambiguous: boolean;
  /** The caller's lookup of what the write creates (POST with ExecuteInit.recover only). */
  readonly recover?: () => Promise<unknown>;
}

/** What sending produced: the service's 2xx answer, or the object recover() found instead of re-sending. */
type SendOutcome = { readonly kind: "answer"; readonly answer: HttpAnswer } | { readonly kind: "recovered"; readonly value: unknown };

/** A submitted write: accepted (202), or already done as far as recover() could tell. */
type Submitted<T> = { readonly kind: "accepted"; readonly accepted: AsyncAccepted<T> } | { readonly kind: "recovered"; readonly value: T };

interface Counters {
  requests: Record<string, number>;
  retries: number;
  rateLimitedWaitMs: number;
}

export class NmsClient {
  private readonly settings: Settings;
  // Hidden properties (see hideProperty): invisible to JSON.stringify and util.inspect of the client.
  private declare readonly password: string;
  /** Every API key this client has held, so that none can slip into a message. */
  private declare readonly tokensSeen: Set<string>;
  private readonly transport: HttpTransport;
  private readonly session: TokenSession;
  private readonly schemas: WireSchemas;
  /** Aborted by close(): cancels calls, retry pauses and waits in flight. */
  private readonly closing: AbortController;
  private waiter?: RequestWaiter;
  /** Rate limiters by tenant (shared with other clients of the same baseUrl and tenant). */
  private readonly buckets: Map<string, TokenBucket>;
  private readonly listCache: ListCache;
  private readonly counters: Counters;
  private readonly batcher: WriteBatcher;

  // Every field is set here, none by an initializer: Pulumi's closure serializer rebuilds a class
  // from its constructor and drops field initializers.
  constructor(opts: ClientOptions) {
    this.settings = resolveSettings(opts);
    this.closing = new AbortController();
    // Every call in flight listens to this signal; hundreds at once are normal here, not a leak.
    setMaxListeners(0, this.closing.signal);
    hideProperty(this, "password", opts.password);
    hideProperty(this, "tokensSeen", new Set<string>());
    this.transport = new HttpTransport({
      baseUrl: this.settings.baseUrl,
      requestTimeoutMs: this.settings.requestTimeoutMs,
      connections: CLIENT_DEFAULTS.connectionsPerOrigin,
    });
    this.session = new TokenSession(() => this.login());
    this.schemas = buildWireSchemas();
    this.buckets = new Map();
    this.listCache = new ListCache(this.settings.listCacheTtlMs);
    this.counters = { requests: {}, retries: 0, rateLimitedWaitMs: 0 };
    this.batcher = new WriteBatcher({ windowMs: this.settings.batchWindowMs, maxSize: this.settings.maxBatchSize });
    // Joined now, so that this client's rate settings apply to the tenant from now on.
    this.bucketFor(this.settings.tenantId);
  }

  /** Synchronous call: returns the parsed JSON body (undefined when empty). Non-2xx → NmsApiError. */
  async call<T>(op: OperationId, params?: Record<string, string>, init?: CallInit): Promise<T> {
    const request = this.prepare(op, params, init);
    if (request.method === "GET") return this.parseJson(request, await this.exchange(request)) as T;
    // A write may change any list: forget them before (a list read meanwhile is not kept) and after.
    this.listCache.invalidate();
    try {
      return this.parseJson(request, await this.exchange(request)) as T;
    } finally {
      this.listCache.invalidate();
    }
  }

  /**
   * Every object of a list operation (GET), paged with size 500 from page 0 until a short page.
   * Results are cached per operation and parameters for listCacheTtlMs, concurrent callers share
   * one fetch, and any write through this client drops the cache. Each caller gets its own array;
   * the objects in it are shared with other callers: treat them as read-only.
   */
  async list<T>(op: OperationId, params?: Record<string, string>, query?: QueryParams): Promise<T[]> {
    const request = this.prepare(op, params, { query });
    if (request.method !== "GET") throw new NmsError(`${describeOperation(op)} is not a read; list() pages GET operations only`);
    // The path holds the operation's every parameter, the tenant included.
    const key = `${op} ${request.path} ${JSON.stringify(query ?? {})}`;
    return (await this.listCache.get(key, () => this.fetchAllPages(request))) as T[];
  }

  /**
   * Async write: send, expect 202 {requestId, response?}, wait for the record to leave PENDING.
   * With `init.recover` (POST only), a write whose answer was lost is looked up instead of being
   * sent twice; the result then carries what recover() found and a SUCCESS record whose
   * requestId is "recovered".
   */
  async execute<T>(
    op: OperationId,
    params?: Record<string, string>,
    init?: ExecuteInit<T>,
  ): Promise<{ response?: T; record: RequestRecord }> {
    const request = this.prepareAsync(op, params, init);
    this.listCache.invalidate();
    try {
      const submitted = await this.submitPrepared<T>(request, init?.recover);
      if (submitted.kind === "recovered") return { response: submitted.value, record: this.recoveredRecord(request, submitted.value) };
      const record = await this.waitForRequest(submitted.accepted.requestId, op).catch((error: unknown) => {
        if (error instanceof NmsWaitTimeoutError) hideProperty(error, "acceptedResponse", submitted.accepted.response);
        throw error;
      });
      return { response: submitted.accepted.response, record };
    } finally {
      this.listCache.invalidate();
    }
  }

  /** Async write without waiting: the 202 envelope. */
  async submit<T>(op: OperationId, params?: Record<string, string>, init?: CallInit): Promise<AsyncAccepted<T>> {
    const request = this.prepareAsync(op, params, init);
    this.listCache.invalidate();
    try {
      const submitted = await this.submitPrepared<T>(request, undefined);
      if (submitted.kind !== "accepted") throw new NmsError(`${describeOperation(op)}: no 202 answer`); // no recover(): cannot happen
      return submitted.accepted;
    } finally {
      this.listCache.invalidate();
    }
  }

  /** Waits for request `requestId` (sent by `operation`) to finish; see RequestWaiter. */
  async waitForRequest(requestId: string, operation: string): Promise<RequestRecord> {
    this.assertOpen();
    try {
      return await this.getWaiter().wait(requestId, operation);
    } finally {
      // The write has now taken effect (or failed): lists read while it was pending are stale.
      this.listCache.invalidate();
    }
  }

  /**
   * Async write (route.async) as above; a write the service answers as done (201, W74) returns its
   * answer's `response` without a record to wait for.
   */
  async write<T>(op: OperationId, params?: Record<string, string>, init?: ExecuteInit<T>): Promise<{ response?: T; record?: RequestRecord }> {
    if (ROUTES[op].async) return this.execute<T>(op, params, init);
    const answer = await this.call<{ response?: T } | undefined>(op, params, init);
    return { response: answer?.response };
  }

  /**
   * One object of an array-bodied create (W2, W74): objects submitted to the same operation within
   * batchWindowMs go in one call of up to maxBatchSize (see batcher.ts); the result is this object's
   * element of the answer. An entry the service refuses fails alone, with its field and code.
   */
  async executeInBatch<T>(op: OperationId, params: Record<string, string> | undefined, item: unknown, init: { recover?: () => Promise<T | undefined> } = {}): Promise<{ response?: T; record?: RequestRecord }> {
    const { path } = this.prepare(op, params);
    const send = (items: unknown[], recover: (() => Promise<unknown[] | undefined>) | undefined) => this.write<unknown>(op, params, { body: items, recover });
    return this.batcher.submit<T>(`${op} ${path}`, op, send, item, init.recover);
  }

  /** Counters since the client was made (a copy). */
  stats(): ClientStats {
    return {
      requests: { ...this.counters.requests },
      retries: this.counters.retries,
      rateLimitedWaitMs: Math.round(this.counters.rateLimitedWaitMs),
    };
  }

  /** Cancels work in flight, forgets the API key and closes the connection pool. */
  async close(): Promise<void> {
    if (!this.closing.signal.aborted) this.closing.abort(new NmsError("the client was closed"));
    this.session.clear();
    await this.transport.close();
  }

  /**
   * The waiter behind execute/waitForRequest: one coalesced poller for every pending request of
   * this client, or (option waiter "per-request") the naive A2 poll per request.
   */
  protected createWaiter(): RequestWaiter {
    const common = {
      waitTimeoutMs: this.settings.waitTimeoutMs,
      pollInitialMs: this.settings.pollInitialMs,
      pollMaxMs: this.settings.pollMaxMs,
      signal: this.closing.signal,
      log: (level: LogLevel, message: string) => this.log(level, message),
      redact: (text: string) => this.redact(text),
    };
    const readRecord = (requestId: string, signal: AbortSignal) => this.readRequestRecord(requestId, signal);
    if (this.settings.waiter === "per-request") return new PollingRequestWaiter(readRecord, common);
    return new CoalescingRequestWaiter(readRecord, (status, page, size, signal) => this.listRequestRecords(status, page, size, signal), {
      ...common,
      contended: () => this.bucketFor(this.settings.tenantId).isContended(),
    });
  }

  /** One A2 read, through the same auth and retry path as every call. */
  protected async readRequestRecord(requestId: string, signal: AbortSignal): Promise<RequestRecord> {
    const request = this.prepare("A2", { requestId });
    const answer = await this.exchange(request, signal);
    const record = this.toRequestRecord(this.parseJson(request, answer));
    if (!record) throw new NmsError(`${describeOperation("A2")}: request ${requestId}: the answer is not a request record`);
    return record;
  }

  /** One page of A3 (this client's tenant), through the same auth and retry path as every call. */
  protected async listRequestRecords(status: RequestStatus, page: number, size: number, signal: AbortSignal): Promise<RequestRecord[]> {
    const request = this.prepare("A3", { status }, { query: { page, size } });
    const answer = await this.exchange(request, signal);
    const items = listItemsOf(this.parseJson(request, answer))?.items;
    if (!items) throw new NmsError(`${describeOperation("A3")}: status ${status}: the answer is not a list of request records`);
    return items.map((raw) => {
      const record = this.toRequestRecord(raw);
      if (!record) throw new NmsError(`${describeOperation("A3")}: status ${status}: an entry is not a request record`);
      return record;
    });
  }

  /** A request record with secret values scrubbed from its errors; undefined if `raw` is none. */
  private toRequestRecord(raw: unknown): RequestRecord | undefined {
    const parsed = this.schemas.requestRecord.safeParse(raw);
    if (!parsed.success) return undefined;
    const record = parsed.data as unknown as RequestRecord;
    if (record.errors) {
      record.errors = record.errors.map((entryRaw) => {
        const { entry, secretValues } = scrubEntry(entryRaw);
        return this.redactEntryText(entry, secretValues);
      });
    }
    return record;
  }

  private getWaiter(): RequestWaiter {
    if (!this.waiter) this.waiter = this.createWaiter();
    return this.waiter;
  }

  private prepareAsync(op: OperationId, params: Record<string, string> | undefined, init?: CallInit): PreparedRequest {
    const request = this.prepare(op, params, init);
    if (!request.route.async) throw new NmsError(`${describeOperation(op)} is not an async operation; use call()`);
    return request;
  }

  private prepare(op: OperationId, params: Record<string, string> | undefined, init?: CallInit): PreparedRequest {
    this.assertOpen();
    const route: RouteDef | undefined = (ROUTES as Record<string, RouteDef>)[op];
    if (!route) throw new NmsError(`unknown operation ${String(op)}`);
    // tenantId is a path parameter of every route but login; the caller may override it.
    const filled: Record<string, string> = { ...params, tenantId: params?.tenantId || this.settings.tenantId };
    let path: string;
    try {
      path = pathFor(op, filled);
    } catch (error) {
      throw new NmsError(`${describeOperation(op)}: ${(error as Error).message}`);
    }
    return {
      operation: op,
      tenantId: filled.tenantId,
      route,
      method: route.method,
      path,
      query: init?.query,
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      secrets: collectSecretValues(init?.body),
    };
  }

  /** One call's 2xx answer (see exchangeOutcome). */
  private async exchange(request: PreparedRequest, signal?: AbortSignal): Promise<HttpAnswer> {
    const outcome = await this.exchangeOutcome(request, signal, undefined);
    if (outcome.kind !== "answer") throw new NmsError(`${describeOperation(request.operation)}: no answer`); // needs recover(): cannot happen
    return outcome.answer;
  }

  /**
   * Sends with the API key, the retry rules, and one re-login: a 401 means the key expired or was
   * revoked, so the client logs in again once and repeats the call once. A second 401 is final.
   */
  private async exchangeOutcome(request: PreparedRequest, signal: AbortSignal | undefined, write: WriteAttempts | undefined): Promise<SendOutcome> {
    const token = await this.session.current();
    try {
      return await this.sendWithRetries(request, token, signal, write);
    } catch (error) {
      if (!(error instanceof NmsApiError && error.status === 401)) throw error;
      this.log("info", `${describeOperation(request.operation)}: the API key was refused (HTTP 401); logging in again`);
      const renewed = await this.session.renew(token);
      this.counters.retries += 1;
      return await this.sendWithRetries(request, renewed, signal, write);
    }
  }

  private async sendWithRetries(
    request: PreparedRequest,
    token: string | undefined,
    signal?: AbortSignal,
    write?: WriteAttempts,
  ): Promise<SendOutcome> {
    const label = describeOperation(request.operation);
    const call = linkedAbort(signal ? [this.closing.signal, signal] : [this.closing.signal]);
    try {
      return await runWithRetries<SendOutcome>(
        async () => {
          // After an attempt that may have reached the service, look before sending again.
          if (write?.recover && write.ambiguous) {
            const found = await this.tryRecover(write, request);
            if (found !== undefined) return { kind: "recovered", value: found };
          }
          await this.takeToken(request, call.signal);
          this.countRequest(request.operation);
          let answer: HttpAnswer;
          try {
            answer = await this.transport.send({
              method: request.method,
              path: request.path,
              query: request.query,
              body: request.body,
              headers: this.headersFor(request, token),
              signal: call.signal,
            });
          } catch (error) {
            if (write && !call.signal.aborted && isAmbiguousOutcome({ kind: "no-answer", error })) write.ambiguous = true;
            throw error;
          }
          this.log("debug", `${label}: ${request.method} ${request.path} → HTTP ${answer.status} (${answer.elapsedMs} ms)`);
          if (answer.status >= 200 && answer.status < 300) return { kind: "answer", answer };
          if (write && isAmbiguousOutcome({ kind: "answer", status: answer.status })) write.ambiguous = true;
          this.pauseTenantOnRetryAfter(request, answer);
          throw new HttpAnswerError(answer);
        },
        {
          policy: this.settings.retry,
          signal: call.signal,
          onRetry: (notice) => {
            this.counters.retries += 1;
            this.log(
              "warn",
              `${label}: attempt ${notice.attempt} of ${notice.maxAttempts} failed (${this.describeFailure(notice.error, request)}); ` +
                `retrying in ${notice.delayMs} ms [rule: ${notice.rule}]`,
            );
          },
        },
      );
    } catch (error) {
      throw this.toPublicError(error, request, signal);
    } finally {
      call.dispose();
    }
  }

  /**
   * Sends an async write and reads its 202. With `recover` (POST only), an ambiguous attempt is
   * followed by recover() before any re-send; a 409 to a re-send (the service keeps the name
   * reserved while the first request is pending) leads to recover() and a re-send with back-off
   * until recover() finds the object or waitTimeoutMs passes.
   */
  private async submitPrepared<T>(request: PreparedRequest, recover: (() => Promise<T | undefined>) | undefined): Promise<Submitted<T>> {
    const label = describeOperation(request.operation);
    const write: WriteAttempts = { ambiguous: false, recover: request.method === "POST" ? recover : undefined };
    const startedAt = Date.now();
    const deadlineAt = startedAt + this.settings.waitTimeoutMs;
    for (let conflictRound = 0; ; conflictRound++) {
      let outcome: SendOutcome;
      try {
        outcome = await this.exchangeOutcome(request, undefined, write);
      } catch (error) {
        if (!write.ambiguous || this.closing.signal.aborted) throw error;
        if (error instanceof NmsApiError && error.status === 409 && write.recover) {
          const now = Date.now();
          if (now >= deadlineAt) throw this.conflictNotRecovered(error, now - startedAt);
          const pauseMs = Math.min(deadlineAt - now, this.conflictPauseMs(conflictRound));
          this.log("info", `${label}: HTTP 409 after an earlier attempt may have gone through; looking for the object again in ${pauseMs} ms`);
          await sleep(pauseMs, this.closing.signal);
          this.counters.retries += 1;
          continue; // the next attempt calls recover() first, and re-sends only if it finds nothing
        }
        if (write.recover) {
          // Out of retries, but the object may exist all the same: one last look.
          const found = await this.tryRecover(write, request);
          if (found !== undefined) return { kind: "recovered", value: found as T };
        }
        if (request.method === "DELETE" && isNotFound(error)) {
          this.log("info", `${label}: HTTP 404 after an earlier attempt may have gone through: that attempt probably deleted it`);
        }
        throw error;
      }
      if (outcome.kind === "recovered") return { kind: "recovered", value: outcome.value as T };
      const { answer } = outcome;
      const parsed = this.schemas.accepted.safeParse(this.parseJson(request, answer));
      if (!parsed.success) {
        throw new NmsError(`${label}: expected 202 {requestId, response?}, got HTTP ${answer.status} without a requestId`);
      }
      if (answer.status !== 202) this.log("warn", `${label}: async operation answered HTTP ${answer.status} instead of 202`);
      const accepted: AsyncAccepted<T> = { requestId: parsed.data.requestId };
      if (parsed.data.response !== undefined) accepted.response = parsed.data.response as T;
      return { kind: "accepted", accepted };
    }
  }

  /** recover()'s object, or undefined when it found nothing or failed (then the write is sent again). */
  private async tryRecover(write: WriteAttempts, request: PreparedRequest): Promise<unknown> {
    const label = describeOperation(request.operation);
    // Look at what the service holds now, not at a list cached before the write.
    this.listCache.invalidate();
    let found: unknown;
    try {
      found = await write.recover?.();
    } catch (error) {
      if (this.closing.signal.aborted) throw error;
      this.log("warn", `${label}: recover() failed (${error instanceof Error ? error.message : String(error)}); sending again`);
      return undefined;
    }
    if (found === undefined || found === null) {
      this.log("info", `${label}: an earlier attempt may have gone through, but recover() found nothing; sending again`);
      return undefined;
    }
    this.log("info", `${label}: an earlier attempt went through: recover() found the object, not sending again`);
    return found;
  }

  /** Pause before re-sending after a 409: pollInitialMs doubling up to pollMaxMs, drawn from [d/2, d]. */
  private conflictPauseMs(round: number): number {
    const ceiling = Math.min(this.settings.pollMaxMs, this.settings.pollInitialMs * 2 ** Math.min(round, 30));
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private conflictNotRecovered(error: NmsApiError, waitedMs: number): NmsApiError {
    const message =
      `${error.message}; an earlier attempt may have gone through, but recover() did not find the object ` +
      `within ${waitedMs} ms (waitTimeoutMs ${this.settings.waitTimeoutMs})`;
    return new NmsApiError(this.redact(message), {
      operation: error.operation,
      status: error.status,
      errors: error.errors,
      requestId: error.requestId,
      method: error.method,
      path: error.path,
      attempts: error.attempts,
      retryAfter: error.retryAfter,
    });
  }

  /** What execute() reports for a write recover() found: a SUCCESS record made up by the client. */
  private recoveredRecord(request: PreparedRequest, value: unknown): RequestRecord {
    const id = value !== null && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
    return {
      admin: this.settings.username,
      count: 1,
      entityId: typeof id === "string" || typeof id === "number" ? String(id) : "",
      method: request.method,
      requestId: "recovered",
      serviceName: request.route.service,
      status: "SUCCESS",
      tenantId: request.tenantId,
      timestamp: new Date().toISOString(),
    };
  }

  /** Every page of a list operation: size 500 from page 0 until a short page. */
  private async fetchAllPages(request: PreparedRequest): Promise<unknown[]> {
    const label = describeOperation(request.operation);
    const size = CLIENT_DEFAULTS.listPageSize;
    const items: unknown[] = [];
    let previousFingerprint: string | undefined;
    // Pages are counted as the route says: from 0 for most lists, from 1 for W73.
    const firstPage = request.route.paging?.firstPage ?? 0;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const pageRequest: PreparedRequest = { ...request, query: { ...request.query, page: page + firstPage, size } };
      const answer = await this.exchange(pageRequest);
      const list = listItemsOf(this.parseJson(pageRequest, answer));
      if (!list) throw new NmsError(`${label}: page ${page}: the answer is not a list (an array, or an object with a data array)`);
      if (list.items.length === size) {
        // A service that ignores `page` would answer the same full page for ever.
        const fingerprint = JSON.stringify([list.items[0], list.items[size - 1]]);
        if (fingerprint === previousFingerprint) throw new NmsError(`${label}: page ${page} repeats page ${page - 1}; the service ignores paging`);
        previousFingerprint = fingerprint;
      }
      items.push(...list.items);
      // A page that is not full is the last (one larger than asked means `size` was ignored).
      if (list.items.length !== size) return items;
      if (list.total !== undefined && items.length >= list.total) return items;
    }
    throw new NmsError(`${label}: more than ${MAX_LIST_PAGES} pages of ${size}; giving up`);
  }

  private bucketFor(tenantId: string): TokenBucket {
    let bucket = this.buckets.get(tenantId);
    if (!bucket) {
      bucket = sharedTokenBucket(this.settings.baseUrl, tenantId, this.settings.rateLimit);
      this.buckets.set(tenantId, bucket);
    }
    return bucket;
  }

  /**
   * Waits for the tenant's rate limiter. Logins and request-record polls go ahead of queued
   * writes and reads: a login unblocks every call, and a poll (the waiter keeps them few) tells
   * which writes are done, which is what dependent resources wait for before they can start.
   */
  private async takeToken(request: PreparedRequest, signal: AbortSignal): Promise<void> {
    const urgent = request.operation === "A1" || request.operation === "A2" || request.operation === "A3";
    const waitedMs = await this.bucketFor(request.tenantId).take(signal, urgent);
    this.counters.rateLimitedWaitMs += waitedMs;
  }

  /** A 429 or 503 with Retry-After holds every request to the tenant, not just the refused one. */
  private pauseTenantOnRetryAfter(request: PreparedRequest, answer: HttpAnswer): void {
    if (answer.status !== 429 && answer.status !== 503) return;
    const retryAfterMs = parseRetryAfterMs(headerValue(answer.headers, "retry-after"));
    if (retryAfterMs === undefined) return;
    // The same cap as the retry delay: a broken header must not stall a deployment.
    const pauseMs = Math.min(retryAfterMs, this.settings.retry.maxMs * RETRY_AFTER_CAP_FACTOR);
    this.bucketFor(request.tenantId).pauseFor(pauseMs);
    this.log("info", `${describeOperation(request.operation)}: HTTP ${answer.status} asked to wait ${retryAfterMs} ms; pausing all requests of the tenant for ${pauseMs} ms`);
  }

  /** The cookie, and the gateway headers the route requires (switch operations): the tenant again and a fresh request ID. */
  private headersFor(request: PreparedRequest, token: string | undefined): Record<string, string> | undefined {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.cookie = `API-KEY=${token}`;
    for (const header of request.route.headers) headers[WIRE_HEADERS[header]] = header === "tenantId" ? request.tenantId : randomUUID();
    return Object.keys(headers).length > 0 ? headers : undefined;
  }

  private countRequest(operation: OperationId): void {
    const key = operation === "A1" ? "login" : operation;
    this.counters.requests[key] = (this.counters.requests[key] ?? 0) + 1;
  }

  private toPublicError(error: unknown, request: PreparedRequest, signal: AbortSignal | undefined): unknown {
    const label = describeOperation(request.operation);
    const attempts = (error as { attemptNumber?: number } | null)?.attemptNumber ?? 1;
    if (error instanceof HttpAnswerError) return this.apiError(request, error.answer, attempts);
    if (this.closing.signal.aborted) return new NmsError(`${label}: cancelled because the client was closed`, { cause: error });
    if (error instanceof NmsError) return error;
    // The caller's own cancellation (e.g. the waiter's deadline) goes back as the caller's reason.
    if (signal?.aborted) return signal.reason;
    const code = networkErrorCode(error);
    const detail = error instanceof Error ? error.message : String(error);
    const message =
      `${label} (${request.method} ${request.path}): no answer from the service after ${attempts} ` +
      `attempt${attempts === 1 ? "" : "s"}: ${code ? `${code} ` : ""}${detail}`;
    return new NmsNetworkError(this.redact(message, request.secrets), { operation: request.operation, attempts, errorCode: code, cause: error });
  }

  private apiError(request: PreparedRequest, answer: HttpAnswer, attempts: number): NmsApiError {
    const secrets = new Set(request.secrets);
    let entries: ApiErrorEntry[] = [];
    let requestId: string | undefined;
    const body = tryParseJson(answer.text);
    const parsed = this.schemas.errorBody.safeParse(body);
    if (parsed.success) {
      requestId = parsed.data.requestId;
      entries = parsed.data.errors.map((raw) => {
        const { entry, secretValues } = scrubEntry(raw as ApiErrorEntry);
        for (const value of secretValues) secrets.add(value);
        return entry;
      });
      // The service may echo a secret in the text of an entry too.
      entries = entries.map((entry) => this.redactEntryText(entry, secrets));
    }
    const details =
      entries.length > 0
        ? formatErrorEntries(entries)
        : answer.text.trim() !== ""
          ? `unexpected answer: ${truncate(JSON.stringify(scrubSecretFields(body)) ?? answer.text, 200)}`
          : "no error details";
    const where = `${request.method} ${request.path}${attempts > 1 ? `, ${attempts} attempts` : ""}`;
    const message =
      `${describeOperation(request.operation)} failed with HTTP ${answer.status}: ${details}` +
      `${requestId ? ` (requestId ${requestId})` : ""} [${where}]`;
    return new NmsApiError(this.redact(message, secrets), {
      operation: request.operation,
      status: answer.status,
      errors: entries,
      requestId,
      method: request.method,
      path: request.path,
      attempts,
      retryAfter: headerValue(answer.headers, "retry-after"),
    });
  }

  /** A1: exchanges the credentials for an API key (body field API-KEY, or the API-KEY cookie). */
  private async login(): Promise<string> {
    const request: PreparedRequest = {
      operation: "A1",
      tenantId: this.settings.tenantId,
      route: ROUTES.A1,
      method: ROUTES.A1.method,
      path: ROUTES.A1.path,
      body: JSON.stringify({ username: this.settings.username, password: this.password }),
      secrets: new Set([this.password]),
    };
    const outcome = await this.sendWithRetries(request, undefined);
    if (outcome.kind !== "answer") throw new NmsError(`${describeOperation("A1")}: no answer`); // cannot happen without recover()
    const { answer } = outcome;
    const parsed = this.schemas.login.safeParse(tryParseJson(answer.text));
    const token = parsed.success ? parsed.data["API-KEY"] : apiKeyFromCookies(answer.headers["set-cookie"]);
    if (!token) throw new NmsError(`${describeOperation("A1")}: HTTP ${answer.status} but the answer carried no API key`);
    this.tokensSeen.add(token);
    this.log("info", `${describeOperation("A1")}: logged in to ${this.settings.baseUrl}`);
    return token;
  }

  private parseJson(request: PreparedRequest, answer: HttpAnswer): unknown {
    if (answer.text.trim() === "") return undefined;
    try {
      return JSON.parse(answer.text);
    } catch {
      const contentType = headerValue(answer.headers, "content-type") ?? "no content-type";
      throw new NmsError(
        this.redact(
          `${describeOperation(request.operation)}: HTTP ${answer.status} answer is not JSON (${contentType}): ` +
            truncate(answer.text, 120),
          request.secrets,
        ),
      );
    }
  }

  private describeFailure(error: unknown, request: PreparedRequest): string {
    if (error instanceof HttpAnswerError) return error.describe();
    const code = networkErrorCode(error);
    return this.redact(code ?? (error instanceof Error ? error.message : String(error)), request.secrets);
  }

  private redactEntryText(entry: ApiErrorEntry, secrets: Iterable<string>): ApiErrorEntry {
    const known = [...secrets];
    const redacted: ApiErrorEntry = { ...entry, message: this.redact(entry.message ?? "", known) };
    if (entry.object !== undefined) redacted.object = this.redact(entry.object, known);
    return redacted;
  }

  private redact(text: string, extra: Iterable<string> = []): string {
    return redactText(text, [this.password, ...this.tokensSeen, ...extra]);
  }

  private log(level: LogLevel, message: string): void {
    const logger = this.settings.logger;
    if (!logger) return;
    try {
      logger({ level, message: this.redact(message) });
    } catch {
      // A failing logger must not fail the call it reports on.
    }
  }

  private assertOpen(): void {
    if (this.closing.signal.aborted) throw new NmsError("the client is closed");
  }
}

/** An error entry with secret values replaced, and the secret strings it held (for text redaction). */
function scrubEntry(entry: ApiErrorEntry): { entry: ApiErrorEntry; secretValues: string[] } {
  const secretValues: string[] = [];
  if (entry.value === undefined) return { entry, secretValues };
  if (isSecretObjectPath(entry.object)) {
    collectLeafStrings(entry.value, secretValues);
    return { entry: { ...entry, value: REDACTED }, secretValues };
  }
  secretValues.push(...collectSecretValues(entry.value));
  return { entry: { ...entry, value: scrubSecretFields(entry.value) }, secretValues };
}

/** Every string or number inside `value`, as text: all of it is secret when it sits under a secret field. */
function collectLeafStrings(value: unknown, into: string[]): void {
  if (typeof value === "string" || typeof value === "number") into.push(String(value));
  else if (value !== null && typeof value === "object") for (const inner of Object.values(value)) collectLeafStrings(inner, into);
}

function tryParseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function apiKeyFromCookies(header: string | string[] | undefined): string | undefined {
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const cookie of cookies) {
    const match = /^\s*API-KEY=([^;]*)/i.exec(cookie);
    if (match && match[1]) return match[1];
  }
  return undefined;
}

/** The options whose default is a number. */
type NumericOption = {
  [K in keyof typeof CLIENT_DEFAULTS & keyof ClientOptions]: (typeof CLIENT_DEFAULTS)[K] extends number ? K : never;
}[keyof typeof CLIENT_DEFAULTS & keyof ClientOptions];

/**
 * The answer of a list operation: an array, an object holding the array in `content` with `totalElements` (W73), or in
 * `data` (and maybe `totalCount`).
 */
function listItemsOf(body: unknown): { items: unknown[]; total?: number } | undefined {
  if (Array.isArray(body)) return { items: body };
  if (body !== null && typeof body === "object") {
    const { content, totalElements, data, totalCount } = body as { content?: unknown; totalElements?: unknown; data?: unknown; totalCount?: unknown };
    if (Array.isArray(content)) return { items: content, total: typeof totalElements === "number" ? totalElements : undefined };
    if (Array.isArray(data)) return { items: data, total: typeof totalCount === "number" ? totalCount : undefined };
  }
  return undefined;
}

function resolveSettings(opts: ClientOptions): Settings {
  if (opts === null || typeof opts !== "object") throw new NmsError("client options are required");
  for (const field of ["baseUrl", "tenantId", "username", "password"] as const) {
    const value = opts[field];
    // Never echo the value: it may be the password.
    if (typeof value !== "string" || value.trim() === "") throw new NmsError(`client option ${field} is required`);
  }
  const positive = (field: NumericOption, allowZero = false): number => {
    const value = opts[field];
    if (value === undefined) return CLIENT_DEFAULTS[field];
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
      throw new NmsError(`client option ${field} must be a ${allowZero ? "non-negative" : "positive"} number, got ${String(value)}`);
    }
    return value;
  };
  const maxRetries = positive("maxRetries", true);
  if (!Number.isInteger(maxRetries)) throw new NmsError(`client option maxRetries must be an integer, got ${maxRetries}`);
  const ratePerSecond = positive("maxRequestsPerSecond");
  let burst = Math.max(1, ratePerSecond);
  if (opts.burst !== undefined) {
    if (typeof opts.burst !== "number" || !Number.isFinite(opts.burst) || opts.burst < 1) {
      throw new NmsError(`client option burst must be a number of at least 1, got ${String(opts.burst)}`);
    }
    burst = opts.burst;
  }
  const waiter = opts.waiter ?? CLIENT_DEFAULTS.waiter;
  if (waiter !== "coalesced" && waiter !== "per-request") {
    throw new NmsError(`client option waiter must be "coalesced" or "per-request", got ${String(waiter)}`);
  }
  return {
    baseUrl: checkedBaseUrl(opts.baseUrl, opts.allowInsecureHttp === true),
    tenantId: opts.tenantId,
    username: opts.username,
    waitTimeoutMs: positive("waitTimeoutMs"),
    requestTimeoutMs: positive("requestTimeoutMs"),
    pollInitialMs: positive("pollInitialMs"),
    pollMaxMs: positive("pollMaxMs"),
    retry: { retries: maxRetries, baseMs: positive("retryBaseMs", true), maxMs: positive("retryMaxMs", true) },
    rateLimit: { ratePerSecond, burst },
    waiter,
    listCacheTtlMs: positive("listCacheTtlMs", true),
    batchWindowMs: positive("batchWindowMs", true),
    maxBatchSize: positive("maxBatchSize"),
    logger: opts.logger,
  };
}
