// The SDK's cost per resource in the program process (docs/performance.md, "The SDK's cost per resource in the
// program"): constructs N Venues and N Aps under Pulumi's mocks in preview, as the bench's program does, and prints the
// time per constructor and the heap after a forced GC once every registration has been sent. With `--record FILE`, it
// writes every RegisterResource request the mocks' monitor received (binary protobuf, hex, sorted by name) so that two
// versions of the SDK can be compared byte for byte.
// Run: npm run -s build && node --expose-gc dist/scripts/bench/sdkCost.js [N] [--record FILE] [--floor]
import { writeFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 2000);
const recordIndex = args.indexOf("--record");
const recordFile = recordIndex >= 0 ? args[recordIndex + 1] : undefined;
const floor = args.includes("--floor");

const sent: { name: string; bytes: string }[] = [];
let pending = 0;
let allSent: () => void = () => undefined;
const done = new Promise<void>((resolve) => {
  allSent = resolve;
});

pulumi.runtime.setMocks(
  {
    newResource: (mockArgs) => ({ id: undefined, state: mockArgs.inputs }),
    call: () => ({}),
  },
  "project",
  "stack",
  true,
);
const monitor = pulumi.runtime.getMonitor() as unknown as {
  registerResource(req: { getName(): string; serializeBinary(): Uint8Array }, callback: unknown): Promise<void>;
};
const register = monitor.registerResource.bind(monitor);
monitor.registerResource = async (req, callback) => {
  if (recordFile) sent.push({ name: req.getName(), bytes: Buffer.from(req.serializeBinary()).toString("hex") });
  await register(req, callback);
  pending -= 1;
  if (pending === 0) allSent();
};

type Ctor = new (name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) => pulumi.Resource;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nms = (floor ? require("./floorSdk") : require("../../sdk")) as Record<string, Ctor>;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

async function main(): Promise<void> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const tenantId = "t".repeat(32);
  let venueNs = 0n;
  let apNs = 0n;
  // Held to the end, as a running program holds its resources until the engine is done with them.
  const kept: pulumi.Resource[] = [];
  for (let i = 0; i < count; i++) {
    const site = `site-${i}`;
    let start = process.hrtime.bigint();
    const venue = new nms.Venue(site, { name: site, address: { city: "Lisbon", country: "Portugal" }, tenantId });
    venueNs += process.hrtime.bigint() - start;
    start = process.hrtime.bigint();
    kept.push(venue);
    const ap = new nms.Ap(`${site}-ap`, {
      serialNumber: String(100000000000 + i),
      name: `${site}-ap`,
      venueId: (venue as pulumi.CustomResource).id,
      tenantId,
    });
    apNs += process.hrtime.bigint() - start;
    kept.push(ap);
  }
  pending += 2 * count + (floor ? 0 : 1);
  await done;
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const perMb = (heapAfter - heapBefore) / 2 ** 20 / (2 * count);
  console.log(
    `${floor ? "floor" : "sdk"} N=${count}: Venue ${(Number(venueNs) / 1e6 / count).toFixed(3)} ms, ` +
      `Ap ${(Number(apNs) / 1e6 / count).toFixed(3)} ms per constructor; heap after GC ` +
      `${((heapAfter - heapBefore) / 2 ** 20).toFixed(1)} MB (${perMb.toFixed(4)} MB per resource); ` +
      `CPU ${(process.cpuUsage().user / 1e6).toFixed(2)} s`,
  );
  kept.length = 0;
  if (recordFile) {
    sent.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.bytes < b.bytes ? -1 : 1));
    writeFileSync(recordFile, sent.map((s) => `${s.name} ${s.bytes}`).join("\n"));
  }
}

void main();
