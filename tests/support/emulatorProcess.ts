// The emulator as users run it: dist/emulator/main.js in a child process (npm test builds dist
// first). Waits for its one JSON line, or for it to exit with what it printed on stderr.
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";

export const EMULATOR_MAIN = path.resolve(__dirname, "..", "..", "dist", "emulator", "main.js");

export interface EmulatorProcess {
  child: ChildProcess;
  /** The JSON line it printed at start. */
  started: any;
  stderr(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the emulator to its end (for options it refuses): exit code and output. */
export function runEmulator(args: string[], timeoutMs = 15_000): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EMULATOR_MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`emulator ${args.join(" ")} still running after ${timeoutMs} ms; stdout: ${stdout}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts the emulator and waits for its JSON line. */
export function startEmulatorProcess(args: string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [EMULATOR_MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => {
      resolve({
        child,
        started: JSON.parse(line),
        stderr: () => stderr,
        stop: (signal = "SIGTERM") => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`emulator exited with ${code}: ${stderr}`)));
  });
}
