// Progress lines for long waits on async requests. An `up` that waits minutes for the service
// would otherwise print nothing: Pulumi shows each line the dynamic provider's host writes to
// stderr (docs/pulumi-facts.md, "Limits of dynamic resources"), so the client logs, at info level, which request it is still
// waiting for, how long it has waited and its deadline. One shared timer serves every wait; when
// many requests are waiting at once the report is one summary line, not one line per request.

export interface WaitProgressOptions {
  /** A wait is reported once it has lasted this long. */
  readonly firstAfterMs: number;
  /** Then again at this interval while it lasts. */
  readonly everyMs: number;
  /** The deadline of one wait, named in the line. */
  readonly waitTimeoutMs: number;
  readonly log: (level: "info", message: string) => void;
  readonly now?: () => number;
  /** While the service gives no answer, why (reachability.ts): the line then says so instead of "in progress". */
  readonly connection?: () => string | undefined;
}

interface Wait {
  readonly requestId: string;
  readonly operation: string;
  readonly startedAt: number;
  /** When it is next reported. */
  nextAt: number;
}

/** Up to this many waits due at once are reported one line each; more become one summary line. */
const MAX_SEPARATE_LINES = 3;
const TIMER_SLACK_MS = 20;

export class WaitProgress {
  private readonly waits: Set<Wait>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextReportAt: number;

  constructor(private readonly options: WaitProgressOptions) {
    this.waits = new Set();
    this.timer = undefined;
    this.nextReportAt = Number.POSITIVE_INFINITY;
  }

  /** Starts tracking a wait; call the returned function when it ends, however it ends. */
  begin(requestId: string, operation: string): () => void {
    const startedAt = this.now();
    const wait: Wait = { requestId, operation, startedAt, nextAt: startedAt + this.options.firstAfterMs };
    this.waits.add(wait);
    this.schedule(wait.nextAt);
    return () => {
      this.waits.delete(wait);
      if (this.waits.size === 0) this.stopTimer();
    };
  }

  /** Waits being tracked. */
  get activeCount(): number {
    return this.waits.size;
  }

  private schedule(at: number): void {
    if (this.timer !== undefined && this.nextReportAt <= at) return;
    this.stopTimer();
    this.nextReportAt = at;
    this.timer = setTimeout(() => this.report(), Math.max(0, at - this.now()));
    // Progress alone never keeps the process alive.
    this.timer.unref?.();
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.nextReportAt = Number.POSITIVE_INFINITY;
  }

  private report(): void {
    this.timer = undefined;
    this.nextReportAt = Number.POSITIVE_INFINITY;
    const now = this.now();
    // A timer may fire a little early; a wait due within that slack is reported now, not alone just after.
    const due = [...this.waits]
      .filter((w) => w.nextAt <= now + TIMER_SLACK_MS)
      .sort((a, b) => a.startedAt - b.startedAt);
    if (due.length > MAX_SEPARATE_LINES) {
      const oldest = due[0];
      this.options.log(
        "info",
        `still waiting for ${due.length} requests of the service; the longest: ${oldest.operation}, ${this.describe(oldest, now)}`,
      );
    } else {
      for (const wait of due) this.options.log("info", `${wait.operation}: ${this.describe(wait, now)}`);
    }
    for (const wait of due) wait.nextAt = now + this.options.everyMs;
    const next = Math.min(...[...this.waits].map((w) => w.nextAt));
    if (Number.isFinite(next)) this.schedule(next);
  }

  private describe(wait: Wait, now: number): string {
    const waited = seconds(now - wait.startedAt);
    const failing = this.options.connection?.();
    if (failing)
      return `request ${wait.requestId}: status unknown after ${waited} s (deadline ${seconds(this.options.waitTimeoutMs)} s): ${failing}`;
    return `request ${wait.requestId} still in progress after ${waited} s (deadline ${seconds(this.options.waitTimeoutMs)} s)`;
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 1000));
}
