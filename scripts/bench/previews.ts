// --preview-only: the two previews of a size, the floor's and the provider's, without the rest of the bench.
import type { Composition } from "./composition";
import type { BenchEmulator } from "./emulator";
import { measureUp, type UpFigures } from "./measure";
import type { BenchOptions } from "./options";
import { FLOOR, variantsToRun } from "./stack";

/**
 * --preview-only: the floor's preview and the provider's, alternately opts.previewRepeats times, each pair handed to
 * `onRun` as it ends (bench.ts prints it with report.ts previewRunLines): the preview against its floor without the
 * rest of the bench.
 */
export async function measurePreviews(
  emulator: BenchEmulator,
  opts: BenchOptions,
  stack: Composition,
  log: (line: string) => void,
  onRun: (run: number, floor: UpFigures, provider: UpFigures) => void = () => {},
): Promise<{ floor: UpFigures; provider: UpFigures }[]> {
  const [provider] = variantsToRun({ ...opts, baseline: false });
  const runs: { floor: UpFigures; provider: UpFigures }[] = [];
  for (let run = 1; run <= opts.previewRepeats; run++) {
    const floor = await measureUp(emulator, opts, stack, FLOOR, opts.parallel, log, "preview");
    const ours = await measureUp(emulator, opts, stack, provider, opts.parallel, log, "preview");
    runs.push({ floor, provider: ours });
    onRun(run, floor, ours);
  }
  return runs;
}
