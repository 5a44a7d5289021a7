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

/**
 * Wire names of the body fields the seeds neutralise (shared design notes §6): the key is the
 * seed's word, the value the name the real service and its generated clients use. Schemas and
 * the emulator name these fields through this table only.
 */
export const WIRE_FIELDS = {
  /** The tenant boolean "belongs to the vendor" (A4). */
  vendorUser: "ruckusUser",
} as const;

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
  // Account (issue 11): administrators, delegations, notification recipients, user profile, licences.
  A12: list("tenant", `${T}/admin`, "List administrators"),
  A13: accepted("tenant", "POST", `${T}/admin`, "Add administrator", "object"),
  // The seeds leave A14's purpose out; public clients call this PUT "update admin role". The body names the administrator.
  A14: accepted("tenant", "PUT", `${T}/admin`, "Change an administrator's role", "object"),
  A15: accepted("tenant", "DELETE", `${T}/admin`, "Delete administrators", "array"),
  A16: read("tenant", `${T}/admin/{adminId}`, "Get administrator"),
  A17: accepted("tenant", "DELETE", `${T}/admin/{adminId}`, "Delete administrator", "none"),
  A18: list("tenant", `${T}/delegation`, "List delegations (?type=)"),
  A19: accepted("tenant", "POST", `${T}/delegation`, "Invite a VAR", "object"),
  A20: accepted("tenant", "POST", `${T}/delegation/support`, "Grant vendor-support access", "none"),
  // The seeds leave A21's purpose out; public clients call this DELETE "delete support delegation".
  A21: accepted("tenant", "DELETE", `${T}/delegation/support`, "Revoke vendor-support access", "none"),
  A22: read("tenant", `${T}/delegation/{delegationId}`, "Get delegation"),
  A23: accepted("tenant", "PUT", `${T}/delegation/{delegationId}`, "Accept or reject a delegation", "object"),
  A24: accepted("tenant", "DELETE", `${T}/delegation/{delegationId}`, "Delete delegation", "none"),
  A25: list("tenant", `${T}/notification-recipient`, "List notification recipients"),
  A26: accepted("tenant", "POST", `${T}/notification-recipient`, "Create notification recipient", "object"),
  // The seeds label A27 "create several"; public clients send this DELETE with a list of recipients: a bulk delete.
  A27: accepted("tenant", "DELETE", `${T}/notification-recipient`, "Delete notification recipients", "array"),
  A28: read("tenant", `${T}/notification-recipient/{notificationRecipientId}`, "Get notification recipient"),
  A29: accepted("tenant", "PUT", `${T}/notification-recipient/{notificationRecipientId}`, "Update notification recipient", "object"),
  A30: accepted("tenant", "DELETE", `${T}/notification-recipient/{notificationRecipientId}`, "Delete notification recipient", "none"),
  A31: read("tenant", `${T}/user-profile`, "Get user profile"),
  A32: accepted("tenant", "PUT", `${T}/user-profile`, "Update user profile", "object"),
  A33: list("tenant", `${T}/entitlement`, "List entitlements (?type=)"),
  A34: list("tenant", `${T}/entitlement/summary`, "List entitlement summaries (?type=)"),
  // mspEcTenantId has no slot in the public clients' path: it travels as a query parameter, with ?type=.
  A35: row("tenant", "POST", `${T}/entitlement/refresh`, "Entitlements of an MSP end customer", { success: 200, async: false, body: "none" }),
  // Floor plans, calibration points and file transfer (issue 11)
  F1: list("tenant", `${T}/venue/{venueId}/floor-plan`, "List floor plans"),
  F2: accepted("tenant", "POST", `${T}/venue/{venueId}/floor-plan`, "Create floor plan", "object"),
  F3: read("tenant", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Get floor plan"),
  F4: accepted("tenant", "PUT", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Update floor plan", "object"),
  F5: accepted("tenant", "DELETE", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Delete floor plan", "none"),
  C1: read("tenant", `${T}/venue/{venueId}/floor-plan/{floorPlanId}/calibration-point`, "List calibration points"),
  C2: accepted("tenant", "PUT", `${T}/venue/{venueId}/floor-plan/{floorPlanId}/calibration-point`, "Replace calibration points", "array"),
  U1: row("file", "POST", "/api/file/tenant/{tenantId}/upload-url", "Get a file ID and an upload address", { success: 200, async: false, body: "object" }),
  // 302 to the file's real location, which must be called without the service's cookie or headers.
  U2: row("file", "GET", "/api/file/tenant/{tenantId}/{fileId}", "Get the download address of a file", { success: 302, async: false, body: "none" }),
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
