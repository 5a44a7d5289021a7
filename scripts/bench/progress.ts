// The harness's log during a measured run: a progress line every 10 s, when each step started, and the marks of up.
import type { BenchOptions } from "./options";

/** What the harness's progress lines tell: when the provider host was ready, when the engine sent the first Create. */
export interface Marks {
  providerHostAt?: number;
  firstCreateAt?: number;
}

/**
 * The harness's log for a measured run: a progress line every 10 s (a phase of a large size runs for minutes), the
 * marks, and with --verbose every line. `restart` starts the count of a new phase.
 */
export function progressLog(
  label: string,
  opts: BenchOptions,
  log: (line: string) => void,
): { marks: Marks; stepStarts: number[]; restart(): void; line(line: string): void } {
  const marks: Marks = {};
  const progress = { steps: 0, startedAt: Date.now(), printedAt: Date.now() };
  /** When each step of the phase started (ms since the epoch): the harness logs a step's line when it starts. */
  const stepStarts: number[] = [];
  return {
    marks,
    stepStarts,
    restart() {
      Object.assign(progress, { steps: 0, startedAt: Date.now(), printedAt: Date.now() });
      marks.firstCreateAt = marks.providerHostAt = undefined;
      stepStarts.length = 0;
    },
    line(line: string) {
      if (/^[+~-]{1,2}\s+\w+ing /.test(line)) {
        progress.steps++;
        stepStarts.push(Date.now());
        if (Date.now() - progress.printedAt >= 10_000) {
          progress.printedAt = Date.now();
          log(
            `    ${label}: ${progress.steps} resource steps started, ${Math.round((Date.now() - progress.startedAt) / 1000)} s`,
          );
        }
      }
      if (marks.firstCreateAt === undefined && /^\+\s+creating /.test(line)) marks.firstCreateAt = Date.now();
      if (marks.providerHostAt === undefined && line.startsWith("provider host started"))
        marks.providerHostAt = Date.now();
      if (opts.verbose) log(`    [${label}] ${line}`);
    },
  };
}
