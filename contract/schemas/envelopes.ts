// The wrappers every answer comes in (the account and venues API documentation, "What the service
// does" and "Errors"): the async envelope of a write, the `{content, totalElements}` page of the
// lists that use it, and the error body. Each takes the read schema of what it wraps, so a test can
// hold a whole answer against the contract.
import { z } from "zod";

export const requestIdSchema = z
  .string()
  .min(1, "is required")
  .describe("The request's ID; its record (A2) tells how it ended.");

/** 202 (or W74's 201) of a create or update: `{requestId, response}`; response is an array for array creates. */
export function acceptedAnswerSchema<T extends z.ZodTypeAny>(response: T) {
  return z.object({
    requestId: requestIdSchema,
    response: response.describe("The object as the write leaves it."),
  });
}

/** 202 of a delete or an action: `{requestId}` alone. */
export const acceptedRequestSchema = z.object({ requestId: requestIdSchema });

/** A list answered as a page object (W73): the page's items and the count of all of them. */
export function contentPageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    content: z.array(item).describe("The items of the page."),
    totalElements: z
      .number()
      .int("must be an integer")
      .min(0, "must not be negative")
      .describe("How many items all pages hold."),
  });
}

/** One entry of an error body; `object` is the path of the field at fault, in Pulumi's form (`[2].name`). */
export const apiErrorEntrySchema = z.object({
  code: z.string().min(1, "is required").describe("The service's error code, e.g. WIFI-10110."),
  message: z.string().describe("What went wrong, in words."),
  object: z.string().optional().describe("Path of the field at fault."),
  value: z.unknown().optional().describe("The value at fault (never a secret's)."),
});

/** The error body: `{"errors":[{code,message,object,value}],"requestId"}`. */
export const apiErrorBodySchema = z.object({
  errors: z.array(apiErrorEntrySchema).min(1, "must hold at least one error"),
  requestId: z.string().optional().describe("The request's ID, when one was assigned."),
});

/** The `response` of a diagnostic action's envelope (W16, W22, S18, S21): what the device printed. */
export const actionTextReadSchema = z.object({ response: z.string().describe("What the device printed.") });
