// Login and every operation of the service once the HTTP front has matched its route and read
// its body: authenticate, check the tenant (or an MSP's delegated access) and the gateway headers,
// rate-limit, check the role, the request's encoding and the Wi-Fi API variant, then run the
// operation's handler, whose write is answered as its route says (202 and a request record, or
// applied now).
import type { IncomingMessage } from "node:http";
import { isRead, type OperationName, ROUTES, WIRE_HEADERS } from "../../contract";
import { AUTH_COOKIE, type AuthService, credentialsOf, loginKey } from "../auth/auth";
import { checkDelegatedAccess, noteLogin } from "../auth/delegatedAccess";
import { RateLimiter } from "../auth/rateLimit";
import { checkServiceWrite } from "../http/callerChecks";
import type { MultipartBody } from "../http/multipart";
import { type Answer, bodyOf, checkGatewayHeaders, parseJson } from "../http/wire";
import { ApiError } from "../model/errors";
import type { Handler, OpContext, PreparedWrite } from "../model/kind";
import type { NmsModel } from "../model/model";
import { KINDS, SERVICE_OPERATIONS } from "../services/registry";
import type { EmulatorConfig } from "../settings/config";
import { deriveHandlers } from "./handlers";
import type { RequestTracker } from "./requests";

export class OperationRunner {
  private readonly handlers: Map<OperationName, Handler> = deriveHandlers(KINDS, SERVICE_OPERATIONS);
  /** Service calls, per tenant. */
  private readonly callLimiter: RateLimiter;
  /** Login, per username: it has no tenant yet, and guessing passwords should meet it too. */
  private readonly loginLimiter: RateLimiter;

  constructor(
    private readonly model: NmsModel,
    private readonly auth: AuthService,
    private readonly tracker: RequestTracker,
    config: EmulatorConfig,
    /** Scheme, host and port of the emulator as it was started (signed file addresses are built from it). */
    private readonly ownOrigin: () => string,
  ) {
    this.callLimiter = new RateLimiter(config);
    this.loginLimiter = new RateLimiter(config);
  }

  /** Operations the emulator serves (every one of the route table but login, once all kinds exist). */
  served(): OperationName[] {
    return [...this.handlers.keys()];
  }

  /** Forgets every rate-limit bucket. */
  clearLimits(): void {
    this.callLimiter.clear();
    this.loginLimiter.clear();
  }

  run(
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
      origin: this.ownOrigin(),
      finish: (write: PreparedWrite) => {
        if (route.async)
          return {
            status: route.success,
            body: this.tracker.submit(tenant, op, session.username, write, callerRequestId(req)),
          };
        const applied = this.tracker.applyNow(tenant, op, session.username, write, callerRequestId(req));
        return applied instanceof Promise
          ? applied.then((body) => ({ status: route.success, body }))
          : { status: route.success, body: applied };
      },
    };
    return handler(context);
  }
}

/** The x-request-id the caller (or the gateway) gave the request, which names its request record when it can. */
function callerRequestId(req: IncomingMessage): string | undefined {
  const value = req.headers[WIRE_HEADERS.requestId];
  return typeof value === "string" ? value : undefined;
}
