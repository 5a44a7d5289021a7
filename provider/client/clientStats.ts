// The client's counters, for benchmarks.
import type { Exchange } from "./exchange";

/** Counters since the client was made, for benchmarks. */
export interface ClientStats {
  /** HTTP attempts by operation name; the login is counted as "login". */
  requests: Record<string, number>;
  /** Repeats after a failure: retries by the rules, the repeat after a 401, the resend of a write the service provably did not take. */
  retries: number;
  /** Time this client's attempts spent waiting for the rate limiter, in milliseconds. */
  rateLimitedWaitMs: number;
}

/** Counters since the client was made (a copy). */
export function statsOf(ex: Exchange): ClientStats {
  return {
    requests: { ...ex.counters.requests },
    retries: ex.counters.retries,
    rateLimitedWaitMs: Math.round(ex.counters.rateLimitedWaitMs),
  };
}
