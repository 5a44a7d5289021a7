/**
 * The harness calls the provider host as the engine does: no deadline on any call (the engine's provider plugin,
 * sdk/go/common/resource/plugin/provider_plugin.go, passes its request context without one; a provider waits as long
 * as its own timeouts say, ours `nms:waitTimeoutSeconds`). A stand-in host (fixtures/recording-sdk) records the
 * deadline gRPC carried with each call.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ProviderHost, peakRssMbOf } from "../../harness/providerHost";
import { expectNoChildren } from "./helpers";

test("no provider call carries a deadline (provider_plugin.go: requestContext, no timeout)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-deadline-"));
  const log = path.join(dir, "calls.log");
  const host = await ProviderHost.start({
    sdkDir: path.join(__dirname, "fixtures", "recording-sdk"),
    cwd: dir,
    env: { RECORDING_HOST_LOG: log },
    engineAddress: "127.0.0.1:0",
    log: () => undefined,
  });
  try {
    await host.configure({ "nms:waitTimeoutSeconds": "3600" });
    await host.check("urn:a", "a", "t", {}, { x: 1 });
    await host.diff("urn:a", "a", "t", "id-1", { x: 1 }, { x: 2 }, { x: 1 }, []);
    await host.create("urn:a", "a", "t", { x: 1 });
    await host.update("urn:a", "a", "t", "id-1", { x: 1 }, { x: 2 }, { x: 1 }, []);
    await host.read("urn:a", "a", "t", "id-1", { x: 1 }, { x: 1 });
    await host.delete("urn:a", "a", "t", "id-1", { x: 1 }, { x: 1 });
  } finally {
    await host.close();
  }
  const calls = fs
    .readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { method: string; deadline: unknown });
  expect(calls).toEqual(
    ["configure", "check", "diff", "create", "update", "read", "delete"].map((method) => ({
      method,
      deadline: "none",
    })),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  expectNoChildren();
});

describe("provider host memory", () => {
  // VmHWM comes from /proc, which only Linux has: elsewhere the test is reported skipped.
  (process.platform === "linux" ? test : test.skip)(
    "peakRssMbOf reads VmHWM of a live process (Linux /proc); undefined for no such process",
    () => {
      const mb = peakRssMbOf(process.pid)!;
      expect(mb).toBeGreaterThan(10);
      expect(mb).toBeGreaterThanOrEqual(Math.floor(process.memoryUsage().rss / 1024 / 1024 / 2));
      expect(peakRssMbOf(2 ** 22 + 12345)).toBeUndefined();
    },
  );
});
