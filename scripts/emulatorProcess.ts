// The emulator in a child process, for benchmarks: its load must not share an event loop
// with what it measures.
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";

const STARTUP_TIMEOUT_MS = 15_000;

/** The JSON line dist/emulator/main.js prints when it is ready. */
export interface EmulatorInfo {
  url: string;
  tenantId: string;
  username: string;
  password: string;
}

/**
 * Starts dist/emulator/main.js on a free port with extra arguments and reads its JSON line; or
 * another `command` that starts it (an installed package's `node_modules/.bin/nms-emulator`).
 */
export function spawnEmulator(
  args: string[],
  command: { file: string; cwd?: string } = { file: process.execPath },
): Promise<{ child: ChildProcess; info: EmulatorInfo }> {
  const leading = command.file === process.execPath ? [path.join(__dirname, "..", "emulator", "main.js")] : [];
  const child = spawn(command.file, [...leading, "--port", "0", ...args], {
    cwd: command.cwd,
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Never leave it behind, whatever way this process ends.
  process.once("exit", () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => fail(new Error("the emulator did not print its URL in time")), STARTUP_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    child.once("error", fail);
    child.once("exit", (code) => fail(new Error(`the emulator exited early (code ${code})`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      try {
        resolve({ child, info: JSON.parse(buffered.slice(0, newline)) as EmulatorInfo });
      } catch (error) {
        fail(error as Error);
      }
    });
  });
}

/** Stops a spawned emulator: SIGTERM, then SIGKILL if it has not exited within 3 s. */
export function stopEmulator(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
