// The functions of the SDK run here, in the program's process (the provider host runs resources,
// provider/runtime.ts). The SDK loads this module on the first call of a function (sdk/invoke.ts),
// so a program that calls none never loads the HTTP client. Functions read nms:* from the stack's
// configuration with the same environment fallback as the provider, share one client per
// process, and put nothing in state.
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { NEWER_ONLY_MESSAGE } from "../contract/meta";
import { parseFinite } from "../contract/validate";
import { FINITE_NUMBER_RULE } from "../contract/validators";
import type { ClientOptions, NmsClient } from "./client";
import { SharedClient } from "./configuredClient";
import { type ConfigLookup, LOG_LEVELS, type LogLevelSetting, resolveConfig, resolveWifiApiVariant } from "./config";
import { FUNCTION_SPECS, type FunctionSpec } from "./functions";
import { argFormProblem, argsOf, type ActionSkipped } from "./functions/spec";
import { runFunction } from "./functions/run";

const shared = new SharedClient((config) => programLogger(config.logLevel));
let closesBeforeExit = false;

/** nms:* from the stack's configuration; the environment fallback is resolveConfig's. */
export function programConfig(): ConfigLookup {
  const config = new pulumi.Config("nms");
  return (key) => config.get(key.replace(/^nms:/, ""));
}

/**
 * Calls a function with the program's arguments: checks them first (no call is made for a bad
 * one), and in preview runs only the functions that may run then (reads, not actions).
 */
export async function invoke(name: string, args: unknown, lookup: ConfigLookup = programConfig()): Promise<unknown> {
  const spec = specOf(name);
  const checked = checkArgs(name, args, lookup);
  if (!spec.runsInPreview && pulumi.runtime.isDryRun()) return skippedInPreview(spec);
  try {
    const result = mocksEnabled()
      ? await mockedCall(spec, checked)
      : await runFunction(sharedClient(lookup), spec, checked);
    return spec.runsInPreview ? result : { ran: true, ...(result as object) };
  } catch (error) {
    throw named(name, error);
  }
}

/** The arguments as the function takes them, or an error naming each bad argument and its rule. */
export function checkArgs(
  name: string,
  args: unknown,
  lookup: ConfigLookup = programConfig(),
): Record<string, unknown> {
  const spec = specOf(name);
  let variant;
  try {
    variant = resolveWifiApiVariant(lookup);
  } catch (error) {
    throw named(name, error);
  }
  const parsed = parseFinite(argsOf(spec, variant), args ?? {});
  if (parsed.ok) {
    const problem = argFormProblem(spec, parsed.value as Record<string, unknown>);
    if (problem) throw new Error(`${name}: ${problem}`);
    return parsed.value as Record<string, unknown>;
  }
  const problems = [
    ...parsed.nonFinite.map((path) => `${path}: ${FINITE_NUMBER_RULE}`),
    ...parsed.issues.flatMap((issue) => describeIssue(spec, issue, variant)),
  ];
  throw new Error(`${name}: ${problems.join("; ")}`);
}

/** The token a function answers to under Pulumi's mocks, named as Pulumi's own packages name theirs. */
export function functionToken(name: string): string {
  return `nms:index:${name}`;
}

/**
 * Under Pulumi's mocks (`pulumi.runtime.setMocks`, in a unit test of a program) there is no service
 * to call: the mocks' `call` hook answers each function by its token, as it answers a provider's
 * invokes. A call answers an object, so a list function's answer is `{ items: [...] }`. A test that
 * mocks only the engine and runs the functions against a service (the emulator) says so with
 * `nmsFunctionsCallService: true` on its mocks.
 */
function mocksEnabled(): boolean {
  const monitor: unknown = pulumi.runtime.getMonitor();
  if (typeof monitor !== "object" || monitor === null || !("mocks" in monitor)) return false;
  const mocks = (monitor as { mocks?: { nmsFunctionsCallService?: unknown } }).mocks;
  return mocks?.nmsFunctionsCallService !== true;
}

async function mockedCall(spec: FunctionSpec, args: Record<string, unknown>): Promise<unknown> {
  const answer = (await pulumi.runtime.invoke(functionToken(spec.name), args)) as Record<string, unknown> | undefined;
  if (spec.returns === "list") return Array.isArray(answer?.items) ? answer.items : [];
  return answer ?? {};
}

/** The reason an action gives in preview. */
export function skippedInPreview(spec: Pick<FunctionSpec, "name">): ActionSkipped {
  return { ran: false, reason: `${spec.name} was not run: a preview never runs actions, which change the service` };
}

/** Closes the shared client; the next call makes a new one. Runs when the program's work is done. */
export async function closeSharedClient(): Promise<void> {
  await shared.close();
}

function specOf(name: string): FunctionSpec {
  const spec = FUNCTION_SPECS[name];
  if (!spec) throw new Error(`unknown nms function ${name}; the SDK and the installed pulumi-nms differ`);
  return spec;
}

function describeIssue(spec: FunctionSpec, issue: z.ZodIssue, variant: string): string[] {
  if (issue.code === "unrecognized_keys") return issue.keys.map((key) => `${key}: is not an argument of ${spec.name}`);
  const path = issue.path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    "",
  );
  let rule = issue.message;
  // zod's own words for a wrong type; a schema's message (newerOnly's) is kept.
  if (issue.code === "invalid_type" && (rule === "Required" || rule.startsWith("Expected "))) {
    rule = issue.received === "undefined" ? "is required" : `must be ${issue.expected}, got ${issue.received}`;
  }
  if (rule === NEWER_ONLY_MESSAGE) rule = `${rule} (nms:wifiApiVariant is ${variant})`;
  return [path ? `${path}: ${rule}` : rule];
}

function sharedClient(lookup: ConfigLookup): NmsClient {
  const client = shared.for(resolveConfig(lookup));
  if (!closesBeforeExit) {
    closesBeforeExit = true;
    // beforeExit comes when the program has nothing left to do; a call after it (an apply that
    // Pulumi resolves during shutdown) gets a new client, closed at the next beforeExit.
    process.on("beforeExit", () => void closeSharedClient());
  }
  return client;
}

/** The client's diagnostics as Pulumi diagnostics of the program; it has removed every secret it knows. */
function programLogger(least: LogLevelSetting): ClientOptions["logger"] {
  if (least === "off") return undefined;
  const threshold = LOG_LEVELS.indexOf(least);
  return ({ level, message }) => {
    if (LOG_LEVELS.indexOf(level) >= threshold) pulumi.log[level](`nms: ${message}`);
  };
}

/** The error with the function's name in front, so that the program's output says which call failed. */
function named(name: string, error: unknown): unknown {
  if (error instanceof Error && !error.message.startsWith(`${name}: `)) error.message = `${name}: ${error.message}`;
  return error;
}
