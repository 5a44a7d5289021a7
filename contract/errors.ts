// Error categories and codes of the service. The API documentation names categories, not numbers; the
// numbers are those seen in public samples (docs/pulumi-facts.md §1). "Insufficient license" has no
// public number: we use 402 Payment Required, the one 4xx status whose meaning is "you have
// not paid for this". 429 is not a documented category; it is how the emulator sheds load.

export type ErrorCategory =
  | "BadRequest"
  | "NotAuthenticated"
  | "InsufficientLicense"
  | "NotAuthorized"
  | "NotFound"
  | "Conflict"
  | "Validation"
  | "Locked"
  | "TooManyRequests"
  | "Internal";

export const STATUS_OF_CATEGORY: Record<ErrorCategory, number> = {
  BadRequest: 400,
  NotAuthenticated: 401,
  InsufficientLicense: 402,
  NotAuthorized: 403,
  NotFound: 404,
  Conflict: 409,
  Validation: 422,
  Locked: 423,
  TooManyRequests: 429,
  Internal: 500,
};

export interface ErrorCodeDef {
  readonly category: ErrorCategory;
  readonly message: string;
}

// The codes the API documentation gives, for the operations this project implements.
export const DOCUMENTED_ERROR_CODES = {
  // The service's components failing
  "VENUE-10001": { category: "Internal", message: "tenant is out of sync and requires repair" },
  "TNT-10001": { category: "Internal", message: "tenant is out of sync and requires repair" },
  "CFGC-10000": { category: "Internal", message: "internal server error" },
  "WIFI-10000": { category: "Internal", message: "internal server error of the Wi-Fi component" },
  "SWITCH-10000": { category: "Internal", message: "internal server error of the switch component" },
  "LTE-10000": { category: "Internal", message: "internal server error of the LTE component" },
  // Licences
  "ENT-10003": { category: "InsufficientLicense", message: "insufficient licences" },
  // Administrators, delegations and notification recipients
  "TNT-10100": { category: "BadRequest", message: "duplicate notification endpoint" },
  "TNT-10300": { category: "BadRequest", message: "administrator already invited to a different account" },
  "TNT-10301": { category: "NotFound", message: "VAR not found in the support directory" },
  "TNT-10302": { category: "BadRequest", message: "administrator already registered with the support service" },
  "TNT-10303": { category: "BadRequest", message: "administrator already exists" },
  "TNT-10304": { category: "BadRequest", message: "a support user cannot be invited as a VAR" },
  // Calibration points
  // The API documentation lists VENUE-10203 with Internal Server Error; it is the caller's input,
  // and clients retry a 5xx, so it is answered as a validation error (emulator/README.md, Decisions).
  "VENUE-10203": { category: "Validation", message: "two calibration points are required" },
  // Access points
  "WIFI-10120": { category: "Conflict", message: "AP name is not unique" },
  "APR-10130": { category: "Conflict", message: "serial number already registered" },
  "WIFI-10114": { category: "Validation", message: "the service is not supported in the entered country" },
  // Radio channels
  "WIFI-10110": { category: "Validation", message: "2.4 GHz allowed channel list needs at least two channels" },
  "WIFI-10111": { category: "Validation", message: "5 GHz allowed indoor channel list needs at least two channels" },
  "WIFI-10112": { category: "Validation", message: "5 GHz allowed outdoor channel list needs at least two channels" },
  // AP LAN ports
  "WIFI-10108": { category: "Validation", message: "Trunk port with untagId other than 1" },
  "WIFI-10109": { category: "Validation", message: "Access port with untagId different from vlanMembers" },
  // Venue mesh, cellular and DHCP settings
  "WIFIB-10001": { category: "Conflict", message: "mesh cannot be disabled while APs are active" },
  "WIFI-10170": { category: "Validation", message: "at least one SIM card must be enabled" },
  "WIFI-10152": { category: "Conflict", message: "venue and DHCP service profile mapping already exists" },
  "WIFI-10151": { category: "Validation", message: "venue and DHCP service profile mapping does not exist" },
  "WIFI-10171": { category: "Validation", message: "venue must activate the DHCP service for cellular APs" },
  // Networks: WLAN security, RADIUS ports, rates, guest portals
  "WIFI-10102": { category: "Validation", message: "DPSK passphrase is required for WPA personal security" },
  "WIFI-10100": { category: "Validation", message: "PSK passphrase is required for WPA personal security" },
  "WIFI-10101": { category: "Validation", message: "WEP hex key is required for WEP security" },
  "WIFI-10103": { category: "Validation", message: "RADIUS port 1813 not permitted" },
  "WIFI-10104": { category: "Validation", message: "RADIUS port 1812 not permitted" },
  "WIFI-10105": {
    category: "Validation",
    message: "guest network: session grace period must not exceed the user session timeout",
  },
  "WIFI-10106": { category: "Validation", message: "only OFDM PHY rates are permitted" },
  "WIFI-10107": {
    category: "Validation",
    message: "management transmit rate below BSS minimum rate in OFDM-only mode",
  },
  "WIFI-10116": { category: "Validation", message: "invalid external provider name and region" },
  "WIFI-10209": { category: "Validation", message: "invalid social domains" },
  // Clients and device policies
  "WIFI-10201": { category: "NotFound", message: "client not found (may already be disconnected)" },
  "WIFI-10203": {
    category: "Validation",
    message: "a device-policy rule with action BLOCK must not set rate limit or VLAN",
  },
  "WIFI-10204": { category: "Validation", message: "device type and OS vendor are incompatible" },
  "WIFI-10205": { category: "Validation", message: "maximum number of device policies reached" },
  "WIFI-10206": { category: "Validation", message: "only one rule per device type and OS vendor combination" },
  "WIFI-10207": { category: "Validation", message: "rule names must be unique within a policy" },
  "WIFI-10208": { category: "Validation", message: "only one rule per device type when OS vendor is All" },
} as const satisfies Record<string, ErrorCodeDef>;

// Codes for conditions the API documentation names only by category (authentication, not found, field
// rules) or leave open (duplicates, objects still in use). The NMS- prefix marks them as this
// project's decision, not the service's (emulator/README.md, Decisions).
export const PROJECT_ERROR_CODES = {
  "NMS-BAD-REQUEST": { category: "BadRequest", message: "malformed request" },
  "NMS-NOT-AUTHENTICATED": { category: "NotAuthenticated", message: "authentication required" },
  "NMS-BAD-CREDENTIALS": { category: "NotAuthenticated", message: "wrong username or password" },
  "NMS-FORBIDDEN-TENANT": { category: "NotAuthorized", message: "token does not belong to this tenant" },
  "NMS-FORBIDDEN-ROLE": { category: "NotAuthorized", message: "role does not allow this operation" },
  "NMS-LOCKED": { category: "Locked", message: "account locked after repeated failed logins" },
  "NMS-NOT-FOUND": { category: "NotFound", message: "requested resource not found" },
  "NMS-RELATED-NOT-FOUND": { category: "NotFound", message: "related entity not found" },
  "NMS-VALIDATION": { category: "Validation", message: "validation error" },
  "NMS-DUPLICATE-NAME": { category: "Conflict", message: "an object with this name already exists in its scope" },
  "NMS-DUPLICATE-ACTIVATION": { category: "Conflict", message: "network is already activated on this venue" },
  "NMS-IN-USE": { category: "Conflict", message: "object is still in use" },
  "NMS-DEFAULT-AP-GROUP": { category: "Conflict", message: "the default AP group of a venue cannot be deleted" },
  "NMS-MISSING-HEADER": { category: "BadRequest", message: "a header the operation requires is missing" },
  "NMS-TENANT-HEADER-MISMATCH": {
    category: "NotAuthorized",
    message: "the tenant header differs from the tenant of the path",
  },
  "NMS-NOT-IN-VARIANT": {
    category: "NotFound",
    message: "the operation exists only in the newer variant of the Wi-Fi API",
  },
  "NMS-RESERVED-NAME": { category: "Validation", message: "the name is reserved by the service" },
  "NMS-RATE-LIMITED": { category: "TooManyRequests", message: "too many requests" },
  "NMS-INTERNAL": { category: "Internal", message: "internal server error" },
  // Switch configuration in use, LAG membership
  "NMS-SWITCH-CONFIG-IN-USE": {
    category: "Conflict",
    message: "a switch port, LAG, IP or VE port, or a venue's switch settings, still use this profile, VLAN or ACL",
  },
  "NMS-PORT-IN-LAG": { category: "Conflict", message: "the port is already a member of another LAG" },
} as const satisfies Record<string, ErrorCodeDef>;

export const ERROR_CODES: Record<string, ErrorCodeDef> = { ...DOCUMENTED_ERROR_CODES, ...PROJECT_ERROR_CODES };

export type ErrorCode = keyof typeof DOCUMENTED_ERROR_CODES | keyof typeof PROJECT_ERROR_CODES;

/** One entry of the service's error body. */
export interface ApiErrorEntry {
  code: string;
  message: string;
  object?: string;
  value?: unknown;
}

export function statusOfCode(code: string): number {
  const def = ERROR_CODES[code];
  return def ? STATUS_OF_CATEGORY[def.category] : 500;
}
