// The one route table of the service, shared by the client and the emulator. A row says everything
// the wire needs about one operation: method and path (as the real service's public clients call
// it; where no public client shows one, the path is inferred, so a wrong one is a one-line fix
// here), the service it belongs to (request records and headers), the success status, whether the
// answer is an async request to wait for, how the body is encoded, the extra headers, and how the
// list pages. The client and the emulator read these fields; neither infers them from the method
// or path. Rows are grouped as the three documents group their operations (docs/service.md), each keyed
// by the operation's name, with the API documentation's ID of it as the `id` column.

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
  /**
   * The operation's ID in the API documentation (A4, W76, S10...): a cross-reference for reading the service's
   * documents and COVERAGE.md. Code names an operation by its key in ROUTES, never by this ID.
   */
  readonly id: string;
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

/** A row of the table: the general route with its ID kept as a literal type. */
type Row<Id extends string> = RouteDef & { readonly id: Id };

/** A read answered 200. */
function read<Id extends string>(
  id: Id,
  service: ServiceName,
  path: string,
  summary: string,
  extras: Extras = {},
): Row<Id> {
  return row(id, service, "GET", path, summary, { success: 200, async: false, body: "none", ...extras });
}

/** A paged read answered 200. */
function list<Id extends string>(
  id: Id,
  service: ServiceName,
  path: string,
  summary: string,
  extras: Extras = {},
): Row<Id> {
  return read(id, service, path, summary, { paging: ZERO_BASED, ...extras });
}

/** A write answered 202 with a request to wait for. */
function accepted<Id extends string>(
  id: Id,
  service: ServiceName,
  method: HttpMethod,
  path: string,
  summary: string,
  body: BodyEncoding,
  extras: Extras = {},
): Row<Id> {
  return row(id, service, method, path, summary, { success: 202, async: true, body, ...extras });
}

function row<Id extends string>(
  id: Id,
  service: ServiceName,
  method: HttpMethod,
  path: string,
  summary: string,
  rest: Pick<RouteDef, "success" | "async" | "body"> & Extras,
): Row<Id> {
  // The switch API documentation: every switch operation carries the gateway's two headers.
  const headers: readonly WireHeader[] = service === "switch" ? ["tenantId", "requestId"] : [];
  return { id, method, path, summary, service, headers, ...rest };
}

/** Where the operations beyond the API documentation are known from. */
const PUBLIC_CLIENT =
  "the vendor's public generated client (v20.01.04, ruckus_cloud_wifi venue_api.py) and sample scripts";

const T = "/api/tenant/{tenantId}";
const SW = "/api/switch/tenant/{tenantId}";

/**
 * Every operation of the service, keyed by its name (OperationName); `id` is the API documentation's ID of the
 * operation, the wire is the rest of the row.
 */
export const ROUTES = {
  // The account and venues API documentation
  // Access and request tracking
  login: row("A1", "tenant", "POST", "/token", "Login", { success: 200, async: false, body: "object" }),
  getRequest: read("A2", "tenant", `${T}/request/{requestId}`, "Get one request record"),
  listRequestsByStatus: list("A3", "tenant", `${T}/request/status/{status}`, "List request records by status"),
  // Tenant
  getTenant: read("A4", "tenant", `${T}`, "Get tenant"),
  getTenantDetails: read("A5", "tenant", `${T}/account`, "Get tenant details"),
  // Venues
  listVenues: list("A6", "tenant", `${T}/venue`, "List venues"),
  createVenue: accepted("A7", "tenant", "POST", `${T}/venue`, "Add venue", "object"),
  deleteVenues: accepted("A8", "tenant", "DELETE", `${T}/venue`, "Delete venues", "array"),
  getVenue: read("A9", "tenant", `${T}/venue/{venueId}`, "Get venue"),
  updateVenue: accepted("A10", "tenant", "PUT", `${T}/venue/{venueId}`, "Update venue", "object"),
  deleteVenue: accepted("A11", "tenant", "DELETE", `${T}/venue/{venueId}`, "Delete venue", "none"),
  // Administrators. The API documentation leaves A14's purpose out; public clients call this PUT
  // "update admin role". The body names the administrator.
  listAdmins: list("A12", "tenant", `${T}/admin`, "List administrators"),
  createAdmin: accepted("A13", "tenant", "POST", `${T}/admin`, "Add administrator", "object"),
  updateAdminRole: accepted("A14", "tenant", "PUT", `${T}/admin`, "Change an administrator's role", "object"),
  deleteAdmins: accepted("A15", "tenant", "DELETE", `${T}/admin`, "Delete administrators", "array"),
  getAdmin: read("A16", "tenant", `${T}/admin/{adminId}`, "Get administrator"),
  deleteAdmin: accepted("A17", "tenant", "DELETE", `${T}/admin/{adminId}`, "Delete administrator", "none"),
  // Delegations. The API documentation leaves A21's purpose out; public clients call this DELETE
  // "delete support delegation".
  listDelegations: list("A18", "tenant", `${T}/delegation`, "List delegations (?type=)"),
  inviteVar: accepted("A19", "tenant", "POST", `${T}/delegation`, "Invite a VAR", "object"),
  createSupportDelegation: accepted(
    "A20",
    "tenant",
    "POST",
    `${T}/delegation/support`,
    "Grant vendor-support access",
    "none",
  ),
  deleteSupportDelegation: accepted(
    "A21",
    "tenant",
    "DELETE",
    `${T}/delegation/support`,
    "Revoke vendor-support access",
    "none",
  ),
  getDelegation: read("A22", "tenant", `${T}/delegation/{delegationId}`, "Get delegation"),
  updateDelegation: accepted(
    "A23",
    "tenant",
    "PUT",
    `${T}/delegation/{delegationId}`,
    "Accept or reject a delegation",
    "object",
  ),
  deleteDelegation: accepted("A24", "tenant", "DELETE", `${T}/delegation/{delegationId}`, "Delete delegation", "none"),
  // Notification recipients. The API documentation labels A27 "create several"; public clients send
  // this DELETE with a list of recipients: a bulk delete.
  listNotificationRecipients: list("A25", "tenant", `${T}/notification-recipient`, "List notification recipients"),
  createNotificationRecipient: accepted(
    "A26",
    "tenant",
    "POST",
    `${T}/notification-recipient`,
    "Create notification recipient",
    "object",
  ),
  deleteNotificationRecipients: accepted(
    "A27",
    "tenant",
    "DELETE",
    `${T}/notification-recipient`,
    "Delete notification recipients",
    "array",
  ),
  getNotificationRecipient: read(
    "A28",
    "tenant",
    `${T}/notification-recipient/{notificationRecipientId}`,
    "Get notification recipient",
  ),
  updateNotificationRecipient: accepted(
    "A29",
    "tenant",
    "PUT",
    `${T}/notification-recipient/{notificationRecipientId}`,
    "Update notification recipient",
    "object",
  ),
  deleteNotificationRecipient: accepted(
    "A30",
    "tenant",
    "DELETE",
    `${T}/notification-recipient/{notificationRecipientId}`,
    "Delete notification recipient",
    "none",
  ),
  // User profile and licences. A35's mspEcTenantId has no slot in the public clients' path: it travels
  // as a query parameter, with ?type=.
  getUserProfile: read("A31", "tenant", `${T}/user-profile`, "Get user profile"),
  updateUserProfile: accepted("A32", "tenant", "PUT", `${T}/user-profile`, "Update user profile", "object"),
  listEntitlements: list("A33", "tenant", `${T}/entitlement`, "List entitlements (?type=)"),
  listEntitlementSummaries: list("A34", "tenant", `${T}/entitlement/summary`, "List entitlement summaries (?type=)"),
  getEndCustomerEntitlements: row(
    "A35",
    "tenant",
    "POST",
    `${T}/entitlement/refresh`,
    "Entitlements of an MSP end customer",
    {
      success: 200,
      async: false,
      body: "none",
      readsOnly: true,
    },
  ),
  // Floor plans and calibration points
  listFloorPlans: list("F1", "tenant", `${T}/venue/{venueId}/floor-plan`, "List floor plans"),
  createFloorPlan: accepted("F2", "tenant", "POST", `${T}/venue/{venueId}/floor-plan`, "Create floor plan", "object"),
  getFloorPlan: read("F3", "tenant", `${T}/venue/{venueId}/floor-plan/{floorPlanId}`, "Get floor plan"),
  updateFloorPlan: accepted(
    "F4",
    "tenant",
    "PUT",
    `${T}/venue/{venueId}/floor-plan/{floorPlanId}`,
    "Update floor plan",
    "object",
  ),
  deleteFloorPlan: accepted(
    "F5",
    "tenant",
    "DELETE",
    `${T}/venue/{venueId}/floor-plan/{floorPlanId}`,
    "Delete floor plan",
    "none",
  ),
  listCalibrationPoints: read(
    "C1",
    "tenant",
    `${T}/venue/{venueId}/floor-plan/{floorPlanId}/calibration-point`,
    "List calibration points",
  ),
  replaceCalibrationPoints: accepted(
    "C2",
    "tenant",
    "PUT",
    `${T}/venue/{venueId}/floor-plan/{floorPlanId}/calibration-point`,
    "Replace calibration points",
    "array",
  ),
  // The Wi-Fi API documentation
  // Access points, keyed by serial number, and their own settings and actions
  listAps: list("W1", "wifi", `${T}/wifi/ap`, "List APs"),
  createAps: accepted("W2", "wifi", "POST", `${T}/wifi/ap`, "Add APs", "array"),
  deleteAps: accepted("W3", "wifi", "DELETE", `${T}/wifi/ap`, "Delete APs", "array"),
  listApGroupAps: list("W4", "wifi", `${T}/wifi/ap-group/{apGroupId}/ap`, "List APs of an AP group"),
  getAp: read("W5", "wifi", `${T}/wifi/ap/{serialNumber}`, "Get AP with configuration"),
  updateAp: accepted("W6", "wifi", "PUT", `${T}/wifi/ap/{serialNumber}`, "Update AP", "object"),
  deleteAp: accepted("W7", "wifi", "DELETE", `${T}/wifi/ap/{serialNumber}`, "Delete AP", "none"),
  getApBonjourGateway: read("W8", "wifi", `${T}/wifi/ap/{serialNumber}/bonjour-gateway`, "Get mDNS gateway"),
  updateApBonjourGateway: accepted(
    "W9",
    "wifi",
    "PUT",
    `${T}/wifi/ap/{serialNumber}/bonjour-gateway`,
    "Update mDNS gateway",
    "object",
  ),
  resetApBonjourGateway: accepted(
    "W10",
    "wifi",
    "DELETE",
    `${T}/wifi/ap/{serialNumber}/bonjour-gateway`,
    "Reset mDNS gateway",
    "none",
  ),
  downloadApLog: read("W11", "wifi", `${T}/wifi/ap/{serialNumber}/download-log`, "Download AP log file"),
  factoryResetAp: accepted(
    "W12",
    "wifi",
    "POST",
    `${T}/wifi/ap/{serialNumber}/factory-reset`,
    "Factory reset AP",
    "none",
  ),
  getApLanPorts: read("W13", "wifi", `${T}/wifi/ap/{serialNumber}/lan-port`, "Get AP LAN ports"),
  updateApLanPorts: accepted(
    "W14",
    "wifi",
    "PUT",
    `${T}/wifi/ap/{serialNumber}/lan-port`,
    "Update AP LAN ports",
    "object",
  ),
  resetApLanPorts: accepted(
    "W15",
    "wifi",
    "DELETE",
    `${T}/wifi/ap/{serialNumber}/lan-port`,
    "Reset AP LAN ports to defaults",
    "none",
  ),
  pingFromAp: accepted("W16", "wifi", "POST", `${T}/wifi/ap/{serialNumber}/ping`, "Ping from AP", "object"),
  updateApPosition: accepted(
    "W17",
    "wifi",
    "PUT",
    `${T}/wifi/ap/{serialNumber}/position`,
    "Update AP position",
    "object",
  ),
  getApRadio: read("W18", "wifi", `${T}/wifi/ap/{serialNumber}/radio`, "Get AP radio"),
  updateApRadio: accepted("W19", "wifi", "PUT", `${T}/wifi/ap/{serialNumber}/radio`, "Update AP radio", "object"),
  resetApRadio: accepted("W20", "wifi", "DELETE", `${T}/wifi/ap/{serialNumber}/radio`, "Reset AP radio", "none"),
  rebootAp: accepted("W21", "wifi", "POST", `${T}/wifi/ap/{serialNumber}/reboot`, "Reboot AP", "none"),
  traceRouteFromAp: accepted(
    "W22",
    "wifi",
    "POST",
    `${T}/wifi/ap/{serialNumber}/trace-route`,
    "Trace route from AP",
    "object",
  ),
  // AP groups
  listApGroups: list("W23", "wifi", `${T}/wifi/ap-group`, "List AP groups"),
  createApGroup: accepted("W24", "wifi", "POST", `${T}/wifi/ap-group`, "Create AP group", "object"),
  deleteApGroups: accepted("W25", "wifi", "DELETE", `${T}/wifi/ap-group`, "Delete AP groups", "array"),
  getApGroup: read("W26", "wifi", `${T}/wifi/ap-group/{apGroupId}`, "Get AP group"),
  updateApGroup: accepted("W27", "wifi", "PUT", `${T}/wifi/ap-group/{apGroupId}`, "Update AP group", "object"),
  deleteApGroup: accepted("W28", "wifi", "DELETE", `${T}/wifi/ap-group/{apGroupId}`, "Delete AP group", "none"),
  listVenueApGroups: list("W29", "wifi", `${T}/wifi/venue/{venueId}/ap-group`, "List AP groups of a venue"),
  getVenueDefaultApGroup: read(
    "W30",
    "wifi",
    `${T}/wifi/venue/{venueId}/default-ap-group`,
    "Get default AP group of a venue",
  ),
  // Venue Wi-Fi settings, which always exist
  listVenueWifiSettings: list("W31", "wifi", `${T}/wifi/venue`, "List venue Wi-Fi settings"),
  getVenueWifiSettings: read("W32", "wifi", `${T}/wifi/venue/{venueId}`, "Get venue Wi-Fi settings"),
  getVenueCellularSettings: read(
    "W33",
    "wifi",
    `${T}/wifi/venue/{venueId}/cellular`,
    "Get venue cellular settings per AP model",
    {
      variant: "newer",
    },
  ),
  updateVenueCellularSettings: accepted(
    "W34",
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/cellular`,
    "Update venue cellular settings",
    "array",
    {
      variant: "newer",
    },
  ),
  listVenueDhcpServiceProfiles: read(
    "W35",
    "wifi",
    `${T}/wifi/venue/{venueId}/dhcp-service-profile`,
    "List venue DHCP bindings",
    { variant: "newer" },
  ),
  bindVenueDhcpServiceProfile: accepted(
    "W36",
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/dhcp-service-profile/{dhcpServiceProfileId}`,
    "Bind venue to DHCP service profile",
    "none",
    { variant: "newer" },
  ),
  unbindVenueDhcpServiceProfile: accepted(
    "W37",
    "wifi",
    "DELETE",
    `${T}/wifi/venue/{venueId}/dhcp-service-profile/{dhcpServiceProfileId}`,
    "Unbind venue from DHCP service profile",
    "none",
    { variant: "newer" },
  ),
  getVenueLanPorts: read("W38", "wifi", `${T}/wifi/venue/{venueId}/lan-port`, "List venue LAN-port settings"),
  updateVenueLanPorts: accepted(
    "W39",
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/lan-port`,
    "Update venue LAN-port settings",
    "array",
  ),
  getVenueLeds: read("W40", "wifi", `${T}/wifi/venue/{venueId}/led`, "List venue LED settings"),
  updateVenueLeds: accepted(
    "W41",
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/led`,
    "Update venue LED settings",
    "array",
  ),
  updateVenueMesh: accepted("W42", "wifi", "PUT", `${T}/wifi/venue/{venueId}/mesh`, "Update venue mesh", "object"),
  getVenueRadio: read("W43", "wifi", `${T}/wifi/venue/{venueId}/radio`, "Get venue radio"),
  updateVenueRadio: accepted("W44", "wifi", "PUT", `${T}/wifi/venue/{venueId}/radio`, "Update venue radio", "object"),
  resetVenueRadio: accepted(
    "W45",
    "wifi",
    "DELETE",
    `${T}/wifi/venue/{venueId}/radio`,
    "Reset venue radio to defaults",
    "none",
  ),
  getVenueRadioDefaults: read(
    "W46",
    "wifi",
    `${T}/wifi/venue/{venueId}/radio/default`,
    "Get venue radio default values",
  ),
  getVenueSyslog: read("W47", "wifi", `${T}/wifi/venue/{venueId}/syslog`, "Get venue syslog"),
  updateVenueSyslog: accepted(
    "W48",
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/syslog`,
    "Update venue syslog",
    "object",
  ),
  // Networks. W49 is not in the API documentation: it says "the network list operation ... not
  // shown", and W49 is the one number missing before W50. The path is the service's collection
  // path.
  listNetworks: list("W49", "wifi", `${T}/wifi/network`, "List networks (not in the API documentation)", {
    beyondDocumentation:
      'the API documentation: "the network list operation ... not shown"; the vendor\'s public generated client (get_networks) and sample scripts',
  }),
  createNetwork: accepted("W50", "wifi", "POST", `${T}/wifi/network`, "Create network", "object"),
  deleteNetworks: accepted("W51", "wifi", "DELETE", `${T}/wifi/network`, "Delete networks", "array"),
  createNetworkDeep: accepted("W52", "wifi", "POST", `${T}/wifi/network/deep`, "Create network (deep)", "object"),
  listDpskPassphraseFormats: read("W53", "wifi", `${T}/wifi/network/dpsk`, "List DPSK passphrase formats"),
  getNetwork: read("W54", "wifi", `${T}/wifi/network/{networkId}`, "Get network"),
  updateNetwork: accepted("W55", "wifi", "PUT", `${T}/wifi/network/{networkId}`, "Update network", "object"),
  deleteNetwork: accepted("W56", "wifi", "DELETE", `${T}/wifi/network/{networkId}`, "Delete network", "none"),
  getNetworkDeep: read("W57", "wifi", `${T}/wifi/network/{networkId}/deep`, "Get network with nested details"),
  updateNetworkDeep: accepted(
    "W58",
    "wifi",
    "PUT",
    `${T}/wifi/network/{networkId}/deep`,
    "Update network (deep)",
    "object",
  ),
  // Network-venue activations
  activateNetwork: accepted("W59", "wifi", "POST", `${T}/wifi/network-venue`, "Create activation", "object"),
  deactivateNetworks: accepted("W60", "wifi", "DELETE", `${T}/wifi/network-venue`, "Delete activations", "array"),
  getNetworkActivation: read("W61", "wifi", `${T}/wifi/network-venue/{networkVenueId}`, "Get activation"),
  updateNetworkActivation: accepted(
    "W62",
    "wifi",
    "PUT",
    `${T}/wifi/network-venue/{networkVenueId}`,
    "Update activation",
    "object",
  ),
  deactivateNetwork: accepted(
    "W63",
    "wifi",
    "DELETE",
    `${T}/wifi/network-venue/{networkVenueId}`,
    "Delete activation",
    "none",
  ),
  listNetworkActivations: list(
    "W64",
    "wifi",
    `${T}/wifi/network/{networkId}/network-venue`,
    "List activations of a network",
  ),
  getNetworkActivationByVenue: read(
    "W65",
    "wifi",
    `${T}/wifi/network/{networkId}/venue/{venueId}/network-venue`,
    "Get activation by network and venue",
  ),
  listVenueNetworkActivations: list(
    "W66",
    "wifi",
    `${T}/wifi/venue/{venueId}/venue-network`,
    "List activations of a venue",
  ),
  // Clients and device policies. W67 answers {requestId}: the disconnect is an async action.
  disconnectClients: accepted("W67", "wifi", "POST", `${T}/wifi/disconnect-client`, "Disconnect clients", "array"),
  listDevicePolicies: list("W68", "wifi", `${T}/wifi/device-policy`, "List device policies (newer)", {
    variant: "newer",
  }),
  createDevicePolicy: accepted(
    "W69",
    "wifi",
    "POST",
    `${T}/wifi/device-policy`,
    "Create device policy (newer)",
    "object",
    {
      variant: "newer",
    },
  ),
  deleteDevicePolicies: accepted(
    "W70",
    "wifi",
    "DELETE",
    `${T}/wifi/device-policy`,
    "Delete device policies (newer)",
    "array",
    {
      variant: "newer",
    },
  ),
  getDevicePolicy: read("W71", "wifi", `${T}/wifi/device-policy/{devicePolicyId}`, "Get device policy (newer)", {
    variant: "newer",
  }),
  updateDevicePolicy: accepted(
    "W72",
    "wifi",
    "PUT",
    `${T}/wifi/device-policy/{devicePolicyId}`,
    "Update device policy (newer)",
    "object",
    {
      variant: "newer",
    },
  ),
  // Guest users: W73 pages from 1 in a {content, totalElements} envelope; W74 answers 201. W76 is
  // the one multipart operation; it answers 201 with the created guests at once (like W74).
  listGuestUsers: list("W73", "wifi", `${T}/wifi/guest-user`, "List guest users", {
    paging: { firstPage: 1, envelope: "content", defaultSize: 50 },
  }),
  createGuestUsers: row("W74", "wifi", "POST", `${T}/wifi/guest-user`, "Create guest users", {
    success: 201,
    async: false,
    body: "array",
  }),
  deleteGuestUsers: accepted("W75", "wifi", "DELETE", `${T}/wifi/guest-user`, "Delete guest users", "array"),
  importGuestUsers: row("W76", "wifi", "POST", `${T}/wifi/guest-user/import`, "Import guest users from a file", {
    success: 201,
    async: false,
    body: "multipart",
  }),
  getGuestUser: read("W77", "wifi", `${T}/wifi/guest-user/{guestUserId}`, "Get guest user"),
  deleteGuestUser: accepted("W78", "wifi", "DELETE", `${T}/wifi/guest-user/{guestUserId}`, "Delete guest user", "none"),
  disableGuestUser: accepted(
    "W79",
    "wifi",
    "POST",
    `${T}/wifi/guest-user/{guestUserId}/disable`,
    "Disable guest user",
    "none",
  ),
  enableGuestUser: accepted(
    "W80",
    "wifi",
    "POST",
    `${T}/wifi/guest-user/{guestUserId}/enable`,
    "Enable guest user",
    "none",
  ),
  regenerateGuestUserCredentials: accepted(
    "W81",
    "wifi",
    "POST",
    `${T}/wifi/guest-user/{guestUserId}/regenerate`,
    "Regenerate guest credentials",
    "array",
  ),
  // Recovery PSK, DPSK passphrases (write-only: no read operation in the API documentation), vSPoT
  // servers, Wi-Fi calling profiles
  getRecoveryPsk: read("W82", "wifi", `${T}/wifi/recovery`, "Get recovery PSK"),
  updateRecoveryPsk: accepted("W83", "wifi", "PUT", `${T}/wifi/recovery`, "Update recovery PSK", "object"),
  createDpskPassphrase: accepted("W84", "wifi", "POST", `${T}/wifi/dpsk`, "Create DPSK passphrase", "object"),
  deleteDpskPassphrases: accepted("W85", "wifi", "DELETE", `${T}/wifi/dpsk`, "Delete DPSK passphrases", "array"),
  listVspots: list("W86", "wifi", `${T}/wifi/vspot`, "List vSPoT servers"),
  createVspot: accepted("W87", "wifi", "POST", `${T}/wifi/vspot`, "Create vSPoT server", "object"),
  getVspot: read("W88", "wifi", `${T}/wifi/vspot/{vspotId}`, "Get vSPoT server"),
  updateVspot: accepted("W89", "wifi", "PUT", `${T}/wifi/vspot/{vspotId}`, "Update vSPoT server", "object"),
  deleteVspot: accepted("W90", "wifi", "DELETE", `${T}/wifi/vspot/{vspotId}`, "Delete vSPoT server", "none"),
  listWifiCallingProfiles: list("W91", "wifi", `${T}/wifi/wifi-calling-profile`, "List Wi-Fi calling profiles"),
  createWifiCallingProfile: accepted(
    "W92",
    "wifi",
    "POST",
    `${T}/wifi/wifi-calling-profile`,
    "Create Wi-Fi calling profile",
    "object",
  ),
  deleteWifiCallingProfiles: accepted(
    "W93",
    "wifi",
    "DELETE",
    `${T}/wifi/wifi-calling-profile`,
    "Delete Wi-Fi calling profiles",
    "array",
  ),
  getWifiCallingProfile: read(
    "W94",
    "wifi",
    `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`,
    "Get Wi-Fi calling profile",
  ),
  updateWifiCallingProfile: accepted(
    "W95",
    "wifi",
    "PUT",
    `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`,
    "Update Wi-Fi calling profile",
    "object",
  ),
  deleteWifiCallingProfile: accepted(
    "W96",
    "wifi",
    "DELETE",
    `${T}/wifi/wifi-calling-profile/{wifiCallingProfileId}`,
    "Delete Wi-Fi calling profile",
    "none",
  ),
  // Beyond the API documentation: venue operations of the real API that the vendor's public
  // generated client (v20.01.04) and its sample scripts call, numbered after W96 in the order the
  // evidence lists them.
  getVenueValidChannels: read(
    "W97",
    "wifi",
    `${T}/wifi/venue/{venueId}/valid-channels`,
    "Get the venue's valid channels per band",
    {
      beyondDocumentation: PUBLIC_CLIENT,
    },
  ),
  resetVenueSyslog: accepted(
    "W98",
    "wifi",
    "DELETE",
    `${T}/wifi/venue/{venueId}/syslog`,
    "Reset venue syslog to defaults",
    "none",
    {
      beyondDocumentation: PUBLIC_CLIENT,
    },
  ),
  bindVenueVspot: accepted(
    "W99",
    "wifi",
    "PUT",
    `${T}/wifi/venue/{venueId}/vspot/{vspotId}`,
    "Bind a vSPoT server to a venue",
    "none",
    {
      beyondDocumentation: PUBLIC_CLIENT,
    },
  ),
  getVenueVspot: read("W100", "wifi", `${T}/wifi/venue/{venueId}/vspot`, "Get the venue's vSPoT binding", {
    beyondDocumentation: PUBLIC_CLIENT,
  }),
  unbindVenueVspot: accepted(
    "W101",
    "wifi",
    "DELETE",
    `${T}/wifi/venue/{venueId}/vspot`,
    "Unbind the venue's vSPoT server",
    "none",
    {
      beyondDocumentation: PUBLIC_CLIENT,
    },
  ),
  // The switch API documentation. The {serialNumber} slot takes the switch's id, which is its
  // serial number (emulator/README.md "Switches"). S25, S32, S61 and S68 are labelled "create" in
  // the API documentation but are PUTs naming the object in the body: they update
  // (emulator/README.md). S4, S11, S44 and S51 carry the object's ID in the body, not the path.
  // ACLs. The venue lookup S2 takes page and size as the profile list S7 does (the API
  // documentation shows none).
  getVenueAcl: read("S1", "switch", `${SW}/acl/{aclId}/venue/{venueId}`, "Reference record of an ACL in a venue"),
  listVenueAcls: list("S2", "switch", `${SW}/profile/acls/venue/{venueId}`, "List ACLs of a venue"),
  createAcl: accepted("S3", "switch", "POST", `${SW}/profile/{profileId}/acl`, "Add ACL", "object"),
  updateAcl: accepted("S4", "switch", "PUT", `${SW}/profile/{profileId}/acl`, "Update ACL", "object"),
  getAcl: read("S5", "switch", `${SW}/profile/{profileId}/acl/{aclId}`, "Get ACL"),
  deleteAcl: accepted("S6", "switch", "DELETE", `${SW}/profile/{profileId}/acl/{aclId}`, "Delete ACL", "none"),
  listProfileAcls: list("S7", "switch", `${SW}/profile/{profileId}/acls`, "List ACLs of a profile"),
  deleteAcls: accepted("S8", "switch", "DELETE", `${SW}/profile/{profileId}/acls`, "Delete ACLs", "array"),
  // Switches
  listSwitches: list("S9", "switch", `${SW}/switch`, "List switches"),
  createSwitch: accepted("S10", "switch", "POST", `${SW}/switch`, "Add switch", "object"),
  updateSwitch: accepted("S11", "switch", "PUT", `${SW}/switch`, "Update switch", "object"),
  createSshTunnel: accepted("S12", "switch", "POST", `${SW}/switch/ssh-tunnel`, "Create reverse SSH tunnel", "object"),
  listVenueSwitches: list("S13", "switch", `${SW}/switch/venue/{venueId}`, "List switches of a venue"),
  getSwitch: read("S14", "switch", `${SW}/switch/{serialNumber}`, "Get switch"),
  deleteSwitch: accepted("S15", "switch", "DELETE", `${SW}/switch/{serialNumber}`, "Delete switch", "none"),
  updateStackMembers: accepted(
    "S16",
    "switch",
    "PUT",
    `${SW}/switch/{serialNumber}/member`,
    "Add and remove stack members",
    "object",
  ),
  deleteStackMember: accepted(
    "S17",
    "switch",
    "DELETE",
    `${SW}/switch/{serialNumber}/member/{memberId}`,
    "Delete stack member",
    "none",
  ),
  pingFromSwitch: accepted("S18", "switch", "POST", `${SW}/switch/{serialNumber}/ping`, "Ping from switch", "object"),
  updateSwitchPosition: accepted(
    "S19",
    "switch",
    "PUT",
    `${SW}/switch/{serialNumber}/position`,
    "Update switch position",
    "object",
  ),
  rebootSwitch: accepted(
    "S20",
    "switch",
    "POST",
    `${SW}/switch/{serialNumber}/reboot`,
    "Reboot switch (unnamed in the API documentation)",
    "none",
  ),
  traceRouteFromSwitch: accepted(
    "S21",
    "switch",
    "POST",
    `${SW}/switch/{serialNumber}/trace-route`,
    "Trace route from switch",
    "object",
  ),
  scheduleSwitchFirmware: accepted(
    "S22",
    "switch",
    "POST",
    `${SW}/switch/{serialNumber}/upgrade`,
    "Schedule firmware",
    "object",
  ),
  createSwitches: accepted("S23", "switch", "POST", `${SW}/switches`, "Add switch, answered as an array", "object"),
  deleteSwitches: accepted("S24", "switch", "DELETE", `${SW}/switches`, "Delete switches", "array"),
  // IP ports
  updateIpPort: accepted(
    "S25",
    "switch",
    "PUT",
    `${SW}/ipPort`,
    "Update IP port (the API documentation's create)",
    "object",
  ),
  deleteIpPorts: accepted("S26", "switch", "DELETE", `${SW}/ipPort`, "Delete IP ports", "array"),
  listSwitchIpPorts: list("S27", "switch", `${SW}/ipPort/switch/{serialNumber}`, "List IP ports of a switch"),
  createIpPort: accepted(
    "S28",
    "switch",
    "POST",
    `${SW}/ipPort/switch/{serialNumber}`,
    "Create IP port on a switch",
    "object",
  ),
  getIpPort: read("S29", "switch", `${SW}/ipPort/{ipPortId}`, "Get IP port"),
  deleteIpPort: accepted("S30", "switch", "DELETE", `${SW}/ipPort/{ipPortId}`, "Delete IP port", "none"),
  createIpPorts: accepted(
    "S31",
    "switch",
    "POST",
    `${SW}/ipPorts/switch/{serialNumber}`,
    "Submit several IP ports on a switch",
    "object",
  ),
  // LAGs
  updateLag: accepted("S32", "switch", "PUT", `${SW}/lag`, "Update LAG (the API documentation's create)", "object"),
  deleteLags: accepted("S33", "switch", "DELETE", `${SW}/lag`, "Delete LAGs", "array"),
  listSwitchLags: list("S34", "switch", `${SW}/lag/switch/{serialNumber}`, "List LAGs of a switch"),
  createLag: accepted("S35", "switch", "POST", `${SW}/lag/switch/{serialNumber}`, "Create LAG on a switch", "object"),
  getLag: read("S36", "switch", `${SW}/lag/{lagId}`, "Get LAG"),
  deleteLag: accepted("S37", "switch", "DELETE", `${SW}/lag/{lagId}`, "Delete LAG", "none"),
  createLags: accepted(
    "S38",
    "switch",
    "POST",
    `${SW}/lags/switch/{serialNumber}`,
    "Submit several LAGs on a switch",
    "object",
  ),
  // Ports
  listSwitchPorts: list("S39", "switch", `${SW}/port/switch/{serialNumber}`, "List ports of a switch"),
  updateSwitchPort: accepted(
    "S40",
    "switch",
    "PUT",
    `${SW}/port/switch/{serialNumber}`,
    "Update port of a switch",
    "object",
  ),
  getSwitchPort: read(
    "S41",
    "switch",
    `${SW}/port/switch/{serialNumber}/portId/{unitNum}/{slotNum}/{portNum}`,
    "Get port",
  ),
  getSwitchPortsByIds: row("S42", "switch", "POST", `${SW}/port/switch/{serialNumber}/ports`, "Get ports by ID list", {
    success: 200,
    async: false,
    body: "array",
    readsOnly: true,
  }),
  // Profiles, their VLANs and trusted ports. The venue lookups S56-S59 take page and size as S54 does.
  createSwitchProfile: accepted("S43", "switch", "POST", `${SW}/profile`, "Add switch profile", "object"),
  updateSwitchProfile: accepted("S44", "switch", "PUT", `${SW}/profile`, "Update switch profile", "object"),
  getSwitchProfile: read("S45", "switch", `${SW}/profile/{profileId}`, "Get switch profile"),
  deleteSwitchProfile: accepted(
    "S46",
    "switch",
    "DELETE",
    `${SW}/profile/{profileId}`,
    "Delete switch profile",
    "none",
  ),
  listSwitchProfiles: list("S47", "switch", `${SW}/profiles`, "List switch profiles"),
  getTrustedPort: read("S48", "switch", `${SW}/profile/{profileId}/trustedPort/{trustedPortId}`, "Get trusted port"),
  deleteTrustedPort: accepted(
    "S49",
    "switch",
    "DELETE",
    `${SW}/profile/{profileId}/trustedPort/{trustedPortId}`,
    "Delete trusted port",
    "none",
  ),
  createVlan: accepted("S50", "switch", "POST", `${SW}/profile/{profileId}/vlan`, "Add VLAN", "object"),
  updateVlan: accepted("S51", "switch", "PUT", `${SW}/profile/{profileId}/vlan`, "Update VLAN", "object"),
  getVlan: read("S52", "switch", `${SW}/profile/{profileId}/vlan/{vlanUuid}`, "Get VLAN"),
  deleteVlan: accepted("S53", "switch", "DELETE", `${SW}/profile/{profileId}/vlan/{vlanUuid}`, "Delete VLAN", "none"),
  listProfileVlans: list("S54", "switch", `${SW}/profile/{profileId}/vlans`, "List VLANs of a profile"),
  deleteVlans: accepted("S55", "switch", "DELETE", `${SW}/profile/{profileId}/vlans`, "Delete VLANs", "array"),
  listVenueVlans: list("S56", "switch", `${SW}/profile/vlans/venue/{venueId}`, "List VLANs of a venue"),
  listVenueModelVlans: list(
    "S57",
    "switch",
    `${SW}/profile/vlans/venue/{venueId}/model/{model}`,
    "List VLANs of a venue for a model",
  ),
  listVenueModelTaggedPortVlans: list(
    "S58",
    "switch",
    `${SW}/profile/vlans/venue/{venueId}/model/{model}/tagged/{unitId}/{slotId}/{taggedPortId}`,
    "List VLANs of a venue for a model and tagged port",
  ),
  listVenueModelUntaggedPortVlans: list(
    "S59",
    "switch",
    `${SW}/profile/vlans/venue/{venueId}/model/{model}/untagged/{unitId}/{slotId}/{untaggedPortId}`,
    "List VLANs of a venue for a model and untagged port",
  ),
  getVenueVlan: read("S60", "switch", `${SW}/vlan/{vlanId}/venue/{venueId}`, "Reference record of a VLAN in a venue"),
  // Virtual-Ethernet ports and venue switch settings
  updateVePort: accepted(
    "S61",
    "switch",
    "PUT",
    `${SW}/vePort`,
    "Update VE port (the API documentation's create)",
    "object",
  ),
  listSwitchVePorts: list("S62", "switch", `${SW}/vePort/switch/{serialNumber}`, "List VE ports of a switch"),
  createVePort: accepted(
    "S63",
    "switch",
    "POST",
    `${SW}/vePort/switch/{serialNumber}`,
    "Create VE port on a switch",
    "object",
  ),
  getVePort: read("S64", "switch", `${SW}/vePort/{vePortId}`, "Get VE port"),
  deleteVePort: accepted("S65", "switch", "DELETE", `${SW}/vePort/{vePortId}`, "Delete VE port", "none"),
  deleteVePorts: accepted("S66", "switch", "DELETE", `${SW}/vePorts`, "Delete VE ports", "array"),
  createVePorts: accepted(
    "S67",
    "switch",
    "POST",
    `${SW}/vePorts/switch/{serialNumber}`,
    "Submit several VE ports on a switch",
    "object",
  ),
  updateVenueSwitchSettings: accepted(
    "S68",
    "switch",
    "PUT",
    `${SW}/venue`,
    "Write venue switch settings (the API documentation's create)",
    "object",
  ),
  getVenueSwitchSettings: read("S69", "switch", `${SW}/venue/{venueId}`, "Get venue switch settings"),
  // File transfer (its own service). U2 answers 302 to the file's real location, which must be called
  // without the service's cookie or headers.
  getUploadUrl: row(
    "U1",
    "file",
    "POST",
    "/api/file/tenant/{tenantId}/upload-url",
    "Get a file ID and an upload address",
    {
      success: 200,
      async: false,
      body: "object",
    },
  ),
  getDownloadUrl: row(
    "U2",
    "file",
    "GET",
    "/api/file/tenant/{tenantId}/{fileId}",
    "Get the download address of a file",
    {
      success: 302,
      async: false,
      body: "none",
    },
  ),
} as const satisfies Record<string, RouteDef>;

/**
 * The name of an operation: a verb and an object in camelCase, as the vendor's generated clients name theirs
 * (create_venue becomes createVenue). Code refers to an operation by its name only; an unknown name does not compile.
 */
export type OperationName = keyof typeof ROUTES;

/**
 * The API documentation's ID of an operation (A4, W76, S10...), a column of the table for cross-references: the
 * golden files and docs written from the API documentation name operations by it.
 */
export type DocumentationId = (typeof ROUTES)[OperationName]["id"];

export const OPERATION_NAMES = Object.keys(ROUTES) as OperationName[];

/** The ID column, in the table's order. */
export const OPERATION_IDS: readonly DocumentationId[] = OPERATION_NAMES.map((op) => ROUTES[op].id);

const NAME_BY_ID = new Map<string, OperationName>(OPERATION_NAMES.map((op) => [ROUTES[op].id, op]));

/** The operation the API documentation calls `id`. */
export function operationWithId(id: DocumentationId): OperationName {
  return NAME_BY_ID.get(id)!;
}

/** Whether a string names an operation (for names that arrive as data: configuration, records, arguments). */
export function isOperationName(value: string): value is OperationName {
  return Object.hasOwn(ROUTES, value);
}

/**
 * The operation a name or an API documentation ID stands for, where people give operations as data (the emulator's
 * configuration, faults and flags, written from the code or from the API documentation); undefined for neither.
 */
export function operationNamed(value: string): OperationName | undefined {
  return isOperationName(value) ? value : NAME_BY_ID.get(value);
}

/** The route of an operation, typed as the general row (the table's literal types are narrower). */
export function routeOf(op: OperationName): RouteDef {
  return ROUTES[op];
}

/**
 * The operation a command line names (npm run new-kind's --route): its name, e.g. createVenue, or its ID in the API
 * documentation, e.g. A7. The one place that reads an operation given by hand.
 */
export function lookUpRoute(given: string): { op: OperationName; route: RouteDef } {
  const op = operationNamed(given);
  if (op === undefined)
    throw new Error(`no operation ${JSON.stringify(given)} in contract/routes.ts (a name or an ID)`);
  return { op, route: ROUTES[op] };
}

/** Names of the {placeholders} of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** The concrete path of an operation; every placeholder must be given. */
export function pathFor(op: OperationName, params: Record<string, string>): string {
  return ROUTES[op].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") {
      throw new Error(`operation ${op} needs path parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
}
