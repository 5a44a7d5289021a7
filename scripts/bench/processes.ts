// Where the CPU went during a harness command: the bench's child processes (the emulator, and the program and the
// dynamic-provider host the harness spawns) read from /proc every 250 ms, and this process (the harness) from
// process.cpuUsage(). Only this process's children are read (/proc/self/task/<tid>/children), never the whole /proc:
// scanning every process of a busy machine each tick cost the harness more CPU than it measured. On a shared machine the wall time alone cannot tell a slow provider from a busy machine: the
// CPU seconds of each process, with the load average, can.
import * as fs from "node:fs";
import * as os from "node:os";
import { round } from "./round";

export type ProcessRole = "program" | "providerHost" | "emulator" | "other";

export interface CpuSplit {
  /** CPU seconds (user + system) by role over the watched span; the harness is this process. */
  cpuSeconds: Record<ProcessRole | "harness", number>;
  /** 1-minute load average at the start and at the end of the span. */
  loadAverage: [number, number];
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function roleOf(cmdline: string): ProcessRole {
  if (/dynamic-provider/.test(cmdline)) return "providerHost";
  // A policy pack (cmd/run-policy-pack) is not the program (cmd/run): npm run bench:policy reads it as "other".
  if (/cmd[/\\]run-policy-pack/.test(cmdline)) return "other";
  if (/cmd[/\\]run/.test(cmdline)) return "program";
  if (/emulator/.test(cmdline)) return "emulator";
  return "other";
}

/** utime + stime of a process in seconds from /proc/<pid>/stat; undefined once it is gone. */
function statOf(pid: string): { cpuSeconds: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: the fields after it start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** This process's children, from the children file of each of its threads; none where /proc does not have it. */
function childPids(): string[] {
  try {
    return fs
      .readdirSync("/proc/self/task")
      .flatMap((tid) => fs.readFileSync(`/proc/self/task/${tid}/children`, "utf8").split(" "))
      .filter((pid) => /^\d+$/.test(pid));
  } catch {
    return []; // not Linux: only the harness's own CPU is known
  }
}

export class CpuWatcher {
  private readonly seen = new Map<string, { role: ProcessRole; first: number; last: number }>();
  private readonly timer: NodeJS.Timeout;
  private readonly startUsage = process.cpuUsage();
  private readonly startLoad = os.loadavg()[0];

  constructor() {
    this.sample(true);
    this.timer = setInterval(() => this.sample(), 250);
  }

  /** `before`: the processes running when the span starts count from here; later ones from their start. */
  private sample(before = false): void {
    for (const pid of childPids()) {
      const stat = statOf(pid);
      if (!stat) continue;
      const known = this.seen.get(pid);
      if (known) {
        known.last = stat.cpuSeconds;
        continue;
      }
      let cmdline = "";
      try {
        cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      } catch {
        continue;
      }
      this.seen.set(pid, { role: roleOf(cmdline), first: before ? stat.cpuSeconds : 0, last: stat.cpuSeconds });
    }
  }

  stop(): CpuSplit {
    this.sample();
    clearInterval(this.timer);
    const usage = process.cpuUsage(this.startUsage);
    const cpuSeconds: CpuSplit["cpuSeconds"] = {
      harness: round((usage.user + usage.system) / 1e6, 2),
      program: 0,
      providerHost: 0,
      emulator: 0,
      other: 0,
    };
    for (const { role, first, last } of this.seen.values())
      cpuSeconds[role] = round(cpuSeconds[role] + last - first, 2);
    return { cpuSeconds, loadAverage: [round(this.startLoad, 2), round(os.loadavg()[0], 2)] };
  }
}
