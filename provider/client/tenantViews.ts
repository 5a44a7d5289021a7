// What the tenant views of one login (NmsClient.forTenant) share: the exchange (its API key, login-wide rate limit
// and connection pool), the views themselves, one per tenant, and the login's one request-record poller.
import { Exchange } from "./exchange";
import type { RequestWaiter } from "./waiter";

/** What a tenant view (NmsClient.forTenant) shares with the client it was made from. */
export interface SharedLogin<View> {
  readonly exchange: Exchange;
  readonly tenantId: string;
  /** Every view of the login, by tenant: one per tenant, whichever client asks. */
  readonly views: Map<string, View>;
  /** The login's request-record poller, made by the first view that waits. */
  readonly poller: { waiter?: RequestWaiter };
}

export function isSharedLogin<View>(opts: object | SharedLogin<View>): opts is SharedLogin<View> {
  return typeof opts === "object" && opts !== null && "exchange" in opts && opts.exchange instanceof Exchange;
}
