// The one route table of the service, shared by the client and the emulator.
// Methods and paths come from shared/api-routes.md; "inferred" rows there are guesses,
// so a wrong one is a one-line fix here and nowhere else.

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  /** Answers 202 with a requestId that must be waited for. */
  readonly async: boolean;
  readonly summary: string;
}

function route(method: HttpMethod, path: string, summary: string, async = method !== "GET"): RouteDef {
  return { method, path, summary, async };
}

const T = "/api/tenant/{tenantId}";

export const ROUTES = {
  // Access and request tracking
  A1: route("POST", "/token", "Login", false),
  A2: route("GET", `${T}/request/{requestId}`, "Get one request record"),
  A3: route("GET", `${T}/request/status/{status}`, "List request records by status"),
  // Tenant
  A4: route("GET", `${T}`, "Get tenant"),
  A5: route("GET", `${T}/account`, "Get tenant details"),
  // Venues
  A6: route("GET", `${T}/venue`, "List venues"),
  A7: route("POST", `${T}/venue`, "Add venue"),
  A8: route("DELETE", `${T}/venue`, "Delete venues"),
  A9: route("GET", `${T}/venue/{venueId}`, "Get venue"),
  A10: route("PUT", `${T}/venue/{venueId}`, "Update venue"),
  A11: route("DELETE", `${T}/venue/{venueId}`, "Delete venue"),
  // AP groups
  W23: route("GET", `${T}/wifi/ap-group`, "List AP groups"),
  W24: route("POST", `${T}/wifi/ap-group`, "Create AP group"),
  W25: route("DELETE", `${T}/wifi/ap-group`, "Delete AP groups"),
  W26: route("GET", `${T}/wifi/ap-group/{apGroupId}`, "Get AP group"),
  W27: route("PUT", `${T}/wifi/ap-group/{apGroupId}`, "Update AP group"),
  W28: route("DELETE", `${T}/wifi/ap-group/{apGroupId}`, "Delete AP group"),
  W29: route("GET", `${T}/wifi/venue/{venueId}/ap-group`, "List AP groups of a venue"),
  W30: route("GET", `${T}/wifi/venue/{venueId}/default-ap-group`, "Get default AP group of a venue"),
  // Networks
  // W49 is not in the seeds: they say "the network list operation ... not shown", and W49
  // is the one number missing before W50. The path is the service's collection path.
  W49: route("GET", `${T}/wifi/network`, "List networks (not shown in the seeds)"),
  W50: route("POST", `${T}/wifi/network`, "Create network"),
  W51: route("DELETE", `${T}/wifi/network`, "Delete networks"),
  W52: route("POST", `${T}/wifi/network/deep`, "Create network (deep)"),
  W53: route("GET", `${T}/wifi/network/dpsk`, "List DPSK passphrase formats"),
  W54: route("GET", `${T}/wifi/network/{networkId}`, "Get network"),
  W55: route("PUT", `${T}/wifi/network/{networkId}`, "Update network"),
  W56: route("DELETE", `${T}/wifi/network/{networkId}`, "Delete network"),
  W57: route("GET", `${T}/wifi/network/{networkId}/deep`, "Get network with nested details"),
  W58: route("PUT", `${T}/wifi/network/{networkId}/deep`, "Update network (deep)"),
  // Network-venue activations
  W59: route("POST", `${T}/wifi/network-venue`, "Create activation"),
  W60: route("DELETE", `${T}/wifi/network-venue`, "Delete activations"),
  W61: route("GET", `${T}/wifi/network-venue/{networkVenueId}`, "Get activation"),
  W62: route("PUT", `${T}/wifi/network-venue/{networkVenueId}`, "Update activation"),
  W63: route("DELETE", `${T}/wifi/network-venue/{networkVenueId}`, "Delete activation"),
  W64: route("GET", `${T}/wifi/network/{networkId}/network-venue`, "List activations of a network"),
  W65: route("GET", `${T}/wifi/network/{networkId}/venue/{venueId}/network-venue`, "Get activation by network and venue"),
  W66: route("GET", `${T}/wifi/venue/{venueId}/venue-network`, "List activations of a venue"),
} as const satisfies Record<string, RouteDef>;

export type OperationId = keyof typeof ROUTES;

export const OPERATION_IDS = Object.keys(ROUTES) as OperationId[];

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
