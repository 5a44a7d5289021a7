// The HTTP client of the Network Management Service provider. See client.ts for the call path,
// retry.ts for the retry rules, ratelimit.ts for the per-tenant request budget, waiter.ts and
// coalescingWaiter.ts for async-request waits, listCache.ts for cached lists.

export { NmsClient, CLIENT_DEFAULTS } from "./client";
export type { ClientOptions, CallInit, QueryParams, ClientStats, WaiterKind } from "./client";
export { REGION_BASE_URLS, DEFAULT_REGION, resolveBaseUrl } from "./regions";
export type { Region } from "./regions";
export {
  NmsError,
  NmsApiError,
  NmsNetworkError,
  NmsRequestFailedError,
  NmsWaitTimeoutError,
  isNotFound,
} from "./errors";
export { RETRY_RULES, decideRetry, isAmbiguousOutcome, isRetryableError, parseRetryAfterMs } from "./retry";
export type { AttemptOutcome, RetryDecision } from "./retry";
export { PollingRequestWaiter, settleRecord, waitTimeoutError } from "./waiter";
export type { RequestWaiter, RequestRecordReader, PollingWaiterOptions } from "./waiter";
export { CoalescingRequestWaiter } from "./coalescingWaiter";
export type { CoalescingWaiterOptions, RequestRecordLister } from "./coalescingWaiter";
export { TokenBucket, sharedLoginBucket, sharedTokenBucket } from "./ratelimit";
export type { TokenBucketSettings } from "./ratelimit";
export { SECRET_FIELD_NAMES } from "./secrets";
export { isLoopbackHost } from "./transport";
export type { OperationName } from "../../contract/routes";
export type { ApiErrorEntry } from "../../contract/errors";
export type { AsyncAccepted, RequestRecord } from "../../contract/requestRecord";
export { WaitProgress } from "./waitProgress";
export type { WaitProgressOptions } from "./waitProgress";
export { readTenantHistory, sharedTenantHistory, tenantHistory } from "./requestHistory";
export type { EntityChange, TenantHistory, ReadHistoryOptions, SharedHistoryOptions } from "./requestHistory";
