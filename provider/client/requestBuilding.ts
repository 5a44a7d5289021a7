// Building a request of an operation: its route, its path in its tenant, its body (JSON, or a multipart form) and
// the secrets to cut from any message about it; and the headers an attempt of it carries.
import { randomUUID } from "node:crypto";
import { pathFor, ROUTES, WIRE_HEADERS, type OperationName, type RouteDef } from "../../contract/routes";
import { NmsError } from "./errors";
import { isMultipartForm, type MultipartForm } from "./multipart";
import type { PreparedRequest } from "./request";
import { collectSecretValues } from "./secrets";
import type { CallInit } from "./settings";

/** The request of `op` in `tenantId`; a `tenantId` among the params wins. */
export function buildRequest(
  op: OperationName,
  params: Record<string, string> | undefined,
  init: CallInit | undefined,
  tenantId: string,
): PreparedRequest {
  const route: RouteDef | undefined = (ROUTES as Record<string, RouteDef>)[op];
  if (!route) throw new NmsError(`unknown operation ${String(op)}`);
  // tenantId is a path parameter of every route but login; the caller may override it.
  const filled: Record<string, string> = { ...params, tenantId: params?.tenantId || tenantId };
  let path: string;
  try {
    path = pathFor(op, filled);
  } catch (error) {
    throw new NmsError(`${op}: ${(error as Error).message}`);
  }
  return {
    operation: op,
    tenantId: filled.tenantId,
    route,
    method: route.method,
    path,
    query: init?.query,
    // A multipart route's body is a form (provider/client/multipart.ts), never JSON.
    ...(route.body === "multipart"
      ? { form: multipartBody(op, init?.body) }
      : { body: init?.body === undefined ? undefined : JSON.stringify(init.body) }),
    secrets: collectSecretValues(init?.body),
    ...(init?.requestId !== undefined ? { requestId: init.requestId } : {}),
  };
}

/**
 * The cookie, and the gateway headers the route requires (switch operations): the tenant again and a fresh request
 * ID. `loginTenantId` is the tenant the login belongs to, when its answer said.
 */
export function wireHeaders(
  request: PreparedRequest,
  token: string | undefined,
  loginTenantId: string | undefined,
): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.cookie = `API-KEY=${token}`;
  for (const header of request.route.headers)
    headers[WIRE_HEADERS[header]] = header === "tenantId" ? request.tenantId : randomUUID();
  if (request.requestId !== undefined) headers[WIRE_HEADERS.requestId] = request.requestId;
  // Delegated access (an MSP's login on an end customer's paths) names the customer in the tenant header too. A login
  // whose answer did not say its tenant sends it always: naming the path's own tenant is never wrong.
  if (request.operation !== "login" && (loginTenantId === undefined || request.tenantId !== loginTenantId))
    headers[WIRE_HEADERS.tenantId] = request.tenantId;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

function multipartBody(op: OperationName, body: unknown): MultipartForm {
  if (!isMultipartForm(body)) throw new NmsError(`${op}: the body of a multipart operation must be {fields, files}`);
  return body;
}
