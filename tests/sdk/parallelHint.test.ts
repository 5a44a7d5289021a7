// A program that registers many resources while Pulumi's --parallel is low prints one line saying
// what to set: every create, update and delete waits for its request in the service.
import * as fs from "node:fs";
import * as os from "node:os";
import * as v8 from "node:v8";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { preview, type StackOptions } from "../../harness";
import {
  engineParallel,
  HEAP_MB_PER_RESOURCE,
  heapHintText,
  hintText,
  MANY_RESOURCES,
  RECOMMENDED_PARALLEL,
} from "../../sdk/parallelHint";

const ROOT = path.resolve(__dirname, "..", "..");

describe("the value the program is given", () => {
  test("PULUMI_NODEJS_PARALLEL, as the language host passes --parallel through cmd/run; unknown otherwise", () => {
    expect(engineParallel({ PULUMI_NODEJS_PARALLEL: "8" })).toBe(8);
    expect(engineParallel({})).toBeUndefined();
    expect(engineParallel({ PULUMI_NODEJS_PARALLEL: "0" })).toBeUndefined();
    expect(engineParallel({ PULUMI_NODEJS_PARALLEL: "many" })).toBeUndefined();
  });

  test("the line says what to set and why", () => {
    const text = hintText(200, 8);
    expect(text).toContain("--parallel 8");
    expect(text).toContain(`PULUMI_PARALLEL=${RECOMMENDED_PARALLEL}`);
    expect(text).toContain("waits for its request");
    expect(text).not.toContain("\n");
  });
});

describe("the heap line", () => {
  test("nothing while the resources fit in three quarters of the heap limit", () => {
    // Node's default limit on a machine of 16 GB or more: 10,000 resources fit.
    expect(heapHintText(10_000, 4144)).toBeUndefined();
    expect(heapHintText(6000, 2096)).toBeUndefined();
  });

  test("past that, it names the count, the limit, what to set and where to split", () => {
    const text = heapHintText(10_000, 2096);
    expect(text).toContain("registered 10000 resources");
    expect(text).toContain(`${HEAP_MB_PER_RESOURCE} MB`);
    expect(text).toContain("at most 2096 MB");
    // 10,000 × 0.25 MB × 1.5, rounded up to a whole GB.
    expect(text).toContain("NODE_OPTIONS=--max-old-space-size=4096");
    expect(text).toContain("split the stack by tenant or by region");
    expect(text).not.toContain("\n");
  });
});

describe("under Pulumi's mocks", () => {
  const saved = process.env.PULUMI_NODEJS_PARALLEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.PULUMI_NODEJS_PARALLEL;
    else process.env.PULUMI_NODEJS_PARALLEL = saved;
    jest.restoreAllMocks();
  });

  /** Constructs `count` venues in a fresh mocked run; returns the hint lines logged. */
  async function hintsFor(count: number, parallel: string | undefined): Promise<string[]> {
    if (parallel === undefined) delete process.env.PULUMI_NODEJS_PARALLEL;
    else process.env.PULUMI_NODEJS_PARALLEL = parallel;
    const lines: string[] = [];
    jest.spyOn(pulumi.log, "info").mockImplementation(async (message: string) => void lines.push(message));
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
      "many",
      "dev",
      true,
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nms = require("../../sdk") as typeof import("../../sdk");
    for (let i = 0; i < count; i++) new nms.Venue(`site-${i}`, { name: `Site ${i}` });
    return lines.filter((line) => line.startsWith("pulumi-nms:"));
  }

  test("one line once the program reaches the count at a low parallelism, and no more after", async () => {
    expect(await hintsFor(MANY_RESOURCES - 1, "8")).toEqual([]);
    expect(await hintsFor(MANY_RESOURCES + 50, "8")).toEqual([hintText(MANY_RESOURCES, 8)]);
  });

  test("the heap line once, when the program outgrows the heap limit, whatever the parallelism", async () => {
    const limitMb = 250;
    jest.spyOn(v8, "getHeapStatistics").mockReturnValue({
      ...v8.getHeapStatistics(),
      heap_size_limit: limitMb * 2 ** 20,
    });
    const warnings: string[] = [];
    jest.spyOn(pulumi.log, "warn").mockImplementation(async (message: string) => void warnings.push(message));
    // The count is weighed every 1,000 registrations: 1,000 × 0.25 MB is over three quarters of 250 MB, and so is
    // 2,000, which prints nothing more.
    await hintsFor(2001, String(RECOMMENDED_PARALLEL));
    expect(warnings).toEqual([heapHintText(1000, limitMb)]);
  });

  test("nothing at the recommended parallelism or above, nor when the value is not known", async () => {
    expect(await hintsFor(MANY_RESOURCES, String(RECOMMENDED_PARALLEL))).toEqual([]);
    expect(await hintsFor(MANY_RESOURCES, undefined)).toEqual([]);
  });
});

describe("through the language host's --parallel (the harness)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-many-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (parallel: number): StackOptions => ({
    projectDir: ROOT,
    program: path.join(__dirname, "fixtures", "many", "index.js"),
    projectName: "many",
    stackName: `p${parallel}`,
    statePath: path.join(dir, `p${parallel}.json`),
    parallel,
    // Preview checks inputs only: no service is called.
    config: {
      "nms:baseUrl": "http://127.0.0.1:9",
      "nms:offlinePreview": "true",
      "nms:tenantId": "t".repeat(32),
      "nms:username": "u",
      "many:count": String(MANY_RESOURCES),
    },
  });

  test("a preview of 200 resources at --parallel 8 prints the hint once", async () => {
    const low = await preview(run(8));
    if (low.failed) throw new Error(low.errors.join("\n"));
    expect(low.diagnostics.filter((line) => line.includes("pulumi-nms: this program registers"))).toEqual([
      expect.stringContaining(hintText(MANY_RESOURCES, 8)),
    ]);
  });
});
