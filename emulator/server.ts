// The HTTP front: match the route from the shared route table, draw an answer fault, authenticate,
// rate-limit, check tenant and role, parse the body, run the operation's handler, answer, log and
// count. Every failure on the way is an ApiError answered in the service's error body. The hot
// path does no I/O besides the socket and keeps per-request work to a route walk, a few map
// lookups and one JSON encode; with no fault rule armed, faults cost one comparison.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { networkInterfaces } from "node:os";
import { type BodyEncoding, isRead, OPERATION_NAMES, type OperationName, ROUTES, WIRE_HEADERS } from "../contract";
import { adminRoutes } from "./admin";
import type { AdminHandler } from "./adminHandler";
import { AUTH_COOKIE, AuthService, credentialsOf, loginKey } from "./auth";
import { configPatchSchema, defaultConfig, type EmulatorConfig } from "./config";
import { ApiError, badRequest, rateLimited } from "./errors";
import { type AnswerFault, FaultInjector } from "./faults";
import { deriveHandlers } from "./handlers";
import { createIdSource, createRandom, type IdSource } from "./ids";
import { type MultipartBody, parseMultipart } from "./multipart";
import {
  type Answer,
  bodyOf,
  checkGatewayHeaders,
  encode,
  encodeYielding,
  holdsLongArray,
  parseJson,
  readBody,
  reportUnexpected,
} from "./wire";
import { RequestLog, RequestStats } from "./log";
import type { Handler, OpContext, PreparedWrite } from "./model/kind";
import { NmsModel } from "./model/model";
import { OPENAPI_PATH, openApiDocument } from "./openapi";
import { RateLimiter } from "./rateLimit";
import { RequestTracker } from "./requests";
import { malformedEscapeIn, Router } from "./router";
import { checkDelegatedAccess, noteLogin } from "./delegatedAccess";
import {
  DEMO_CREDENTIALS,
  newTenantCredentials,
  type TenantCredentials,
  addDemoSupportDirectory,
  createTenantWithAdmins,
} from "./tenantSetup";
import { KINDS, SERVICE_OPERATIONS } from "./services/registry";
import { FILE_STORE_PREFIX, serveFileStore } from "./services/file/store";
import type { TenantSettings } from "./model/tenant";
import { type BlobReader, type EmulatorSnapshot, restoreSnapshot } from "./snapshot";
import { type PageAnswer, serveUi, UI_PREFIX } from "./ui";

export interface EmulatorServerOptions extends Partial<EmulatorConfig> {
  /** Makes tenant and object IDs, latency jitter and fault draws reproducible (never secrets: emulator/ids.ts). */
  seed?: number;
  /** The socket limits (CONNECTION_LIMITS); tests shorten them. */
  connectionLimits?: Partial<ConnectionLimits>;
}

/** How long a client may take to send a request, and how many connections one address may hold open. */
export interface ConnectionLimits {
  /** Time to send the request's headers. */
  headersTimeoutMs: number;
  /** Time to send the whole request, body included (a 16 MiB upload takes well under a second on loopback). */
  requestTimeoutMs: number;
  /** Time an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** How often the timeouts above are checked. */
  checkIntervalMs: number;
  /** Open connections one client address may hold; past it a new one is closed at once. */
  maxConnectionsPerAddress: number;
}

/** emulator/README.md "A development tool": the provider's client keeps 16 connections per process, a bench 32 to 128. */
export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 256,
};

const EMPTY_QUERY = new URLSearchParams();
const JSON_TYPE = "application/json";
/** How long a connection whose body was refused for its size stays open after the answer. */
const CLOSE_GRACE_MS = 500;
/** Log and stats status of a request that got no answer (reset, lost-answer). */
const NO_ANSWER = 0;

export class EmulatorServer {
  readonly config: EmulatorConfig;
  readonly ids: IdSource;
  readonly model: NmsModel;
  readonly auth: AuthService;
  readonly faults: FaultInjector;
  readonly tracker: RequestTracker;
  readonly log = new RequestLog();
  readonly stats = new RequestStats();
  readonly http: Server;
  /** Service calls, per tenant. */
  private readonly callLimiter: RateLimiter;
  /** Login, per username: it has no tenant yet, and guessing passwords should meet it too. */
  private readonly loginLimiter: RateLimiter;
  /** Answers a slow fault is holding back. */
  private readonly heldAnswers = new Set<NodeJS.Timeout>();
  private readonly routes = new Router<OperationName>();
  private readonly handlers: Map<OperationName, Handler>;
  private readonly admin: Router<AdminHandler>;
  private demoTenant: TenantCredentials;
  /** Open connections per client address. */
  private readonly connections = new Map<string, number>();
  /** Host names (lowercase, IPv6 in brackets) requests may be addressed to besides the loopback names: see listen. */
  private ownHostNames = new Set<string>();
  /** Scheme, host and port of the emulator as it was started: signed file addresses are built from it. */
  private ownOrigin = "http://127.0.0.1";
  /** Told after every request that may have changed state (any method but GET and HEAD); see emulator/persistence.ts. */
  onChange: () => void = () => undefined;

  constructor(options: EmulatorServerOptions = {}) {
    const { seed, connectionLimits, ...settings } = options;
    this.config = { ...defaultConfig(), ...validOptions(settings) };
    this.ids = createIdSource(seed);
    const random = createRandom(seed);
    this.model = new NmsModel(this.ids, KINDS);
    this.handlers = deriveHandlers(KINDS, SERVICE_OPERATIONS);
    this.auth = new AuthService(this.config, this.model.directory.accounts);
    this.faults = new FaultInjector(random);
    this.tracker = new RequestTracker(this.config, this.ids, this.faults, random);
    this.callLimiter = new RateLimiter(this.config);
    this.loginLimiter = new RateLimiter(this.config);
    for (const op of OPERATION_NAMES) this.routes.add(ROUTES[op].method, ROUTES[op].path, op);
    this.admin = adminRoutes(this);
    this.demoTenant = createTenantWithAdmins(this.model, this.auth, this.ids, DEMO_CREDENTIALS);
    addDemoSupportDirectory(this.model.directory);
    // The store reads the config object itself: a PUT /__admin/config changes the lifetime of the next address.
    this.model.directory.files.lifetimes = this.config;
    const limits = { ...CONNECTION_LIMITS, ...connectionLimits };
    // Node's default 16 KiB header limit answers 431 with no body before any route is matched; the longest paths (listVenueModelTaggedPortVlans,
    // listVenueModelUntaggedPortVlans: six parameters) must reach the router so that even absurd ones get the service's error body.
    this.http = createServer(
      {
        maxHeaderSize: 64 * 1024,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
      },
      (req, res) => this.handle(req, res),
    );
    this.http.on("connection", (socket: Socket) => this.admit(socket, limits.maxConnectionsPerAddress));
  }

  /** Counts the connection against its address; one past the cap is closed at once, before it sends anything. */
  private admit(socket: Socket, cap: number): void {
    const address = socket.remoteAddress ?? "unknown";
    const open = this.connections.get(address) ?? 0;
    if (open >= cap) {
      socket.destroy();
      return;
    }
    this.connections.set(address, open + 1);
    socket.once("close", () => {
      const left = (this.connections.get(address) ?? 1) - 1;
      if (left > 0) this.connections.set(address, left);
      else this.connections.delete(address);
    });
  }

  /** Open connections of one client address (tests). */
  openConnections(address: string): number {
    return this.connections.get(address) ?? 0;
  }

  get demo(): TenantCredentials {
    return this.demoTenant;
  }

  /** Forgets every tenant, token, pending write, fault, rate-limit bucket, log entry and count; the demo tenant comes back with its ID. */
  reset(): TenantCredentials {
    this.tracker.cancelAll();
    this.model.clear();
    this.auth.clear();
    this.faults.clear();
    this.callLimiter.clear();
    this.loginLimiter.clear();
    this.log.clear();
    this.stats.clear();
    this.demoTenant = createTenantWithAdmins(
      this.model,
      this.auth,
      this.ids,
      DEMO_CREDENTIALS,
      this.demoTenant.tenantId,
    );
    addDemoSupportDirectory(this.model.directory);
    return this.demoTenant;
  }

  /** Replaces everything the service holds with a state file's snapshot (a restart); `blobs` reads the uploaded files kept beside it. */
  restore(snapshot: EmulatorSnapshot, blobs?: BlobReader): void {
    this.tracker.cancelAll();
    this.demoTenant = restoreSnapshot(this, snapshot, blobs);
  }

  /** Whether a Host header names the address the emulator was started on (beside the loopback names). */
  private isOwnHost(host: string): boolean {
    return this.ownHostNames.has(hostNameOf(host));
  }

  createTenant(name?: string, settings: Partial<TenantSettings> = {}): TenantCredentials {
    return createTenantWithAdmins(
      this.model,
      this.auth,
      this.ids,
      newTenantCredentials(this.ids, name),
      undefined,
      settings,
    );
  }

  /** Operations the emulator serves (every one of the route table but login, once all kinds exist). */
  servedOperations(): OperationName[] {
    return [...this.handlers.keys()];
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once("error", reject);
      this.http.listen(port, host, () => {
        this.http.off("error", reject);
        // Once serving, a server error (EMFILE when accepting a connection) is reported, never left to stop the process.
        this.http.on("error", reportUnexpected);
        const bound = (this.http.address() as AddressInfo).port;
        this.ownHostNames = ownHostNames(host);
        const named = host.includes(":") ? `[${host}]` : host;
        // Bound to every interface, the emulator has no one address of its own: loopback's is the one that always works.
        this.ownOrigin = `http://${WILDCARD_HOSTS.has(host) ? "127.0.0.1" : named}:${bound}`;
        resolve(bound);
      });
    });
  }

  close(): Promise<void> {
    this.tracker.cancelAll();
    for (const timer of this.heldAnswers) clearTimeout(timer);
    this.heldAnswers.clear();
    return new Promise((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }

  /**
   * Every request goes through here. Whatever a handler throws, synchronously or in a later
   * callback, ends as an answer in the error body (a bug: 500 NMS-INTERNAL) and never reaches the
   * process: no request can stop the emulator.
   */
  private handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    this.guarded(res, method, path, () => this.dispatch(req, res, method, path, q < 0 ? undefined : url.slice(q + 1)));
  }

  /** Runs `work`; an exception it throws is answered (500 in the error body) if nothing was sent yet, else the connection is closed. */
  private guarded(res: ServerResponse, method: string, path: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.failSafe(res, method, path, error);
    }
  }

  private failSafe(res: ServerResponse, method: string, path: string, error: unknown): void {
    try {
      if (!res.headersSent && !res.destroyed) {
        this.answer(res, method, path, "unknown", null, this.errorAnswer(error));
        return;
      }
      reportUnexpected(error);
    } catch (second) {
      reportUnexpected(second);
    }
    res.destroy();
  }

  private dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    rawQuery: string | undefined,
  ): void {
    try {
      // Before anything else, for every path: a page of another site whose name DNS rebinding points here names itself.
      checkHost(req, (host) => this.isOwnHost(host));
    } catch (error) {
      this.answer(res, method, path, "unknown", null, this.errorAnswer(error));
      return;
    }
    const malformed = malformedEscapeIn(path, rawQuery ?? "");
    if (malformed !== undefined) {
      const error = new ApiError("NMS-BAD-REQUEST", {
        message: `malformed percent-escape in the ${malformed}`,
        object: malformed,
        value: malformed === "path" ? path : rawQuery,
      });
      this.answer(res, method, path, "unknown", null, this.errorAnswer(error));
      return;
    }
    const query = rawQuery === undefined ? EMPTY_QUERY : new URLSearchParams(rawQuery);

    if (method === "GET" && path === OPENAPI_PATH) {
      this.answer(res, method, path, "openapi", null, { status: 200, body: openApiDocument() });
      return;
    }
    if (path.startsWith("/__admin")) {
      this.afterBody(req, res, method, path, "admin", null, (raw) => {
        this.answer(
          res,
          method,
          path,
          "admin",
          null,
          this.attempt(() => this.runAdmin(req, method, path, query, raw)),
        );
      });
      return;
    }
    if (path === UI_PREFIX || path.startsWith(`${UI_PREFIX}/`)) {
      let page: PageAnswer;
      try {
        page = serveUi(method, path);
      } catch (error) {
        this.answer(res, method, path, "ui", null, this.errorAnswer(error));
        return;
      }
      this.answerBytes(res, method, path, "ui", page.status, page.headers, page.body);
      return;
    }
    if (path.startsWith(FILE_STORE_PREFIX)) {
      serveFileStore(this.model.directory.files, req, path, query)
        .then(
          (stored) => this.answerBytes(res, method, path, "file-store", stored.status, stored.headers, stored.bytes),
          (error: unknown) => this.answer(res, method, path, "file-store", null, this.errorAnswer(error)),
        )
        .catch((error: unknown) => this.failSafe(res, method, path, error));
      return;
    }
    const match = this.routes.match(method, path);
    if (!match) {
      const error = new ApiError("NMS-NOT-FOUND", { message: `no operation ${method} ${path}` });
      this.answer(res, method, path, "unknown", null, this.errorAnswer(error));
      return;
    }
    const op = match.value;
    const params = match.params;
    const tenantId = params.tenantId ?? null;
    this.afterBody(req, res, method, path, op, tenantId, (raw, form) => {
      const run = () => this.attempt(() => this.runOperation(req, op, params, query, raw, form));
      const fault = this.faults.takeAnswerFault(op, method, tenantId);
      if (fault === undefined)
        this.whenReady(res, method, path, run(), (answer) => this.answer(res, method, path, op, tenantId, answer));
      else this.answerWithFault(req, res, method, path, op, tenantId, fault, run);
    });
  }

  /** Reads the body unless the method has none, then calls `then`; a body that cannot be read is answered here. */
  private afterBody(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    then: (raw: string | undefined, form?: MultipartBody | ApiError) => void,
  ): void {
    if (method === "GET" || method === "HEAD") {
      then(undefined);
      return;
    }
    const refuse = (error: unknown) => {
      // The client went away before its body was in: no one to answer, and nothing went wrong here.
      // (Not req.destroyed: a request whose body was read to the end is destroyed too, and its client waits for the answer.)
      if (res.destroyed || req.socket.destroyed) this.record(method, path, op, NO_ANSWER, tenantId, undefined, req);
      else this.answer(res, method, path, op, tenantId, this.errorAnswer(error));
    };
    // A multipart route's body is a form, parsed here (asynchronously) so that its handler gets plain data.
    const multipart = op in ROUTES && ROUTES[op as OperationName].body === "multipart";
    readBody(req)
      .then((buffer) => {
        if (!multipart) return then(buffer.toString("utf8"));
        // A form that cannot be read is refused once the caller is known to be allowed, as a bad JSON body is.
        return parseMultipart(buffer, req.headers["content-type"]).then(
          (form) => then(undefined, form),
          (error: Error) => then(undefined, badRequest(error.message, "body")),
        );
      }, refuse)
      .catch((error: unknown) => this.failSafe(res, method, path, error));
  }

  private answerWithFault(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    op: OperationName,
    tenantId: string | null,
    fault: AnswerFault,
    run: () => Answer | Promise<Answer>,
  ): void {
    switch (fault.kind) {
      case "http-5xx": {
        const answer = this.errorAnswer(new ApiError(fault.code));
        this.answer(res, method, path, op, tenantId, { ...answer, status: fault.status }, fault.kind);
        return;
      }
      case "http-429":
        this.answer(
          res,
          method,
          path,
          op,
          tenantId,
          this.errorAnswer(rateLimited(fault.retryAfterSeconds)),
          fault.kind,
        );
        return;
      case "reset":
        this.drop(req, method, path, op, tenantId, fault.kind);
        return;
      case "slow": {
        // The request runs now; only its answer is late, as behind a slow network or proxy.
        this.whenReady(res, method, path, run(), (answer) => {
          const timer = setTimeout(() => {
            this.heldAnswers.delete(timer);
            this.guarded(res, method, path, () => this.answer(res, method, path, op, tenantId, answer, fault.kind));
          }, fault.delayMs);
          timer.unref();
          this.heldAnswers.add(timer);
        });
        return;
      }
      case "lost-answer":
        run();
        this.drop(req, method, path, op, tenantId, fault.kind);
        return;
    }
  }

  private runOperation(
    req: IncomingMessage,
    op: OperationName,
    params: Record<string, string>,
    query: URLSearchParams,
    raw: string | undefined,
    form?: MultipartBody | ApiError,
  ): Answer | Promise<Answer> {
    if (op === "login") {
      checkServiceWrite(req, ROUTES.login.body);
      const credentials = credentialsOf(parseJson(raw));
      this.loginLimiter.take(loginKey(credentials.username));
      const session = this.auth.login(credentials);
      noteLogin(this.model, session);
      // Older clients, the vendor's own samples among them, read `token`; newer ones `API-KEY`.
      return {
        status: 200,
        body: { "API-KEY": session.token, token: session.token, tenantId: session.tenantId },
        // SameSite=Strict: a page of another site never gets its requests sent with the token.
        headers: { "set-cookie": `${AUTH_COOKIE}=${session.token}; Path=/; HttpOnly; SameSite=Strict` },
      };
    }
    const route = ROUTES[op];
    const session = this.auth.authenticate(req.headers.cookie);
    // Counted against the login (whatever tenant the path names: an MSP's administrator working on many end customers
    // spends one budget) and against the path's tenant (its own administrators and its MSP's share it). A call refused
    // for its tenant or headers costs the login only, so that no one can spend a tenant's budget from outside it.
    const login = `login ${loginKey(session.username)}`;
    try {
      if (params.tenantId !== session.tenantId) checkDelegatedAccess(this.model, session, req.headers, params.tenantId);
      checkGatewayHeaders(route.headers, req.headers, params.tenantId);
    } catch (error) {
      this.callLimiter.take([login]);
      throw error;
    }
    this.callLimiter.take([login, `tenant ${params.tenantId}`]);
    if (!isRead(route) && session.role === "READ_ONLY") throw new ApiError("NMS-FORBIDDEN-ROLE");
    // After the caller is known, so that a call to another tenant's path is refused for that (403) whatever it sends.
    checkServiceWrite(req, route.body);
    const tenant = this.model.tenant(params.tenantId);
    if (!tenant) throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "unknown or expired token" });
    if (route.variant === "newer" && tenant.variant === "older")
      throw new ApiError("NMS-NOT-IN-VARIANT", { message: `${op} exists only in the newer variant of the Wi-Fi API` });
    const handler = this.handlers.get(op);
    if (!handler) throw new ApiError("NMS-NOT-FOUND", { message: `operation ${op} is not served by the emulator` });
    const context: OpContext = {
      op,
      route,
      model: this.model,
      tenant,
      session,
      params,
      query,
      body: bodyOf(raw, form),
      origin: this.ownOrigin,
      finish: (write: PreparedWrite) =>
        route.async
          ? {
              status: route.success,
              body: this.tracker.submit(tenant, op, session.username, write, callerRequestId(req)),
            }
          : {
              status: route.success,
              body: this.tracker.applyNow(tenant, op, session.username, write, callerRequestId(req)),
            },
    };
    return handler(context);
  }

  private runAdmin(
    req: IncomingMessage,
    method: string,
    path: string,
    query: URLSearchParams,
    raw: string | undefined,
  ): Answer {
    checkAdminCaller(req, method);
    const match = this.admin.match(method, path);
    if (!match) throw new ApiError("NMS-NOT-FOUND", { message: `no admin operation ${method} ${path}` });
    return match.value({ params: match.params, query, body: parseJson(raw) });
  }

  /** The answer of `run`, or of what it throws (or, for an answer that comes later, rejects with). */
  private attempt<A extends Answer | Promise<Answer>>(run: () => A): A | Answer {
    try {
      const answer = run();
      return answer instanceof Promise ? (answer.catch((error: unknown) => this.errorAnswer(error)) as A) : answer;
    } catch (error) {
      return this.errorAnswer(error);
    }
  }

  /** Calls `then` with the answer: at once when it is there, else when it comes (guarded as the request is). */
  private whenReady(
    res: ServerResponse,
    method: string,
    path: string,
    answer: Answer | Promise<Answer>,
    then: (answer: Answer) => void,
  ): void {
    if (!(answer instanceof Promise)) {
      then(answer);
      return;
    }
    answer
      .then((ready) => this.guarded(res, method, path, () => then(ready)))
      .catch((error: unknown) => this.failSafe(res, method, path, error));
  }

  private errorAnswer(error: unknown): Answer {
    const apiError = error instanceof ApiError ? error : (reportUnexpected(error), new ApiError("NMS-INTERNAL"));
    return {
      status: apiError.status,
      body: { errors: apiError.entries, requestId: this.ids.uuid() },
      headers: apiError.headers,
    };
  }

  private answer(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    answer: Answer,
    fault?: string,
  ): void {
    // A held (slow) answer may find its client gone.
    if (res.destroyed) {
      this.record(method, path, op, NO_ANSWER, tenantId, fault, res.req);
      return;
    }
    // An answer holding a long list (a guest import's guests) is encoded a slice at a time, giving other requests their turn.
    if (answer.body !== undefined && holdsLongArray(answer.body)) {
      encodeYielding(answer.body).then(
        (text) =>
          this.guarded(res, method, path, () => this.write(res, method, path, op, tenantId, answer, text, fault)),
        (error: unknown) => {
          reportUnexpected(error);
          const fallback = this.errorAnswer(new Error("the answer could not be encoded"));
          this.guarded(res, method, path, () => this.answer(res, method, path, op, tenantId, fallback, fault));
        },
      );
      return;
    }
    const text =
      answer.body === undefined
        ? ""
        : encode(answer, () => this.errorAnswer(new Error("the answer could not be encoded")));
    this.write(res, method, path, op, tenantId, answer, text, fault);
  }

  private write(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    answer: Answer,
    text: string,
    fault?: string,
  ): void {
    if (res.destroyed) {
      this.record(method, path, op, NO_ANSWER, tenantId, fault, res.req);
      return;
    }
    const headers: Record<string, string | number> = { "content-length": Buffer.byteLength(text), ...answer.headers };
    // A body refused for its size is not read to its end: the answer closes the connection, and a client that goes on
    // sending meets a closed socket a moment later (the moment lets it read the answer first).
    if (answer.headers?.connection === "close")
      res.once("finish", () => setTimeout(() => res.socket?.destroy(), CLOSE_GRACE_MS).unref());
    if (text !== "") headers["content-type"] = JSON_TYPE;
    res.writeHead(answer.status, headers);
    res.end(text);
    this.record(method, path, op, answer.status, tenantId, fault, res.req);
  }

  /** Writes the bytes of a file of the page or the store (not JSON) as they are; a HEAD gets the headers only. */
  private answerBytes(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    status: number,
    headers: Record<string, string>,
    bytes?: Buffer,
  ): void {
    if (res.destroyed) {
      this.record(method, path, op, NO_ANSWER, null);
      return;
    }
    res.writeHead(status, { "content-length": bytes?.length ?? 0, ...headers });
    res.end(method === "HEAD" ? undefined : bytes);
    this.record(method, path, op, status, null);
  }

  /** Closes the connection with a TCP reset instead of answering: the client sees ECONNRESET. */
  private drop(
    req: IncomingMessage,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    fault: string,
  ): void {
    const socket = req.socket;
    if (!socket.destroyed) {
      try {
        socket.resetAndDestroy();
      } catch {
        socket.destroy(); // not a TCP socket: a plain close will do
      }
    }
    this.record(method, path, op, NO_ANSWER, tenantId, fault, req);
  }

  /** Logs and counts one request; `req` gives the tenant header it carried (what a test of delegated access looks at). */
  private record(
    method: string,
    path: string,
    op: string,
    status: number,
    tenantId: string | null,
    fault?: string,
    req?: IncomingMessage,
  ): void {
    const header = req?.headers[WIRE_HEADERS.tenantId];
    this.log.add(method, path, op, status, tenantId, fault, typeof header === "string" ? header : undefined);
    this.stats.add(op, status);
    if (method !== "GET" && method !== "HEAD") this.onChange();
  }
}

function validOptions(settings: Partial<EmulatorConfig>): Partial<EmulatorConfig> {
  const result = configPatchSchema.safeParse(stripUndefined(settings));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; ");
    throw new Error(`invalid emulator options: ${problems}`);
  }
  return result.data;
}

/** The x-request-id the caller (or the gateway) gave the request, which names its request record when it can. */
function callerRequestId(req: IncomingMessage): string | undefined {
  const value = req.headers[WIRE_HEADERS.requestId];
  return typeof value === "string" ? value : undefined;
}

function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined && (address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127."))
  );
}

/** Host names of this machine's loopback interface, with any port: what a request meant for the emulator on this machine is addressed to. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** Addresses that bind every interface: the emulator then answers to the names of each. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/** The host names (lowercase, IPv6 in brackets) the emulator started on `host` answers to besides the loopback names. */
function ownHostNames(host: string): Set<string> {
  const bracketed = (address: string) => (address.includes(":") ? `[${address}]` : address).toLowerCase();
  if (!WILDCARD_HOSTS.has(host)) return new Set([bracketed(host.replace(/^\[|\]$/g, ""))]);
  const names = new Set<string>();
  for (const addresses of Object.values(networkInterfaces()))
    for (const { address } of addresses ?? []) names.add(bracketed(address.replace(/%.*$/, "")));
  return names;
}

/** The name part of a Host header (`[::1]:80` → `[::1]`), lowercase. */
function hostNameOf(host: string): string {
  const port = /:\d{1,5}$/.exec(host);
  const name = port && (!host.startsWith("[") || host.lastIndexOf("]") < port.index) ? host.slice(0, port.index) : host;
  return name.toLowerCase();
}

/**
 * The rules of a caller on this machine, for the admin API and the service's routes alike: the request is addressed
 * to this machine (its Host: a page of another site that DNS rebinding points at 127.0.0.1 still names its own host),
 * else 421.
 */
function checkHost(req: IncomingMessage, isOwn: (host: string) => boolean): void {
  const host = req.headers.host;
  if (host === undefined || !(LOOPBACK_HOST.test(host) || isOwn(host)))
    throw new ApiError("EMU-MISDIRECTED", { object: "host", value: host ?? null });
}

/** A page of another origin (its Origin header) is refused: 403. */
function checkOrigin(req: IncomingMessage): void {
  const origin = req.headers.origin;
  const host = req.headers.host ?? "";
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`)
    throw new ApiError("EMU-FOREIGN-ORIGIN", { object: "origin", value: origin });
}

/** The media type of a Content-Type header, lowercase, without parameters. */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType === undefined ? undefined : contentType.split(";")[0].trim().toLowerCase();
}

/** Whether the request carries body bytes (a length above 0, or a chunked body). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * A write to a service route: from no page of another origin, and in the encoding its route takes (contract/routes.ts):
 * JSON for object and array bodies, multipart/form-data for a form, none or JSON for a route without a body. A web page
 * can send text/plain or a form to another site without the browser asking first; JSON it cannot. 415 otherwise.
 */
function checkServiceWrite(req: IncomingMessage, body: BodyEncoding): void {
  if (req.method === "GET" || req.method === "HEAD") return;
  checkOrigin(req);
  const type = mediaTypeOf(req.headers["content-type"]);
  const takes = body === "multipart" ? "multipart/form-data" : JSON_TYPE;
  if (type === undefined ? hasBody(req) : type !== takes) {
    throw new ApiError("EMU-UNSUPPORTED-MEDIA-TYPE", {
      message: `this operation takes ${body === "none" ? "no body" : takes}${body === "none" ? ` (or ${JSON_TYPE})` : ""}`,
      object: "content-type",
      value: req.headers["content-type"] ?? null,
    });
  }
}

/**
 * The admin API changes and reveals everything, with no authentication: it answers only a client on this machine (its
 * address), that addressed the request to a loopback name (checkHost, done for every request before the path is
 * looked at), from no page of another origin (Origin, reads too), and takes writes as application/json only, which no
 * web page can send to another origin without the browser asking first (a preflight the emulator never grants).
 */
function checkAdminCaller(req: IncomingMessage, method: string): void {
  if (!isLoopback(req.socket.remoteAddress))
    throw new ApiError("NMS-FORBIDDEN-ROLE", { message: "the admin API answers loopback clients only" });
  checkHost(req, () => false);
  checkOrigin(req);
  if (method !== "GET" && method !== "HEAD" && mediaTypeOf(req.headers["content-type"]) !== JSON_TYPE) {
    throw new ApiError("EMU-UNSUPPORTED-MEDIA-TYPE", {
      object: "content-type",
      value: req.headers["content-type"] ?? null,
    });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
