// Token buckets: for service calls one per login (username) and one per tenant (of the path), for
// login one per username. A bucket holds up to `burst` tokens and refills at
// `requestsPerSecond`; a request takes one token of each of its buckets, or none and is answered
// 429 with the whole seconds until every one of them has one again. Refill is computed lazily from the time
// of the last take, so an idle bucket costs nothing and the hot path is a map lookup and some
// arithmetic. The parameters are read from the shared config at each take, so PUT
// /__admin/config applies at once.
import type { EmulatorConfig } from "../settings/config";
import { rateLimited } from "../model/errors";

interface Bucket {
  tokens: number;
  updatedAtMs: number;
}

/**
 * Above this many buckets, full ones (equivalent to no bucket) are dropped, and if that is not
 * enough the oldest: login keys are client-chosen (emulator/auth/auth.ts loginKey keeps each short).
 */
const PRUNE_ABOVE = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: EmulatorConfig,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * Takes one token of the bucket of `key`, or of each of `keys` (all or none); throws a 429 ApiError with Retry-After
   * when one of them has none.
   */
  take(keys: string | readonly string[]): void {
    const limit = this.config.rateLimit;
    if (limit === null) return;
    const now = this.nowMs();
    const buckets = (typeof keys === "string" ? [keys] : keys).map((key) => this.bucket(key, now, limit));
    const short = buckets.filter((bucket) => bucket.tokens < 1);
    if (short.length === 0) {
      for (const bucket of buckets) bucket.tokens -= 1;
      return;
    }
    const secondsToNextToken = Math.max(...short.map((bucket) => (1 - bucket.tokens) / limit.requestsPerSecond));
    throw rateLimited(Math.max(1, Math.ceil(secondsToNextToken)));
  }

  /** The bucket of `key`, refilled up to `now`. */
  private bucket(key: string, now: number, limit: NonNullable<EmulatorConfig["rateLimit"]>): Bucket {
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
    return bucket;
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
      if (bucket.tokens + ((now - bucket.updatedAtMs) * limit.requestsPerSecond) / 1000 >= limit.burst)
        this.buckets.delete(key);
    }
    // Still full of busy buckets (a flood of fresh keys): the oldest go, as a full one would.
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < PRUNE_ABOVE) break;
      this.buckets.delete(key);
    }
  }
}
