// The request record (the account and venues API documentation, "Request record"; A2, A3) as the
// service answers it.
import { z } from "zod";
import { REQUEST_STATUSES } from "../requestRecord";
import { isoDateTime, tenantId } from "../validators";
import { apiErrorEntrySchema } from "./envelopes";

export const requestRecordReadSchema = z.object({
  admin: z.string().describe("Who sent the request."),
  count: z
    .number()
    .int("must be an integer")
    .min(0, "must not be negative")
    .describe("How many objects the request wrote."),
  entityId: z.string().describe("The object written (IDs joined by commas for a bulk write)."),
  method: z.string().min(1, "is required").describe("HTTP method of the request."),
  requestId: z.string().min(1, "is required").describe("The request's ID."),
  serviceName: z.string().min(1, "is required").describe("The component that ran it."),
  status: z.enum(REQUEST_STATUSES).describe("PENDING, SUCCESS or FAIL."),
  tenantId: tenantId.describe("The tenant."),
  timestamp: isoDateTime.describe("When the request was made (ISO 8601 UTC)."),
  errors: z.array(apiErrorEntrySchema).optional().describe("Why a FAIL record failed (not in the API documentation)."),
});
