#!/usr/bin/env node
// Command line: nms-emulator [options], the package's command (npm run emulator -- [options] in the
// repository; emulator/cli.ts; --help lists them). Prints one
// JSON line with the URL and the credentials of the demo tenant and the configured tenants, then
// serves until SIGINT/SIGTERM. A stop by signal applies the accepted writes still waiting and
// writes the state file (with --state-file) before exiting 0.
// Exit codes: 0 stopped by a signal; 2 bad options, config file or state file (the message on
// stderr names the flag or field, or the file and what is wrong with it); 1 anything else.
import { parseCommandLine, usage } from "./cli";
import { EmulatorOptionsError, type RunningEmulator, startEmulator, StateFileError } from "./index";

let running: RunningEmulator | undefined;
let closing = false;
let signalled: string | undefined;

/** Stops once: applies the waiting writes and writes the state file (close()), then exits. */
function stop(signal: string): void {
  signalled ??= signal;
  if (running === undefined || closing) return; // still starting: main() stops it once it is up
  closing = true;
  running.close().then(
    () => process.exit(0),
    (error: Error) => {
      process.stderr.write(`emulator: stopped by ${signalled}, but ${error.message}\n`);
      process.exit(1);
    },
  );
}

async function main(): Promise<void> {
  // Before anything else: a signal that comes before the handlers are installed kills the process outright, and the
  // state of the writes it accepted would be lost.
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const { help, options } = parseCommandLine(process.argv.slice(2));
  if (help) {
    process.stdout.write(usage() + "\n");
    process.exit(0);
  }
  const emulator = await startEmulator(options);
  running = emulator;
  const { tenantId, username, password, readOnlyUsername, readOnlyPassword } = emulator.demo;
  const started = {
    url: emulator.url,
    tenantId,
    username,
    password,
    readOnlyUsername,
    readOnlyPassword,
    ui: `${emulator.url}/ui/`,
    tenants: emulator.tenants,
    ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile, restored: emulator.restored }),
  };
  if (signalled !== undefined) return stop(signalled);
  process.stdout.write(JSON.stringify(started) + "\n");
}

main().catch((error) => {
  const refused = error instanceof EmulatorOptionsError || error instanceof StateFileError;
  process.stderr.write(`emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(refused ? 2 : 1);
});
