// The service client: one place for login, retries, error mapping and async waits, so that the
// resource code is a thin table of calls. The HTTP layer is exchange.ts; settings.ts holds the
// options, writes.ts the writes applied once (a lost answer resolved from the request record),
// paging.ts the lists, batcher.ts the array-bodied writes made together (creates, bulk deletes).
import { randomUUID } from "node:crypto";
import type { AsyncAccepted, RequestRecord, RequestStatus } from "../../contract/requestRecord";
import { ROUTES, type OperationName } from "../../contract/routes";
import { WriteBatcher, type EntryFallbacks } from "./batcher";
import { ReadBatcher, type BatchedRead } from "./readBatcher";
import { NmsError, NmsWaitTimeoutError } from "./errors";
import { Exchange, type PreparedRequest } from "./exchange";
import { type ClientStats, statsOf } from "./clientStats";
import { isSharedLogin, type SharedLogin } from "./tenantViews";
import type { ListCache } from "./listCache";
import { fetchAllPages, fetchSomePages } from "./paging";
import { listRequestRecords, newRequestWaiter, readRequestRecord } from "./requestRecordReads";
import { hideProperty } from "./secrets";
import { downloadFrom, redirectTargetOf, uploadToAddress } from "./serviceAddresses";
import type { CallInit, ClientOptions, QueryParams } from "./settings";
import { settleRecord, type RequestWaiter } from "./waiter";
import { WaitProgress } from "./waitProgress";
import { keepsRequestRecord, submitPrepared, type Submitted } from "./writes";

export { CLIENT_DEFAULTS } from "./settings";
export type { CallInit, ClientOptions, QueryParams, WaiterKind } from "./settings";
export type { ClientStats } from "./clientStats";

export class NmsClient {
  private readonly ex: Exchange;
  /**
   * The tenant this client's calls name when their parameters do not: the configured one (ClientOptions.tenantId),
   * or the one forTenant made this view for.
   */
  readonly tenantId: string;
  private readonly views: Map<string, NmsClient>;
  /** The login's coalesced poller, shared by its views (an MSP's tenants). */
  private readonly poller: { waiter?: RequestWaiter };
  /** This view's own waiter when each request is polled alone (option waiter "per-request"). */
  private waiter?: RequestWaiter;
  private readonly batcher: WriteBatcher;
  private readonly reads: ReadBatcher;
  private readonly progress: WaitProgress;

  // Every field is set here, none by an initializer: Pulumi's closure serializer rebuilds a class
  // from its constructor and drops field initializers.
  constructor(opts: ClientOptions);
  /** @internal A tenant view of a login (forTenant). */
  constructor(opts: SharedLogin<NmsClient>);
  constructor(opts: ClientOptions | SharedLogin<NmsClient>) {
    if (isSharedLogin(opts)) {
      this.ex = opts.exchange;
      this.tenantId = opts.tenantId;
      this.views = opts.views;
      this.poller = opts.poller;
    } else {
      this.ex = new Exchange(opts);
      this.tenantId = this.ex.settings.tenantId;
      this.views = new Map([[this.tenantId, this]]);
      this.poller = {};
    }
    this.waiter = undefined;
    this.batcher = new WriteBatcher({
      windowMs: this.ex.settings.batchWindowMs,
      maxSize: this.ex.settings.maxBatchSize,
      fewWaiting: () => this.fewWaiting(),
    });
    this.reads = new ReadBatcher(this.ex.settings.batchWindowMs, () => this.fewWaiting());
    this.progress = new WaitProgress({
      firstAfterMs: this.ex.settings.progressAfterMs,
      everyMs: this.ex.settings.progressEveryMs,
      waitTimeoutMs: this.ex.settings.waitTimeoutMs,
      log: (level, message) => this.ex.log(level, message),
      connection: () => this.ex.reachability.failingNow(),
    });
  }

  /**
   * The same login working in another tenant (an MSP's end customer, through the service's delegated access): one
   * API key, one login-wide rate limit and one connection pool for every tenant, while each tenant has its own rate
   * limiter, cached lists and batches of array writes, so that no call mixes two tenants' objects. The login's one
   * request-record poller serves every view: each tick polls the tenants with requests worth a call, each in its own
   * tenant (coalescingWaiter.ts). Every call of the view names `tenantId` in its path (and, when it is not the login's
   * own tenant, in the tenant header); its writes' records are polled in that tenant. Views are made once per tenant
   * and live as long as the client; closing any of them closes the login.
   */
  forTenant(tenantId: string): NmsClient {
    if (tenantId === this.tenantId) return this;
    if (typeof tenantId !== "string" || tenantId === "") throw new NmsError("a tenant view needs a tenant ID");
    let view = this.views.get(tenantId);
    if (!view) {
      view = new NmsClient({ exchange: this.ex, tenantId, views: this.views, poller: this.poller });
      this.views.set(tenantId, view);
    }
    return view;
  }

  /** The tenant the client was configured for (ClientOptions.tenantId): what a view's own tenant is not. */
  get configuredTenantId(): string {
    return this.ex.settings.tenantId;
  }

  /** The administrator this client logs in as (request records name it in `admin`). */
  get username(): string {
    return this.ex.settings.username;
  }

  /** A notice on the client's log (nms:logLevel), secrets removed. */
  notice(level: "info" | "warn", message: string): void {
    this.ex.log(level, message);
  }

  /** Synchronous call: returns the parsed JSON body (undefined when empty). Non-2xx → NmsApiError. */
  async call<T>(op: OperationName, params?: Record<string, string>, init?: CallInit): Promise<T> {
    const request = this.prepare(op, params, init);
    if (request.method === "GET") return this.ex.parseJson(request, await this.ex.exchange(request)) as T;
    // A write may change any list of its tenant: forget them before (a list read meanwhile is not kept) and after.
    this.listCacheOf(request).invalidate();
    try {
      return this.ex.parseJson(request, await this.ex.exchange(request)) as T;
    } finally {
      this.listCacheOf(request).invalidate();
    }
  }

  /**
   * Every object of a list operation (GET), paged with size 500 from page 0 until a short page.
   * Results are cached per operation and parameters for listCacheTtlMs, concurrent callers share
   * one fetch, and any write through this client in the same tenant drops that tenant's cache. Each caller gets its own array;
   * the objects in it are shared with other callers: treat them as read-only.
   */
  async list<T>(op: OperationName, params?: Record<string, string>, query?: QueryParams): Promise<T[]> {
    const request = this.prepare(op, params, { query });
    if (request.method !== "GET") throw new NmsError(`${op} is not a read; list() pages GET operations only`);
    // The path holds the operation's every parameter, the tenant included.
    const key = `${op} ${request.path} ${JSON.stringify(query ?? {})}`;
    return (await this.listCacheOf(request).get(key, () => fetchAllPages(this.ex, request))) as T[];
  }

  /**
   * A read of one object that the list operation `listOp` also returns: the reads of that list asked for within the
   * batch window share one list call, fetched after the last of them asked (never from the list cache) and never more
   * pages of it than there are reads; a read alone in its window, or whose object the pages fetched do not hold, is
   * `read.alone()` (readBatcher.ts).
   */
  async readThroughList<T>(
    listOp: OperationName,
    params: Record<string, string> | undefined,
    query: QueryParams | undefined,
    read: BatchedRead<T>,
  ): Promise<T> {
    const request = this.prepare(listOp, params, { query });
    if (request.method !== "GET")
      throw new NmsError(`${listOp} is not a read; readThroughList() pages GET operations only`);
    const key = `${listOp} ${request.path} ${JSON.stringify(query ?? {})}`;
    return this.reads.read(key, (budget) => fetchSomePages(this.ex, request, budget), read);
  }

  /**
   * Async write: send, expect 202 {requestId, response?}, wait for the record to leave PENDING. The write is
   * applied once (writes.ts): when its answer is lost, the record of its request ID says what became of it, and
   * the result then has no `response` (the caller reads the object back by the record's entityId).
   */
  async execute<T>(
    op: OperationName,
    params?: Record<string, string>,
    init?: CallInit,
  ): Promise<{ response?: T; record: RequestRecord }> {
    const request = this.prepareWrite(op, params, init);
    if (!request.route.async) throw new NmsError(`${op} is not an async operation; use call()`);
    const viewOf = this.forTenant(request.tenantId);
    this.listCacheOf(request).invalidate();
    try {
      const submitted = await submitPrepared<T>(this.ex, request);
      if (submitted.kind === "held") return { record: await viewOf.outcomeOf(submitted.record, op) };
      // The record is the request's tenant's: polled there (a tenantId among the params may name another than this view's).
      const record = await viewOf.waitForRequest(submitted.accepted.requestId, op).catch((error: unknown) => {
        if (error instanceof NmsWaitTimeoutError) hideProperty(error, "acceptedResponse", submitted.accepted.response);
        throw error;
      });
      return { response: submitted.accepted.response, record };
    } finally {
      this.listCacheOf(request).invalidate();
    }
  }

  /** Async write without waiting: the 202 envelope (applied once, as execute()). */
  async submit<T>(op: OperationName, params?: Record<string, string>, init?: CallInit): Promise<AsyncAccepted<T>> {
    const request = this.prepareWrite(op, params, init);
    if (!request.route.async) throw new NmsError(`${op} is not an async operation; use call()`);
    this.listCacheOf(request).invalidate();
    try {
      const submitted: Submitted<T> = await submitPrepared<T>(this.ex, request);
      return submitted.kind === "accepted" ? submitted.accepted : { requestId: submitted.record.requestId };
    } finally {
      this.listCacheOf(request).invalidate();
    }
  }

  /** Waits for request `requestId` (sent by `operation` in this client's tenant) to finish; see RequestWaiter. */
  async waitForRequest(requestId: string, operation: string): Promise<RequestRecord> {
    this.ex.assertOpen();
    // Whichever waiter polls, a long wait prints progress (waitProgress.ts).
    const waited = this.progress.begin(requestId, operation);
    try {
      return await this.getWaiter().wait(requestId, operation, this.tenantId);
    } finally {
      waited();
      // The write has now taken effect (or failed): lists of its tenant read while it was pending are stale.
      this.ex.listCacheFor(this.tenantId).invalidate();
    }
  }

  /**
   * Any write with a request record, applied once: an async one (route.async) as execute(); one the service
   * answers as done (201: createGuestUsers, importGuestUsers) returns its answer's `response` and `requestId` without waiting, or, when
   * that answer was lost, the record (SUCCESS) without a response. Other writes are plain calls.
   */
  async write<T>(
    op: OperationName,
    params?: Record<string, string>,
    init?: CallInit,
  ): Promise<{ response?: T; record?: RequestRecord; requestId?: string }> {
    const route = ROUTES[op];
    if (route.async) {
      const done = await this.execute<T>(op, params, init);
      return { ...done, requestId: done.record.requestId };
    }
    if (!keepsRequestRecord(route)) {
      const answer = await this.call<{ response?: T } | undefined>(op, params, init);
      return { response: answer?.response };
    }
    const request = this.prepareWrite(op, params, init);
    this.listCacheOf(request).invalidate();
    try {
      const submitted = await submitPrepared<T>(this.ex, request);
      if (submitted.kind === "held") {
        const record = await this.forTenant(request.tenantId).outcomeOf(submitted.record, op);
        return { record, requestId: record.requestId };
      }
      return { response: submitted.accepted.response, requestId: submitted.accepted.requestId };
    } finally {
      this.listCacheOf(request).invalidate();
    }
  }

  /**
   * One entry of an array-bodied write (the creates createAps, createGuestUsers; the bulk deletes deleteVenues, deleteAps...): entries
   * submitted to the same operation and path (so the same tenant) within batchWindowMs go in one call of up to
   * maxBatchSize (see batcher.ts); the result is this entry's element of the answer. An entry the
   * service refuses fails alone, with its field and code; with `init.alone` (the entry's write on
   * its own), a lone entry goes that way, and so does each entry of a call refused as a whole.
   */
  async executeInBatch<T>(
    op: OperationName,
    params: Record<string, string> | undefined,
    item: unknown,
    init: EntryFallbacks<T> = {},
  ): Promise<{ response?: T; record?: RequestRecord; requestId?: string }> {
    const { path, tenantId } = this.prepare(op, params);
    // Each tenant has its own batches (its view's batcher); the path names the tenant besides.
    const view = this.forTenant(tenantId);
    const send = (items: unknown[]) => view.write<unknown>(op, params, { body: items });
    return view.batcher.submit<T>(`${op} ${path}`, op, send, item, init);
  }

  /**
   * The absolute address a redirecting read (getDownloadUrl, success 302) points to. The answer is not
   * followed here: the target must be called without this client's cookie and headers (download).
   */
  async redirectTarget(op: OperationName, params?: Record<string, string>): Promise<string> {
    return redirectTargetOf(this.ex, this.prepare(op, params));
  }

  /** PUTs raw bytes to an absolute address the service handed out (getUploadUrl's signedUrl), without the service's cookie or headers. */
  async uploadTo(url: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await uploadToAddress(this.ex, url, bytes, contentType);
  }

  /** The bytes at an address the service handed out (getDownloadUrl's redirect target), fetched without the service's cookie or headers. */
  async download(url: string): Promise<Buffer> {
    return downloadFrom(this.ex, url);
  }

  /** Counters since the client was made (a copy). */
  stats(): ClientStats {
    return statsOf(this.ex);
  }

  /** Cancels work in flight, forgets the API key and closes the connection pool. */
  async close(): Promise<void> {
    if (!this.ex.closing.signal.aborted) this.ex.closing.abort(new NmsError("the client was closed"));
    this.ex.session.clear();
    await this.ex.transport.close();
  }

  /** The waiter behind execute/waitForRequest (requestRecordReads.ts). */
  protected createWaiter(): RequestWaiter {
    return newRequestWaiter(this.ex, {
      read: (requestId, signal, tenantId) => this.readRequestRecord(requestId, signal, tenantId),
      list: (status, page, size, signal, tenantId) => this.listRequestRecords(status, page, size, signal, tenantId),
      tenants: () => this.views.keys(),
    });
  }

  /** One getRequest read in `tenantId` (default: this client's), through the same auth and retry path as every call. */
  protected async readRequestRecord(
    requestId: string,
    signal: AbortSignal,
    tenantId: string = this.tenantId,
  ): Promise<RequestRecord> {
    return readRequestRecord(this.ex, requestId, signal, tenantId || this.tenantId);
  }

  /**
   * One page of this tenant's request records of `status` (listRequestsByStatus), as the service lists them: through the same auth,
   * retries, rate limit and tenant as every call (provider/client/requestHistory.ts reads them for attribution).
   */
  async requestRecordPage(status: RequestStatus, page: number, size: number): Promise<RequestRecord[]> {
    this.ex.assertOpen();
    return this.listRequestRecords(status, page, size, this.ex.closing.signal);
  }

  /** One page of listRequestsByStatus in `tenantId` (default: this client's), through the same auth and retry path as every call. */
  protected async listRequestRecords(
    status: RequestStatus,
    page: number,
    size: number,
    signal: AbortSignal,
    tenantId: string = this.tenantId,
  ): Promise<RequestRecord[]> {
    return listRequestRecords(this.ex, status, page, size, signal, tenantId || this.tenantId);
  }

  /** Whether few requests wait at this login's poller (batcher.ts BatchWindow). */
  private fewWaiting(): boolean {
    const waiter = this.ex.settings.waiter === "per-request" ? this.waiter : this.poller.waiter;
    return waiter?.fewWaiting?.() ?? false;
  }

  private getWaiter(): RequestWaiter {
    if (this.ex.settings.waiter === "per-request") {
      if (!this.waiter) this.waiter = this.createWaiter();
      return this.waiter;
    }
    if (!this.poller.waiter) this.poller.waiter = this.createWaiter();
    return this.poller.waiter;
  }

  /** The request in this client's tenant (a tenantId among the params names another). */
  private prepare(op: OperationName, params: Record<string, string> | undefined, init?: CallInit): PreparedRequest {
    return this.ex.prepare(op, params, init, this.tenantId);
  }

  /** The cached lists of the request's tenant. */
  private listCacheOf(request: PreparedRequest): ListCache {
    return this.ex.listCacheFor(request.tenantId);
  }

  /** A write with a request record, named by the caller's request ID or a fresh one (writes.ts). */
  private prepareWrite(
    op: OperationName,
    params: Record<string, string> | undefined,
    init?: CallInit,
  ): PreparedRequest {
    return this.prepare(op, params, { ...init, requestId: init?.requestId ?? randomUUID() });
  }

  /** The outcome of a write whose answer was lost, from its record: SUCCESS as it is, FAIL thrown, PENDING waited for. */
  private async outcomeOf(record: RequestRecord, op: OperationName): Promise<RequestRecord> {
    return (
      settleRecord(record, record.requestId, op, (text) => this.ex.redact(text)) ??
      (await this.waitForRequest(record.requestId, op))
    );
  }
}
