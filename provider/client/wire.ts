// Shapes of the service's answers that the client itself interprets (login, error body, 202
// envelope, request record). Built by a function, never held at module level: a module-level zod
// object breaks Pulumi's closure serialization (docs/pulumi-facts.md, "Closure serialization of dynamic providers"). The client keeps one set per
// instance.

import { z } from "zod";

export function buildWireSchemas() {
  const errorEntry = z
    .object({
      code: z.string(),
      message: z.string().optional().default(""),
      object: z.string().optional(),
      value: z.unknown().optional(),
    })
    .passthrough();

  return {
    /** login answer: the token as "API-KEY" (newer) or "token" (older), and the tenant the login belongs to. */
    login: z
      .object({
        "API-KEY": z.string().min(1).optional(),
        token: z.string().min(1).optional(),
        tenantId: z.string().optional(),
      })
      .passthrough(),

    /** {"errors":[{code,message,object,value}],"requestId"} */
    errorBody: z
      .object({
        errors: z.array(errorEntry),
        requestId: z.string().optional(),
      })
      .passthrough(),

    /** 202 answer of an async write. */
    accepted: z
      .object({
        requestId: z.string().min(1),
        response: z.unknown().optional(),
      })
      .passthrough(),

    /**
     * getRequest answer. Only what the waiter relies on is required; status stays a plain string so
     * that a status the service adds later reads as "not finished" instead of breaking the wait.
     */
    requestRecord: z
      .object({
        requestId: z.string().optional(),
        status: z.string(),
        errors: z.array(errorEntry).optional(),
      })
      .passthrough(),
  };
}

export type WireSchemas = ReturnType<typeof buildWireSchemas>;
