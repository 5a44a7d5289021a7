// The HTTP front: match the route from the shared route table, draw an answer fault, authenticate,
// rate-limit, check tenant and role, parse the body, run the operation's handler, answer, log and
// count. Every failure on the way is an ApiError answered in the service's error body. The hot
// path does no I/O besides the socket and keeps per-request work to a route walk, a few map
// lookups and one JSON encode; with no fault rule armed, faults cost one comparison.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { OPERATION_NAMES, type OperationName, ROUTES } from "../../contract";
import { adminRoutes } from "../admin/admin";
import type { AdminHandler } from "../admin/adminHandler";
import { AuthService } from "../auth/auth";
import { defaultConfig, type EmulatorConfig, validOptions } from "../settings/config";
import { ApiError, badRequest } from "../model/errors";
import { FaultInjector } from "../settings/faults";
import { createIdSource, createRandom, type IdSource } from "../model/ids";
import { type MultipartBody, parseMultipart } from "./multipart";
import { AnswerWriter, NO_ANSWER } from "./answers";
import { checkAdminCaller, checkHost, hostNameOf, ownHostNames, WILDCARD_HOSTS } from "./callerChecks";
import { CONNECTION_LIMITS, ConnectionCounter, type ConnectionLimits } from "./connections";
import { type Answer, parseJson, readBody, reportUnexpected } from "./wire";
import { RequestLog, RequestStats } from "./log";
import { NmsModel } from "../model/model";
import { OPENAPI_PATH, openApiDocument } from "../operations/openapi";
import { RequestTracker } from "../operations/requests";
import { OperationRunner } from "../operations/runner";
import { malformedEscapeIn, Router } from "./router";
import {
  DEMO_CREDENTIALS,
  newTenantCredentials,
  type TenantCredentials,
  addDemoSupportDirectory,
  createTenantWithAdmins,
} from "../tenants/tenantSetup";
import { KINDS } from "../services/registry";
import { FILE_STORE_PREFIX, serveFileStore, fileStoreOf } from "../services/file/store";
import type { TenantSettings } from "../model/tenant";
import { type BlobReader, type EmulatorSnapshot, restoreSnapshot } from "../state/snapshot";
import { type PageAnswer, serveUi, UI_PREFIX } from "../admin/ui";

export { CONNECTION_LIMITS, type ConnectionLimits } from "./connections";

export interface EmulatorServerOptions extends Partial<EmulatorConfig> {
  /** Makes tenant and object IDs, latency jitter and fault draws reproducible (never secrets: emulator/model/ids.ts). */
  seed?: number;
  /** The socket limits (CONNECTION_LIMITS); tests shorten them. */
  connectionLimits?: Partial<ConnectionLimits>;
}

const EMPTY_QUERY = new URLSearchParams();

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
  /** Login and the service's operations, past the HTTP front. */
  private readonly operations: OperationRunner;
  /** Writes, logs and counts every answer. */
  private readonly answers: AnswerWriter;
  private readonly routes = new Router<OperationName>();
  private readonly admin: Router<AdminHandler>;
  private demoTenant: TenantCredentials;
  private readonly connections = new ConnectionCounter();
  /** Host names (lowercase, IPv6 in brackets) requests may be addressed to besides the loopback names: see listen. */
  private ownHostNames = new Set<string>();
  /** Scheme, host and port of the emulator as it was started: signed file addresses are built from it. */
  private ownOrigin = "http://127.0.0.1";
  /** Told after every request that may have changed state (any method but GET and HEAD); see emulator/state/persistence.ts. */
  onChange: () => void = () => undefined;

  constructor(options: EmulatorServerOptions = {}) {
    const { seed, connectionLimits, ...settings } = options;
    this.config = { ...defaultConfig(), ...validOptions(settings) };
    this.ids = createIdSource(seed);
    const random = createRandom(seed);
    this.model = new NmsModel(this.ids, KINDS);
    this.auth = new AuthService(this.config, this.model.directory.accounts);
    this.faults = new FaultInjector(random);
    this.tracker = new RequestTracker(this.config, this.ids, this.faults, random);
    this.operations = new OperationRunner(this.model, this.auth, this.tracker, this.config, () => this.ownOrigin);
    this.answers = new AnswerWriter(this.ids, this.log, this.stats, () => this.onChange());
    for (const op of OPERATION_NAMES) this.routes.add(ROUTES[op].method, ROUTES[op].path, op);
    this.admin = adminRoutes(this);
    this.demoTenant = createTenantWithAdmins(this.model, this.auth, this.ids, DEMO_CREDENTIALS);
    addDemoSupportDirectory(this.model.directory);
    // The store reads the config object itself: a PUT /__admin/config changes the lifetime of the next address.
    fileStoreOf(this.model.directory).lifetimes = this.config;
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
    this.http.on("connection", (socket: Socket) => this.connections.admit(socket, limits.maxConnectionsPerAddress));
  }

  /** Open connections of one client address (tests). */
  openConnections(address: string): number {
    return this.connections.open(address);
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
    this.operations.clearLimits();
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
    return this.operations.served();
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
    this.answers.cancelHeld();
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
    this.answers.guarded(res, method, path, () =>
      this.dispatch(req, res, method, path, q < 0 ? undefined : url.slice(q + 1)),
    );
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
      this.answers.answer(res, method, path, "unknown", null, this.answers.errorAnswer(error));
      return;
    }
    const malformed = malformedEscapeIn(path, rawQuery ?? "");
    if (malformed !== undefined) {
      const error = new ApiError("NMS-BAD-REQUEST", {
        message: `malformed percent-escape in the ${malformed}`,
        object: malformed,
        value: malformed === "path" ? path : rawQuery,
      });
      this.answers.answer(res, method, path, "unknown", null, this.answers.errorAnswer(error));
      return;
    }
    const query = rawQuery === undefined ? EMPTY_QUERY : new URLSearchParams(rawQuery);

    if (method === "GET" && path === OPENAPI_PATH) {
      this.answers.answer(res, method, path, "openapi", null, { status: 200, body: openApiDocument() });
      return;
    }
    if (path.startsWith("/__admin")) {
      this.afterBody(req, res, method, path, "admin", null, (raw) => {
        this.answers.answer(
          res,
          method,
          path,
          "admin",
          null,
          this.answers.attempt(() => this.runAdmin(req, method, path, query, raw)),
        );
      });
      return;
    }
    if (path === UI_PREFIX || path.startsWith(`${UI_PREFIX}/`)) {
      let page: PageAnswer;
      try {
        page = serveUi(method, path);
      } catch (error) {
        this.answers.answer(res, method, path, "ui", null, this.answers.errorAnswer(error));
        return;
      }
      this.answers.answerBytes(res, method, path, "ui", page.status, page.headers, page.body);
      return;
    }
    if (path.startsWith(FILE_STORE_PREFIX)) {
      serveFileStore(fileStoreOf(this.model.directory), req, path, query)
        .then(
          (stored) =>
            this.answers.answerBytes(res, method, path, "file-store", stored.status, stored.headers, stored.bytes),
          (error: unknown) =>
            this.answers.answer(res, method, path, "file-store", null, this.answers.errorAnswer(error)),
        )
        .catch((error: unknown) => this.answers.failSafe(res, method, path, error));
      return;
    }
    const match = this.routes.match(method, path);
    if (!match) {
      const error = new ApiError("NMS-NOT-FOUND", { message: `no operation ${method} ${path}` });
      this.answers.answer(res, method, path, "unknown", null, this.answers.errorAnswer(error));
      return;
    }
    const op = match.value;
    const params = match.params;
    const tenantId = params.tenantId ?? null;
    this.afterBody(req, res, method, path, op, tenantId, (raw, form) => {
      const run = () => this.answers.attempt(() => this.operations.run(req, op, params, query, raw, form));
      const fault = this.faults.takeAnswerFault(op, method, tenantId);
      if (fault === undefined)
        this.answers.whenReady(res, method, path, run(), (answer) =>
          this.answers.answer(res, method, path, op, tenantId, answer),
        );
      else this.answers.answerWithFault(req, res, method, path, op, tenantId, fault, run);
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
      if (res.destroyed || req.socket.destroyed)
        this.answers.record(method, path, op, NO_ANSWER, tenantId, undefined, req);
      else this.answers.answer(res, method, path, op, tenantId, this.answers.errorAnswer(error));
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
      .catch((error: unknown) => this.answers.failSafe(res, method, path, error));
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
}
