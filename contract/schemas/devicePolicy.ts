// Device policy (the Wi-Fi API documentation, "Device policy (newer)"; W68–W72): access by device
// type and OS vendor. The API documentation gives only example values of the device type and OS vendor
// enumerations and name the rule "device type and OS vendor are incompatible" (WIFI-10204) without
// the table: DEVICE_OS_VENDORS below is this project's table (emulator/README.md "Decisions"), and
// a pair it does not list is refused with WIFI-10204. The rules' cross checks (WIFI-10203,
// 10206–10208) live here so that the provider's check and the emulator give the same answer.
import { z } from "zod";
import { issueWithCode, lengthBetween } from "../validators";

export const DEVICE_POLICY_ACCESS = ["ALLOW", "BLOCK"] as const;

/** The OS vendor that stands for every vendor of a device type (WIFI-10208). */
export const ALL_OS_VENDORS = "All";

/** Device types and the OS vendors each may be paired with (WIFI-10204). */
export const DEVICE_OS_VENDORS: Readonly<Record<string, readonly string[]>> = {
  Smartphone: [ALL_OS_VENDORS, "Ios", "Android", "Windows", "BlackBerry"],
  Tablet: [ALL_OS_VENDORS, "Ios", "Android", "Windows", "Amazon"],
  Laptop: [ALL_OS_VENDORS, "Windows", "MacOs", "ChromeOs", "Linux"],
  Gaming: [ALL_OS_VENDORS, "PlayStation", "Xbox", "Nintendo"],
  VoIP: [ALL_OS_VENDORS, "Cisco", "Avaya", "Polycom"],
  Printer: [ALL_OS_VENDORS, "HP", "Epson", "Canon", "Brother"],
  IotDevice: [ALL_OS_VENDORS, "Nest", "Sonos", "Amazon"],
};

/** The most device policies a tenant may hold (WIFI-10205); the API documentation names the limit, not its value. */
export const MAX_DEVICE_POLICIES = 32;

export const devicePolicyRuleSchema = z.object({
  name: z.string().describe("Name of the rule, unique in the policy (WIFI-10207).").optional(),
  action: z.enum(DEVICE_POLICY_ACCESS).describe("ALLOW or BLOCK."),
  // Required although the API documentation does not mark them: a rule matches devices by this
  // pair, and WIFI-10204/10206/10208 are rules about it; without it the rule would match nothing.
  deviceType: z
    .string()
    .min(1, "is required")
    .describe("Device type, e.g. Smartphone, Tablet, Laptop, Gaming, VoIP, Printer, IotDevice."),
  osVendor: z
    .string()
    .min(1, "is required")
    .describe("OS vendor compatible with the device type (WIFI-10204), or All."),
  downloadRateLimit: z
    .number()
    .int("must be an integer")
    .describe("Download limit; not with action BLOCK (WIFI-10203).")
    .optional(),
  uploadRateLimit: z
    .number()
    .int("must be an integer")
    .describe("Upload limit; not with action BLOCK (WIFI-10203).")
    .optional(),
  vlan: z
    .number()
    .int("must be an integer")
    .describe("VLAN of matching devices; not with action BLOCK (WIFI-10203).")
    .optional(),
});

type Rule = z.infer<typeof devicePolicyRuleSchema>;

/** WIFI-10203, 10204, 10206, 10207 and 10208 over a policy's rules. */
export function devicePolicyRules(value: { rules?: Rule[] }, ctx: z.RefinementCtx): void {
  const rules = value.rules ?? [];
  const pairs = new Set<string>();
  const names = new Set<string>();
  const earlier = new Map<string, { total: number; byVendor: Map<string, number> }>();
  rules.forEach((rule, i) => {
    const at = (field: string) => ["rules", i, field];
    if (rule.action === "BLOCK") {
      for (const field of ["downloadRateLimit", "uploadRateLimit", "vlan"] as const) {
        if (rule[field] !== undefined)
          issueWithCode(
            ctx,
            "WIFI-10203",
            "a device-policy rule with action BLOCK must not set rate limit or VLAN",
            at(field),
          );
      }
    }
    if (!(DEVICE_OS_VENDORS[rule.deviceType] ?? []).includes(rule.osVendor)) {
      issueWithCode(
        ctx,
        "WIFI-10204",
        `device type ${rule.deviceType} and OS vendor ${rule.osVendor} are incompatible`,
        at("osVendor"),
      );
    }
    const pair = `${rule.deviceType}\u0000${rule.osVendor}`;
    if (pairs.has(pair))
      issueWithCode(ctx, "WIFI-10206", "only one rule per device type and OS vendor combination", at("osVendor"));
    pairs.add(pair);
    // The earlier rules of the same device type with another vendor, counted (not searched for each rule: linear).
    const seen = earlier.get(rule.deviceType) ?? { total: 0, byVendor: new Map<string, number>() };
    const others = seen.total - (seen.byVendor.get(rule.osVendor) ?? 0);
    const othersHoldAll = rule.osVendor !== ALL_OS_VENDORS && (seen.byVendor.get(ALL_OS_VENDORS) ?? 0) > 0;
    if (others > 0 && (rule.osVendor === ALL_OS_VENDORS || othersHoldAll)) {
      issueWithCode(ctx, "WIFI-10208", "only one rule per device type when OS vendor is All", at("deviceType"));
    }
    seen.total++;
    seen.byVendor.set(rule.osVendor, (seen.byVendor.get(rule.osVendor) ?? 0) + 1);
    earlier.set(rule.deviceType, seen);
    if (rule.name !== undefined) {
      if (names.has(rule.name))
        issueWithCode(ctx, "WIFI-10207", "rule names must be unique within a policy", at("name"));
      names.add(rule.name);
    }
  });
}

const devicePolicyObject = z.object({
  name: lengthBetween(2, 32).describe("2 to 32 characters."),
  description: lengthBetween(2, 180).describe("2 to 180 characters.").optional(),
  defaultAccess: z
    .enum(DEVICE_POLICY_ACCESS)
    .describe("Access of devices no rule matches: ALLOW (default) or BLOCK.")
    .default("ALLOW"),
  rules: z.array(devicePolicyRuleSchema).describe("The rules, by device type and OS vendor.").optional(),
});

/** Body of W69 (create) and W72 (update). */
export const devicePolicyInputSchema = devicePolicyObject.superRefine(devicePolicyRules);
export type DevicePolicyInput = z.output<typeof devicePolicyInputSchema>;

/** W71's answer (W69/W72 responses, W68 items). */
export const devicePolicyReadSchema = devicePolicyObject.extend({
  id: z.string().min(1, "is required").describe("The policy's ID."),
  tenantId: z.string().min(1, "is required").describe("The tenant of the policy."),
  defaultAccess: z.enum(DEVICE_POLICY_ACCESS).describe("Access of devices no rule matches."),
});
