/**
 * What the harness shows of a provider call that takes long. The Pulumi CLI keeps a row per resource in progress with
 * its elapsed time and a spinner (pkg/backend/display/progress.go, rows.go); a line-mode log cannot redraw a row, so
 * each call still under way gets a line every `everyMs` once it has run that long:
 * "  + pulumi-nodejs:dynamic/nms:Venue hq creating (32s)".
 */
import type { ProviderCall, ProviderMethod } from "./providerHost";

export const DEFAULT_PROGRESS_INTERVAL_MS = 15_000;

/** The CLI's prefix of the step (deploy.RawPrefix) and its in-progress text (getStepInProgressOpText). */
const DOING: Record<ProviderMethod, { symbol: string; text: string }> = {
  check: { symbol: "  ", text: "checking" },
  diff: { symbol: "  ", text: "diffing" },
  create: { symbol: "+ ", text: "creating" },
  update: { symbol: "~ ", text: "updating" },
  read: { symbol: "~ ", text: "refreshing" },
  delete: { symbol: "- ", text: "deleting" },
};

export function progressLine(call: ProviderCall, now: number): string {
  const { symbol, text } = DOING[call.method];
  return `  ${symbol}${call.type} ${call.name} ${text} (${Math.floor((now - call.startedAt) / 1000)}s)`;
}

export class ProgressTicker {
  /** When each call's last line was shown. */
  private readonly shownAt = new WeakMap<ProviderCall, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly running: () => readonly ProviderCall[],
    private readonly show: (line: string) => void,
    private readonly everyMs: number = DEFAULT_PROGRESS_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.timer) return;
    // Checked several times per interval, so that each call's lines come `everyMs` apart from its own start.
    this.timer = setInterval(() => this.tick(), Math.max(10, Math.min(1000, Math.floor(this.everyMs / 4))));
    this.timer.unref();
  }

  tick(): void {
    const now = this.now();
    for (const call of this.running()) {
      const since = this.shownAt.get(call) ?? call.startedAt;
      if (now - since < this.everyMs) continue;
      this.shownAt.set(call, now);
      this.show(progressLine(call, now));
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
