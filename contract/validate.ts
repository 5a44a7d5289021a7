// One way to run a schema and report failures, used by the provider's check and the emulator.
import { z } from "zod";

export interface FieldFailure {
  /** Property path in Pulumi's form: a.b[0].c */
  path: string;
  /** The rule that failed, in words. */
  message: string;
  /** The service's error code, where the seeds define one. */
  code?: string;
}

export function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; failures: FieldFailure[] };

export function validateBody<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): Validation<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, failures: result.error.issues.map(failureOfIssue) };
}

export function failureOfIssue(issue: z.ZodIssue): FieldFailure {
  const code = issue.code === z.ZodIssueCode.custom ? (issue.params?.code as string | undefined) : undefined;
  let message = issue.message;
  if (issue.code === z.ZodIssueCode.invalid_type && issue.received === "undefined") message = "is required";
  return { path: formatPath(issue.path), message, ...(code ? { code } : {}) };
}
