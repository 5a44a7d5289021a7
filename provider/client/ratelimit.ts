// Client-side rate limiting: a token bucket per (base address, tenant) and one per (base address,
// login), shared by every NmsClient of the process. The provider host runs many resource operations
// at once, each through the same or a fresh client; the service limits per tenant and per login, so
// the budgets are per tenant and per login too, not per client. Every HTTP attempt takes one token
// of its tenant's bucket and one of its login's (logins, retries and the waiter's polls alike): an
// MSP's login working on many end customers' tenants at once stays within the login's budget.

import { NmsError } from "./errors";

export interface TokenBucketSettings {
  /** Tokens added per second (the sustained request rate). */
  readonly ratePerSecond: number;
  /** Most tokens the bucket holds: how many requests may go out at once after a quiet spell. */
  readonly burst: number;
}

interface QueuedTaker {
  readonly enqueuedAt: number;
  readonly resolve: (waitedMs: number) => void;
  readonly reject: (reason: unknown) => void;
  readonly signal?: AbortSignal;
  readonly onAbort?: () => void;
}

/** How long after the last queued taker the bucket still counts as contended. */
const CONTENDED_WINDOW_MS = 1_000;

/**
 * A token bucket with a FIFO queue of takers. Tokens accrue continuously up to `burst`; while
 * the bucket is paused (the service sent Retry-After) nothing accrues and nobody is served, so
 * the requests resume at the sustained rate afterwards instead of as one burst.
 */
export class TokenBucket {
  private ratePerSecond: number;
  private burst: number;
  private tokens: number;
  /** Tokens were last brought up to date at this time; in the future while paused. */
  private refilledAt: number;
  private pausedUntil: number;
  private lastContendedAt: number;
  /** Takers in arrival order; `urgent` ones are served before all others. */
  private readonly urgent: QueuedTaker[];
  private readonly queue: QueuedTaker[];
  private timer: ReturnType<typeof setTimeout> | undefined;

  // Every field is set here, none by an initializer (Pulumi's closure serializer drops those).
  constructor(settings: TokenBucketSettings) {
    const { ratePerSecond, burst } = checkedSettings(settings);
    this.ratePerSecond = ratePerSecond;
    this.burst = burst;
    this.tokens = burst;
    this.refilledAt = Date.now();
    this.pausedUntil = 0;
    this.lastContendedAt = Number.NEGATIVE_INFINITY;
    this.urgent = [];
    this.queue = [];
    this.timer = undefined;
  }

  /** Changes rate and burst; queued takers are served at the new rate from now on. */
  configure(settings: TokenBucketSettings): void {
    const { ratePerSecond, burst } = checkedSettings(settings);
    this.refill(Date.now());
    this.ratePerSecond = ratePerSecond;
    this.burst = burst;
    this.tokens = Math.min(this.tokens, burst);
    this.reschedule();
  }

  /**
   * Resolves with the milliseconds waited once a token is taken. Takers are served in arrival
   * order, `urgent` ones first; an aborted taker leaves the queue and rejects with the signal's
   * reason.
   */
  take(signal?: AbortSignal, urgent = false): Promise<number> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = Date.now();
    this.refill(now);
    if (this.waiting === 0 && now >= this.pausedUntil && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve(0);
    }
    this.lastContendedAt = now;
    return new Promise<number>((resolve, reject) => {
      // Declared before the callback that uses it (see sleep() in retry.ts for why).
      const line = urgent ? this.urgent : this.queue;
      let taker: QueuedTaker | undefined;
      const onAbort = () => {
        const index = taker ? line.indexOf(taker) : -1;
        if (index >= 0) line.splice(index, 1);
        this.reschedule();
        reject(signal?.reason);
      };
      taker = { enqueuedAt: now, resolve, reject, signal, onAbort: signal ? onAbort : undefined };
      line.push(taker);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.reschedule();
    });
  }

  /** Serves nobody for `ms` (a Retry-After for this tenant); a longer pause already set wins. */
  pauseFor(ms: number): void {
    if (!(ms > 0)) return;
    const now = Date.now();
    const until = now + ms;
    if (until <= this.pausedUntil) return;
    this.refill(now);
    this.pausedUntil = until;
    // Nothing accrues during the pause, and what was saved is dropped: the service just said
    // "too much", so the first requests after the pause must not go out as a burst.
    this.tokens = 0;
    this.refilledAt = until;
    this.lastContendedAt = now;
    this.reschedule();
  }

  /** True while takers wait, or waited within the last second: the bucket is the bottleneck. */
  isContended(now: number = Date.now()): boolean {
    return this.waiting > 0 || now < this.pausedUntil || now - this.lastContendedAt < CONTENDED_WINDOW_MS;
  }

  /** Takers waiting for a token in the ordinary line (not the urgent one: logins and request-record polls). */
  get queued(): number {
    return this.queue.length;
  }

  /** Takers waiting for a token. */
  get waiting(): number {
    return this.urgent.length + this.queue.length;
  }

  private refill(now: number): void {
    if (now <= this.refilledAt) return;
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) * this.ratePerSecond) / 1000);
    this.refilledAt = now;
  }

  /** Serves the takers that can go now and sets the timer for the next one. */
  private drain(): void {
    this.timer = undefined;
    const now = Date.now();
    this.refill(now);
    // A timer may fire a hair early; a token that is 99.9% there counts.
    while (this.waiting > 0 && now >= this.pausedUntil && this.tokens >= 1 - 1e-6) {
      const taker = (this.urgent.length > 0 ? this.urgent.shift() : this.queue.shift()) as QueuedTaker;
      this.tokens = Math.max(0, this.tokens - 1);
      if (taker.onAbort) taker.signal?.removeEventListener("abort", taker.onAbort);
      this.lastContendedAt = now;
      taker.resolve(now - taker.enqueuedAt);
    }
    this.reschedule();
  }

  private reschedule(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.waiting === 0) return;
    const now = Date.now();
    this.refill(now);
    const untilToken = this.tokens >= 1 ? 0 : ((1 - this.tokens) * 1000) / this.ratePerSecond;
    const delayMs = Math.max(this.pausedUntil - now, untilToken, 0);
    this.timer = setTimeout(() => this.drain(), Math.ceil(delayMs));
  }
}

function checkedSettings(settings: TokenBucketSettings): TokenBucketSettings {
  const { ratePerSecond, burst } = settings;
  if (!(Number.isFinite(ratePerSecond) && ratePerSecond > 0)) {
    throw new NmsError(`the request rate must be a positive number, got ${String(ratePerSecond)}`);
  }
  if (!(Number.isFinite(burst) && burst >= 1))
    throw new NmsError(`the burst must be a number of at least 1, got ${String(burst)}`);
  return { ratePerSecond, burst };
}

// The process-wide registry. Created on first use, never at module load: a module-level live
// instance breaks Pulumi's closure serialization of the provider (docs/pulumi-facts.md, "Closure serialization of dynamic providers").
let registry: Map<string, TokenBucket> | undefined;

/**
 * The bucket of (baseUrl, tenantId), created on first use. Buckets live as long as the process
 * (a few numbers each, one per tenant). When clients of the same tenant ask for different
 * settings, the most recently constructed client's settings apply to all of them.
 */
export function sharedTokenBucket(baseUrl: string, tenantId: string, settings: TokenBucketSettings): TokenBucket {
  return sharedBucket(`tenant\n${baseUrl}\n${tenantId}`, settings);
}

/** The bucket of (baseUrl, username): every request of the login, whichever tenant it names; settings as sharedTokenBucket. */
export function sharedLoginBucket(baseUrl: string, username: string, settings: TokenBucketSettings): TokenBucket {
  return sharedBucket(`login\n${baseUrl}\n${username}`, settings);
}

function sharedBucket(key: string, settings: TokenBucketSettings): TokenBucket {
  if (!registry) registry = new Map();
  let bucket = registry.get(key);
  if (!bucket) {
    bucket = new TokenBucket(settings);
    registry.set(key, bucket);
  } else {
    bucket.configure(settings);
  }
  return bucket;
}
