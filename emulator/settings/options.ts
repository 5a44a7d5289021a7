// The options of an emulator as users start it: the same names in startEmulator's options, in the
// JSON config file (--config) and, in kebab case, as flags (emulator/cli.ts). One schema checks
// them all; a problem is reported with the field's path (`tenants[1].wifiApiVariant`) and the rule.
import { z } from "zod";
import { WIFI_API_VARIANTS } from "../../contract";
import { configPatchSchema } from "./config";
import { faultInputSchema } from "./faults";

const username = z.string().min(1).max(255);
const password = z.string().min(1).max(255);

/** A tenant the emulator holds from the start, with the credentials of its two administrators. */
export const tenantOptionSchema = z
  .object({
    name: z.string().min(2).max(64),
    /** 32 lowercase hexadecimal characters; generated when left out. */
    tenantId: z
      .string()
      .regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hexadecimal characters")
      .optional(),
    /** The PRIME_ADMIN's login. */
    username,
    password,
    /** The READ_ONLY administrator's login; generated (and printed) when left out. */
    readOnlyUsername: username.optional(),
    readOnlyPassword: password.optional(),
    wifiApiVariant: z.enum(WIFI_API_VARIANTS).optional(),
    /** Wi-Fi device licences: APs beyond this count are refused (ENT-10003). */
    wifiLicenses: z.number().int().min(0).optional(),
    /** The name of another tenant of the list whose end customer this one is (delegated access). */
    mspTenant: z.string().optional(),
  })
  .strict()
  .superRefine((tenant, ctx) => {
    if ((tenant.readOnlyUsername === undefined) !== (tenant.readOnlyPassword === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [tenant.readOnlyUsername === undefined ? "readOnlyUsername" : "readOnlyPassword"],
        message: "readOnlyUsername and readOnlyPassword go together",
      });
    }
  });
export type TenantOption = z.infer<typeof tenantOptionSchema>;

const demoTenantSchema = z
  .object({ wifiApiVariant: z.enum(WIFI_API_VARIANTS).optional(), wifiLicenses: z.number().int().min(0).optional() })
  .strict();

/** Across the list: logins are global, names distinct, an MSP named by `mspTenant` is another tenant of the list. */
const tenantListSchema = z.array(tenantOptionSchema).superRefine((tenants, ctx) => {
  const seen = new Map<string, string>();
  tenants.forEach((tenant, i) => {
    for (const field of ["username", "readOnlyUsername"] as const) {
      const login = tenant[field];
      if (login === undefined) continue;
      const first = seen.get(login);
      if (first !== undefined)
        ctx.addIssue({
          code: "custom",
          path: [i, field],
          message: `${login} is already the login of ${first} (logins are global)`,
        });
      else seen.set(login, `tenants[${i}].${field}`);
    }
    if (tenants.findIndex((other) => other.name === tenant.name) < i)
      ctx.addIssue({ code: "custom", path: [i, "name"], message: `two tenants are named ${tenant.name}` });
    if (
      tenant.mspTenant !== undefined &&
      (tenant.mspTenant === tenant.name || !tenants.some((other) => other.name === tenant.mspTenant))
    ) {
      ctx.addIssue({
        code: "custom",
        path: [i, "mspTenant"],
        message: "must be the name of another tenant of the list",
      });
    }
  });
});

/** Fault rules, each as POST /__admin/faults takes it. */
const faultListSchema = z.array(z.unknown()).superRefine((faults, ctx) => {
  faults.forEach((fault, i) => {
    const parsed = faultInputSchema.safeParse(fault);
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] } as z.IssueData);
  });
});

export const emulatorOptionsSchema = configPatchSchema
  .extend({
    host: z.string().min(1),
    port: z.number().int().min(0).max(65535),
    seed: z.number().int().min(0),
    demoTenant: demoTenantSchema,
    tenants: tenantListSchema,
    faults: faultListSchema,
    stateFile: z.string().min(1),
    stateSaveDelayMs: z.number().int().min(0).max(60_000),
  })
  .partial()
  .strict();

export type EmulatorStartOptions = z.infer<typeof emulatorOptionsSchema>;

/** Options that cannot be used; the message names the field (or flag) and the rule. */
export class EmulatorOptionsError extends Error {}

/** `tenants[1].wifiApiVariant` */
export function fieldPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/**
 * The options, checked; `describe` says where a field came from in messages (a flag's name, the
 * config file's path). Throws EmulatorOptionsError naming every problem.
 */
export function checkOptions(
  input: unknown,
  describe: (path: (string | number)[]) => string = (p) => fieldPath(p) || "options",
): EmulatorStartOptions {
  const result = emulatorOptionsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${describe(issue.path)}: ${issueMessage(issue)}`);
  throw new EmulatorOptionsError(`invalid emulator options: ${problems.join("; ")}`);
}

function issueMessage(issue: z.ZodIssue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
  // A long list of allowed values (async operation names) would drown the message.
  if (issue.code === "invalid_enum_value" && issue.options.length > 8) {
    return `${JSON.stringify(issue.received)} is not one of the ${issue.options.length} allowed values (${issue.options.slice(0, 6).join(", ")}, …)`;
  }
  return issue.message;
}
