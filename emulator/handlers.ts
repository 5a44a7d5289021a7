// One thin handler per operation: take the path parameters, query and body, call the model
// method of the same name, shape the answer. Authentication, tenant and role checks, body
// parsing and error answers happen before and after, once, in server.ts.
import type { OperationId } from "../contract";
import { ApiError } from "./errors";
import type { Session } from "./auth";
import type { NmsModel, PageRequest, PreparedWrite } from "./model/model";
import type { TenantState } from "./model/tenant";

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface OpContext {
  readonly model: NmsModel;
  readonly tenant: TenantState;
  readonly session: Session;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  /** Submits an async write and answers 202 with its request ID. */
  accept(write: PreparedWrite): Answer;
}

export type Handler = (c: OpContext) => Answer;

const ok = (body: unknown): Answer => ({ status: 200, body });

/** page and size are strings on the wire; page is zero-based; no size means everything. */
export function pageOf(query: URLSearchParams): PageRequest {
  const page = query.get("page");
  const size = query.get("size");
  const parse = (name: string, raw: string, min: number) => {
    if (!/^\d+$/.test(raw) || Number(raw) < min) {
      throw new ApiError("NMS-BAD-REQUEST", { message: `${name} must be an integer of at least ${min}`, object: name, value: raw });
    }
    return Number(raw);
  };
  return {
    page: page === null ? 0 : parse("page", page, 0),
    size: size === null ? undefined : parse("size", size, 1),
  };
}

/** Every operation but login (A1), which needs no tenant and is handled by the server. */
/** Operations of the route table the emulator serves; the others answer 404 until their kind exists. */
export const HANDLERS: Partial<Record<Exclude<OperationId, "A1">, Handler>> = {
  A2: (c) => ok(c.model.getRequest(c.tenant, c.params.requestId)),
  A3: (c) => ok(c.model.listRequests(c.tenant, c.params.status, pageOf(c.query))),
  A4: (c) => ok(c.model.getTenant(c.tenant, c.query.get("deep") === "true")),
  A5: (c) => ok(c.model.getTenantDetails(c.tenant)),

  A6: (c) => ok(c.model.listVenues(c.tenant, pageOf(c.query))),
  A7: (c) => c.accept(c.model.addVenue(c.tenant, c.body)),
  A8: (c) => c.accept(c.model.deleteVenues(c.tenant, c.body)),
  A9: (c) => ok(c.model.getVenue(c.tenant, c.params.venueId)),
  A10: (c) => c.accept(c.model.updateVenue(c.tenant, c.params.venueId, c.body)),
  A11: (c) => c.accept(c.model.deleteVenue(c.tenant, c.params.venueId)),

  W23: (c) => ok(c.model.listApGroups(c.tenant, pageOf(c.query))),
  W24: (c) => c.accept(c.model.createApGroup(c.tenant, c.body)),
  W25: (c) => c.accept(c.model.deleteApGroups(c.tenant, c.body)),
  W26: (c) => ok(c.model.getApGroup(c.tenant, c.params.apGroupId)),
  W27: (c) => c.accept(c.model.updateApGroup(c.tenant, c.params.apGroupId, c.body)),
  W28: (c) => c.accept(c.model.deleteApGroup(c.tenant, c.params.apGroupId)),
  W29: (c) => ok(c.model.listVenueApGroups(c.tenant, c.params.venueId, pageOf(c.query))),
  W30: (c) => ok(c.model.getVenueDefaultApGroup(c.tenant, c.params.venueId)),

  W49: (c) => ok(c.model.listNetworks(c.tenant, pageOf(c.query), c.query.get("deep") === "true")),
  W50: (c) => c.accept(c.model.createNetwork(c.tenant, c.body)),
  W51: (c) => c.accept(c.model.deleteNetworks(c.tenant, c.body)),
  W52: (c) => c.accept(c.model.createNetworkDeep(c.tenant, c.body)),
  W53: (c) => ok(c.model.listDpskPassphraseFormats()),
  W54: (c) => ok(c.model.getNetwork(c.tenant, c.params.networkId)),
  W55: (c) => c.accept(c.model.updateNetwork(c.tenant, c.params.networkId, c.body)),
  W56: (c) => c.accept(c.model.deleteNetwork(c.tenant, c.params.networkId)),
  W57: (c) => ok(c.model.getNetworkDeep(c.tenant, c.params.networkId)),
  W58: (c) => c.accept(c.model.updateNetworkDeep(c.tenant, c.params.networkId, c.body)),

  W59: (c) => c.accept(c.model.createNetworkVenue(c.tenant, c.body)),
  W60: (c) => c.accept(c.model.deleteNetworkVenues(c.tenant, c.body)),
  W61: (c) => ok(c.model.getNetworkVenue(c.tenant, c.params.networkVenueId)),
  W62: (c) => c.accept(c.model.updateNetworkVenue(c.tenant, c.params.networkVenueId, c.body)),
  W63: (c) => c.accept(c.model.deleteNetworkVenue(c.tenant, c.params.networkVenueId)),
  W64: (c) => ok(c.model.listNetworkVenuesOfNetwork(c.tenant, c.params.networkId, pageOf(c.query))),
  W65: (c) => ok(c.model.getNetworkVenueByNetworkAndVenue(c.tenant, c.params.networkId, c.params.venueId)),
  W66: (c) => ok(c.model.listNetworkVenuesOfVenue(c.tenant, c.params.venueId, pageOf(c.query))),
};
