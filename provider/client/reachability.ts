// Whether the service can be reached at all. Every HTTP attempt of a client reports here whether it
// got an answer (any status: the service is there) or none (refused, reset, timed out). While
// attempts keep getting no answer, the client says so at warn level (shown by default) after
// warnAfterMs and then every warnEveryMs, and once that has lasted giveUpAfterMs (the setting
// nms:unreachableTimeoutSeconds) the calls stop retrying and the waits for async requests end with
// the operation, the request and the reason, instead of waiting silently until their deadline.
// An attempt still waiting counts too (watch): a service that takes the connection and never
// answers is told warnAfterMs after the attempt began, and the attempt is ended at giveUpAfterMs,
// whatever its own timeouts.

import { networkErrorCode } from "./retry";
import { ATTEMPT_TIMEOUT_CODE } from "./transport";

export interface ReachabilityOptions {
  readonly baseUrl: string;
  /** Consecutive connection failures for this long end the calls and waits that meet them. */
  readonly giveUpAfterMs: number;
  /** The first warning once failures have gone on this long. */
  readonly warnAfterMs: number;
  /** Then again at this interval while they last. */
  readonly warnEveryMs: number;
  readonly log: (level: "info" | "warn", message: string) => void;
  readonly now?: () => number;
}

/** What the failures have been, once the client gives up on reaching the service. */
export interface Unreachable {
  /** When the first attempt of the run of failures started. */
  readonly since: number;
  readonly forMs: number;
  /** The last failure's code and message. */
  readonly reason: string;
  /** One sentence for error messages: "cannot reach <base URL> for 121 s (since …): <reason>". */
  readonly description: string;
}

/** When a run of failures is first told (after 8 s: within 10 s), and how often again (every 30 s), for a giving-up time. */
export function warningTimes(giveUpAfterMs: number): { warnAfterMs: number; warnEveryMs: number } {
  return { warnAfterMs: Math.min(8_000, giveUpAfterMs / 4), warnEveryMs: Math.min(30_000, giveUpAfterMs / 2) };
}

/**
 * Failures further apart than this (no attempt in between) do not make one run: nothing was tried, so nothing is
 * known of the time between them. Every wait polls and every retry comes well within it.
 */
const SAME_RUN_GAP_MS = 60_000;

export class Reachability {
  private failingSince: number | undefined;
  private lastFailureAt: number | undefined;
  private lastReason: string;
  private warnedAt: number | undefined;
  private lastAnswerAt: number | undefined;

  // Fields are set here, not by initializers: see the client's note on closure serialization.
  constructor(private readonly options: ReachabilityOptions) {
    this.failingSince = undefined;
    this.lastFailureAt = undefined;
    this.lastReason = "";
    this.warnedAt = undefined;
    this.lastAnswerAt = undefined;
  }

  /**
   * Watches an attempt that started at `startedAt` until it ends (call the function returned). While no attempt has
   * had an answer since it began, it counts as failing from then: told at warnAfterMs like a refused connection,
   * and ended with `abort` (a timeout, which the retry rules count as no answer) once the run of failures has lasted
   * giveUpAfterMs, so the call gives up at the setting and not at the attempt's own timeouts.
   */
  watch(startedAt: number, abort: (reason: Error) => void): () => void {
    const silent = (): boolean => {
      if (this.lastAnswerAt !== undefined && this.lastAnswerAt >= startedAt) return false; // others get answers
      const waited = this.now() - startedAt;
      // An attempt that has only just begun says nothing new: a run already failing keeps its reason (a refused
      // connection), which a give-up at that moment names.
      if (this.failingSince === undefined || waited >= this.options.warnAfterMs)
        this.failed(startedAt, silence(waited));
      return true;
    };
    const warn = setTimeout(silent, this.options.warnAfterMs);
    const giveUpAt = Math.min(this.failingSince ?? startedAt, startedAt) + this.options.giveUpAfterMs;
    const end = setTimeout(
      () => {
        if (silent() && this.unreachable()) abort(silence(this.now() - startedAt));
      },
      Math.max(0, giveUpAt - this.now()),
    );
    // A watch never keeps the process alive.
    warn.unref?.();
    end.unref?.();
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }

  /** An attempt got an HTTP answer, whatever its status. */
  answered(): void {
    this.lastAnswerAt = this.now();
    if (this.failingSince === undefined) return;
    if (this.warnedAt !== undefined) {
      this.options.log(
        "info",
        `reached ${this.options.baseUrl} again after ${seconds(this.now() - this.failingSince)} s without an answer`,
      );
    }
    this.failingSince = undefined;
    this.lastFailureAt = undefined;
    this.warnedAt = undefined;
  }

  /** An attempt that started at `startedAt` got no answer. */
  failed(startedAt: number, error: unknown): void {
    const now = this.now();
    if (
      this.failingSince === undefined ||
      this.lastFailureAt === undefined ||
      startedAt - this.lastFailureAt > SAME_RUN_GAP_MS
    ) {
      this.failingSince = startedAt;
      this.warnedAt = undefined;
    }
    this.lastFailureAt = now;
    this.lastReason = reasonOf(error);
    const { warnAfterMs, warnEveryMs, giveUpAfterMs, baseUrl } = this.options;
    if (now - this.failingSince < warnAfterMs || now - this.failingSince >= giveUpAfterMs) return;
    if (this.warnedAt !== undefined && now - this.warnedAt < warnEveryMs) return;
    this.warnedAt = now;
    this.options.log(
      "warn",
      `cannot reach ${baseUrl}: ${this.lastReason}; still trying until ${clock(this.failingSince + giveUpAfterMs)}`,
    );
  }

  /** While attempts are failing, what a progress line adds: "cannot reach <base URL> since <time>: <reason>". */
  failingNow(): string | undefined {
    if (this.failingSince === undefined) return undefined;
    return `cannot reach ${this.options.baseUrl} since ${clock(this.failingSince)}: ${this.lastReason}`;
  }

  /** Why the client gives up, once attempts have had no answer for giveUpAfterMs; undefined before. */
  unreachable(): Unreachable | undefined {
    if (this.failingSince === undefined) return undefined;
    const forMs = this.now() - this.failingSince;
    if (forMs < this.options.giveUpAfterMs) return undefined;
    const since = this.failingSince;
    const reason = this.lastReason;
    const description =
      `cannot reach ${this.options.baseUrl}: no answer for ${seconds(forMs)} s (since ${clock(since)}; ` +
      `nms:unreachableTimeoutSeconds is ${seconds(this.options.giveUpAfterMs)}): ${reason}`;
    return { since, forMs, reason, description };
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }
}

/** What an attempt still waiting is told as: a timeout, which the retry rules count as no answer. */
function silence(forMs: number): Error {
  const error = new Error(
    `no answer after ${seconds(forMs)} s (no connection, or a connection the service is silent on)`,
  );
  (error as Error & { code: string }).code = ATTEMPT_TIMEOUT_CODE;
  return error;
}

function reasonOf(error: unknown): string {
  const code = networkErrorCode(error);
  const message = (error instanceof Error ? error.message : String(error)).replace(/^Error: /, "");
  return code && !message.includes(code) ? `${code} ${message}` : message;
}

/** Whole seconds, or tenths below 10 s (short settings in tests). */
function seconds(ms: number): string {
  return ms < 10_000 ? String(Math.round(ms / 100) / 10) : String(Math.round(ms / 1000));
}

/** A time in UTC, to the second: 2025-01-01T12:03:04Z. */
function clock(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
