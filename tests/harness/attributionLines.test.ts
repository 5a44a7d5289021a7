// The attribution line crosses from the provider to the user the way the engine carries a dynamic provider's output:
// pulumi/pulumi sdk/go/common/resource/plugin/plugin.go, newPlugin: for a resource plugin that isDynamicPluginBinary
// (pulumi-resource-pulumi-nodejs), every non-empty stderr line goes to ctx.Diag.Infoerrf as a StreamMessage with an
// empty URN (an info message at the stack level); other resource plugins' lines are only logged at debug level. So
// the provider writes the line on stderr (provider/runtime.ts stderrLogger, at level info), naming the resource itself,
// and the harness, which shows every such line as the engine does, also puts it next to the resource.
import { AttributionCollector, parseAttribution } from "../../harness/attribution";
import { attributionLine } from "../../provider/lifecycle/attribution";
import { stderrLogger } from "../../provider/runtime";

const change = (requestId: string, timestamp: string, status = "SUCCESS") => ({
  admin: "night.shift@example.com",
  timestamp,
  method: "PUT",
  requestId,
  serviceName: "venue",
  status,
});

/** What the provider host prints for the line (provider/runtime.ts stderrLogger at the default level, info). */
function printed(line: string): string {
  let out = "";
  stderrLogger("info", (text) => ((out += text), true))?.({ level: "info", message: line });
  return out;
}

test("a provider's stderr line (plugin.go: Infoerrf, no URN) parses back into the resource and the records it names", () => {
  const line = attributionLine({
    kind: "Venue",
    name: 'branch "north" 2',
    id: "0a1b2c",
    drift: "changed",
    changes: [change("r-2", "2026-11-27T14:00:02.000Z", "FAIL"), change("r-1", "2026-11-27T14:00:01.000Z")],
    lastWrite: { requestId: "r-0", timestamp: "2026-11-27T13:00:00.000Z" },
    reachesBack: true,
  });
  const stderr = printed(line);
  expect(stderr.endsWith("\n")).toBe(true);
  const parsed = parseAttribution(stderr.trimEnd());
  expect(parsed).toMatchObject({ kind: "nms:Venue", name: 'branch "north" 2', id: "0a1b2c", drift: "changed", line });
  expect(parsed?.changes).toEqual([
    {
      admin: "night.shift@example.com",
      timestamp: "2026-11-27T14:00:02.000Z",
      method: "PUT",
      requestId: "r-2",
      status: "FAIL",
    },
    {
      admin: "night.shift@example.com",
      timestamp: "2026-11-27T14:00:01.000Z",
      method: "PUT",
      requestId: "r-1",
      status: "SUCCESS",
    },
  ]);
  // As the harness's session logs it ("[provider] " before each line of the host).
  expect(parseAttribution(`[provider] ${stderr.trimEnd()}`)?.id).toBe("0a1b2c");
});

test("the line says when the records do not reach back, and when who did it is not known; other lines are not attributions", () => {
  const base = {
    kind: "Venue",
    name: "hq",
    id: "v1",
    drift: "deleted" as const,
    changes: [],
    lastWrite: { timestamp: "2026-11-27T13:00:00.000Z" },
  };
  expect(attributionLine({ ...base, reachesBack: false })).toBe(
    'nms:Venue "hq" v1 deleted outside the stack: no request record names it after the stack\'s last write ' +
      "(2026-11-27T13:00:00.000Z); the tenant's request records do not reach back to the stack's last write " +
      "(2026-11-27T13:00:00.000Z): earlier changes are not known",
  );
  expect(
    attributionLine({
      ...base,
      reachesBack: false,
      unknownBecause: "the request records could not be read (HTTP 403)",
    }),
  ).toBe(
    'nms:Venue "hq" v1 deleted outside the stack: who did it is not known: the request records could not be read (HTTP 403)',
  );
  expect(parseAttribution("nms info: venue 1: waiting for request r-1 (12 s)")).toBeUndefined();
});

test("the collector keys the lines by resource name and ID, and waits a little for one still in the pipe", async () => {
  const collector = new AttributionCollector();
  const line = attributionLine({
    kind: "Venue",
    name: "hq",
    id: "v1",
    drift: "changed",
    changes: [change("r-1", "2026-11-27T14:00:01.000Z")],
    lastWrite: { requestId: "r-0", timestamp: "2026-11-27T13:00:00.000Z" },
    reachesBack: true,
  });
  setTimeout(() => collector.take(printed(line).trimEnd()), 30);
  await collector.settle([{ name: "hq", id: "v1" }], 2000);
  expect(collector.of("hq", "v1")?.changes.map((c) => c.requestId)).toEqual(["r-1"]);
  expect(collector.of("hq", "v2")).toBeUndefined();
});
