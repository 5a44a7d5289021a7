// Loaded into the stack program's process with `node --require` (stack.ts): when the program exits, it writes the
// process's peak resident memory to the file NMS_BENCH_PROGRAM_STATS names, so that the bench can print it. The
// program runs as a child of the harness, which reports the provider host's peak only.
import * as fs from "node:fs";

const statsFile = process.env.NMS_BENCH_PROGRAM_STATS;
if (statsFile) {
  process.on("exit", () => {
    // resourceUsage().maxRSS is in kilobytes.
    const peakRssMb = Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
    try {
      fs.writeFileSync(statsFile, JSON.stringify({ peakRssMb, pid: process.pid }));
    } catch {
      // The bench then reports the figure as unknown; the program's own outcome must not change.
    }
  });
}
