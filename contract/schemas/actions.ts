// Actions on an access point that a program can call (the Wi-Fi API documentation, W16 and W21):
// their arguments, with the API documentation's rules, and what they answer. The SDK's functions are
// generated from these (provider/functions/index.ts).
import { z } from "zod";
import { apSerialNumber } from "../validators";

const DOTTED_NUMBERS = /^[\d.]+$/;
const IPV4_OCTETS = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HOST_NAME_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const TARGET_HOST_RULE = "must be an IPv4 address whose first octet is 1 to 223, or a host name";

/**
 * The API documentation's target host of a ping or trace route: an IPv4 address whose first octet is 1 to 223
 * (no network 0, no multicast or reserved class D/E), or a host name. Something made of digits
 * and dots only is an address, never a host name, so "300.1.1.1" and "0.1.2.3" are refused.
 */
export function isTargetHost(value: string): boolean {
  if (DOTTED_NUMBERS.test(value)) {
    const octets = IPV4_OCTETS.exec(value)?.slice(1).map(Number);
    return octets !== undefined && octets.every((o) => o <= 255) && octets[0] >= 1 && octets[0] <= 223;
  }
  if (value.length > 253) return false;
  return value.split(".").every((label) => HOST_NAME_LABEL.test(label));
}

export const targetHost = z
  .string()
  .refine(isTargetHost, TARGET_HOST_RULE)
  .describe("The host to reach: an IPv4 address whose first octet is 1 to 223, or a host name.");

const serialNumber = apSerialNumber.describe("The access point's serial number.");

/** W21: reboot an access point. */
export const rebootApArgsSchema = z.object({ serialNumber }).strict();

/** W16: ping a host from an access point. */
export const pingFromApArgsSchema = z.object({ serialNumber, targetHost }).strict();

const requestId = z.string().describe("The service's request ID of the action, whose record reached SUCCESS.");

export const rebootApResultSchema = z.object({ requestId });

export const pingFromApResultSchema = z.object({
  requestId,
  response: z.string().describe("What the access point's ping printed."),
});
