// The request record (the account and venues API documentation, "Request record") that every async
// write produces.

export const REQUEST_STATUSES = ["PENDING", "SUCCESS", "FAIL"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export interface RequestRecord {
  admin: string;
  count: number;
  entityId: string;
  method: string;
  requestId: string;
  serviceName: string;
  status: RequestStatus;
  tenantId: string;
  timestamp: string;
  /**
   * Beyond the API documentation: a FAIL record carries the reason in the error-body format, so a
   * failure can be reported with its code instead of a bare "FAIL".
   */
  errors?: { code: string; message: string; object?: string; value?: unknown }[];
}

/** 202 answer of an async write: {requestId} for deletes and actions, plus response otherwise. */
export interface AsyncAccepted<T = unknown> {
  requestId: string;
  response?: T;
}
