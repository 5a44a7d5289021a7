import { stderrLogger } from "../../provider/runtime";

describe("the provider host's diagnostics", () => {
  const written = (least: Parameters<typeof stderrLogger>[0]) => {
    const lines: string[] = [];
    const logger = stderrLogger(least, (line) => (lines.push(line), true));
    for (const level of ["debug", "info", "warn"] as const) logger?.({ level, message: `${level} event` });
    return { logger, lines };
  };

  it("writes the client's events at or above the configured level, one line each", () => {
    expect(written("info").lines).toEqual(["nms info: info event\n", "nms warn: warn event\n"]);
    expect(written("debug").lines).toHaveLength(3);
    expect(written("warn").lines).toEqual(["nms warn: warn event\n"]);
  });

  it("gives the client no logger at all when off", () => {
    expect(written("off").logger).toBeUndefined();
  });
});
