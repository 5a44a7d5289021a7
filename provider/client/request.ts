// The shape of one prepared request, shared by the HTTP layer
// (exchange.ts), the writes (writes.ts) and the lists (paging.ts).
import type { HttpMethod, OperationName, RouteDef } from "../../contract/routes";
import type { QueryParams } from "./settings";
import type { MultipartForm } from "./multipart";

export type LogLevel = "debug" | "info" | "warn";

export interface PreparedRequest {
  operation: OperationName;
  /** The tenant of the path (selects the rate limiter). */
  tenantId: string;
  route: RouteDef;
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: string;
  /** The body of a multipart route (importGuestUsers), sent as multipart/form-data instead of JSON. */
  form?: MultipartForm;
  /**
   * The x-request-id to send instead of a fresh one per attempt: the caller's (CallInit.requestId), or for a write
   * with a request record one the client chose (writes.ts), which names the record that tells what became of it.
   */
  requestId?: string;
  /** Secret strings of the body, to cut from any message about this request. */
  secrets: Set<string>;
}

export interface Counters {
  requests: Record<string, number>;
  retries: number;
  rateLimitedWaitMs: number;
}
