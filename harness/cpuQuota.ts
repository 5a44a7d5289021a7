/**
 * The Pulumi CLI's GOMAXPROCS, which its default --parallel is 4 × of. The CLI calls `maxprocs.Set()` as it starts
 * (pkg/cmd/pulumi/main.go, go.uber.org/automaxprocs 1.6.0), which sets GOMAXPROCS from the container's CPU quota:
 *   - env GOMAXPROCS set: left alone, and Go's runtime takes it when it is a positive whole number;
 *   - cgroup v2 (cgroup2 mounted at /sys/fs/cgroup): the process's group's `cpu.max`, "quota period" ("max": none);
 *   - cgroup v1: the cpu controller's `cpu.cfs_quota_us` / `cpu.cfs_period_us` (a quota of -1: none);
 *   - a quota: rounded down, at least 1 (automaxprocs' DefaultRoundFunc and minimum), even above the CPU count;
 *   - no quota, or files it cannot read: Go's own default, the CPUs the process may run on.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Where the cgroup facts are read; a test points `root` at a directory laid out like `/`. */
export interface CgroupFiles {
  /** Prefixed to /proc/self/mountinfo, /proc/self/cgroup and every mount point read. */
  root: string;
}

const HOST: CgroupFiles = { root: "/" };
const V2_MOUNT_POINT = "/sys/fs/cgroup";
const V2_DEFAULT_PERIOD = 100000;

interface Mount {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

/** /proc/self/mountinfo: "id parent dev root mountpoint options [optional...] - fstype source superoptions". */
function parseMountInfo(text: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const fields = line.split(" ");
    const sep = fields.indexOf("-", 6);
    if (sep < 0 || fields.length < sep + 4) throw new Error(`mountinfo line not understood: ${line}`);
    mounts.push({
      root: fields[3],
      mountPoint: fields[4],
      fsType: fields[sep + 1],
      superOptions: fields
        .slice(sep + 3)
        .join(" ")
        .split(","),
    });
  }
  return mounts;
}

/** /proc/self/cgroup: "id:controllers:path" per line. */
function parseCgroups(text: string): { id: number; controllers: string[]; path: string }[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((line) => {
      const [id, controllers, ...rest] = line.split(":");
      if (rest.length === 0 || !/^\d+$/.test(id)) throw new Error(`cgroup line not understood: ${line}`);
      return { id: Number(id), controllers: controllers.split(","), path: rest.join(":") };
    });
}

function readFirstLine(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").split("\n")[0];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** Go's strconv.Atoi: a whole decimal number, else an error. */
function atoi(text: string | undefined): number {
  if (text === undefined || !/^[+-]?\d+$/.test(text)) throw new Error(`not a whole number: ${text}`);
  return Number(text);
}

/** automaxprocs' CGroups2.CPUQuota: quota / period from cpu.max, undefined for "max" or no file. */
function v2Quota(files: CgroupFiles, groupPath: string): number | undefined {
  const line = readFirstLine(path.join(files.root, V2_MOUNT_POINT, groupPath, "cpu.max"));
  if (line === undefined) return undefined;
  const fields = line.trim().split(/\s+/);
  if (fields.length === 0 || fields.length > 2 || fields[0] === "") throw new Error("cpu.max: invalid format");
  if (fields[0] === "max") return undefined;
  const quota = atoi(fields[0]);
  const period = fields.length === 2 ? atoi(fields[1]) : V2_DEFAULT_PERIOD;
  if (period === 0) throw new Error("cpu.max: a period of 0");
  return quota / period;
}

/** automaxprocs' CGroups.CPUQuota (v1): cfs_quota_us / cfs_period_us, undefined when either is not positive. */
function v1Quota(files: CgroupFiles, mounts: Mount[], groups: ReturnType<typeof parseCgroups>): number | undefined {
  const cpu = groups.find((g) => g.controllers.includes("cpu"));
  const mount = mounts.find((m) => m.fsType === "cgroup" && m.superOptions.includes("cpu"));
  if (!cpu || !mount) return undefined;
  const relative = path.posix.relative(mount.root, cpu.path);
  if (relative === ".." || relative.startsWith("../")) throw new Error(`${cpu.path} is not under ${mount.root}`);
  const dir = path.join(files.root, mount.mountPoint, relative);
  const quota = atoi(readFirstLine(path.join(dir, "cpu.cfs_quota_us")));
  if (quota <= 0) return undefined;
  const period = atoi(readFirstLine(path.join(dir, "cpu.cfs_period_us")));
  if (period <= 0) return undefined;
  return quota / period;
}

/** The CPU quota of this process's cgroup, in CPUs (1.5 for 150000/100000); undefined when there is none. */
export function cpuQuota(files: CgroupFiles = HOST): number | undefined {
  try {
    const mounts = parseMountInfo(fs.readFileSync(path.join(files.root, "proc/self/mountinfo"), "utf8"));
    const groups = parseCgroups(fs.readFileSync(path.join(files.root, "proc/self/cgroup"), "utf8"));
    const isV2 = mounts.some((m) => m.fsType === "cgroup2" && m.mountPoint === V2_MOUNT_POINT);
    const unified = groups.find((g) => g.id === 0);
    if (isV2 && unified) return v2Quota(files, unified.path);
    return v1Quota(files, mounts, groups);
  } catch {
    // maxprocs.Set() returns its error unused and leaves GOMAXPROCS as it was.
    return undefined;
  }
}

/** The CPUs the process may run on: Go's default GOMAXPROCS (runtime.NumCPU honours the affinity mask, as this does). */
function cpuCount(): number {
  return Math.max(1, typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length);
}

/** GOMAXPROCS of a Pulumi CLI started with this environment on this machine. */
export function goMaxProcs(env: NodeJS.ProcessEnv = process.env, files: CgroupFiles = HOST): number {
  const fromEnv = env["GOMAXPROCS"];
  if (fromEnv !== undefined) {
    // automaxprocs honours the variable; the runtime takes it when it is a positive number, else its own default.
    return /^\d+$/.test(fromEnv) && Number(fromEnv) > 0 ? Number(fromEnv) : cpuCount();
  }
  const quota = cpuQuota(files);
  if (quota === undefined) return cpuCount();
  return Math.max(1, Math.floor(quota));
}
