// Named field rules from the API documentation, reused by every schema. A rule that carries a service
// error code reports it in the zod issue's params, so both the provider's check and the
// emulator's answer can name it.
import { z } from "zod";

/**
 * The value Pulumi sends for an input that is not known yet during preview. It may stand in
 * any field, whatever its type, and must never be validated as a value nor sent to the API.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** Attach a service error code to a custom issue. */
export function issueWithCode(ctx: z.RefinementCtx, code: string, message: string, path: (string | number)[]): void {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${message} (${code})`, path, params: { code } });
}

/**
 * The API documentation's rule for AP names (and vSPoT server names): printable ASCII, no backtick, no "$(",
 * no leading or trailing whitespace, with a length range.
 */
export function safeName(min: number, max: number) {
  return z
    .string()
    .min(min, `must be ${min} to ${max} characters`)
    .max(max, `must be ${min} to ${max} characters`)
    .refine((s) => /^[\x20-\x7e]*$/.test(s), "must be printable ASCII")
    .refine((s) => !s.includes("`"), "must not contain a backtick")
    .refine((s) => !s.includes("$("), 'must not contain "$("')
    .refine((s) => s.trim() === s, "must not begin or end with whitespace");
}

/**
 * The API documentation's rule for network and switch-profile names: no backtick, no "$(", no leading or
 * trailing whitespace, with a length range. Unlike safeName it does not ask for ASCII: the
 * API documentation does not, for these names.
 */
export function shellSafeName(min: number, max: number) {
  return z
    .string()
    .min(min, `must be ${min} to ${max} characters`)
    .max(max, `must be ${min} to ${max} characters`)
    .refine((s) => !s.includes("`"), "must not contain a backtick")
    .refine((s) => !s.includes("$("), 'must not contain "$("')
    .refine((s) => s.trim() === s, "must not begin or end with whitespace");
}

/** AP name: 2 to 32 printable ASCII characters under the safe-name rule. */
export const apName = safeName(2, 32);

/**
 * The rule of every number, whatever its field: JSON has no NaN or Infinity (JSON.stringify writes null, which the
 * service reads as "not set"), so a non-finite number would reach the service as a different request than the one
 * the program made. validateBody applies it to every body, before the fields' own rules.
 */
export const FINITE_NUMBER_RULE = "must be a finite number";

/** Where non-finite numbers (NaN, Infinity, -Infinity) stand in a value, at any depth. */
export function nonFiniteNumberPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => nonFiniteNumberPaths(item, [...path, i]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => nonFiniteNumberPaths(item, [...path, key]));
  }
  return [];
}

export function lengthBetween(min: number, max: number) {
  return z.string().min(min, `must be ${min} to ${max} characters`).max(max, `must be ${min} to ${max} characters`);
}

export function intBetween(min: number, max: number) {
  return z
    .number()
    .int("must be an integer")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);
}

/**
 * An int64 of the API documentation. JSON numbers reach JavaScript as doubles, so only the integers a double
 * holds exactly (up to 2^53 - 1 either way) can be told apart; larger ones are refused rather
 * than silently rounded.
 */
export const int64 = z.number().int("must be an integer").safe("must be an integer between -(2^53 - 1) and 2^53 - 1");

/** Milliseconds since the Unix epoch, as the guest-user dates are given (integers). */
export const epochMillis = int64;

/** The 32-character tenant ID (the account and venues API documentation, "What the service does"). */
export const tenantId = z.string().length(32, "must be 32 characters");

export const port = intBetween(1, 65535);
export const vlanId = intBetween(1, 4094);

/** AP serial number: 12 digits, the first 1 to 9. */
export const apSerialNumber = z.string().regex(/^[1-9][0-9]{11}$/, "must be 12 digits, the first 1 to 9");

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const ipv4Address = z.string().regex(IPV4, "must be an IPv4 address");
export const ipv4OrHostname = z
  .string()
  .refine((s) => IPV4.test(s) || (HOSTNAME.test(s) && !/^[\d.]+$/.test(s)), "must be an IPv4 address or a host name");

/** ISO 8601 UTC date-time, as the service writes it. */
export const isoDateTime = z.string().datetime({ offset: false });

/**
 * The three forms of a MAC address the service accepts: six hex pairs separated by colons or by
 * hyphens (one separator throughout), or twelve hex digits. Either case.
 */
export const MAC_ADDRESS_FORMS = {
  colons: /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/,
  hyphens: /^[0-9A-Fa-f]{2}(-[0-9A-Fa-f]{2}){5}$/,
  bare: /^[0-9A-Fa-f]{12}$/,
} as const;

export function isMacAddress(value: string): boolean {
  return Object.values(MAC_ADDRESS_FORMS).some((form) => form.test(value));
}

/** A MAC address in one of the three forms the service accepts: aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff or aabbccddeeff. */
export const macAddress = z
  .string()
  .refine(isMacAddress, "must be six hex pairs separated by colons or hyphens, or twelve hex digits");

/** The API documentation's ping and trace-route target: an IPv4 address whose first octet is 1 to 223, or a host name. */
export const targetHost = z.string().refine((s) => {
  if (IPV4.test(s)) {
    const first = Number(s.split(".")[0]);
    return first >= 1 && first <= 223;
  }
  return HOSTNAME.test(s) && !/^[\d.]+$/.test(s);
}, "must be an IPv4 address whose first octet is 1 to 223, or a host name");

/** A percentage position on a floor plan. */
export const percent = z.number().min(0, "must be between 0 and 100").max(100, "must be between 0 and 100");
