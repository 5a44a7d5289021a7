// Bodies of the switch operations no generic role covers, checked against their contract schema.
import type { z } from "zod";
import { validateBody } from "../../../contract";
import { validationError } from "../../errors";

export function parsed<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
  const result = validateBody(schema, body ?? {});
  if (!result.ok) throw validationError(result.failures, body);
  return result.value as z.output<T>;
}
