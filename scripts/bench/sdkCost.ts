// The SDK's cost per resource in the program process (docs/performance.md, "The SDK's cost per resource in the
// program"): constructs N sites (a Venue, its VenueRadio, an ApGroup, an Ap) under Pulumi's mocks in preview, as the
// bench's program does, and prints the time per constructor and the heap after a forced GC once every registration has
// been sent. With `--record FILE`, it
// writes every RegisterResource request the mocks' monitor received (binary protobuf, hex, sorted by name) so that two
// versions of the SDK can be compared byte for byte.
// Run: npm run -s build && node --expose-gc dist/scripts/bench/sdkCost.js [N] [--record FILE] [--floor] [--up]
import { writeFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 2000);
const recordIndex = args.indexOf("--record");
const recordFile = recordIndex >= 0 ? args[recordIndex + 1] : undefined;
const floor = args.includes("--floor");
/** As `up` runs the program: the mocks answer IDs, so the claims on created IDs run too. */
const up = args.includes("--up");

const sent: { name: string; bytes: string }[] = [];
let pending = 0;
let allSent: () => void = () => undefined;
const done = new Promise<void>((resolve) => {
  allSent = resolve;
});

pulumi.runtime.setMocks(
  {
    newResource: (mockArgs) => ({ id: up ? `${mockArgs.name}-id` : undefined, state: mockArgs.inputs }),
    call: () => ({}),
  },
  "project",
  "stack",
  !up,
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
  // Held to the end, as a running program holds its resources until the engine is done with them.
  const kept: pulumi.Resource[] = [];
  const nanoseconds: Record<string, bigint> = {};
  /** Constructs one resource, adding its constructor's time to its class's. */
  const timed = (kind: string, name: string, inputs: Record<string, unknown>): pulumi.Resource => {
    const start = process.hrtime.bigint();
    const resource = new nms[kind](name, inputs);
    nanoseconds[kind] = (nanoseconds[kind] ?? 0n) + process.hrtime.bigint() - start;
    kept.push(resource);
    return resource;
  };
  for (let i = 0; i < count; i++) {
    const site = `site-${i}`;
    // As the bench's program (scripts/bench/program.ts) makes a site: a venue, its radio settings, an AP group, an AP.
    const venue = timed("Venue", site, { name: site, address: { city: "Lisbon", country: "Portugal" }, tenantId });
    const venueId = (venue as pulumi.CustomResource).id;
    timed("VenueRadio", `${site}-radio`, {
      venueId,
      radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
      tenantId,
    });
    const group = timed("ApGroup", `${site}-aps`, { name: "Access points", venueId, tenantId });
    timed("Ap", `${site}-ap`, {
      serialNumber: String(100000000000 + i),
      name: `${site}-ap`,
      venueId,
      apGroupId: (group as pulumi.CustomResource).id,
      tenantId,
    });
  }
  pending += 4 * count + (floor ? 0 : 1);
  await done;
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const perMb = (heapAfter - heapBefore) / 2 ** 20 / (4 * count);
  const times = Object.entries(nanoseconds).map(([kind, ns]) => `${kind} ${(Number(ns) / 1e6 / count).toFixed(3)}`);
  console.log(
    `${floor ? "floor" : "sdk"} N=${count}: ${times.join(", ")} ms per constructor; heap after GC ` +
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
