/**
 * Child processes started by the harness (the program and the provider host): spawned, their output read line by
 * line, and always stopped. A process-exit hook kills any child still running if the harness itself goes away.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of live) {
      try {
        child.kill("SIGKILL");
      } catch {
        /* ignore */
      }
    }
  });
}

export interface Spawned {
  child: ChildProcess;
  /** Resolves with the exit code (signal exits give 128 + n, or -1). Never rejects. */
  exited: Promise<number>;
  /** Stops the process: SIGTERM, then SIGKILL after graceMs. Resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  cwd: string;
  /** Options for node itself, before the script. */
  nodeArgs?: string[];
  env: NodeJS.ProcessEnv;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
}

export function spawnNode(script: string, args: string[], opts: SpawnOptions): Spawned {
  installExitHook();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), script, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
    windowsHide: true,
  });
  live.add(child);
  const exited = new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      live.delete(child);
      resolve(code);
    };
    child.once("error", () => finish(-1));
    child.once("exit", (code, signal) => finish(code ?? (signal ? 128 + signalNumber(signal) : -1)));
  });
  if (child.stdout) readLines(child.stdout, opts.onStdoutLine);
  if (child.stderr) readLines(child.stderr, opts.onStderrLine);
  const stop = async (graceMs = 2000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      return;
    }
    try {
      child.kill("SIGTERM");
    } catch {
      /* ignore */
    }
    const timer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch {
        /* ignore */
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { child, exited, stop };
}

function signalNumber(signal: NodeJS.Signals): number {
  const table: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return table[signal] ?? 0;
}

function readLines(stream: NodeJS.ReadableStream, onLine: ((line: string) => void) | undefined): void {
  let buf = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buf += chunk;
    let idx: number;
    while ((idx = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, idx).replace(/\r$/, "");
      buf = buf.slice(idx + 1);
      onLine?.(line);
    }
  });
  stream.on("end", () => {
    if (buf.length > 0) onLine?.(buf);
    buf = "";
  });
}

/** Number of harness children currently running (for tests). */
export function liveChildren(): number {
  return live.size;
}

/** The directory of the @pulumi/pulumi package the project uses (falls back to the harness's own copy). */
export function resolvePulumiSdk(projectDir: string): string {
  try {
    return path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [projectDir] }));
  } catch {
    return path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  }
}

/**
 * The environment for a child: ours, minus anything that would make it think it runs under a real engine, and minus
 * the harness's own secrets (the state passphrase, program secrets given through the environment), which reach the
 * program as config only.
 */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith("PULUMI_NODEJS_") || k === "PULUMI_CONFIG" || k === "PULUMI_CONFIG_SECRET_KEYS") continue;
    if (k === "NMS_HARNESS_PASSPHRASE" || k === "NMS_HARNESS_SECRETS") continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Starts a plugin the way the engine does (sdk/go/common/resource/plugin/plugin.go newPlugin): the process prints the
 * port of its gRPC server as its first line of stdout; every other line goes to `onLine`. Fails, stopping the
 * process, when it exits or stays silent for `timeoutMs` first; `what` names it in that error.
 */
export async function spawnPlugin(
  what: string,
  script: string,
  args: string[],
  opts: Omit<SpawnOptions, "onStdoutLine" | "onStderrLine"> & { onLine: (line: string) => void; timeoutMs: number },
): Promise<{ proc: Spawned; port: number }> {
  let gotPort: (p: number) => void = () => undefined;
  const portPromise = new Promise<number>((resolve) => (gotPort = resolve));
  let first = true;
  const proc = spawnNode(script, args, {
    cwd: opts.cwd,
    nodeArgs: opts.nodeArgs,
    env: opts.env,
    onStdoutLine: (line) => {
      if (first) {
        first = false;
        const n = Number(line.trim());
        if (Number.isInteger(n) && n > 0) {
          gotPort(n);
          return;
        }
      }
      opts.onLine(line);
    },
    onStderrLine: opts.onLine,
  });
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    portPromise,
    proc.exited.then((code) => {
      throw new Error(`${what} exited with code ${code} before reporting its port`);
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} did not report a port within ${opts.timeoutMs} ms`)),
        opts.timeoutMs,
      );
    }),
  ])
    .catch(async (e: unknown) => {
      await proc.stop(500);
      throw e;
    })
    .finally(() => clearTimeout(timer));
  return { proc, port };
}
