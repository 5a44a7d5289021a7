// The emulator the bench measures against, in a child process (its own event loop), with the admin calls the bench
// needs: reset, settings, and the request counters it reads after each harness command.
import type { ChildProcess } from "node:child_process";
import { type EmulatorInfo, spawnEmulator, stopEmulator } from "../emulatorProcess";

/** Service requests by operation and answer status. */
export interface RequestStats {
  total: number;
  byOp: Record<string, Record<string, number>>;
}

export class BenchEmulator {
  private constructor(
    private readonly child: ChildProcess,
    readonly info: EmulatorInfo,
  ) {}

  static async start(seed: number): Promise<BenchEmulator> {
    const { child, info } = await spawnEmulator(["--seed", String(seed)]);
    return new BenchEmulator(child, info);
  }

  async admin<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.info.url}/__admin/${route}`, {
      method,
      // The admin API takes its writes as JSON only, even without a body (emulator/README.md).
      headers: method === "GET" ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__admin/${route}: HTTP ${response.status} ${text}`);
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }

  /** Times (ms since the epoch) of the first and last service request in the request log since it was cleared. */
  async takeRequestSpan(): Promise<{ firstAt: number; lastAt: number } | undefined> {
    const { entries } = await this.admin<{ entries: { op: string; at: string }[] }>("GET", "log");
    await this.admin("DELETE", "log");
    const times = entries.filter((e) => e.op !== "admin").map((e) => Date.parse(e.at));
    if (times.length === 0) return undefined;
    return { firstAt: Math.min(...times), lastAt: Math.max(...times) };
  }

  /** Service requests by operation since the last clear (the admin API's own calls left out). */
  async takeStats(): Promise<RequestStats> {
    const view = await this.admin<RequestStats>("GET", "stats");
    await this.admin("DELETE", "stats");
    const byOp = { ...view.byOp };
    delete byOp["admin"];
    let total = 0;
    for (const byStatus of Object.values(byOp)) for (const n of Object.values(byStatus)) total += n;
    return { total, byOp };
  }

  stop(): Promise<void> {
    return stopEmulator(this.child);
  }
}
