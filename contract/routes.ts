// The one route table of the service, shared by the client and the emulator. A row says everything
// the wire needs about one operation: method and path (as the real service's public clients call
// it; where no public client shows one, the path is inferred, so a wrong one is a one-line fix
// here), the service it belongs to (request records and headers), the success status, whether the
// answer is an async request to wait for, how the body is encoded, the extra headers, and how the
// list pages. The client and the emulator read these fields; neither infers them from the method
// or path. Rows are grouped as the three documents group their operations (docs/service.md).

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** The component that serves an operation; request records name it in serviceName. */
export type ServiceName = "tenant" | "wifi" | "switch" | "file";

/** How the request body travels. */
export type BodyEncoding = "none" | "object" | "array" | "multipart";

/** The success status of the operation (a redirect for file downloads). */
export type SuccessStatus = 200 | 201 | 202 | 302;

/**
 * Wire names of the headers the API documentation names. The API documentation neutralises the tenant header as
 * x-vendor-tenantid; the real service spells it x-rks-tenantid (docs/service.md).
 */
export const WIRE_HEADERS = {
  /** The tenant ID again, as the gateway injects it on switch operations. */
  tenantId: "x-rks-tenantid",
  /** A per-request ID the gateway injects on switch operations. */
  requestId: "x-request-id",
} as const;

export type WireHeader = keyof typeof WIRE_HEADERS;

/**
 * Wire names of the body fields the API documentation neutralises (docs/service.md): the key is the
 * API documentation's word, the value the name the real service and its generated clients use. Schemas and
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
  /** "newer": exists only in the newer variant of the Wi-Fi API (docs/service.md). */
  readonly variant?: "newer";
  /**
   * An operation the API documentation does not list: where it is known from (the real service's public
   * clients). Its ID continues the numbering of its document (W49 fills the one gap;
   * W97 on follow W96 in the order the evidence lists them).
   */
  readonly beyondDocumentation?: string;
  /** A POST that only reads (S42 ports by ID list, A35 an end customer's entitlements): a READ_ONLY administrator may call it. */
  readonly readsOnly?: true;
}

/** Whether the operation only reads: a GET, or a POST-shaped read. A READ_ONLY administrator may call every one. */
export function isRead(route: RouteDef): boolean {
  return route.method === "GET" || route.readsOnly === true;
}

type Extras = Partial<Pick<RouteDef, "paging" | "variant" | "body" | "success" | "beyondDocumentation" | "readsOnly">>;

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
function accepted(
  service: ServiceName,
  method: HttpMethod,
  path: string,
  summary: string,
  body: BodyEncoding,
  extras: Extras = {},
): RouteDef {
  return row(service, method, path, summary, { success: 202, async: true, body, ...extras });
}

function row(
  service: ServiceName,
  method: HttpMethod,
  path: string,
  summary: string,
  rest: Pick<RouteDef, "success" | "async" | "body"> & Extras,
): RouteDef {
  // The switch API documentation: every switch operation carries the gateway's two headers.
  const headers: readonly WireHeader[] = service === "switch" ? ["tenantId", "requestId"] : [];
  return { method, path, summary, service, headers, ...rest };
}

/** Where the operations beyond the API documentation are known from. */
const PUBLIC_CLIENT =
  "the vendor's public generated client (v20.01.04, ruckus_cloud_wifi venue_api.py) and sample scripts";

const T = "/api/tenant/{tenantId}";
const SW = "/api/switch/tenant/{tenantId}";

export const ROUTES = {
  // The account and venues API documentation
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
  // Administrators. The API documentation leaves A14's purpose out; public clients call this PUT
  // "update admin role". The body names the administrator.
  A12: list("tenant", `${T}/admin`, "List administrators"),
  A13: accepted("tenant", "POST", `${T}/admin`, "Add administrator", "object"),
  A14: accepted("tenant", "PUT", `${T}/admin`, "Change an administrator's role", "object"),
  A15: accepted("tenant", "DELETE", `${T}/admin`, "Delete administrators", "array"),
  A16: read("tenant", `${T}/admin/{adminId}`, "Get administrator"),
  A17: accepted("tenant", "DELETE", `${T}/admin/{adminId}`, "Delete administrator", "none"),
  // Delegations. The API documentation leaves A21's purpose out; public clients call this DELETE
  // "delete support delegation".
  A18: list("tenant", `${T}/delegation`, "List delegations (?type=)"),
  A19: accepted("tenant", "POST", `${T}/delegation`, "Invite a VAR", "object"),
  A20: accepted("tenant", "POST", `${T}/delegation/support`, "Grant vendor-support access", "none"),
  A21: accepted("tenant", "DELETE", `${T}/delegation/support`, "Revoke vendor-support access", "none"),
  A22: read("tenant", `${T}/delegation/{delegationId}`, "Get delegation"),
  A23: accepted("tenant", "PUT", `${T}/delegation/{delegationId}`, "Accept or reject a delegation", "object"),
  A24: accepted("tenant", "DELETE", `${T}/delegation/{delegationId}`, "Delete delegation", "none"),
  // Notification recipients. The API documentation labels A27 "create several"; public clients send
  // this DELETE with a list of recipients: a bulk delete.
  A25: list("tenant", `${T}/notification-recipient`, "List notification recipients"),
  A26: accepted("tenant", "POST", `${T}/notification-recipient`, "Create notification recipient", "object"),
  A27: accepted("tenant", "DELETE", `${T}/notification-recipient`, "Delete notification recipients", "array"),
  A28: read("tenant", `${T}/notification-recipient/{notificationRecipientId}`, "Get notification recipient"),
  A29: accepted(
    "tenant",
    "PUT",
    `${T}/notification-recipient/{notificationRecipientId}`,
    "Update notification recipient",
    "object",
  ),
  A30: accepted(
    "tenant",
    "DELETE",
    `${T}/notification-recipient/{notificationRecipientId}`,
    "Delete notification recipient",
    "none",
  ),
  // User profile and licences. A35's mspEcTenantId has no slot in the public clients' path: it travels
  // as a query parameter, with ?type=.
  A31: read("tenant", `${T}/user-profile`, "Get user profile"),
  A32: accepted("tenant", "PUT", `${T}/user-profile`, "Update user profile", "object"),
  A33: list("tenant", `${T}/entitlement`, "List entitlements (?type=)"),
  A34: list("tenant", `${T}/entitlement/summary`, "List entitlement summaries (?type=)"),
  A35: row("tenant", "POST", `${T}/entitlement/refresh`, "Entitlements of an MSP end customer", {
    success: 200,
    async: false,
    body: "none",
    readsOnly: true,
  }),
  // Floor plans and calibration points
  F1: list("tenant", `${T}/venue/{venueId}/floor-plan`, "List floor plans"),
  F2: accepted("tenant", "POST", `${T}/venue/{venueId}/floor-plan`, "Create floor plan", "object"),
  F3: read("tenant", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Get floor plan"),
  F4: accepted("tenant", "PUT", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Update floor plan", "object"),
  F5: accepted("tenant", "DELETE", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Delete floor plan", "none"),
  C1: read("tenant", `${T}/venue/{venueId}/floor-plan/{floorPlanId}/calibration-point`, "List calibration points"),
  C2: accepted(
    "tenant",
    "PUT",
    `${T}/venue/{venueId}/floor-plan/{floorPlanId}/calibration-point`,
    "Replace calibration points",
    "array",
  ),
  // The Wi-Fi API documentation
  // Access points, keyed by serial number, and their own settings and actions
  W1: list("wifi", `${T}/wifi/ap`, "List APs"),
  W2: accepted("wifi", "POST", `${T}/wifi/ap`, "Add APs", "array"),
  W3: accepted("wifi", "DELETE", `${T}/wifi/ap`, "Delete APs", "array"),
  W4: list("wifi", `${T}/wifi/ap-group/{apGroupId}/ap`, "List APs of an AP group"),
  W5: read("wifi", `${T}/wifi/ap/{serialNumber}`, "Get AP with configuration"),
  W6: accepted("wifi", "PUT", `${T}/wifi/ap/{serialNumber}`, "Update AP", "object"),
  W7: accepted("wifi", "DELETE", `${T}/wifi/ap/{serialNumber}`, "Delete AP", "none"),
  W8: read("wifi", `${T}/wifi/ap/{serialNumber}/bonjour-gateway`, "Get mDNS gateway"),
  W9: accepted("wifi", "PUT", `${T}/wifi/ap/{serialNumber}/bonjour-gateway`, "Update mDNS gateway", "object"),
  W10: accepted("wifi", "DELETE", `${T}/wifi/ap/{serialNumber}/bonjour-gateway`, "Reset mDNS gateway", "none"),
  W11: read("wifi", `${T}/wifi/ap/{serialNumber}/download-log`, "Download AP log file"),
  W12: accepted("wifi", "POST", `${T}/wifi/ap/{serialNumber}/factory-reset`, "Factory reset AP", "none"),
  W13: read("wifi", `${T}/wifi/ap/{serialNumber}/lan-port`, "Get AP LAN ports"),
  W14: accepted("wifi", "PUT", `${T}/wifi/ap/{serialNumber}/lan-port`, "Update AP LAN ports", "object"),
  W15: accepted("wifi", "DELETE", `${T}/wifi/ap/{serialNumber}/lan-port`, "Reset AP LAN ports to defaults", "none"),
  W16: accepted("wifi", "POST", `${T}/wifi/ap/{serialNumber}/ping`, "Ping from AP", "object"),
  W17: accepted("wifi", "PUT", `${T}/wifi/ap/{serialNumber}/position`, "Update AP position", "object"),
  W18: read("wifi", `${T}/wifi/ap/{serialNumber}/radio`, "Get AP radio"),
  W19: accepted("wifi", "PUT", `${T}/wifi/ap/{serialNumber}/radio`, "Update AP radio", "object"),
  W20: accepted("wifi", "DELETE", `${T}/wifi/ap/{serialNumber}/radio`, "Reset AP radio", "none"),
  W21: accepted("wifi", "POST", `${T}/wifi/ap/{serialNumber}/reboot`, "Reboot AP", "none"),
  W22: accepted("wifi", "POST", `${T}/wifi/ap/{serialNumber}/trace-route`, "Trace route from AP", "object"),
  // AP groups
  W23: list("wifi", `${T}/wifi/ap-group`, "List AP groups"),
  W24: accepted("wifi", "POST", `${T}/wifi/ap-group`, "Create AP group", "object"),
  W25: accepted("wifi", "DELETE", `${T}/wifi/ap-group`, "Delete AP groups", "array"),
  W26: read("wifi", `${T}/wifi/ap-group/{apGroupId}`, "Get AP group"),
  W27: accepted("wifi", "PUT", `${T}/wifi/ap-group/{apGroupId}`, "Update AP group", "object"),
  W28: accepted("wifi", "DELETE", `${T}/wifi/ap-group/{apGroupId}`, "Delete AP group", "none"),
  W29: list("wifi", `${T}/wifi/venue/{venueId}/ap-group`, "List AP groups of a venue"),
  W30: read("wifi", `${T}/wifi/venue/{venueId}/default-ap-group`, "Get default AP group of a venue"),
  // Venue Wi-Fi settings, which always exist
  W31: list("wifi", `${T}/wifi/venue`, "List venue Wi-Fi settings"),
  W32: read("wifi", `${T}/wifi/venue/{venueId}`, "Get venue Wi-Fi settings"),
  W33: read("wifi", `${T}/wifi/venue/{venueId}/cellular`, "Get venue cellular settings per AP model", {
    variant: "newer",
  }),
  W34: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/cellular`, "Update venue cellular settings", "array", {
    variant: "newer",
  }),
  W35: read("wifi", `${T}/wifi/venue/{venueId}/dhcp-service-profile`, "List venue DHCP bindings", { variant: "newer" }),
  W36: accepted(
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/dhcp-service-profile/{dhcpServiceProfileId}`,
    "Bind venue to DHCP service profile",
    "none",
    { variant: "newer" },
  ),
  W37: accepted(
    "wifi",
    "DELETE",
    `${T}/wifi/venue/{venueId}/dhcp-service-profile/{dhcpServiceProfileId}`,
    "Unbind venue from DHCP service profile",
    "none",
    { variant: "newer" },
  ),
  W38: read("wifi", `${T}/wifi/venue/{venueId}/lan-port`, "List venue LAN-port settings"),
  W39: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/lan-port`, "Update venue LAN-port settings", "array"),
  W40: read("wifi", `${T}/wifi/venue/{venueId}/led`, "List venue LED settings"),
  W41: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/led`, "Update venue LED settings", "array"),
  W42: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/mesh`, "Update venue mesh", "object"),
  W43: read("wifi", `${T}/wifi/venue/{venueId}/radio`, "Get venue radio"),
  W44: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/radio`, "Update venue radio", "object"),
  W45: accepted("wifi", "DELETE", `${T}/wifi/venue/{venueId}/radio`, "Reset venue radio to defaults", "none"),
  W46: read("wifi", `${T}/wifi/venue/{venueId}/radio/default`, "Get venue radio default values"),
  W47: read("wifi", `${T}/wifi/venue/{venueId}/syslog`, "Get venue syslog"),
  W48: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/syslog`, "Update venue syslog", "object"),
  // Networks. W49 is not in the API documentation: it says "the network list operation ... not
  // shown", and W49 is the one number missing before W50. The path is the service's collection
  // path.
  W49: list("wifi", `${T}/wifi/network`, "List networks (not in the API documentation)", {
    beyondDocumentation:
      'the API documentation: "the network list operation ... not shown"; the vendor\'s public generated client (get_networks) and sample scripts',
  }),
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
  W65: read(
    "wifi",
    `${T}/wifi/network/{networkId}/venue/{venueId}/network-venue`,
    "Get activation by network and venue",
  ),
  W66: list("wifi", `${T}/wifi/venue/{venueId}/venue-network`, "List activations of a venue"),
  // Clients and device policies. W67 answers {requestId}: the disconnect is an async action.
  W67: accepted("wifi", "POST", `${T}/wifi/disconnect-client`, "Disconnect clients", "array"),
  W68: list("wifi", `${T}/wifi/device-policy`, "List device policies (newer)", { variant: "newer" }),
  W69: accepted("wifi", "POST", `${T}/wifi/device-policy`, "Create device policy (newer)", "object", {
    variant: "newer",
  }),
  W70: accepted("wifi", "DELETE", `${T}/wifi/device-policy`, "Delete device policies (newer)", "array", {
    variant: "newer",
  }),
  W71: read("wifi", `${T}/wifi/device-policy/{devicePolicyId}`, "Get device policy (newer)", { variant: "newer" }),
  W72: accepted("wifi", "PUT", `${T}/wifi/device-policy/{devicePolicyId}`, "Update device policy (newer)", "object", {
    variant: "newer",
  }),
  // Guest users: W73 pages from 1 in a {content, totalElements} envelope; W74 answers 201. W76 is
  // the one multipart operation; it answers 201 with the created guests at once (like W74).
  W73: list("wifi", `${T}/wifi/guest-user`, "List guest users", {
    paging: { firstPage: 1, envelope: "content", defaultSize: 50 },
  }),
  W74: row("wifi", "POST", `${T}/wifi/guest-user`, "Create guest users", { success: 201, async: false, body: "array" }),
  W75: accepted("wifi", "DELETE", `${T}/wifi/guest-user`, "Delete guest users", "array"),
  W76: row("wifi", "POST", `${T}/wifi/guest-user/import`, "Import guest users from a file", {
    success: 201,
    async: false,
    body: "multipart",
  }),
  W77: read("wifi", `${T}/wifi/guest-user/{guestUserId}`, "Get guest user"),
  W78: accepted("wifi", "DELETE", `${T}/wifi/guest-user/{guestUserId}`, "Delete guest user", "none"),
  W79: accepted("wifi", "POST", `${T}/wifi/guest-user/{guestUserId}/disable`, "Disable guest user", "none"),
  W80: accepted("wifi", "POST", `${T}/wifi/guest-user/{guestUserId}/enable`, "Enable guest user", "none"),
  W81: accepted(
    "wifi",
    "POST",
    `${T}/wifi/guest-user/{guestUserId}/regenerate`,
    "Regenerate guest credentials",
    "array",
  ),
  // Recovery PSK, DPSK passphrases (write-only: no read operation in the API documentation), vSPoT
  // servers, Wi-Fi calling profiles
  W82: read("wifi", `${T}/wifi/recovery`, "Get recovery PSK"),
  W83: accepted("wifi", "PUT", `${T}/wifi/recovery`, "Update recovery PSK", "object"),
  W84: accepted("wifi", "POST", `${T}/wifi/dpsk`, "Create DPSK passphrase", "object"),
  W85: accepted("wifi", "DELETE", `${T}/wifi/dpsk`, "Delete DPSK passphrases", "array"),
  W86: list("wifi", `${T}/wifi/vspot`, "List vSPoT servers"),
  W87: accepted("wifi", "POST", `${T}/wifi/vspot`, "Create vSPoT server", "object"),
  W88: read("wifi", `${T}/wifi/vspot/{vspotId}`, "Get vSPoT server"),
  W89: accepted("wifi", "PUT", `${T}/wifi/vspot/{vspotId}`, "Update vSPoT server", "object"),
  W90: accepted("wifi", "DELETE", `${T}/wifi/vspot/{vspotId}`, "Delete vSPoT server", "none"),
  W91: list("wifi", `${T}/wifi/wifi-calling-profile`, "List Wi-Fi calling profiles"),
  W92: accepted("wifi", "POST", `${T}/wifi/wifi-calling-profile`, "Create Wi-Fi calling profile", "object"),
  W93: accepted("wifi", "DELETE", `${T}/wifi/wifi-calling-profile`, "Delete Wi-Fi calling profiles", "array"),
  W94: read("wifi", `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`, "Get Wi-Fi calling profile"),
  W95: accepted(
    "wifi",
    "PUT",
    `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`,
    "Update Wi-Fi calling profile",
    "object",
  ),
  W96: accepted(
    "wifi",
    "DELETE",
    `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`,
    "Delete Wi-Fi calling profile",
    "none",
  ),
  // Beyond the API documentation: venue operations of the real API that the vendor's public
  // generated client (v20.01.04) and its sample scripts call, numbered after W96 in the order the
  // evidence lists them.
  W97: read("wifi", `${T}/wifi/venue/{venueId}/valid-channels`, "Get the venue's valid channels per band", {
    beyondDocumentation: PUBLIC_CLIENT,
  }),
  W98: accepted("wifi", "DELETE", `${T}/wifi/venue/{venueId}/syslog`, "Reset venue syslog to defaults", "none", {
    beyondDocumentation: PUBLIC_CLIENT,
  }),
  W99: accepted("wifi", "PUT", `${T}/wifi/venue/{venueId}/vspot/{vspotId}`, "Bind a vSPoT server to a venue", "none", {
    beyondDocumentation: PUBLIC_CLIENT,
  }),
  W100: read("wifi", `${T}/wifi/venue/{venueId}/vspot`, "Get the venue's vSPoT binding", {
    beyondDocumentation: PUBLIC_CLIENT,
  }),
  W101: accepted("wifi", "DELETE", `${T}/wifi/venue/{venueId}/vspot`, "Unbind the venue's vSPoT server", "none", {
    beyondDocumentation: PUBLIC_CLIENT,
  }),
  // The switch API documentation. The {serialNumber} slot takes the switch's id, which is its
  // serial number (emulator/README.md "Switches"). S25, S32, S61 and S68 are labelled "create" in
  // the API documentation but are PUTs naming the object in the body: they update
  // (emulator/README.md). S4, S11, S44 and S51 carry the object's ID in the body, not the path.
  // ACLs. The venue lookup S2 takes page and size as the profile list S7 does (the API
  // documentation shows none).
  S1: read("switch", `${SW}/acl/{aclId}/venue/{venueId}`, "Reference record of an ACL in a venue"),
  S2: list("switch", `${SW}/profile/acls/venue/{venueId}`, "List ACLs of a venue"),
  S3: accepted("switch", "POST", `${SW}/profile/{profileId}/acl`, "Add ACL", "object"),
  S4: accepted("switch", "PUT", `${SW}/profile/{profileId}/acl`, "Update ACL", "object"),
  S5: read("switch", `${SW}/profile/{profileId}/acl/{aclId}`, "Get ACL"),
  S6: accepted("switch", "DELETE", `${SW}/profile/{profileId}/acl/{aclId}`, "Delete ACL", "none"),
  S7: list("switch", `${SW}/profile/{profileId}/acls`, "List ACLs of a profile"),
  S8: accepted("switch", "DELETE", `${SW}/profile/{profileId}/acls`, "Delete ACLs", "array"),
  // Switches
  S9: list("switch", `${SW}/switch`, "List switches"),
  S10: accepted("switch", "POST", `${SW}/switch`, "Add switch", "object"),
  S11: accepted("switch", "PUT", `${SW}/switch`, "Update switch", "object"),
  S12: accepted("switch", "POST", `${SW}/switch/ssh-tunnel`, "Create reverse SSH tunnel", "object"),
  S13: list("switch", `${SW}/switch/venue/{venueId}`, "List switches of a venue"),
  S14: read("switch", `${SW}/switch/{serialNumber}`, "Get switch"),
  S15: accepted("switch", "DELETE", `${SW}/switch/{serialNumber}`, "Delete switch", "none"),
  S16: accepted("switch", "PUT", `${SW}/switch/{serialNumber}/member`, "Add and remove stack members", "object"),
  S17: accepted("switch", "DELETE", `${SW}/switch/{serialNumber}/member/{memberId}`, "Delete stack member", "none"),
  S18: accepted("switch", "POST", `${SW}/switch/{serialNumber}/ping`, "Ping from switch", "object"),
  S19: accepted("switch", "PUT", `${SW}/switch/{serialNumber}/position`, "Update switch position", "object"),
  S20: accepted(
    "switch",
    "POST",
    `${SW}/switch/{serialNumber}/reboot`,
    "Reboot switch (unnamed in the API documentation)",
    "none",
  ),
  S21: accepted("switch", "POST", `${SW}/switch/{serialNumber}/trace-route`, "Trace route from switch", "object"),
  S22: accepted("switch", "POST", `${SW}/switch/{serialNumber}/upgrade`, "Schedule firmware", "object"),
  S23: accepted("switch", "POST", `${SW}/switches`, "Add switch, answered as an array", "object"),
  S24: accepted("switch", "DELETE", `${SW}/switches`, "Delete switches", "array"),
  // IP ports
  S25: accepted("switch", "PUT", `${SW}/ipPort`, "Update IP port (the API documentation's create)", "object"),
  S26: accepted("switch", "DELETE", `${SW}/ipPort`, "Delete IP ports", "array"),
  S27: list("switch", `${SW}/ipPort/switch/{serialNumber}`, "List IP ports of a switch"),
  S28: accepted("switch", "POST", `${SW}/ipPort/switch/{serialNumber}`, "Create IP port on a switch", "object"),
  S29: read("switch", `${SW}/ipPort/{ipPortId}`, "Get IP port"),
  S30: accepted("switch", "DELETE", `${SW}/ipPort/{ipPortId}`, "Delete IP port", "none"),
  S31: accepted(
    "switch",
    "POST",
    `${SW}/ipPorts/switch/{serialNumber}`,
    "Submit several IP ports on a switch",
    "object",
  ),
  // LAGs
  S32: accepted("switch", "PUT", `${SW}/lag`, "Update LAG (the API documentation's create)", "object"),
  S33: accepted("switch", "DELETE", `${SW}/lag`, "Delete LAGs", "array"),
  S34: list("switch", `${SW}/lag/switch/{serialNumber}`, "List LAGs of a switch"),
  S35: accepted("switch", "POST", `${SW}/lag/switch/{serialNumber}`, "Create LAG on a switch", "object"),
  S36: read("switch", `${SW}/lag/{lagId}`, "Get LAG"),
  S37: accepted("switch", "DELETE", `${SW}/lag/{lagId}`, "Delete LAG", "none"),
  S38: accepted("switch", "POST", `${SW}/lags/switch/{serialNumber}`, "Submit several LAGs on a switch", "object"),
  // Ports
  S39: list("switch", `${SW}/port/switch/{serialNumber}`, "List ports of a switch"),
  S40: accepted("switch", "PUT", `${SW}/port/switch/{serialNumber}`, "Update port of a switch", "object"),
  S41: read("switch", `${SW}/port/switch/{serialNumber}/portId/{unitNum}/{slotNum}/{portNum}`, "Get port"),
  S42: row("switch", "POST", `${SW}/port/switch/{serialNumber}/ports`, "Get ports by ID list", {
    success: 200,
    async: false,
    body: "array",
    readsOnly: true,
  }),
  // Profiles, their VLANs and trusted ports. The venue lookups S56-S59 take page and size as S54 does.
  S43: accepted("switch", "POST", `${SW}/profile`, "Add switch profile", "object"),
  S44: accepted("switch", "PUT", `${SW}/profile`, "Update switch profile", "object"),
  S45: read("switch", `${SW}/profile/{profileId}`, "Get switch profile"),
  S46: accepted("switch", "DELETE", `${SW}/profile/{profileId}`, "Delete switch profile", "none"),
  S47: list("switch", `${SW}/profiles`, "List switch profiles"),
  S48: read("switch", `${SW}/profile/{profileId}/trustedPort/{trustedPortId}`, "Get trusted port"),
  S49: accepted(
    "switch",
    "DELETE",
    `${SW}/profile/{profileId}/trustedPort/{trustedPortId}`,
    "Delete trusted port",
    "none",
  ),
  S50: accepted("switch", "POST", `${SW}/profile/{profileId}/vlan`, "Add VLAN", "object"),
  S51: accepted("switch", "PUT", `${SW}/profile/{profileId}/vlan`, "Update VLAN", "object"),
  S52: read("switch", `${SW}/profile/{profileId}/vlan/{vlanUuid}`, "Get VLAN"),
  S53: accepted("switch", "DELETE", `${SW}/profile/{profileId}/vlan/{vlanUuid}`, "Delete VLAN", "none"),
  S54: list("switch", `${SW}/profile/{profileId}/vlans`, "List VLANs of a profile"),
  S55: accepted("switch", "DELETE", `${SW}/profile/{profileId}/vlans`, "Delete VLANs", "array"),
  S56: list("switch", `${SW}/profile/vlans/venue/{venueId}`, "List VLANs of a venue"),
  S57: list("switch", `${SW}/profile/vlans/venue/{venueId}/model/{model}`, "List VLANs of a venue for a model"),
  S58: list(
    "switch",
    `${SW}/profile/vlans/venue/{venueId}/model/{model}/tagged/{unitId}/{slotId}/{taggedPortId}`,
    "List VLANs of a venue for a model and tagged port",
  ),
  S59: list(
    "switch",
    `${SW}/profile/vlans/venue/{venueId}/model/{model}/untagged/{unitId}/{slotId}/{untaggedPortId}`,
    "List VLANs of a venue for a model and untagged port",
  ),
  S60: read("switch", `${SW}/vlan/{vlanId}/venue/{venueId}`, "Reference record of a VLAN in a venue"),
  // Virtual-Ethernet ports and venue switch settings
  S61: accepted("switch", "PUT", `${SW}/vePort`, "Update VE port (the API documentation's create)", "object"),
  S62: list("switch", `${SW}/vePort/switch/{serialNumber}`, "List VE ports of a switch"),
  S63: accepted("switch", "POST", `${SW}/vePort/switch/{serialNumber}`, "Create VE port on a switch", "object"),
  S64: read("switch", `${SW}/vePort/{vePortId}`, "Get VE port"),
  S65: accepted("switch", "DELETE", `${SW}/vePort/{vePortId}`, "Delete VE port", "none"),
  S66: accepted("switch", "DELETE", `${SW}/vePorts`, "Delete VE ports", "array"),
  S67: accepted(
    "switch",
    "POST",
    `${SW}/vePorts/switch/{serialNumber}`,
    "Submit several VE ports on a switch",
    "object",
  ),
  S68: accepted(
    "switch",
    "PUT",
    `${SW}/venue`,
    "Write venue switch settings (the API documentation's create)",
    "object",
  ),
  S69: read("switch", `${SW}/venue/{venueId}`, "Get venue switch settings"),
  // File transfer (its own service). U2 answers 302 to the file's real location, which must be called
  // without the service's cookie or headers.
  U1: row("file", "POST", "/api/file/tenant/{tenantId}/upload-url", "Get a file ID and an upload address", {
    success: 200,
    async: false,
    body: "object",
  }),
  U2: row("file", "GET", "/api/file/tenant/{tenantId}/{fileId}", "Get the download address of a file", {
    success: 302,
    async: false,
    body: "none",
  }),
} as const satisfies Record<string, RouteDef>;

export type OperationId = keyof typeof ROUTES;

export const OPERATION_IDS = Object.keys(ROUTES) as OperationId[];

/** The route of an operation, typed as the general row (the table's literal types are narrower). */
export function routeOf(op: OperationId): RouteDef {
  return ROUTES[op];
}

/**
 * The operation a command line names (npm run new-kind's --route): its ID in the table, e.g. W92. The one place that
 * reads a name given by hand, so that naming operations otherwise changes this function only.
 */
export function lookUpRoute(given: string): { op: OperationId; route: RouteDef } {
  if (!Object.hasOwn(ROUTES, given)) throw new Error(`no operation ${JSON.stringify(given)} in contract/routes.ts`);
  return { op: given as OperationId, route: ROUTES[given as OperationId] };
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
