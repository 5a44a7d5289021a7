// The client's HTTP layer: one prepared request at a time through authentication, the rate limiters
// (the login's and the tenant's), the retry rules and error mapping, with every secret kept out of
// messages. One Exchange is one login: the tenant views of a client (NmsClient.forTenant) share it,
// its API key and its login-wide rate limiter; each request names its own tenant.
// NmsClient (client.ts) builds the public operations on it; writes.ts and paging.ts use it too. requestBuilding.ts
// builds the requests, answerReading.ts reads the answers and makes the errors.
import { setMaxListeners } from "node:events";
import type { ApiErrorEntry } from "../../contract/errors";
import { ROUTES, type OperationName } from "../../contract/routes";
import { apiKeyFromCookies, tryParseJson } from "./answers";
import { apiErrorOf, describeFailureOf, parseJsonAnswer, publicErrorOf } from "./answerReading";
import { TokenSession } from "./auth";
import { NmsApiError, NmsError } from "./errors";
import { ListCache } from "./listCache";
import { Reachability, warningTimes } from "./reachability";
import { sharedLoginBucket, sharedTokenBucket, type TokenBucket } from "./ratelimit";
import { buildRequest, wireHeaders } from "./requestBuilding";
import { parseRetryAfterMs, RETRY_AFTER_CAP_FACTOR, runWithRetries } from "./retry";
import { hideProperty, redactText } from "./secrets";
import { CLIENT_DEFAULTS, resolveSettings, type CallInit, type ClientOptions, type Settings } from "./settings";
import { headerValue, HttpAnswerError, HttpTransport, linkedAbort, type HttpAnswer } from "./transport";
import { buildWireSchemas, type WireSchemas } from "./wire";
import type { Counters, LogLevel, PreparedRequest } from "./request";

export type { Counters, LogLevel, PreparedRequest } from "./request";

export class Exchange {
  readonly settings: Settings;
  // Hidden properties (see hideProperty): invisible to JSON.stringify and util.inspect of the client.
  declare readonly password: string;
  /** Every API key this client has held, so that none can slip into a message. */
  declare readonly tokensSeen: Set<string>;
  readonly transport: HttpTransport;
  readonly session: TokenSession;
  readonly schemas: WireSchemas;
  /** Aborted by close(): cancels calls, retry pauses and waits in flight. */
  readonly closing: AbortController;
  /** Rate limiters by tenant (shared with other clients of the same baseUrl and tenant). */
  readonly buckets: Map<string, TokenBucket>;
  /**
   * The login's rate limiter, shared by every tenant this login reaches (and by other clients of the same baseUrl
   * and username): the service limits a login as well as each tenant.
   */
  readonly loginBucket: TokenBucket;
  /** Cached lists by tenant: a write drops its own tenant's lists only. */
  readonly listCaches: Map<string, ListCache>;
  readonly counters: Counters;
  /** Whether attempts get answers at all: warns, and ends calls and waits, when they have not for too long. */
  readonly reachability: Reachability;
  /**
   * The tenant the login belongs to. Calls on another tenant's paths (an MSP managing an end
   * customer) name that tenant in the tenant header too, as the service asks of delegated calls.
   */
  loginTenantId: string | undefined;

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
      connectTimeoutMs: this.settings.connectTimeoutMs,
      firstByteTimeoutMs: this.settings.firstByteTimeoutMs,
      connections: CLIENT_DEFAULTS.connectionsPerOrigin,
      maxAnswerBytes: this.settings.maxAnswerBytes,
    });
    this.session = new TokenSession(() => this.login());
    this.schemas = buildWireSchemas();
    this.buckets = new Map();
    this.loginBucket = sharedLoginBucket(this.settings.baseUrl, this.settings.username, this.settings.rateLimit);
    this.listCaches = new Map();
    this.counters = { requests: {}, retries: 0, rateLimitedWaitMs: 0 };
    this.loginTenantId = undefined;
    const giveUpAfterMs = this.settings.unreachableTimeoutMs;
    this.reachability = new Reachability({
      baseUrl: this.settings.baseUrl,
      giveUpAfterMs,
      ...warningTimes(giveUpAfterMs),
      log: (level, message) => this.log(level, message),
    });
    // Joined now, so that this client's rate settings apply to the tenant from now on.
    this.bucketFor(this.settings.tenantId);
  }

  /** The request of `op` in `tenantId` (default: the configured tenant); a `tenantId` among the params wins. */
  prepare(
    op: OperationName,
    params: Record<string, string> | undefined,
    init?: CallInit,
    tenantId: string = this.settings.tenantId,
  ): PreparedRequest {
    this.assertOpen();
    return buildRequest(op, params, init, tenantId);
  }

  /**
   * One call's 2xx answer, with the API key, the retry rules, and one re-login: a 401 means the key expired or
   * was revoked, so the client logs in again once and repeats the call once. A second 401 is final. With
   * `sentOnce` (a write with a request record, writes.ts), an attempt whose outcome is unknown is not repeated:
   * its error goes back to the caller, which reads the request record.
   */
  async exchange(request: PreparedRequest, signal?: AbortSignal, sentOnce = false): Promise<HttpAnswer> {
    const token = await this.session.current();
    try {
      return await this.sendWithRetries(request, token, signal, sentOnce);
    } catch (error) {
      if (!(error instanceof NmsApiError && error.status === 401)) throw error;
      this.log("info", `${request.operation}: the API key was refused (HTTP 401); logging in again`);
      const renewed = await this.session.renew(token);
      this.counters.retries += 1;
      return await this.sendWithRetries(request, renewed, signal, sentOnce);
    }
  }

  async sendWithRetries(
    request: PreparedRequest,
    token: string | undefined,
    signal?: AbortSignal,
    sentOnce = false,
  ): Promise<HttpAnswer> {
    const label = request.operation;
    const call = linkedAbort(signal ? [this.closing.signal, signal] : [this.closing.signal]);
    try {
      return await runWithRetries<HttpAnswer>(
        async () => {
          await this.takeToken(request, call.signal);
          this.countRequest(request.operation);
          let answer: HttpAnswer;
          const sentAt = Date.now();
          // Ended by the reachability watch once the service has said nothing for nms:unreachableTimeoutSeconds.
          const silenced = new AbortController();
          const attempt = linkedAbort([call.signal, silenced.signal]);
          const unwatch = this.reachability.watch(sentAt, (reason) => silenced.abort(reason));
          try {
            answer = await this.transport.send({
              method: request.method,
              path: request.path,
              query: request.query,
              body: request.body,
              form: request.form,
              headers: this.headersFor(request, token),
              signal: attempt.signal,
              operation: request.operation,
            });
          } catch (error) {
            // An attempt the watch ended is already counted by the watch, with the run's reason kept.
            if (!call.signal.aborted && !silenced.signal.aborted) this.reachability.failed(sentAt, error);
            throw error;
          } finally {
            unwatch();
            attempt.dispose();
          }
          this.reachability.answered();
          this.log(
            "debug",
            `${label}: ${request.method} ${request.path} → HTTP ${answer.status} (${answer.elapsedMs} ms)`,
          );
          // A redirect is the success of a route that says so (getDownloadUrl); any other 3xx is not.
          if ((answer.status >= 200 && answer.status < 300) || answer.status === request.route.success) return answer;
          this.pauseTenantOnRetryAfter(request, answer);
          throw new HttpAnswerError(answer);
        },
        {
          policy: this.settings.retry,
          signal: call.signal,
          giveUp: () => this.reachability.unreachable() !== undefined,
          context: { sentOnce },
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

  /** The cached lists of one tenant. */
  listCacheFor(tenantId: string): ListCache {
    let cache = this.listCaches.get(tenantId);
    if (!cache) {
      cache = new ListCache(this.settings.listCacheTtlMs);
      this.listCaches.set(tenantId, cache);
    }
    return cache;
  }

  bucketFor(tenantId: string): TokenBucket {
    let bucket = this.buckets.get(tenantId);
    if (!bucket) {
      bucket = sharedTokenBucket(this.settings.baseUrl, tenantId, this.settings.rateLimit);
      this.buckets.set(tenantId, bucket);
    }
    return bucket;
  }

  /**
   * Waits for the tenant's rate limiter, then the login's. Logins and request-record polls go ahead of queued
   * writes and reads: a login unblocks every call, and a poll (the waiter keeps them few) tells
   * which writes are done, which is what dependent resources wait for before they can start.
   * The tenant's first: a request held by its own tenant's budget takes nothing of the login's
   * meanwhile, so one busy tenant does not starve the others of the login's budget.
   */
  async takeToken(request: PreparedRequest, signal: AbortSignal): Promise<void> {
    const urgent =
      request.operation === "login" ||
      request.operation === "getRequest" ||
      request.operation === "listRequestsByStatus";
    const waitedMs =
      (await this.bucketFor(request.tenantId).take(signal, urgent)) + (await this.loginBucket.take(signal, urgent));
    this.counters.rateLimitedWaitMs += waitedMs;
  }

  /** Whether the rate limit holds back requests of `tenantId` now: its own, or the login's. */
  isContended(tenantId: string): boolean {
    return this.bucketFor(tenantId).isContended() || this.loginBucket.isContended();
  }

  /**
   * A 429 or 503 with Retry-After holds every request of the login, whatever its tenant, not just the refused one:
   * the answer does not say whether the login's limit or the tenant's was reached.
   */
  pauseTenantOnRetryAfter(request: PreparedRequest, answer: HttpAnswer): void {
    if (answer.status !== 429 && answer.status !== 503) return;
    const retryAfterMs = parseRetryAfterMs(headerValue(answer.headers, "retry-after"));
    if (retryAfterMs === undefined) return;
    // The same cap as the retry delay: a broken header must not stall a deployment.
    const pauseMs = Math.min(retryAfterMs, this.settings.retry.maxMs * RETRY_AFTER_CAP_FACTOR);
    this.bucketFor(request.tenantId).pauseFor(pauseMs);
    this.loginBucket.pauseFor(pauseMs);
    this.log(
      "info",
      `${request.operation}: HTTP ${answer.status} asked to wait ${retryAfterMs} ms; pausing all requests of the login for ${pauseMs} ms`,
    );
  }

  /** The cookie, and the gateway headers the route requires (switch operations): the tenant again and a fresh request ID. */
  headersFor(request: PreparedRequest, token: string | undefined): Record<string, string> | undefined {
    return wireHeaders(request, token, this.loginTenantId);
  }

  countRequest(operation: OperationName): void {
    this.counters.requests[operation] = (this.counters.requests[operation] ?? 0) + 1;
  }

  toPublicError(error: unknown, request: PreparedRequest, signal: AbortSignal | undefined): unknown {
    return publicErrorOf(this, error, request, signal);
  }

  apiError(request: PreparedRequest, answer: HttpAnswer, attempts: number): NmsApiError {
    return apiErrorOf(this, request, answer, attempts);
  }

  /** login: exchanges the credentials for an API key (body field API-KEY, or the API-KEY cookie). */
  async login(): Promise<string> {
    const request: PreparedRequest = {
      operation: "login",
      tenantId: this.settings.tenantId,
      route: ROUTES.login,
      method: ROUTES.login.method,
      path: ROUTES.login.path,
      body: JSON.stringify({ username: this.settings.username, password: this.password }),
      secrets: new Set([this.password]),
    };
    const answer = await this.sendWithRetries(request, undefined);
    const parsed = this.schemas.login.safeParse(tryParseJson(answer.text));
    const token =
      (parsed.success ? (parsed.data["API-KEY"] ?? parsed.data.token) : undefined) ??
      apiKeyFromCookies(answer.headers["set-cookie"]);
    if (parsed.success && parsed.data.tenantId) this.loginTenantId = parsed.data.tenantId;
    if (!token) throw new NmsError(`login: HTTP ${answer.status} but the answer carried no API key`);
    this.tokensSeen.add(token);
    this.log("info", `login: logged in to ${this.settings.baseUrl}`);
    return token;
  }

  parseJson(request: PreparedRequest, answer: HttpAnswer): unknown {
    return parseJsonAnswer(this, request, answer);
  }

  describeFailure(error: unknown, request: PreparedRequest): string {
    return describeFailureOf(this, error, request);
  }

  redactEntryText(entry: ApiErrorEntry, secrets: Iterable<string>): ApiErrorEntry {
    const known = [...secrets];
    const redacted: ApiErrorEntry = { ...entry, message: this.redact(entry.message ?? "", known) };
    if (entry.object !== undefined) redacted.object = this.redact(entry.object, known);
    return redacted;
  }

  redact(text: string, extra: Iterable<string> = []): string {
    return redactText(text, [this.password, ...this.tokensSeen, ...extra]);
  }

  log(level: LogLevel, message: string): void {
    const logger = this.settings.logger;
    if (!logger) return;
    try {
      logger({ level, message: this.redact(message) });
    } catch {
      // A failing logger must not fail the call it reports on.
    }
  }

  assertOpen(): void {
    if (this.closing.signal.aborted) throw new NmsError("the client is closed");
  }
}
