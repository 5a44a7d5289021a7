// The line-mode stand-in for the Pulumi CLI's elapsed time on a resource in progress: a line per
// provider call every interval once it has run that long, and none for a call that ends sooner.
import { ProgressTicker, progressLine } from "../../harness/progress";
import type { ProviderCall } from "../../harness/providerHost";

test("a call gets a line each time another interval has passed since its start, none before", () => {
  let now = 0;
  const calls: ProviderCall[] = [];
  const lines: string[] = [];
  const ticker = new ProgressTicker(
    () => calls,
    (line) => lines.push(`${now}: ${line}`),
    15_000,
    () => now,
  );
  const create: ProviderCall = { method: "create", type: "nms:index:Venue", name: "hq", startedAt: 0 };
  const quick: ProviderCall = { method: "update", type: "nms:index:Venue", name: "branch", startedAt: 5_000 };
  calls.push(create, quick);
  for (now = 0; now <= 14_000; now += 1_000) ticker.tick();
  calls.splice(calls.indexOf(quick), 1); // done after 9 s: never shown
  for (; now <= 46_000; now += 1_000) ticker.tick();
  expect(lines).toEqual([
    "15000:   + nms:index:Venue hq creating (15s)",
    "30000:   + nms:index:Venue hq creating (30s)",
    "45000:   + nms:index:Venue hq creating (45s)",
  ]);
});

test("each provider call reads as the CLI names the step in progress", () => {
  const at = (method: ProviderCall["method"]) =>
    progressLine({ method, type: "t:m:R", name: "r", startedAt: 0 }, 32_500);
  expect(["check", "diff", "create", "update", "read", "delete"].map((m) => at(m as ProviderCall["method"]))).toEqual([
    "    t:m:R r checking (32s)",
    "    t:m:R r diffing (32s)",
    "  + t:m:R r creating (32s)",
    "  ~ t:m:R r updating (32s)",
    "  ~ t:m:R r refreshing (32s)",
    "  - t:m:R r deleting (32s)",
  ]);
});
