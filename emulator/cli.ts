// The command line of `nms-emulator` (the package's command; `npm run emulator -- ...` in the
// repository), emulator/main.ts: flags, and an optional JSON
// config file (--config) holding the same options under their camelCase names. Flags win over the
// file; --fault and --async-latency add to the file's. Every problem is an EmulatorOptionsError
// naming the flag, or the file and the field, with the rule; main.ts exits with code 2 on it.
import * as fs from "node:fs";
import type { EmulatorOptions } from "./index";
import { DEFAULT_RATE_LIMIT } from "./settings/config";
import { checkOptions, EmulatorOptionsError, fieldPath } from "./settings/options";
import { operationNamed } from "../contract/routes";
import { parseJsonText } from "../contract/textParsing";

interface FlagDef {
  /** Option it sets (a path into EmulatorOptions). */
  key: string[];
  kind: "int" | "number" | "string" | "json" | "latency" | "none";
  help: string;
}

/** Every flag, in the order `--help` lists them. */
export const FLAGS: Record<string, FlagDef> = {
  "--config": {
    key: [],
    kind: "string",
    help: "JSON file with any option below under its camelCase name, and `tenants`",
  },
  "--host": { key: ["host"], kind: "string", help: "address to listen on (default 127.0.0.1)" },
  "--port": { key: ["port"], kind: "int", help: "port, 0 for a free one (default 0; the URL is printed)" },
  "--seed": { key: ["seed"], kind: "int", help: "makes IDs, latency jitter and fault draws reproducible" },
  "--wifi-api-variant": {
    key: ["demoTenant", "wifiApiVariant"],
    kind: "string",
    help: "the demo tenant's Wi-Fi API variant: older or newer (default newer)",
  },
  "--wifi-licenses": {
    key: ["demoTenant", "wifiLicenses"],
    kind: "int",
    help: "the demo tenant's Wi-Fi licences (default 1000)",
  },
  "--async-delay-ms": { key: ["asyncDelayMs"], kind: "int", help: "time an async write stays PENDING (default 300)" },
  "--async-jitter-ms": { key: ["asyncJitterMs"], kind: "int", help: "random time added to it, up to this (default 0)" },
  "--async-latency": {
    key: ["asyncLatencyByOp"],
    kind: "latency",
    help: "OP=BASE[+JITTER] latency of one operation, e.g. createNetworkDeep=2000+1000 (repeatable)",
  },
  "--rate-limit-rps": {
    key: ["rateLimit", "requestsPerSecond"],
    kind: "number",
    help: "requests per second per tenant (default 50)",
  },
  "--rate-limit-burst": {
    key: ["rateLimit", "burst"],
    kind: "int",
    help: "requests at once after a quiet spell (default 100)",
  },
  "--no-rate-limit": { key: ["rateLimit"], kind: "none", help: "no rate limit" },
  "--token-ttl-ms": { key: ["tokenTtlMs"], kind: "int", help: "lifetime of a login token (default 3600000)" },
  "--lockout-threshold": {
    key: ["lockoutThreshold"],
    kind: "int",
    help: "failed logins that lock a username, 0 never (default 5)",
  },
  "--lockout-duration-ms": {
    key: ["lockoutDurationMs"],
    kind: "int",
    help: "how long it stays locked (default 60000)",
  },
  "--fault": {
    key: ["faults"],
    kind: "json",
    help: 'a fault rule as JSON, e.g. \'{"kind":"http-5xx","probability":0.1}\' (repeatable)',
  },
  "--state-file": { key: ["stateFile"], kind: "string", help: "keep the state in this file across restarts" },
  "--state-save-delay-ms": {
    key: ["stateSaveDelayMs"],
    kind: "int",
    help: "write the state file this long after a change (default 200; always at stop)",
  },
  "--help": { key: [], kind: "none", help: "print this help" },
};

export function usage(): string {
  const lines = Object.entries(FLAGS).map(
    ([flag, def]) =>
      `  ${(flag + (def.kind === "none" ? "" : def.kind === "int" || def.kind === "number" ? " N" : " VALUE")).padEnd(28)} ${def.help}`,
  );
  return [
    "usage: nms-emulator [options]",
    "  (npx nms-emulator from a project that installed pulumi-nms; npm run emulator -- [options] in its repository)",
    "",
    ...lines,
    "",
    'See emulator/README.md, "Running the emulator"; it ships in the package.',
  ].join("\n");
}

export interface ParsedCommandLine {
  help: boolean;
  options: EmulatorOptions;
}

/** The options of a command line (argv without node and the script); reads --config's file. */
export function parseCommandLine(
  args: readonly string[],
  readFile: (file: string) => string = (f) => fs.readFileSync(f, "utf8"),
): ParsedCommandLine {
  const flagged: Record<string, unknown> = {};
  /** Top-level option → the flag that set it, for messages. */
  const flagOf = new Map<string, string>();
  let configFile: string | undefined;
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [name, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const def = FLAGS[name];
    if (!def)
      throw new EmulatorOptionsError(
        arg.startsWith("-")
          ? `unknown option ${name} (nms-emulator --help lists them)`
          : `unexpected argument ${JSON.stringify(arg)}`,
      );
    if (name === "--help") {
      help = true;
      continue;
    }
    if (def.kind === "none") {
      if (isObject(flagged.rateLimit))
        throw new EmulatorOptionsError(`${name} and --rate-limit-rps/--rate-limit-burst contradict each other`);
      set(flagged, def.key, null);
      flagOf.set(def.key[0], name);
      continue;
    }
    const raw = inline ?? args[++i];
    if (raw === undefined || (inline === undefined && raw.startsWith("--")))
      throw new EmulatorOptionsError(`${name} needs a value`);
    if (name === "--config") {
      configFile = raw;
      continue;
    }
    flagOf.set(def.key[0], name);
    const value = flagValue(name, def, raw);
    if (def.kind === "json")
      (flagged.faults as unknown[] | undefined) === undefined
        ? (flagged.faults = [value])
        : (flagged.faults as unknown[]).push(value);
    else if (def.kind === "latency")
      flagged.asyncLatencyByOp = { ...(flagged.asyncLatencyByOp as object), ...(value as object) };
    else if (def.key[0] === "rateLimit" && flagged.rateLimit === null)
      throw new EmulatorOptionsError(`${name} and --no-rate-limit contradict each other`);
    else set(flagged, def.key, value);
  }
  const fromFile = configFile === undefined ? {} : readConfig(configFile, readFile);
  const merged = merge(fromFile, flagged);
  const fileFaults = Array.isArray(fromFile.faults) ? fromFile.faults.length : 0;
  const describe = (path: (string | number)[]) => {
    const field = fieldPath(path) || "options";
    const flag = flagOf.get(String(path[0]));
    const inFile = path[0] === "faults" ? Number(path[1]) < fileFaults : flag === undefined;
    return !inFile && flag !== undefined ? `${flag} (${field})` : configFile ? `${configFile}: ${field}` : field;
  };
  checkOptions(merged, describe);
  return { help, options: merged as EmulatorOptions };
}

function flagValue(name: string, def: FlagDef, raw: string): unknown {
  switch (def.kind) {
    case "int":
    case "number": {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(value) || (def.kind === "int" && !Number.isInteger(value))) {
        throw new EmulatorOptionsError(
          `${name}: expected ${def.kind === "int" ? "a whole number" : "a number"}, got ${JSON.stringify(raw)}`,
        );
      }
      return value;
    }
    case "json":
      try {
        return parseJsonText(raw, name);
      } catch (error) {
        throw new EmulatorOptionsError((error as Error).message);
      }
    case "latency": {
      const match = /^([A-Za-z]\w*)=(\d+)(?:\+(\d+))?$/.exec(raw);
      if (!match)
        throw new EmulatorOptionsError(
          `${name}: expected OP=BASE or OP=BASE+JITTER in milliseconds (e.g. createNetworkDeep=2000+1000), got ${JSON.stringify(raw)}`,
        );
      // The operation by its name or its ID in the API documentation; the config's check refuses anything else.
      return { [operationNamed(match[1]) ?? match[1]]: { baseMs: Number(match[2]), jitterMs: Number(match[3] ?? 0) } };
    }
    default:
      return raw;
  }
}

function readConfig(file: string, readFile: (file: string) => string): Record<string, unknown> {
  let text: string;
  try {
    text = readFile(file);
  } catch (error) {
    throw new EmulatorOptionsError(
      `--config ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let parsed: unknown;
  try {
    // The file holds the tenants' passwords: a fault is named by line and column, never quoted.
    parsed = parseJsonText(text, `--config ${file}`);
  } catch (error) {
    throw new EmulatorOptionsError((error as Error).message);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new EmulatorOptionsError(`--config ${file}: must hold a JSON object`);
  return parsed as Record<string, unknown>;
}

/** Flags over the file: objects merge field by field (rateLimit, demoTenant, asyncLatencyByOp), faults add up, the rest replaces. */
function merge(file: Record<string, unknown>, flags: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...file };
  for (const [key, value] of Object.entries(flags)) {
    const before = out[key];
    if (key === "faults" && Array.isArray(before)) out[key] = [...before, ...(value as unknown[])];
    else if (isObject(value) && isObject(before)) out[key] = { ...before, ...value };
    else out[key] = value;
  }
  // One rate-limit field from a flag: the other keeps its default.
  if (isObject(out.rateLimit) && flags.rateLimit !== undefined)
    out.rateLimit = { ...DEFAULT_RATE_LIMIT, ...(out.rateLimit as object) };
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function set(target: Record<string, unknown>, key: string[], value: unknown): void {
  let at = target;
  for (const part of key.slice(0, -1)) at = (at[part] = isObject(at[part]) ? at[part] : {}) as Record<string, unknown>;
  at[key[key.length - 1]] = value;
}
