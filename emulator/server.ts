// The HTTP front: match the route from the shared route table, authenticate, check tenant and
// role, parse the body, run the operation's handler, answer, log. Every failure on the way is
// an ApiError answered in the service's error body. The hot path does no I/O besides the
// socket and keeps per-request work to a route walk, a map lookup and one JSON encode.
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OPERATION_IDS, OperationId, ROUTES } from "../contract";
import { adminRoutes, AdminHandler } from "./admin";
import { AUTH_COOKIE, AuthService } from "./auth";
import { DEFAULT_CONFIG, EmulatorConfig } from "./config";
import { ApiError, badRequest } from "./errors";
import { FaultInjector } from "./faults";
import { Answer, HANDLERS, OpContext } from "./handlers";
import { createIdSource, IdSource } from "./ids";
import { RequestLog } from "./log";
import { NmsModel, PreparedWrite } from "./model/model";
import { RequestTracker } from "./requests";
import { Router } from "./router";
import { DEMO_CREDENTIALS, newTenantCredentials, SeededTenant, seedTenant } from "./seed";

export interface EmulatorServerOptions extends Partial<EmulatorConfig> {
  /** Makes tenant and object IDs reproducible. */
  seed?: number;
}

const MAX_BODY_BYTES = 1024 * 1024;
const EMPTY_QUERY = new URLSearchParams();
const JSON_TYPE = "application/json";

export class EmulatorServer {
  readonly config: EmulatorConfig;
  readonly ids: IdSource;
  readonly model: NmsModel;
  readonly auth: AuthService;
  readonly faults = new FaultInjector();
  readonly tracker: RequestTracker;
  readonly log = new RequestLog();
  readonly http: Server;
  private readonly routes = new Router<OperationId>();
  private readonly admin: Router<AdminHandler>;
  private demoTenant: SeededTenant;

  constructor(options: EmulatorServerOptions = {}) {
    const { seed, ...config } = options;
    this.config = { ...DEFAULT_CONFIG, ...stripUndefined(config) };
    this.ids = createIdSource(seed);
    this.model = new NmsModel(this.ids);
    this.auth = new AuthService(this.config);
    this.tracker = new RequestTracker(this.config, this.ids, this.faults);
    for (const op of OPERATION_IDS) this.routes.add(ROUTES[op].method, ROUTES[op].path, op);
    this.admin = adminRoutes(this);
    this.demoTenant = seedTenant(this.model, this.auth, this.ids, DEMO_CREDENTIALS);
    this.http = createServer((req, res) => this.handle(req, res));
  }

  get demo(): SeededTenant {
    return this.demoTenant;
  }

  /** Forgets every tenant, token, pending write, fault and log entry; the demo tenant comes back with its ID. */
  reset(): SeededTenant {
    this.tracker.cancelAll();
    this.model.clear();
    this.auth.clear();
    this.faults.clear();
    this.log.clear();
    this.demoTenant = seedTenant(this.model, this.auth, this.ids, DEMO_CREDENTIALS, this.demoTenant.tenantId);
    return this.demoTenant;
  }

  createTenant(name?: string): SeededTenant {
    return seedTenant(this.model, this.auth, this.ids, newTenantCredentials(this.ids, name));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once("error", reject);
      this.http.listen(port, host, () => {
        this.http.off("error", reject);
        resolve((this.http.address() as AddressInfo).port);
      });
    });
  }

  close(): Promise<void> {
    this.tracker.cancelAll();
    return new Promise((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? EMPTY_QUERY : new URLSearchParams(url.slice(q + 1));

    if (path.startsWith("/__admin")) {
      this.withBody(req, res, method, path, "admin", null, (raw) => this.runAdmin(req, method, path, query, raw));
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
    this.withBody(req, res, method, path, op, params.tenantId ?? null, (raw) => this.runOperation(req, op, params, query, raw));
  }

  /** Reads the body unless the method has none, then answers with what `run` returns. */
  private withBody(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    run: (raw: string | undefined) => Answer & { headers?: Record<string, string> },
  ): void {
    const finish = (raw: string | undefined) => {
      let answer: Answer & { headers?: Record<string, string> };
      try {
        answer = run(raw);
      } catch (error) {
        answer = this.errorAnswer(error);
      }
      this.answer(res, method, path, op, tenantId, answer);
    };
    if (method === "GET" || method === "HEAD") {
      finish(undefined);
      return;
    }
    readBody(req).then(finish, (error) => this.answer(res, method, path, op, tenantId, this.errorAnswer(error)));
  }

  private runOperation(
    req: IncomingMessage,
    op: OperationId,
    params: Record<string, string>,
    query: URLSearchParams,
    raw: string | undefined,
  ): Answer & { headers?: Record<string, string> } {
    if (op === "A1") {
      const session = this.auth.login(parseJson(raw));
      return {
        status: 200,
        body: { "API-KEY": session.token, tenantId: session.tenantId },
        headers: { "set-cookie": `${AUTH_COOKIE}=${session.token}; Path=/; HttpOnly` },
      };
    }
    const session = this.auth.authenticate(req.headers.cookie);
    if (params.tenantId !== session.tenantId) throw new ApiError("NMS-FORBIDDEN-TENANT", { object: "tenantId", value: params.tenantId });
    if (ROUTES[op].method !== "GET" && session.role === "READ_ONLY") throw new ApiError("NMS-FORBIDDEN-ROLE");
    const tenant = this.model.tenant(session.tenantId);
    if (!tenant) throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "unknown or expired token" });
    const context: OpContext = {
      model: this.model,
      tenant,
      session,
      params,
      query,
      body: parseJson(raw),
      accept: (write: PreparedWrite) => ({ status: 202, body: this.tracker.submit(tenant, op, session.username, write) }),
    };
    return HANDLERS[op](context);
  }

  private runAdmin(req: IncomingMessage, method: string, path: string, query: URLSearchParams, raw: string | undefined): Answer {
    if (!isLoopback(req.socket.remoteAddress)) throw new ApiError("NMS-FORBIDDEN-ROLE", { message: "the admin API answers loopback clients only" });
    const match = this.admin.match(method, path);
    if (!match) throw new ApiError("NMS-NOT-FOUND", { message: `no admin operation ${method} ${path}` });
    return match.value({ params: match.params, query, body: parseJson(raw) });
  }

  private errorAnswer(error: unknown): Answer {
    const apiError =
      error instanceof ApiError ? error : (reportUnexpected(error), new ApiError("NMS-INTERNAL"));
    return { status: apiError.status, body: { errors: apiError.entries, requestId: this.ids.uuid() } };
  }

  private answer(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    answer: Answer & { headers?: Record<string, string> },
  ): void {
    const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
    const headers: Record<string, string | number> = { "content-length": Buffer.byteLength(text), ...answer.headers };
    if (text !== "") headers["content-type"] = JSON_TYPE;
    res.writeHead(answer.status, headers);
    res.end(text);
    this.log.add(method, path, op, answer.status, tenantId);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => (size > MAX_BODY_BYTES ? reject(badRequest("body too large", "body")) : resolve(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });
}

function parseJson(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest("body is not valid JSON", "body");
  }
}

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127."));
}

/** A bug, not a client error: worth a line on stderr. Bodies are never printed. */
function reportUnexpected(error: unknown): void {
  process.stderr.write(`nms-emulator: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
