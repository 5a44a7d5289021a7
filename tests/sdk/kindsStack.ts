// The stack that the kinds table's suites drive (kinds.test.ts: every kind through a stack's life;
// kindsConvergence.test.ts: every kind against the service's default-filled answers): one
// shared stack program (fixtures/kinds) under the real @pulumi/pulumi runtime and provider host,
// against an emulator of its own. The whole stack is in an end customer's tenant, reached through
// delegated access: the configured tenant (nms:tenantId) and login are the MSP's (the demo
// tenant's), and every resource names the customer in its `tenantId` (kinds:tenantId). Stacks in the
// configured tenant are what every other stack test runs.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { PlannedStep, RunResult, StackOptions } from "../../harness";
import type { NmsClient } from "../../provider/client";
import { adminApi, demoClient } from "../support/emulatorClient";
import { type Api, KIND_CASES, type KindCase, type Props, SECRETS, SUPPORT } from "./kindCases";
import { everyField, requiredOnly } from "./kindCases/generate";

const ROOT = path.resolve(__dirname, "..", "..");
const PROGRAM = path.join(__dirname, "fixtures", "kinds", "index.js");

/** A resource of the shared stack program (fixtures/kinds). */
export type StackResource = { name: string; kind: string; args: Props; retainOnDelete?: boolean };

export interface KindsStack {
  readonly emulator: RunningEmulator;
  /** The MSP's administrator in the customer's tenant: the cases' "other administrator". */
  readonly admin: NmsClient;
  /** The end customer's tenant, which the stack's every resource names. */
  readonly customer: string;
  /** What the tenant held before the stack (its seeded administrators): "kind id". */
  readonly before: Set<string>;
  readonly statePath: string;
  /** Resource name → ID, as the last run that the suite recorded left them. */
  ids: Record<string, string>;
  /** The stack's options: the support resources and `cases`, with fields changed by resource name. */
  options(
    overrides?: Record<string, Record<string, unknown>>,
    extra?: Partial<StackOptions>,
    cases?: readonly StackResource[],
  ): StackOptions;
  /** What a case's callbacks reach: the other administrator, the stack's IDs, the tenant's objects. */
  api(c: KindCase): Api;
  /** The tenant's objects, "kind id", without its default AP groups. */
  heldObjects(tenantId: string): Promise<string[]>;
}

/**
 * Starts an emulator with the customer's tenant for the suite (beforeAll) and stops it (afterAll). The stack's
 * client may send as fast as the emulator accepts: the request rate is not what these suites check, and at the
 * client's default (20 per second) every up of the table would wait on it.
 */
export function kindsStack(): KindsStack {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-kinds-"));
  let emulator: RunningEmulator | undefined;
  let admin: NmsClient | undefined;
  let customer = "";
  const required = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the kinds stack's emulator is not running (beforeAll)");
    return value;
  };
  const stack: KindsStack = {
    get emulator() {
      return required(emulator);
    },
    get admin() {
      return required(admin);
    },
    get customer() {
      return customer;
    },
    before: new Set<string>(),
    statePath: path.join(dir, "state.json"),
    ids: {},
    options(overrides = {}, extra = {}, cases = KIND_CASES) {
      const running = required(emulator);
      const resources = [
        ...SUPPORT,
        ...cases.map(({ name, kind, args, retainOnDelete }) => ({ name, kind, args, retainOnDelete })),
      ];
      return {
        projectDir: ROOT,
        program: PROGRAM,
        projectName: "kinds",
        stackName: "kinds",
        statePath: stack.statePath,
        passphrase: "kinds passphrase",
        config: {
          "nms:baseUrl": running.url,
          "nms:tenantId": running.demo.tenantId,
          "nms:username": running.demo.username,
          "nms:maxRequestsPerSecond": String(EMULATOR_REQUESTS_PER_SECOND),
          "kinds:resources": JSON.stringify(resources),
          "kinds:overrides": JSON.stringify(overrides),
          "kinds:tenantId": customer,
        },
        secretConfig: {
          "nms:password": running.demo.password,
          ...Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`kinds:${k}`, v])),
        },
        ...extra,
      };
    },
    api: (c) => ({
      admin: required(admin),
      ids: stack.ids,
      id: stack.ids[c.name],
      tenantObjects: () => adminApi(required(emulator), "GET", `tenants/${customer}/objects`),
    }),
    async heldObjects(tenantId) {
      const held: Record<string, Record<string, unknown>[]> = await adminApi(
        required(emulator),
        "GET",
        `tenants/${tenantId}/objects`,
      );
      return Object.entries(held).flatMap(([kind, objects]) =>
        objects
          .filter((o) => !(kind === "apGroups" && o.isDefault))
          .map((o) => `${kind} ${String(o.id ?? o.serialNumber)}`),
      );
    },
  };

  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      asyncDelayMs: 10,
      rateLimit: { requestsPerSecond: EMULATOR_REQUESTS_PER_SECOND, burst: EMULATOR_REQUESTS_PER_SECOND },
    });
    customer = (await adminApi(emulator, "POST", "tenants", { name: "Kinds customer" })).tenantId;
    await adminApi(emulator, "PUT", `tenants/${customer}/msp`, { mspTenantId: emulator.demo.tenantId });
    admin = demoClient(emulator).forTenant(customer);
    for (const object of await stack.heldObjects(customer)) stack.before.add(object);
  });

  afterAll(async () => {
    await admin?.close();
    await emulator?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  return stack;
}

/** The emulator's limit for the suite's login, which the stack's client keeps to. */
const EMULATOR_REQUESTS_PER_SECOND = 200;

export function ok(result: RunResult): RunResult {
  if (result.failed) throw new Error(`run failed:\n${result.errors.join("\n")}`);
  return result;
}

/** Resource name → operation, of the resources a run changes. */
export function changes(steps: PlannedStep[]): Record<string, string> {
  return Object.fromEntries(steps.filter((s) => s.custom && s.op !== "same").map((s) => [s.name, s.op]));
}

export function stepOf(steps: PlannedStep[], name: string): PlannedStep {
  const found = steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step ${name} in ${steps.map((s) => s.name).join(", ")}`);
  return found;
}

const generated = new Map<string, Promise<{ minimal: Props; full: Props }>>();

/** Each case's generated arguments (kindCases/generate.ts): only the required fields, and every field set. */
export function argsOf(c: KindCase): Promise<{ minimal: Props; full: Props }> {
  let args = generated.get(c.name);
  if (!args) {
    args = (async () => ({ minimal: await requiredOnly(c), full: await everyField(c) }))();
    generated.set(c.name, args);
  }
  return args;
}
