// The OpenAPI 3 document of the emulated API, served at GET /openapi.json: one operation per row
// of the route table (contract/routes.ts), its request body from the zod schema of the emulator
// kind whose role the operation plays (model/kind.ts), converted with zod-to-json-schema; the
// session cookie as the security scheme; the service's error body; and the `{requestId}` answers
// of asynchronous writes. Nothing here names an operation: it is all read from the two tables.
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  apiErrorBodySchema,
  contentPageSchema,
  OPERATION_IDS,
  pathParamNames,
  requestRecordReadSchema,
  ROUTES,
  WIRE_HEADERS,
  type OperationId,
  type RouteDef,
} from "../contract";
import { AUTH_COOKIE } from "./auth";
import type { KindDef } from "./model/kind";
import { KINDS } from "./services/registry";

export const OPENAPI_PATH = "/openapi.json";

type Json = Record<string, unknown>;

/** zod → JSON Schema as OpenAPI 3.0 takes it, inlined (no $refs into the converter's own paths). */
function jsonSchemaOf(schema: z.ZodTypeAny): Json {
  // Typed loosely: the converter's generic signature instantiates the contract's deepest schemas too deeply for tsc.
  const convert = zodToJsonSchema as unknown as (schema: z.ZodTypeAny, options: object) => Json;
  const { $schema: _ignored, ...rest } = convert(schema, { target: "openApi3", $refStrategy: "none", removeAdditionalStrategy: "strict" });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The request body an operation takes, from the kind whose role it plays. */
function requestBodySchema(op: OperationId, route: RouteDef, kinds: readonly KindDef[]): Json | undefined {
  for (const kind of kinds) {
    const { ops } = kind;
    if (ops.create === op || ops.update === op) return jsonSchemaOf(kind.schema("newer"));
    if (ops.createMany === op) return { type: "array", items: jsonSchemaOf(kind.schema("newer")) };
    if (ops.bulkDelete === op) return { type: "array", items: { type: "string" }, description: `IDs of the ${kind.noun}s to delete, all or none.` };
  }
  if (route.body === "array") return { type: "array", items: {} };
  if (route.body === "object") return { type: "object" };
  return undefined;
}

function requestBody(op: OperationId, route: RouteDef, kinds: readonly KindDef[]): Json | undefined {
  if (route.body === "none") return undefined;
  if (route.body === "multipart") {
    return {
      required: true,
      content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, additionalProperties: { type: "string" } } } },
    };
  }
  return { required: true, content: { "application/json": { schema: requestBodySchema(op, route, kinds) } } };
}

function parameters(route: RouteDef): Json[] {
  const params: Json[] = pathParamNames(route.path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  for (const header of route.headers) params.push({ name: WIRE_HEADERS[header], in: "header", required: true, schema: { type: "string" } });
  if (route.paging) {
    params.push({ name: "page", in: "query", required: false, schema: { type: "integer", minimum: route.paging.firstPage }, description: `Page number, from ${route.paging.firstPage}.` });
    const size = route.paging.defaultSize === undefined ? "everything" : `${route.paging.defaultSize}`;
    params.push({ name: "size", in: "query", required: false, schema: { type: "integer", minimum: 1 }, description: `Items per page (none: ${size}).` });
  }
  return params;
}

function successResponse(op: OperationId, route: RouteDef, kinds: readonly KindDef[]): Json {
  if (route.success === 302) {
    return { description: "Redirect to the resource's real location, to be fetched without the service's cookie or headers.", headers: { Location: { schema: { type: "string" } } } };
  }
  const writes = kinds.some((k) => k.ops.create === op || k.ops.update === op || k.ops.createMany === op);
  let schema: Json;
  let description: string;
  if (route.async) {
    schema = writes ? ref("AcceptedAnswer") : ref("AcceptedRequest");
    description = "Accepted: the write goes on asynchronously; its request record (A2) tells when it is done.";
  } else if (route.paging) {
    schema = route.paging.envelope === "content" ? ref("ContentPage") : { type: "array", items: {} };
    description = "One page of the list.";
  } else {
    schema = route.success === 201 && writes ? ref("AcceptedAnswer") : {};
    description = route.success === 201 ? "Created at once, with a request record that is already SUCCESS." : "The answer.";
  }
  return { description, content: { "application/json": { schema } } };
}

function operationOf(op: OperationId, kinds: readonly KindDef[]): Json {
  const route = ROUTES[op] as RouteDef;
  const operation: Json = {
    operationId: op,
    summary: route.summary,
    tags: [route.service],
    parameters: parameters(route),
    responses: {
      [String(route.success)]: successResponse(op, route, kinds),
      "4XX": { description: "Refused: the service's error body.", content: { "application/json": { schema: ref("ErrorBody") } } },
      "5XX": { description: "Failed: the service's error body.", content: { "application/json": { schema: ref("ErrorBody") } } },
    },
  };
  if (route.variant === "newer") {
    operation.description = "Newer variant of the Wi-Fi API only; a tenant of the older variant is refused.";
    operation["x-nms-variant"] = route.variant;
  }
  if (route.async) operation["x-nms-async"] = true;
  const body = requestBody(op, route, kinds);
  if (body) operation.requestBody = body;
  // A session belongs to a tenant: an operation whose path names none (login) is called without one.
  if (!pathParamNames(route.path).includes("tenantId")) operation.security = [];
  return operation;
}

/** The whole document, built once per process. */
let built: Json | undefined;

export function openApiDocument(kinds: readonly KindDef[] = KINDS): Json {
  if (built && kinds === KINDS) return built;
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATION_IDS) {
    const route = ROUTES[op] as RouteDef;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(op, kinds);
  }
  const document: Json = {
    openapi: "3.0.3",
    info: {
      title: "Network Management Service (emulated)",
      version: "1.0.0",
      description: "The operations of the service as the local emulator serves them, generated from the route table and the contract's schemas.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(OPERATION_IDS.map((op) => ROUTES[op].service))].map((name) => ({ name })),
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: AUTH_COOKIE, description: "The token login answers, as the cookie it sets." },
      },
      schemas: {
        ErrorBody: jsonSchemaOf(apiErrorBodySchema),
        AcceptedRequest: jsonSchemaOf(acceptedRequestSchema),
        AcceptedAnswer: jsonSchemaOf(acceptedAnswerSchema(z.unknown())),
        ContentPage: jsonSchemaOf(contentPageSchema(z.unknown())),
        RequestRecord: jsonSchemaOf(requestRecordReadSchema),
      },
    },
  };
  if (kinds === KINDS) built = document;
  return document;
}
