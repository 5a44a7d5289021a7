// The OpenAPI 3 document of the emulated API, served at GET /openapi.json: one operation per row
// of the route table (contract/routes.ts), its request body and its success answer from the
// contract's zod schemas the emulator reads and answers with (operationSchemas.ts: derived from
// the kinds' roles and declarations), converted with zod-to-json-schema; the session cookie as the
// security scheme; the service's error body. Nothing here names an operation: it is all read from
// the route table and the kinds.
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  apiErrorBodySchema,
  contentPageSchema,
  OPERATION_NAMES,
  pathParamNames,
  requestRecordReadSchema,
  ROUTES,
  WIRE_HEADERS,
  type OperationName,
  type RouteDef,
} from "../../contract";
import { AUTH_COOKIE } from "../auth/auth";
import type { KindDef } from "../model/kind";
import { operationSchemas } from "./operationSchemas";
import { KINDS } from "../services/registry";

export const OPENAPI_PATH = "/openapi.json";

type Json = Record<string, unknown>;

/** zod → JSON Schema as OpenAPI 3.0 takes it, inlined (no $refs into the converter's own paths). */
function jsonSchemaOf(schema: z.ZodTypeAny): Json {
  // Typed loosely: the converter's generic signature instantiates the contract's deepest schemas too deeply for tsc.
  const convert = zodToJsonSchema as unknown as (schema: z.ZodTypeAny, options: object) => Json;
  const { $schema: _ignored, ...rest } = convert(schema, {
    target: "openApi3",
    $refStrategy: "none",
    removeAdditionalStrategy: "strict",
  });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The request body an operation takes (emulator/operations/operationSchemas.ts), as the newer variant reads it. */
function requestBody(op: OperationName, route: RouteDef, kinds: readonly KindDef[]): Json | undefined {
  if (route.body === "none") return undefined;
  if (route.body === "multipart") {
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { file: { type: "string", format: "binary" } },
            additionalProperties: { type: "string" },
          },
        },
      },
    };
  }
  const body = operationSchemas(op, kinds).body;
  const schema = body
    ? jsonSchemaOf(body("newer"))
    : route.body === "array"
      ? { type: "array", items: {} }
      : { type: "object" };
  return { required: true, content: { "application/json": { schema } } };
}

function parameters(route: RouteDef): Json[] {
  const params: Json[] = pathParamNames(route.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  for (const header of route.headers)
    params.push({ name: WIRE_HEADERS[header], in: "header", required: true, schema: { type: "string" } });
  if (route.paging) {
    params.push({
      name: "page",
      in: "query",
      required: false,
      schema: { type: "integer", minimum: route.paging.firstPage },
      description: `Page number, from ${route.paging.firstPage}.`,
    });
    const size = route.paging.defaultSize === undefined ? "everything" : `${route.paging.defaultSize}`;
    params.push({
      name: "size",
      in: "query",
      required: false,
      schema: { type: "integer", minimum: 1 },
      description: `Items per page (none: ${size}).`,
    });
  }
  return params;
}

function successResponse(op: OperationName, route: RouteDef, kinds: readonly KindDef[]): Json {
  if (route.success === 302) {
    return {
      description: "Redirect to the resource's real location, to be fetched without the service's cookie or headers.",
      headers: { Location: { schema: { type: "string" } } },
    };
  }
  const answer = operationSchemas(op, kinds).answer;
  let description: string;
  if (route.async)
    description = "Accepted: the write goes on asynchronously; its request record (getRequest) tells when it is done.";
  else if (route.paging) description = "One page of the list.";
  else if (route.success === 201) description = "Created at once, with a request record that is already SUCCESS.";
  else description = "The answer.";
  // Every answer with a body has its schema (tests/emulator/operations/openapi.test.ts); the newer variant's read forms, a superset of the older's.
  return { description, content: { "application/json": { schema: answer ? answerJson(answer("newer")) : {} } } };
}

/** An answer's JSON schema; the async envelopes by reference, with the object a write answers in `response`. */
function answerJson(schema: z.ZodTypeAny): Json {
  if (schema === acceptedRequestSchema) return ref("AcceptedRequest");
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodTypeAny>) : undefined;
  if (shape && Object.keys(shape).sort().join() === "requestId,response") {
    return {
      allOf: [ref("AcceptedAnswer"), { type: "object", properties: { response: jsonSchemaOf(shape.response) } }],
    };
  }
  return jsonSchemaOf(schema);
}

function operationOf(op: OperationName, kinds: readonly KindDef[]): Json {
  const route = ROUTES[op] as RouteDef;
  const operation: Json = {
    operationId: op,
    summary: route.summary,
    tags: [route.service],
    parameters: parameters(route),
    responses: {
      [String(route.success)]: successResponse(op, route, kinds),
      "4XX": {
        description: "Refused: the service's error body.",
        content: { "application/json": { schema: ref("ErrorBody") } },
      },
      "5XX": {
        description: "Failed: the service's error body.",
        content: { "application/json": { schema: ref("ErrorBody") } },
      },
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
  for (const op of OPERATION_NAMES) {
    const route = ROUTES[op] as RouteDef;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(op, kinds);
  }
  const document: Json = {
    openapi: "3.0.3",
    info: {
      title: "Network Management Service (emulated)",
      version: "1.0.0",
      description:
        "The operations of the service as the local emulator serves them, generated from the route table and the contract's schemas.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(OPERATION_NAMES.map((op) => ROUTES[op].service))].map((name) => ({ name })),
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: AUTH_COOKIE,
          description: "The token login answers, as the cookie it sets.",
        },
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
