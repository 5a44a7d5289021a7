// Running the examples' stack programs in the tests: each example gets a tenant of its own in one
// shared in-process emulator, so examples can deploy at once and each can check through the API
// that its tenant holds exactly what its stack made, and nothing after destroy.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import type { RunResult, StackOptions } from "../../harness";
import { adminApi, Client } from "../support/emulatorClient";

export type Props = Record<string, any>;

export const ROOT = path.resolve(__dirname, "..", "..");
const PASSPHRASE = "examples passphrase";

export const programOf = (example: string): string => path.join(ROOT, "dist", "examples", example, "index.js");

/** A tenant of the emulator with its PRIME_ADMIN's credentials (the admin API's answer). */
export interface Tenant {
  tenantId: string;
  tenantName: string;
  username: string;
  password: string;
}

export async function newTenant(emulator: RunningEmulator, name: string, settings: Props = {}): Promise<Tenant> {
  const created = (await adminApi(emulator, "POST", "tenants", { name, ...settings })) as Tenant;
  if (!created.tenantId) throw new Error(`tenant ${name} not created: ${JSON.stringify(created)}`);
  return created;
}

export function login(emulator: RunningEmulator, tenant: Tenant): Promise<Client> {
  return Client.login(emulator, tenant.username, tenant.password);
}

/** What the emulator holds for a tenant, by kind (the admin API's view, every object of every kind). */
export async function objectsOf(emulator: RunningEmulator, tenantId: string): Promise<Record<string, Props[]>> {
  return (await adminApi(emulator, "GET", `tenants/${tenantId}/objects`)) as Record<string, Props[]>;
}

/** Counts of the kinds that hold anything, leaving out what every tenant has from its creation (its administrators). */
export async function heldCounts(emulator: RunningEmulator, tenantId: string): Promise<Record<string, number>> {
  const held = await objectsOf(emulator, tenantId);
  return Object.fromEntries(
    Object.entries(held)
      .filter(([kind, items]) => kind !== "admins" && items.length > 0)
      .map(([kind, items]) => [kind, items.length]),
  );
}

export interface ExampleStack {
  statePath: string;
  /** Options for one run; `config` entries without a namespace belong to the project. */
  with(config?: Record<string, string>): StackOptions;
  stateText(): string;
  cleanup(): void;
}

/**
 * A stack of an example's program, logged in as `login` against `tenantId` (an MSP's credentials
 * with an end customer's tenant ID, for delegated access).
 */
export function exampleStack(options: {
  emulator: RunningEmulator;
  example: string;
  stackName: string;
  tenantId: string;
  login: { username: string; password: string };
  config?: Record<string, string>;
  secretConfig?: Record<string, string>;
}): ExampleStack {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nms-example-${options.stackName}-`));
  const statePath = path.join(dir, "state.json");
  const project = options.example;
  const scoped = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).map(([k, v]) => [k.includes(":") ? k : `${project}:${k}`, v]));
  return {
    statePath,
    with: (config = {}) => ({
      projectDir: ROOT,
      program: programOf(options.example),
      projectName: project,
      stackName: options.stackName,
      statePath,
      passphrase: PASSPHRASE,
      config: {
        "nms:baseUrl": options.emulator.url,
        "nms:tenantId": options.tenantId,
        "nms:username": options.login.username,
        ...scoped({ ...options.config, ...config }),
      },
      secretConfig: { "nms:password": options.login.password, ...scoped(options.secretConfig ?? {}) },
    }),
    stateText: () => fs.readFileSync(statePath, "utf8"),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

/** Steps other than "same", by resource name. */
export function changes(result: RunResult): Record<string, string> {
  // The program's resources: a stack's first up also makes the state's identity (provider/stateIdentity.ts).
  const own = result.steps.filter((s) => s.custom && !s.type.endsWith(":StateIdentity"));
  return Object.fromEntries(own.filter((s) => s.op !== "same").map((s) => [s.name, s.op]));
}

export function idOf(result: RunResult, name: string): string {
  const step = result.steps.find((s) => s.name === name);
  if (!step?.id) throw new Error(`no step ${name} with an ID in ${result.steps.map((s) => s.name).join(", ")}`);
  return step.id;
}
