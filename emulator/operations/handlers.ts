// The handlers of every operation, derived from the kind declarations (model/kind.ts): one
// generic handler per role, plus the handlers a kind or a service declares for operations no
// role covers. Authentication, tenant, role and header checks, body parsing and error answers
// happen before and after, once, in server.ts.
import { type OperationName, type RouteDef, ROUTES } from "../../contract";
import { ApiError, badRequest, refuseReservedFieldNames } from "../model/errors";
import type { Handler, KindDef, OpContext, PageRequest } from "../model/kind";
import type { Answer } from "../http/wire";

export const ok = (body: unknown): Answer => ({ status: 200, body });

/** page and size are strings on the wire, page counted from the route's first page; no size means the route's default or everything. */
export function pageOf(query: URLSearchParams, route: RouteDef): PageRequest {
  const firstPage = route.paging?.firstPage ?? 0;
  const page = query.get("page");
  const size = query.get("size");
  const parse = (name: string, raw: string, min: number) => {
    if (!/^\d+$/.test(raw) || Number(raw) < min) {
      throw new ApiError("NMS-BAD-REQUEST", {
        message: `${name} must be an integer of at least ${min}`,
        object: name,
        value: raw,
      });
    }
    return Number(raw);
  };
  return {
    page: page === null ? 0 : parse("page", page, firstPage) - firstPage,
    size: size === null ? route.paging?.defaultSize : parse("size", size, 1),
  };
}

/** A list answer in the route's envelope: a bare array, or {content, totalElements}. */
export function listAnswer(route: RouteDef, items: unknown[], total: number): Answer {
  return ok(route.paging?.envelope === "content" ? { content: items, totalElements: total } : items);
}

/** Body of the bulk deletes: a non-empty JSON array of IDs, as sent (an entry is named by its index in it). */
function idArray(body: unknown): string[] {
  if (!Array.isArray(body) || body.length === 0 || !body.every((id) => typeof id === "string" && id !== "")) {
    throw badRequest("body must be a non-empty JSON array of ID strings", "body");
  }
  return body as string[];
}

/** A non-empty JSON array of IDs; repeated IDs count once. */
export function idList(body: unknown): string[] {
  return [...new Set(idArray(body))];
}

/** Every handler the kinds and the services declare, checked against the route table. */
export function deriveHandlers(
  kinds: readonly KindDef[],
  services: Partial<Record<OperationName, Handler>>,
): Map<OperationName, Handler> {
  const handlers = new Map<OperationName, Handler>();
  const add = (op: OperationName, handler: Handler) => {
    if (handlers.has(op)) throw new Error(`operation ${op} is declared twice`);
    handlers.set(op, (c) => {
      refuseReservedFieldNames(c.body);
      return handler(c);
    });
  };
  for (const [op, handler] of Object.entries(services) as [OperationName, Handler][]) add(op, handler);
  for (const kind of kinds) {
    for (const [op, handler] of Object.entries(kind.extra ?? {}) as [OperationName, Handler][]) add(op, handler);
    for (const [op, handler] of roleHandlers(kind)) add(op, handler);
  }
  return handlers;
}

function roleHandlers(kind: KindDef): [OperationName, Handler][] {
  const { ops } = kind;
  const id = (c: OpContext) => c.params[kind.idParam];
  const out: [OperationName, Handler][] = [];
  for (const list of ops.lists ?? []) {
    out.push([
      list.op,
      (c) => {
        const { items, total } = c.model.list(kind, c.tenant, list, c.params, pageOf(c.query, c.route), c.query);
        return listAnswer(c.route, items, total);
      },
    ]);
  }
  if (ops.create) out.push([ops.create, (c) => c.finish(c.model.create(kind, c.tenant, c.body, c.params))]);
  if (ops.createMany) {
    out.push([
      ops.createMany,
      async (c) => c.finish(await c.model.createManyYielding(kind, c.tenant, c.body, c.params)),
    ]);
  }
  if (ops.get) out.push([ops.get, (c) => ok(c.model.get(kind, c.tenant, id(c), c.params, c.query))]);
  if (ops.update) {
    // updateSwitchProfile and updateVlan have no slot for the object in their path: it is named by the body's id.
    const inPath = ROUTES[ops.update].path.includes(`{${kind.idParam}}`);
    out.push([
      ops.update,
      (c) => c.finish(c.model.update(kind, c.tenant, inPath ? id(c) : undefined, c.body, c.params, c.route.body)),
    ]);
  }
  if (ops.delete) out.push([ops.delete, (c) => c.finish(c.model.remove(kind, c.tenant, [id(c)], c.params))]);
  if (ops.bulkDelete)
    out.push([ops.bulkDelete, (c) => c.finish(c.model.remove(kind, c.tenant, idArray(c.body), c.params, true))]);
  if (ops.reset) out.push([ops.reset, (c) => c.finish(c.model.reset(kind, c.tenant, id(c), c.params))]);
  return out;
}
