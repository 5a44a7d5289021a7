// Token buckets: one per tenant for service calls, one per username for login (A1). A bucket
// holds up to `burst` tokens and refills at `requestsPerSecond`; a request takes one token or is
// answered 429 with the whole seconds until one is back. Refill is computed lazily from the time
// of the last take, so an idle bucket costs nothing and the hot path is a map lookup and some
// arithmetic. The parameters are read from the shared config at each take, so PUT
// /__admin/config applies at once.
import type { EmulatorConfig } from "./config";
import { rateLimited } from "./errors";

interface Bucket {
  tokens: number;
  updatedAtMs: number;
}

/**
 * Above this many buckets, full ones (equivalent to no bucket) are dropped, and if that is not
 * enough the oldest: login keys are client-chosen (emulator/auth.ts loginKey keeps each short).
 */
const PRUNE_ABOVE = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: EmulatorConfig,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Takes one token of `key`'s bucket; throws a 429 ApiError with Retry-After when there is none. */
  take(key: string): void {
    const limit = this.config.rateLimit;
    if (limit === null) return;
    const now = this.nowMs();
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      if (this.buckets.size >= PRUNE_ABOVE) this.prune(now);
      bucket = { tokens: limit.burst, updatedAtMs: now };
      this.buckets.set(key, bucket);
    } else {
      const refill = ((now - bucket.updatedAtMs) * limit.requestsPerSecond) / 1000;
      bucket.tokens = Math.min(limit.burst, bucket.tokens + refill);
      bucket.updatedAtMs = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const secondsToNextToken = (1 - bucket.tokens) / limit.requestsPerSecond;
    throw rateLimited(Math.max(1, Math.ceil(secondsToNextToken)));
  }

  clear(): void {
    this.buckets.clear();
  }

  /** Number of buckets held (at most PRUNE_ABOVE). */
  size(): number {
    return this.buckets.size;
  }

  private prune(now: number): void {
    const limit = this.config.rateLimit;
    if (limit === null) return;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAtMs) * limit.requestsPerSecond) / 1000 >= limit.burst) this.buckets.delete(key);
    }
    // Still full of busy buckets (a flood of fresh keys): the oldest go, as a full one would.
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < PRUNE_ABOVE) break;
      this.buckets.delete(key);
    }
  }
}
