/**
 * The CLI's GOMAXPROCS: `maxprocs.Set()` in pkg/cmd/pulumi/main.go (go.uber.org/automaxprocs 1.6.0) sets it from
 * the container's CPU quota, floored, at least 1, unless env GOMAXPROCS is set; --parallel defaults to 4 × that
 * (pkg/cmd/pulumi/operations/up.go defaultParallel). Read from fake /proc and /sys trees.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cpuQuota, goMaxProcs } from "../../harness/cpuQuota";
import { defaultParallel, parallelDiffFromEnv } from "../../harness/options";

const CPUS = Math.max(1, typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length);
const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** A directory laid out like `/`: the given files under it. */
function fakeRoot(files: Record<string, string>): { root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cgroup-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return { root };
}

/** cgroup v2, as in a container: cgroup2 at /sys/fs/cgroup, the process in group `group`. */
function v2(cpuMax: string | undefined, group = "/"): { root: string } {
  return fakeRoot({
    "proc/self/mountinfo":
      "22 1 0:21 / /proc rw,nosuid - proc proc rw\n" +
      "30 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw,nsdelegate\n",
    "proc/self/cgroup": `0::${group}\n`,
    ...(cpuMax === undefined ? {} : { [path.posix.join("sys/fs/cgroup", group, "cpu.max")]: cpuMax }),
  });
}

/** cgroup v1 (a hybrid host: cgroup2 only at /sys/fs/cgroup/unified), the cpu controller mounted with root `/docker/x`. */
function v1(quota: string, period: string): { root: string } {
  return fakeRoot({
    "proc/self/mountinfo":
      "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n" +
      "32 31 0:29 /docker/x /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n" +
      "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n",
    "proc/self/cgroup": "4:memory:/docker/x\n2:cpu,cpuacct:/docker/x/inner\n0::/\n",
    "sys/fs/cgroup/cpu,cpuacct/inner/cpu.cfs_quota_us": `${quota}\n`,
    "sys/fs/cgroup/cpu,cpuacct/inner/cpu.cfs_period_us": `${period}\n`,
  });
}

test("cgroup v2: cpu.max's quota over its period, floored, at least 1 (automaxprocs CGroups2.CPUQuota, DefaultRoundFunc)", () => {
  expect(cpuQuota(v2("150000 100000\n"))).toBe(1.5);
  expect(goMaxProcs({}, v2("150000 100000\n"))).toBe(1);
  expect(goMaxProcs({}, v2("250000 100000\n"))).toBe(2);
  expect(goMaxProcs({}, v2("50000 100000\n"))).toBe(1);
  expect(goMaxProcs({}, v2("400000\n"))).toBe(4); // the period defaults to 100000
  // The quota counts even above the CPUs the machine has, as automaxprocs sets it.
  expect(goMaxProcs({}, v2(`${(CPUS + 3) * 100000} 100000\n`))).toBe(CPUS + 3);
  expect(goMaxProcs({}, v2("300000 100000\n", "/kubepods/pod1"))).toBe(3);
});

test("no quota (max, no file, unreadable facts): Go's default, the CPUs the process may run on", () => {
  expect(cpuQuota(v2("max 100000\n"))).toBeUndefined();
  expect(goMaxProcs({}, v2("max 100000\n"))).toBe(CPUS);
  expect(goMaxProcs({}, v2(undefined))).toBe(CPUS);
  expect(goMaxProcs({}, v2("a lot\n"))).toBe(CPUS);
  expect(goMaxProcs({}, fakeRoot({}))).toBe(CPUS);
  expect(goMaxProcs({}, v1("-1", "100000"))).toBe(CPUS);
});

test("cgroup v1: cfs_quota_us over cfs_period_us of the cpu controller's group, through its mount's root", () => {
  expect(cpuQuota(v1("350000", "100000"))).toBe(3.5);
  expect(goMaxProcs({}, v1("350000", "100000"))).toBe(3);
});

test("env GOMAXPROCS wins when it is a positive number; otherwise Go's default", () => {
  expect(goMaxProcs({ GOMAXPROCS: "6" }, v2("150000 100000\n"))).toBe(6);
  expect(goMaxProcs({ GOMAXPROCS: "0" }, v2("300000 100000\n"))).toBe(CPUS);
  expect(goMaxProcs({ GOMAXPROCS: "many" }, v2("300000 100000\n"))).toBe(CPUS);
});

test("--parallel defaults to PULUMI_PARALLEL, else 4 × GOMAXPROCS (up.go defaultParallel)", () => {
  expect(defaultParallel({}, v2("150000 100000\n"))).toBe(4);
  expect(defaultParallel({}, v2("250000 100000\n"))).toBe(8);
  expect(defaultParallel({}, v2("max\n"))).toBe(4 * CPUS);
  expect(defaultParallel({ PULUMI_PARALLEL: "3" }, v2("250000 100000\n"))).toBe(3);
  expect(defaultParallel({ PULUMI_PARALLEL: "0" }, v2("250000 100000\n"))).toBe(8);
  expect(defaultParallel({ PULUMI_PARALLEL: "2.5" }, v2("250000 100000\n"))).toBe(8);
});

test('PULUMI_PARALLEL_DIFF is on for "1" or "true" in any case, as env.Bool reads it (sdk/go/common/env)', () => {
  expect(parallelDiffFromEnv({})).toBe(false);
  expect(parallelDiffFromEnv({ PULUMI_PARALLEL_DIFF: "1" })).toBe(true);
  expect(parallelDiffFromEnv({ PULUMI_PARALLEL_DIFF: "TRUE" })).toBe(true);
  expect(parallelDiffFromEnv({ PULUMI_PARALLEL_DIFF: "yes" })).toBe(false);
  expect(parallelDiffFromEnv({ PULUMI_PARALLEL_DIFF: "0" })).toBe(false);
});
