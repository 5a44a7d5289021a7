// The shape of one prepared request and of what sending it produced, shared by the HTTP layer
// (exchange.ts), the writes (writes.ts) and the lists (paging.ts).
import type { HttpMethod, OperationId, RouteDef } from "../../contract/routes";
import type { QueryParams } from "./settings";
import type { MultipartForm } from "./multipart";
import type { HttpAnswer } from "./transport";

export type LogLevel = "debug" | "info" | "warn";


export interface PreparedRequest {
  operation: OperationId;
  /** The tenant of the path (selects the rate limiter). */
  tenantId: string;
  route: RouteDef;
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: string;
  /** The body of a multipart route (W76), sent as multipart/form-data instead of JSON. */
  form?: MultipartForm;
  /** x-request-id to send instead of a fresh one (CallInit.requestId). */
  requestId?: string;
  /** Secret strings of the body, to cut from any message about this request. */
  secrets: Set<string>;
}


/** One write across all its attempts, including re-sends after a 409. */
export interface WriteAttempts {
  /** Some attempt failed in a way that leaves open whether the service acted on it. */
  ambiguous: boolean;
  /** The caller's lookup of what the write creates (POST with ExecuteInit.recover only). */
  readonly recover?: () => Promise<unknown>;
}


/** What sending produced: the service's 2xx answer, or the object recover() found instead of re-sending. */
export type SendOutcome = { readonly kind: "answer"; readonly answer: HttpAnswer } | { readonly kind: "recovered"; readonly value: unknown };


export interface Counters {
  requests: Record<string, number>;
  retries: number;
  rateLimitedWaitMs: number;
}
