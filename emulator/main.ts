// Command line: node dist/emulator/main.js --port <n> [--async-delay-ms <n>] [--seed <n>] [--no-rate-limit]
// Prints one JSON line with the URL and the demo credentials, then serves until SIGINT/SIGTERM.
import { startEmulator } from "./index";

function numberFlag(args: string[], name: string): number | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`${name} needs a non-negative integer\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const emulator = await startEmulator({
    port: numberFlag(args, "--port") ?? 0,
    asyncDelayMs: numberFlag(args, "--async-delay-ms"),
    seed: numberFlag(args, "--seed"),
    rateLimit: args.includes("--no-rate-limit") ? null : undefined,
  });
  const { tenantId, username, password, readOnlyUsername, readOnlyPassword } = emulator.demo;
  process.stdout.write(JSON.stringify({ url: emulator.url, tenantId, username, password, readOnlyUsername, readOnlyPassword }) + "\n");
  const stop = () => {
    emulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
