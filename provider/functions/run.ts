// How a function calls its operation, read from the route table: arguments named like path
// parameters fill the path, the others are the query of a read or the body of a write; a list
// is read page by page; an asynchronous write is waited for. The arguments may pick another
// call (spec.otherCalls): a filter with an operation of its own, or a get by unique name. An action
// (a write with a request record: reboot, factory reset, SSH tunnel, firmware...) is sent once: when
// its answer is lost, its record says what became of it (provider/client/writes.ts), and it is
// never sent again blind.
import { type OperationName, pathParamNames, routeOf } from "../../contract/routes";
import type { NmsClient, QueryParams, RequestRecord } from "../client";
import { NmsError } from "../client/errors";
import type { FunctionAnswer, FunctionCall, FunctionSpec } from "./spec";
import { TENANT_INPUT } from "../tenant";

type Args = Record<string, unknown>;

/** The result of a write's answer; when the answer was lost, what only it held (a ping's output) is said to be lost. */
function resultOfWrite(
  spec: FunctionSpec,
  resultOf: (answer: FunctionAnswer) => unknown,
  answer: FunctionAnswer,
  record: RequestRecord | undefined,
): unknown {
  try {
    return resultOf(answer);
  } catch (error) {
    if (answer.body !== undefined || !(error instanceof Error)) throw error;
    error.message =
      `${spec.op}: the answer was lost; the service ran the request once (request ${record?.requestId}, ${record?.status}) ` +
      `and it was not sent again, but what only its answer held is not known (${error.message})`;
    throw error;
  }
}

/**
 * Runs the function with checked arguments (argsOf): in the tenant `tenantId` names (the client's view of it, which
 * its path, tenant header and request-record polls then name), else in the client's.
 */
export async function runFunction(root: NmsClient, spec: FunctionSpec, given: Args): Promise<unknown> {
  const { [TENANT_INPUT]: tenantId, ...args } = given;
  const client = typeof tenantId === "string" && tenantId !== "" ? root.forTenant(tenantId) : root;
  const other = spec.otherCalls?.find((call) => call.given.every((name) => args[name] !== undefined));
  if (other) return runOtherCall(client, spec, other, args);
  const route = routeOf(spec.op);
  const { params, rest } = splitArgs(spec.op, args);
  const resultOf = (answer: FunctionAnswer) => (spec.resultOf ? spec.resultOf(answer) : answer.body);
  if (spec.toRequest) {
    const { query, body } = spec.toRequest(rest);
    const init = { ...(query ? { query } : {}), ...(route.body === "none" ? {} : { body }) };
    if (!route.async) {
      if (route.method === "GET" || route.success !== 201)
        return resultOf({ body: await client.call(spec.op, params, init) });
      // A 201 answer (importGuestUsers) is the envelope {requestId, response}; applied once like an async write.
      const { response, record, requestId } = await client.write(spec.op, params, init);
      const envelope = response === undefined ? undefined : { requestId, response };
      return resultOfWrite(spec, resultOf, { body: envelope }, record);
    }
    const { response, record } = await client.execute(spec.op, params, init);
    return resultOfWrite(spec, resultOf, { body: response, requestId: record.requestId }, record);
  }
  if (spec.returns === "list")
    return resultOf({ body: await client.list(spec.op, params, { ...spec.fixedQuery, ...(rest as QueryParams) }) });
  // A redirecting read (getDownloadUrl): its answer is the address it points to, which is not called with the service's headers.
  if (route.success === 302) return resultOf({ body: await client.redirectTarget(spec.op, params) });
  const body = spec.bodyOf ? spec.bodyOf(rest) : rest;
  if (route.async) {
    const init = route.body === "none" ? {} : { body };
    const { response, record } = await client.execute(spec.op, params, init);
    return resultOfWrite(spec, resultOf, { body: response, requestId: record.requestId }, record);
  }
  // A read, or a write without a body (getEndCustomerEntitlements), takes its arguments as the query.
  const init =
    route.method === "GET" || route.body === "none"
      ? { query: { ...spec.fixedQuery, ...(rest as QueryParams) } }
      : { body };
  return resultOf({ body: await client.call(spec.op, params, init) });
}

/** A read the arguments picked instead of `op`: a filter's own list, or a get by unique name. */
async function runOtherCall(client: NmsClient, spec: FunctionSpec, call: FunctionCall, args: Args): Promise<unknown> {
  const { params, rest } = splitArgs(call.op, args);
  const query: QueryParams = { ...call.query, ...(rest as QueryParams) };
  if (!call.findBy) {
    if (spec.returns === "list") return client.list(call.op, params, query);
    return client.call(call.op, params, { query });
  }
  const { arg, field } = call.findBy;
  const wanted = args[arg];
  delete query[arg];
  const found = (await client.list(call.op, params, query)).filter((item) => (item as Args | null)?.[field] === wanted);
  if (found.length === 1) return found[0];
  const where = `${call.op}${Object.keys(params).length > 0 ? ` of ${JSON.stringify(params)}` : ""}`;
  if (found.length === 0) throw new NmsError(`nothing has ${field} ${JSON.stringify(wanted)} in ${where}`);
  throw new NmsError(
    `${found.length} objects have ${field} ${JSON.stringify(wanted)} in ${where}: get the one you mean by its ID`,
  );
}

/** Arguments named like the operation's path parameters fill the path; the others are left over. */
function splitArgs(op: OperationName, args: Args): { params: Record<string, string>; rest: Args } {
  const pathNames = new Set(pathParamNames(routeOf(op).path));
  const params: Record<string, string> = {};
  const rest: Args = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (pathNames.has(name)) params[name] = String(value);
    else rest[name] = value;
  }
  return { params, rest };
}
