// How a function calls its operation, read from the route table: arguments named like path
// parameters fill the path, the others are the query of a read or the body of a write; a list
// is read page by page; an asynchronous write is waited for. An action (a write with a request
// record: reboot, factory reset, SSH tunnel, firmware...) is sent once: when its answer is lost, its
// record says what became of it (provider/client/writes.ts), and it is never sent again blind.
import { pathParamNames, routeOf } from "../../contract/routes";
import type { NmsClient, QueryParams, RequestRecord } from "../client";
import type { FunctionAnswer, FunctionSpec } from "./spec";

type Args = Record<string, unknown>;

/** The result of a write's answer; when the answer was lost, what only it held (a ping's output) is said to be lost. */
function resultOfWrite(spec: FunctionSpec, resultOf: (answer: FunctionAnswer) => unknown, answer: FunctionAnswer, record: RequestRecord | undefined): unknown {
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

export async function runFunction(client: NmsClient, spec: FunctionSpec, args: Args): Promise<unknown> {
  const route = routeOf(spec.op);
  const pathNames = new Set(pathParamNames(route.path));
  const params: Record<string, string> = {};
  const rest: Args = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (pathNames.has(name)) params[name] = String(value);
    else rest[name] = value;
  }
  const resultOf = (answer: FunctionAnswer) => (spec.resultOf ? spec.resultOf(answer) : answer.body);
  if (spec.toRequest) {
    const { query, body } = spec.toRequest(rest);
    const init = { ...(query ? { query } : {}), ...(route.body === "none" ? {} : { body }) };
    if (!route.async) {
      if (route.method === "GET" || route.success !== 201) return resultOf({ body: await client.call(spec.op, params, init) });
      // A 201 answer (W76) is the envelope {requestId, response}; applied once like an async write.
      const { response, record, requestId } = await client.write(spec.op, params, init);
      const envelope = response === undefined ? undefined : { requestId, response };
      return resultOfWrite(spec, resultOf, { body: envelope }, record);
    }
    const { response, record } = await client.execute(spec.op, params, init);
    return resultOfWrite(spec, resultOf, { body: response, requestId: record.requestId }, record);
  }
  if (spec.returns === "list") return client.list(spec.op, params, { ...spec.fixedQuery, ...(rest as QueryParams) });
  // A redirecting read (U2): its answer is the address it points to, which is not called with the service's headers.
  if (route.success === 302) return resultOf({ body: await client.redirectTarget(spec.op, params) });
  const body = spec.bodyOf ? spec.bodyOf(rest) : rest;
  if (route.async) {
    const init = route.body === "none" ? {} : { body };
    const { response, record } = await client.execute(spec.op, params, init);
    return resultOfWrite(spec, resultOf, { body: response, requestId: record.requestId }, record);
  }
  // A read, or a write without a body (A35), takes its arguments as the query.
  const init = route.method === "GET" || route.body === "none" ? { query: { ...spec.fixedQuery, ...(rest as QueryParams) } } : { body };
  return resultOf({ body: await client.call(spec.op, params, init) });
}
