// Bodies of the switch operations no generic role covers, checked against their contract schema.
import type { z } from "zod";
import { validateBody } from "../../../contract";
import { badRequest, validationError } from "../../model/errors";

/** A JSON object body (400 otherwise, never echoing the body), then its field rules (422). */
export function parsed<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
  if (body !== undefined && (body === null || typeof body !== "object" || Array.isArray(body)))
    throw badRequest("body must be a JSON object", "body");
  const result = validateBody(schema, body ?? {});
  if (!result.ok) throw validationError(result.failures, body);
  return result.value as z.output<T>;
}
