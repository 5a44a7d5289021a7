// What every rule of the policy pack shares: the type tokens of this provider's resources, rule
// parameters read from the pack's config (one zod schema per rule, its JSON Schema sent to the engine
// so the CLI fills defaults and refuses bad values), and the one message form every violation uses.
import * as net from "node:net";
import type { PolicyConfigSchema, PolicyResource } from "@pulumi/policy";
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";

/** The type token of every resource of this package: `pulumi-nodejs:dynamic/nms:<Kind>` (sdk/resource.ts). */
export const NMS_TYPE_PREFIX = "pulumi-nodejs:dynamic/nms:";

export const typeOf = (kind: string): string => `${NMS_TYPE_PREFIX}${kind}`;

/** The kind of an nms resource type ("Network"), undefined for any other type. */
export function kindOf(type: string): string | undefined {
  return type.startsWith(NMS_TYPE_PREFIX) ? type.slice(NMS_TYPE_PREFIX.length) : undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: resource inputs as the analyzer gives them, before a rule reads them.
export type Props = Record<string, any>;

/**
 * A violation's message: which resource, which field (and its value), what is wrong, how to fix it.
 * `Network "corp": wlan.vlanId is 4000: outside the allowed VLANs 10-99. Fix: ...`
 */
export function violation(kind: string, name: string, field: string, value: unknown, problem: string, fix: string) {
  const shown = value === undefined ? "" : ` is ${typeof value === "string" ? JSON.stringify(value) : String(value)}`;
  return `${kind} "${name}": ${field}${shown}: ${problem}. Fix: ${fix}.`;
}

interface JsonObjectSchema {
  properties: PolicyConfigSchema["properties"];
  required?: string[];
}

/** A rule's parameters: the zod schema the rule reads its config with, and the JSON Schema the engine gets. */
export function configSchemaOf(params: z.AnyZodObject): PolicyConfigSchema {
  // Typed loosely, as in emulator/operations/openapi.ts: the converter's generic signature is too deep for tsc.
  const convert = zodToJsonSchema as unknown as (schema: z.ZodTypeAny, options: object) => JsonObjectSchema;
  const json = convert(params, { target: "jsonSchema7", $refStrategy: "none" });
  return { properties: json.properties, ...(json.required?.length ? { required: json.required } : {}) };
}

/**
 * The rule's parameters from its config (`args.getConfig()`), defaults filled in. The engine already
 * validated them against the JSON Schema; parsing again keeps a direct call (tests, other engines) as strict.
 */
export function paramsOf<P extends z.AnyZodObject>(rule: string, params: P, config: unknown): z.infer<P> {
  // Parsed once per rule and config: the analyzer asks for it for every resource.
  const key = `${rule}\u0000${JSON.stringify(config ?? {})}`;
  const cached = parsedParams.get(key);
  if (cached) return cached as z.infer<P>;
  // Strict: a misspelt parameter is an error, not a rule silently left at its default.
  const parsed = params.strict().safeParse(config ?? {});
  if (parsed.success) {
    parsedParams.set(key, parsed.data);
    return parsed.data;
  }
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(config)"}: ${i.message}`).join("; ");
  throw new Error(`policy config of "${rule}" is invalid: ${issues}`);
}

const parsedParams = new Map<string, unknown>();

/** "10-99" or "42": a VLAN or a range of VLANs, 1 to 4094. */
const VLAN_RANGE = /^(\d{1,4})(?:-(\d{1,4}))?$/;

export const vlanRanges = z
  .array(
    z
      .string()
      .regex(VLAN_RANGE, 'must be a VLAN ("42") or a range ("10-99")')
      .refine((s) => {
        const [from, to] = rangeOf(s);
        return from >= 1 && to <= 4094 && from <= to;
      }, "must lie within 1-4094, low end first"),
  )
  .describe('VLANs and ranges of VLANs, e.g. ["10-99", "200"].');

function rangeOf(text: string): [number, number] {
  const m = VLAN_RANGE.exec(text);
  if (!m) return [0, -1];
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

export function inRanges(vlan: number, ranges: readonly string[]): boolean {
  return ranges.some((r) => {
    const [from, to] = rangeOf(r);
    return vlan >= from && vlan <= to;
  });
}

/** Addresses: IPv4/IPv6 addresses or CIDR blocks, host names, or `*.domain` for every host of a domain. */
export const addressList = z
  .array(z.string().min(1, "must not be empty"))
  .describe('Addresses, CIDR blocks, host names or "*.domain" patterns, e.g. ["10.0.0.0/8", "*.corp.example"].');

/** An address list split into its blocks (addresses and CIDRs) and its host names and patterns, made once per list. */
const addressLists = new Map<string, { blocks: net.BlockList; hosts: string[] }>();

function compiled(allowed: readonly string[]): { blocks: net.BlockList; hosts: string[] } {
  const key = allowed.join("\n");
  let list = addressLists.get(key);
  if (list) return list;
  list = { blocks: new net.BlockList(), hosts: [] };
  for (const entry of allowed) {
    const [base, bits] = entry.split("/");
    const family = net.isIP(base);
    if (family === 0) list.hosts.push(entry.toLowerCase());
    else if (bits === undefined) list.blocks.addAddress(base, family === 6 ? "ipv6" : "ipv4");
    else list.blocks.addSubnet(base, Number(bits), family === 6 ? "ipv6" : "ipv4");
  }
  addressLists.set(key, list);
  return list;
}

export function addressAllowed(address: string, allowed: readonly string[]): boolean {
  const { blocks, hosts } = compiled(allowed);
  const family = net.isIP(address);
  if (family !== 0) return blocks.check(address, family === 6 ? "ipv6" : "ipv4");
  const host = address.toLowerCase();
  return hosts.some((pattern) => (pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern));
}

/** The domain of an e-mail address, lower case ("" when there is none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).toLowerCase();
}

/** Whether `domain` is one of `domains` or a subdomain of one. */
export function inDomains(domain: string, domains: readonly string[]): boolean {
  return domains.some((d) => {
    const want = d.toLowerCase().replace(/^@/, "");
    return domain === want || domain.endsWith(`.${want}`);
  });
}

/**
 * The value `props` holds at `key` as deserialized, without the analyzer's proxy: its trap throws on an unknown, and
 * the error it builds (a stack trace per read) was most of what the rules cost per resource. The proxy traps only
 * `get`, so the property's own descriptor is the plain value; an unknown reads as the engine's sentinel string.
 */
export function rawValue(props: Props, key: string | number): unknown {
  return Object.getOwnPropertyDescriptor(props, key)?.value;
}

/**
 * Whether `key` of `props` has a value, known or not: in a preview a value that comes from another resource (an ID) is
 * unknown (it cannot be read through the analyzer's proxy); it is set all the same.
 */
export function isSet(props: Props, key: string): boolean {
  const value = rawValue(props, key);
  return value !== undefined && value !== null && value !== "";
}

/** A network's SSID: the WLAN's own, else the network's name (contract/schemas/wlan.ts). */
export function ssidOf(network: Props): string | undefined {
  return network["wlan"]?.["ssid"] ?? network["name"];
}

/** The resources a property of `r` takes its value from (the engine's property dependencies), of one kind. */
export function dependedOn(r: PolicyResource, property: string, kind: string): PolicyResource[] {
  return (r.propertyDependencies[property] ?? []).filter((d) => d.type === typeOf(kind));
}
