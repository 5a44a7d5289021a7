// The one route table of the service, shared by the client and the emulator. A row says
// everything the wire needs about one operation: method and path (as the real service's public clients call it;
// "inferred" rows there are guesses, so a wrong one is a one-line fix here), the service it
// belongs to (request records and headers), the success status, whether the answer is an async
// request to wait for, how the body is encoded, the extra headers, and how the list pages.
// The client and the emulator read these fields; neither infers them from the method or path.

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** The component that serves an operation; request records name it in serviceName. */
export type ServiceName = "tenant" | "wifi" | "switch" | "file";

/** How the request body travels. */
export type BodyEncoding = "none" | "object" | "array" | "multipart";

/** The success status of the operation (a redirect for file downloads). */
export type SuccessStatus = 200 | 201 | 202 | 302;

/**
 * Wire names of the headers the seeds name. The seeds neutralise the tenant header as
 * x-vendor-tenantid; the real service spells it x-rks-tenantid (shared design notes §6).
 */
export const WIRE_HEADERS = {
  /** The tenant ID again, as the gateway injects it on switch operations. */
  tenantId: "x-rks-tenantid",
  /** A per-request ID the gateway injects on switch operations. */
  requestId: "x-request-id",
} as const;

export type WireHeader = keyof typeof WIRE_HEADERS;

export interface Paging {
  /** Index of the first page: 0 for most lists, 1 for the guest-user list (W73). */
  readonly firstPage: 0 | 1;
  /** "array": a bare JSON array; "content": {content: [...], totalElements}. */
  readonly envelope: "array" | "content";
  /** The service's page size when the caller sends none (W73: 50); absent means everything. */
  readonly defaultSize?: number;
}

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly service: ServiceName;
  readonly success: SuccessStatus;
  /** The answer carries a requestId whose record must be waited for (PENDING → SUCCESS | FAIL). */
  readonly async: boolean;
  readonly body: BodyEncoding;
  /** Headers the operation requires besides the authentication cookie. */
  readonly headers: readonly WireHeader[];
  /** How a list operation pages; absent for everything else. */
  readonly paging?: Paging;
  /** "newer": exists only in the newer variant of the Wi-Fi API (document 2). */
  readonly variant?: "newer";
}

type Extras = Partial<Pick<RouteDef, "paging" | "variant" | "body" | "success">>;

const ZERO_BASED: Paging = { firstPage: 0, envelope: "array" };

/** A read answered 200. */
function read(service: ServiceName, path: string, summary: string, extras: Extras = {}): RouteDef {
  return row(service, "GET", path, summary, { success: 200, async: false, body: "none", ...extras });
}

/** A paged read answered 200. */
function list(service: ServiceName, path: string, summary: string, extras: Extras = {}): RouteDef {
  return read(service, path, summary, { paging: ZERO_BASED, ...extras });
}

/** A write answered 202 with a request to wait for. */
function accepted(service: ServiceName, method: HttpMethod, path: string, summary: string, body: BodyEncoding, extras: Extras = {}): RouteDef {
  return row(service, method, path, summary, { success: 202, async: true, body, ...extras });
}

function row(
  service: ServiceName,
  method: HttpMethod,
  path: string,
  summary: string,
  rest: Pick<RouteDef, "success" | "async" | "body"> & Extras,
): RouteDef {
  // Document 3: every switch operation carries the gateway's two headers.
  const headers: readonly WireHeader[] = service === "switch" ? ["tenantId", "requestId"] : [];
  return { method, path, summary, service, headers, ...rest };
}

const T = "/api/tenant/{tenantId}";
const SW = "/api/switch/tenant/{tenantId}";

export const ROUTES = {
  // Access and request tracking
  A1: row("tenant", "POST", "/token", "Login", { success: 200, async: false, body: "object" }),
  A2: read("tenant", `${T}/request/{requestId}`, "Get one request record"),
  A3: list("tenant", `${T}/request/status/{status}`, "List request records by status"),
  // Tenant
  A4: read("tenant", `${T}`, "Get tenant"),
  A5: read("tenant", `${T}/account`, "Get tenant details"),
  // Venues
  A6: list("tenant", `${T}/venue`, "List venues"),
  A7: accepted("tenant", "POST", `${T}/venue`, "Add venue", "object"),
  A8: accepted("tenant", "DELETE", `${T}/venue`, "Delete venues", "array"),
  A9: read("tenant", `${T}/venue/{venueId}`, "Get venue"),
  A10: accepted("tenant", "PUT", `${T}/venue/{venueId}`, "Update venue", "object"),
  A11: accepted("tenant", "DELETE", `${T}/venue/{venueId}`, "Delete venue", "none"),
  // Access points, keyed by serial number
  W1: list("wifi", `${T}/wifi/ap`, "List APs"),
  W2: accepted("wifi", "POST", `${T}/wifi/ap`, "Add APs", "array"),
  W3: accepted("wifi", "DELETE", `${T}/wifi/ap`, "Delete APs", "array"),
  W4: list("wifi", `${T}/wifi/ap-group/{apGroupId}/ap`, "List APs of an AP group"),
  W5: read("wifi", `${T}/wifi/ap/{serialNumber}`, "Get AP with configuration"),
  W6: accepted("wifi", "PUT", `${T}/wifi/ap/{serialNumber}`, "Update AP", "object"),
  W7: accepted("wifi", "DELETE", `${T}/wifi/ap/{serialNumber}`, "Delete AP", "none"),
  W16: accepted("wifi", "POST", `${T}/wifi/ap/{serialNumber}/ping`, "Ping from AP", "object"),
  W21: accepted("wifi", "POST", `${T}/wifi/ap/{serialNumber}/reboot`, "Reboot AP", "none"),
  // AP groups
  W23: list("wifi", `${T}/wifi/ap-group`, "List AP groups"),
  W24: accepted("wifi", "POST", `${T}/wifi/ap-group`, "Create AP group", "object"),
  W25: accepted("wifi", "DELETE", `${T}/wifi/ap-group`, "Delete AP groups", "array"),
  W26: read("wifi", `${T}/wifi/ap-group/{apGroupId}`, "Get AP group"),
  W27: accepted("wifi", "PUT", `${T}/wifi/ap-group/{apGroupId}`, "Update AP group", "object"),
  W28: accepted("wifi", "DELETE", `${T}/wifi/ap-group/{apGroupId}`, "Delete AP group", "none"),
  W29: list("wifi", `${T}/wifi/venue/{venueId}/ap-group`, "List AP groups of a venue"),
  W30: read("wifi", `${T}/wifi/venue/{venueId}/default-ap-group`, "Get default AP group of a venue"),
  // Venue Wi-Fi settings that always exist
  W43: read("wifi", `${T}/wifi/venue/{venueId}/radio`, "Get venue radio"),
  W44: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/radio`, "Update venue radio", "object"),
  W45: accepted("wifi", "DELETE", `${T}/wifi/venue/{venueId}/radio`, "Reset venue radio to defaults", "none"),
  W46: read("wifi", `${T}/wifi/venue/{venueId}/radio/default`, "Get venue radio default values"),
  W47: read("wifi", `${T}/wifi/venue/{venueId}/syslog`, "Get venue syslog"),
  W48: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/syslog`, "Update venue syslog", "object"),
  // Networks
  // W49 is not in the seeds: they say "the network list operation ... not shown", and W49
  // is the one number missing before W50. The path is the service's collection path.
  W49: list("wifi", `${T}/wifi/network`, "List networks (not shown in the seeds)"),
  W50: accepted("wifi", "POST", `${T}/wifi/network`, "Create network", "object"),
  W51: accepted("wifi", "DELETE", `${T}/wifi/network`, "Delete networks", "array"),
  W52: accepted("wifi", "POST", `${T}/wifi/network/deep`, "Create network (deep)", "object"),
  W53: read("wifi", `${T}/wifi/network/dpsk`, "List DPSK passphrase formats"),
  W54: read("wifi", `${T}/wifi/network/{networkId}`, "Get network"),
  W55: accepted("wifi", "PUT", `${T}/wifi/network/{networkId}`, "Update network", "object"),
  W56: accepted("wifi", "DELETE", `${T}/wifi/network/{networkId}`, "Delete network", "none"),
  W57: read("wifi", `${T}/wifi/network/{networkId}/deep`, "Get network with nested details"),
  W58: accepted("wifi", "PUT", `${T}/wifi/network/{networkId}/deep`, "Update network (deep)", "object"),
  // Network-venue activations
  W59: accepted("wifi", "POST", `${T}/wifi/network-venue`, "Create activation", "object"),
  W60: accepted("wifi", "DELETE", `${T}/wifi/network-venue`, "Delete activations", "array"),
  W61: read("wifi", `${T}/wifi/network-venue/{networkVenueId}`, "Get activation"),
  W62: accepted("wifi", "PUT", `${T}/wifi/network-venue/{networkVenueId}`, "Update activation", "object"),
  W63: accepted("wifi", "DELETE", `${T}/wifi/network-venue/{networkVenueId}`, "Delete activation", "none"),
  W64: list("wifi", `${T}/wifi/network/{networkId}/network-venue`, "List activations of a network"),
  W65: read("wifi", `${T}/wifi/network/{networkId}/venue/{venueId}/network-venue`, "Get activation by network and venue"),
  W66: list("wifi", `${T}/wifi/venue/{venueId}/venue-network`, "List activations of a venue"),
  // Guest users: W73 pages from 1 in a {content, totalElements} envelope; W74 answers 201.
  W73: list("wifi", `${T}/wifi/guest-user`, "List guest users", { paging: { firstPage: 1, envelope: "content", defaultSize: 50 } }),
  W74: row("wifi", "POST", `${T}/wifi/guest-user`, "Create guest users", { success: 201, async: false, body: "array" }),
  W75: accepted("wifi", "DELETE", `${T}/wifi/guest-user`, "Delete guest users", "array"),
  W77: read("wifi", `${T}/wifi/guest-user/{guestUserId}`, "Get guest user"),
  W78: accepted("wifi", "DELETE", `${T}/wifi/guest-user/{guestUserId}`, "Delete guest user", "none"),
  W79: accepted("wifi", "POST", `${T}/wifi/guest-user/{guestUserId}/disable`, "Disable guest user", "none"),
  W80: accepted("wifi", "POST", `${T}/wifi/guest-user/{guestUserId}/enable`, "Enable guest user", "none"),
  W81: accepted("wifi", "POST", `${T}/wifi/guest-user/{guestUserId}/regenerate`, "Regenerate guest credentials", "array"),
  // DPSK passphrases: write-only (no read operation in the seeds)
  W84: accepted("wifi", "POST", `${T}/wifi/dpsk`, "Create DPSK passphrase", "object"),
  W85: accepted("wifi", "DELETE", `${T}/wifi/dpsk`, "Delete DPSK passphrases", "array"),
  // Switch profiles and their VLANs. S44 and S51 carry the object's ID in the body, not the path.
  S43: accepted("switch", "POST", `${SW}/profile`, "Add switch profile", "object"),
  S44: accepted("switch", "PUT", `${SW}/profile`, "Update switch profile", "object"),
  S45: read("switch", `${SW}/profile/{profileId}`, "Get switch profile"),
  S46: accepted("switch", "DELETE", `${SW}/profile/{profileId}`, "Delete switch profile", "none"),
  S47: list("switch", `${SW}/profiles`, "List switch profiles"),
  S50: accepted("switch", "POST", `${SW}/profile/{profileId}/vlan`, "Add VLAN", "object"),
  S51: accepted("switch", "PUT", `${SW}/profile/{profileId}/vlan`, "Update VLAN", "object"),
  S52: read("switch", `${SW}/profile/{profileId}/vlan/{vlanUuid}`, "Get VLAN"),
  S53: accepted("switch", "DELETE", `${SW}/profile/{profileId}/vlan/{vlanUuid}`, "Delete VLAN", "none"),
  S54: list("switch", `${SW}/profile/{profileId}/vlans`, "List VLANs of a profile"),
  S55: accepted("switch", "DELETE", `${SW}/profile/{profileId}/vlans`, "Delete VLANs", "array"),
  // Wi-Fi services (issue 9): client disconnect, device policies, guest import, recovery PSK, vSPoT, Wi-Fi calling.
  // W67 answers {requestId} (document 2): the disconnect is an async action.
  W67: accepted("wifi", "POST", `${T}/wifi/disconnect-client`, "Disconnect clients", "array"),
  W68: list("wifi", `${T}/wifi/device-policy`, "List device policies (newer)", { variant: "newer" }),
  W69: accepted("wifi", "POST", `${T}/wifi/device-policy`, "Create device policy (newer)", "object", { variant: "newer" }),
  W70: accepted("wifi", "DELETE", `${T}/wifi/device-policy`, "Delete device policies (newer)", "array", { variant: "newer" }),
  W71: read("wifi", `${T}/wifi/device-policy/{devicePolicyId}`, "Get device policy (newer)", { variant: "newer" }),
  W72: accepted("wifi", "PUT", `${T}/wifi/device-policy/{devicePolicyId}`, "Update device policy (newer)", "object", { variant: "newer" }),
  // W76 is the one multipart operation; it answers 201 with the created guests at once (like W74).
  W76: row("wifi", "POST", `${T}/wifi/guest-user/import`, "Import guest users from a file", { success: 201, async: false, body: "multipart" }),
  W82: read("wifi", `${T}/wifi/recovery`, "Get recovery PSK"),
  W83: accepted("wifi", "PUT", `${T}/wifi/recovery`, "Update recovery PSK", "object"),
  W86: list("wifi", `${T}/wifi/vspot`, "List vSPoT servers"),
  W87: accepted("wifi", "POST", `${T}/wifi/vspot`, "Create vSPoT server", "object"),
  W88: read("wifi", `${T}/wifi/vspot/{vspotId}`, "Get vSPoT server"),
  W89: accepted("wifi", "PUT", `${T}/wifi/vspot/{vspotId}`, "Update vSPoT server", "object"),
  W90: accepted("wifi", "DELETE", `${T}/wifi/vspot/{vspotId}`, "Delete vSPoT server", "none"),
  W91: list("wifi", `${T}/wifi/wifi-calling-profile`, "List Wi-Fi calling profiles"),
  W92: accepted("wifi", "POST", `${T}/wifi/wifi-calling-profile`, "Create Wi-Fi calling profile", "object"),
  W93: accepted("wifi", "DELETE", `${T}/wifi/wifi-calling-profile`, "Delete Wi-Fi calling profiles", "array"),
  W94: read("wifi", `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`, "Get Wi-Fi calling profile"),
  W95: accepted("wifi", "PUT", `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`, "Update Wi-Fi calling profile", "object"),
  W96: accepted("wifi", "DELETE", `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`, "Delete Wi-Fi calling profile", "none"),
} as const satisfies Record<string, RouteDef>;

export type OperationId = keyof typeof ROUTES;

export const OPERATION_IDS = Object.keys(ROUTES) as OperationId[];

/** The route of an operation, typed as the general row (the table's literal types are narrower). */
export function routeOf(op: OperationId): RouteDef {
  return ROUTES[op];
}

/** Names of the {placeholders} of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** The concrete path of an operation; every placeholder must be given. */
export function pathFor(op: OperationId, params: Record<string, string>): string {
  return ROUTES[op].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") {
      throw new Error(`operation ${op} needs path parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
}
