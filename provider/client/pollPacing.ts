// How often the coalescing waiter (coalescingWaiter.ts) ticks: running averages of how long
// requests take to finish, how many finish per second and how many calls a tick costs.

/** What paces the ticks: the configured bounds, and whether the client's request budget is the bottleneck. */
export interface PollPacingOptions {
  /** First pause before a tick, and the shortest pause between ticks. */
  readonly pollInitialMs: number;
  /** Longest pause between ticks. */
  readonly pollMaxMs: number;
  /**
   * True while the client's request budget (its rate limiter) is the bottleneck. Each poll then
   * delays a write, so ticks are spaced to keep the polls per finished request low.
   */
  readonly contended?: () => boolean;
  /**
   * This poller's part of the client's request budget per second (its rate, shared by the pollers of a login's
   * tenant views). While the budget is not the bottleneck, ticks come as often as POLL_SHARE_WHEN_SPARE of it allows
   * (never less often than without it).
   */
  readonly requestsPerSecond?: () => number;
  /** Requests (writes and reads, not polls) waiting for the login's rate limiter now. */
  readonly queuedRequests?: () => number;
}

/**
 * Target polling calls per finished request while the rate limiter is the bottleneck: every poll then takes the
 * place of a write, so ticks are spaced until one finds this many finished per call. A tick's calls are one per tenant
 * polled (the service lists records per tenant), so a lower target spaces the ticks of a login with many tenants too
 * far: with 0.05, 20 tenants' waves of creates (npm run bench:poller) took 32 s instead of 9.7 s at 0.25, for 160
 * polls instead of 149. Since a tick polls only the tenants worth a call (worthPolling) and its spacing is capped at
 * the usual time to finish, 0.15 holds the MSP estate's polls lower without that stall (docs/performance.md).
 */
const POLLS_PER_FINISH_WHEN_CONTENDED = 0.15;
/**
 * Ticks come after about this fraction of the observed time-to-finish, or of the age of the
 * youngest request still waiting: a request is then seen at most ~25% after it finished.
 */
const TICK_FRACTION = 0.25;
/** Weight of the newest sample in the running averages. */
const EWMA_WEIGHT = 0.3;
/**
 * Share of the client's request budget the ticks may take while the budget is not the bottleneck. At Pulumi's default
 * parallelism (4 × CPUs) every step holds one of a few slots for the whole of its wait, so the time between a
 * request's end and the tick that sees it counts in full, once per step ÷ the parallelism: at 1,000 resources and 8
 * slots, ticks 200 ms apart left each step ~110 ms past its record's end, 14 s of the run (npm run bench,
 * docs/performance.md). With 95 requests a second and one call a tick (the SUCCESS list), half the budget is a tick
 * every ~21 ms: a step is seen ~10 ms after its request ended on average, against ~30 ms at a quarter of it
 * (npm run bench:poller -- --tenants 1 --parallel 8). At parallel 8 the creates themselves take ~20 calls a second,
 * so the budget keeps room to spare.
 */
const POLL_SHARE_WHEN_SPARE = 0.5;
/** The shortest pause between ticks, whatever the budget. */
const MIN_TICK_MS = 10;
/**
 * Ticks come sooner only while at most this many requests wait: then each is a step holding one of few slots. With
 * more, the rate limit paces the run, and sooner ticks only add polls (at parallel 128 on a loaded 2-core machine they
 * doubled the bench's listRequestsByStatus calls, 231 → 455 at 996 resources, and took it past 1.1 requests per resource).
 */
const SPARE_MODE_MOST_WAITING = 16;
/**
 * A request is not polled before this fraction of the least time any request took to be seen finished: it cannot have
 * finished yet, and a tick for it alone is a call spent for nothing (a tenant's poller with one request in flight).
 * Below 1, since that least time was measured to the tick that saw it, which came after the request ended.
 */
const DUE_FRACTION = 0.75;
/**
 * Unless few requests wait, a tenant is polled once one of its requests is as old as requests usually take, estimated
 * as midway between the least time and the running average time until a request was seen finished. That average
 * includes the poller's own lateness: by the midpoint, lateness moves the estimate by half of it only, so it settles
 * (least + lateness) instead of growing with every round.
 */
const RIPE_FRACTION = 0.5;
/**
 * Unless few requests wait, a tenant is polled once a call can be expected to find at least this many of its requests
 * finished (expectedFinds), or one of them is as old as requests usually take: a call that finds one request where
 * three could have been found a little later is a write's turn at the rate limiter spent on a third of a result. In
 * the MSP estate (npm run bench -- --sizes msp) a third of the SUCCESS lists found none or one; with 2 here the polls
 * fell little (200 to 221 against 215 to 230), with 3 to 157 (docs/performance.md, "The MSP estate at its bound").
 */
const WORTH_EXPECTED_FINDS = 3;
/**
 * While the login's rate limiter holds at least this many seconds of its budget in requests waiting (writes, reads),
 * a tenant is polled only for a request older than usual (overdueAt): a finished request seen sooner would only queue
 * its dependents' writes behind those, and every poll goes ahead of them (ratelimit.ts urgent takers). A quarter of a
 * second of requests outlasts a tick and its answer; the line has run dry less often than the polls it saves cost (the
 * MSP estate: 150 to 161 polls at a quarter second against 157 to 178 at half a second, docs/performance.md).
 */
const HOLD_POLLS_QUEUED_SECONDS = 0.25;
/** Until the login knows how long requests take, a tenant other than the probe's waits this many first pauses. */
const PROBE_WAIT_FACTOR = 4;
/**
 * A request this many times as old as requests usually take gets the full check (the PENDING list, then the FAIL list):
 * the SUCCESS list alone cannot tell a FAILed request from a slow one.
 */
const OVERDUE_FACTOR = 2;

export class PollPacing {
  /** Running averages steering the tick interval; undefined until measured. */
  private timeToFinishMs: number | undefined;
  private finishesPerSecond: number | undefined;
  private callsPerTick: number | undefined;
  private lastTickStartedAt: number | undefined;
  /** The least time a request took from its registration until a tick saw it finished. */
  private leastTimeToFinishMs: number | undefined;

  // Fields are set here, not by initializers: see the client's note on closure serialization.
  constructor(private readonly options: PollPacingOptions) {
    this.leastTimeToFinishMs = undefined;
    this.timeToFinishMs = undefined;
    this.finishesPerSecond = undefined;
    this.callsPerTick = undefined;
    this.lastTickStartedAt = undefined;
  }

  /** A request finished `tookMs` after it was registered. */
  noteFinished(tookMs: number): void {
    this.timeToFinishMs = this.timeToFinishMs === undefined ? tookMs : ewma(this.timeToFinishMs, tookMs);
    this.leastTimeToFinishMs = Math.min(this.leastTimeToFinishMs ?? tookMs, tookMs);
  }

  /**
   * When a request registered at `registeredAt` may first have finished: before that, a tick cannot see it done.
   */
  dueAt(registeredAt: number): number {
    // Until a request was seen finished, the first pause stands for that least time: polls 20 ms apart (the budget's
    // share while few wait) before any request can have ended are calls spent for nothing.
    return registeredAt + (this.leastTimeToFinishMs ?? this.options.pollInitialMs) * DUE_FRACTION;
  }

  /**
   * Whether a tenant whose oldest request is `oldestAgeMs` old waits for the probe: until a request of the login was
   * seen finished, only the tenant of the oldest request is polled, since nothing can be judged ripe yet and every
   * tenant's PENDING list would be read at each tick (the MSP estate's 20 tenants: 60 to 100 calls before the first
   * request ended). A tenant waits at most PROBE_WAIT_FACTOR first pauses (a probe whose request is slow).
   */
  waitsForProbe(oldestAgeMs: number): boolean {
    return !this.knowsTimeToFinish() && oldestAgeMs < PROBE_WAIT_FACTOR * this.options.pollInitialMs;
  }

  /** Whether requests have been seen finishing: until then, every poll is the full check. */
  knowsTimeToFinish(): boolean {
    return this.leastTimeToFinishMs !== undefined;
  }

  /** When a request registered at `registeredAt` is as old as requests usually take (RIPE_FRACTION). */
  ripeAt(registeredAt: number): number {
    const least = this.leastTimeToFinishMs ?? 0;
    const usual = this.timeToFinishMs ?? least;
    return registeredAt + least + (usual - least) * RIPE_FRACTION;
  }

  /**
   * The share of requests seen finished by `ageMs`: none before the least time, all by the usual time (the running
   * average until seen, which counts the poller's own lateness, so it lies past most ends; at most twice the least
   * time), linear between them.
   */
  finishedShare(ageMs: number): number {
    const least = this.leastTimeToFinishMs ?? 0;
    // At most twice the least time: requests polled late are seen late, and would otherwise push the average (and the
    // age at which a lone request is polled) on and on.
    const usual = Math.max(Math.min(this.timeToFinishMs ?? least, 2 * least), least + 1);
    return Math.min(1, Math.max(0, (ageMs - least) / (usual - least)));
  }

  /**
   * How many of `entries` a poll of their tenant at `now` can be expected to find finished, given that a poll at
   * `polledAt` did not find them: each one's chance to have ended since (finishedShare), or 1 for a request that
   * should have ended by then and did not (it is as likely to have ended now as not, but it is late: worth a call).
   */
  expectedFinds(entries: Iterable<{ registeredAt: number }>, now: number, polledAt: number): number {
    let expected = 0;
    for (const { registeredAt } of entries) {
      const nowShare = this.finishedShare(now - registeredAt);
      const seenShare = polledAt > registeredAt ? this.finishedShare(polledAt - registeredAt) : 0;
      expected += seenShare >= 1 ? 1 : (nowShare - seenShare) / (1 - seenShare);
    }
    return expected;
  }

  /**
   * Whether a poll of a tenant with `entries` waiting, last polled at `polledAt`, is worth a call now
   * (WORTH_EXPECTED_FINDS): enough of them can be expected finished, or one is as old as requests take at most.
   */
  worthPolling(entries: readonly { registeredAt: number }[], now: number, polledAt: number): boolean {
    if (!this.knowsTimeToFinish()) return true;
    if (entries.some((entry) => this.finishedShare(now - entry.registeredAt) >= 1)) return true;
    return this.expectedFinds(entries, now, polledAt) >= WORTH_EXPECTED_FINDS;
  }

  /**
   * Whether the login's rate limiter holds enough requests in line (HOLD_POLLS_QUEUED_SECONDS of its budget) that a
   * tenant is polled only for an overdue request.
   */
  holdsPolls(): boolean {
    const { queuedRequests, requestsPerSecond } = this.options;
    if (!queuedRequests || !requestsPerSecond) return false;
    return queuedRequests() >= Math.max(1, requestsPerSecond() * HOLD_POLLS_QUEUED_SECONDS);
  }

  /** When a request registered at `registeredAt` is late enough to need the full check (OVERDUE_FACTOR). */
  overdueAt(registeredAt: number): number {
    return registeredAt + OVERDUE_FACTOR * (this.ripeAt(0) || this.options.pollInitialMs);
  }

  /**
   * Whether a tick polls every tenant whose requests can have finished, not only those with a request as old as
   * requests usually take: while few requests wait and the budget has room, each is a step holding one of few slots.
   */
  eager(waiting: number): boolean {
    return this.spareBudget(waiting) !== undefined;
  }

  /**
   * The least pause between two polls of one tenant whose youngest request is `youngestAgeMs` old: a quarter of that
   * age (TICK_FRACTION), so that a tenant whose requests are all slow is polled less and less often; none while few
   * of `waiting` wait and none of them is slow yet (eagerWithin).
   */
  tenantGapMs(youngestAgeMs: number, waiting = Number.POSITIVE_INFINITY): number {
    if (this.eagerWithin(youngestAgeMs, waiting)) return 0;
    return Math.min(this.options.pollMaxMs, Math.max(0, youngestAgeMs) * TICK_FRACTION);
  }

  /**
   * While few wait and the budget has room, requests younger than the age that gets the full check (overdueAt) are not
   * slow, only not done yet: no back-off for their age. At parallel 8 the steps start in bursts (one tick settles
   * several, and their slots take the next steps at once), so the youngest request is often 300 ms old or more, and a
   * pause of a quarter of its age held ticks 75 to 125 ms apart just when requests end.
   */
  private eagerWithin(youngestAgeMs: number, waiting: number): boolean {
    return this.eager(waiting) && youngestAgeMs < this.overdueAt(0);
  }

  /** Nothing waits any more: the next request starts afresh (the gap would distort the finish rate). */
  idle(): void {
    this.lastTickStartedAt = undefined;
  }

  /** Updates the running averages after a tick that started at `startedAt`. */
  learn(startedAt: number, finished: number, calls: number): void {
    if (this.lastTickStartedAt !== undefined) {
      const seconds = Math.max(0.001, (startedAt - this.lastTickStartedAt) / 1000);
      const rate = finished / seconds;
      this.finishesPerSecond = this.finishesPerSecond === undefined ? rate : ewma(this.finishesPerSecond, rate);
    }
    this.lastTickStartedAt = startedAt;
    if (calls > 0) this.callsPerTick = this.callsPerTick === undefined ? calls : ewma(this.callsPerTick, calls);
  }

  /**
   * Pause before the next tick for a newcomer: about a quarter of the observed time-to-finish (a
   * request is then seen soon after it finishes), at least pollInitialMs; longer while the rate
   * limiter is the bottleneck, so that a tick finds enough finished requests to be worth its
   * calls (each poll then delays a write); at most pollMaxMs.
   */
  baseIntervalMs(waiting = 0): number {
    const { pollInitialMs, pollMaxMs } = this.options;
    let interval = Math.max(pollInitialMs, (this.timeToFinishMs ?? 0) * TICK_FRACTION);
    if (
      this.finishesPerSecond !== undefined &&
      this.finishesPerSecond > 0 &&
      this.callsPerTick !== undefined &&
      this.options.contended?.()
    ) {
      const budgeted = (1000 * this.callsPerTick) / (POLLS_PER_FINISH_WHEN_CONTENDED * this.finishesPerSecond);
      // No longer than requests usually take: a tick that found little lowers the finish rate it is spaced by, and
      // the next, later tick would find even less per second waited. Which tenants a tick polls keeps the calls few
      // (worthPolling).
      interval = Math.max(interval, Math.min(budgeted, this.timeToFinishMs ?? budgeted));
    } else {
      // Budget to spare: a request is seen sooner after it ends, at a known share of the budget.
      const budget = this.spareBudget(waiting);
      if (budget !== undefined) {
        const spare = (1000 * (this.callsPerTick ?? 1)) / (POLL_SHARE_WHEN_SPARE * budget);
        interval = Math.min(interval, Math.max(MIN_TICK_MS, spare));
      }
    }
    return Math.min(pollMaxMs, interval);
  }

  /**
   * The client's request budget per second while it has room for polls sooner than the first pause (at most
   * SPARE_MODE_MOST_WAITING waiting, the budget not the bottleneck); undefined otherwise. pollInitialMs equal to
   * pollMaxMs is a fixed interval asked for (nms:pollIntervalMs): never sooner then.
   */
  private spareBudget(waiting: number): number | undefined {
    const { pollInitialMs, pollMaxMs, requestsPerSecond, contended } = this.options;
    if (!requestsPerSecond || pollInitialMs >= pollMaxMs || waiting > SPARE_MODE_MOST_WAITING || contended?.())
      return undefined;
    const budget = requestsPerSecond();
    return budget > 0 ? budget : undefined;
  }

  /**
   * Pause before the next tick: the base interval, or a quarter of the age of the youngest
   * request still waiting when that is longer. Requests that take longer than usual are thus
   * polled less and less often (each at most ~25% late), while newcomers keep ticks short.
   */
  intervalMs(waiting: Iterable<{ registeredAt: number }>): number {
    const now = Date.now();
    let youngest = Number.NEGATIVE_INFINITY;
    let count = 0;
    for (const entry of waiting) {
      youngest = Math.max(youngest, entry.registeredAt);
      count += 1;
    }
    const youngestAgeMs = Number.isFinite(youngest) ? now - youngest : 0;
    const base = this.baseIntervalMs(count);
    if (this.eagerWithin(youngestAgeMs, count)) return base;
    return Math.min(this.options.pollMaxMs, Math.max(base, youngestAgeMs * TICK_FRACTION));
  }
}

function ewma(previous: number, sample: number): number {
  return previous + EWMA_WEIGHT * (sample - previous);
}
