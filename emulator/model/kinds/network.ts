// Wi-Fi network, shallow (W50/W54/W55) and deep (W52/W57/W58): one collection, two input forms.
// RADIUS server pairs are objects of their own: a deep write creates them (or updates in place
// the pairs the network already references, keeping their IDs), a shallow write references them
// by ID, and a pair no network references any more is removed.
import {
  NetworkDeepInput,
  networkDeepInputSchema,
  NetworkShallowInput,
  networkShallowInputSchema,
  RadiusPair,
} from "../../../contract";
import { ApiError, relatedNotFound } from "../../errors";
import type { KindSpec, RelatedPut, WriteContext } from "../kind";
import type { ActivationRecord, NetworkRecord, RadiusRecord } from "../records";
import type { TenantState } from "../tenant";
import { activationView } from "./activation";

type NetworkBase = Omit<NetworkShallowInput, "authRadiusId" | "accountingRadiusId">;

/** Server defaults: the SSID is the network's name, and a WLAN is enabled. */
function withDefaults<T extends NetworkBase>(input: T): T {
  return { ...input, wlan: { ...input.wlan, ssid: input.wlan.ssid ?? input.name, enabled: input.wlan.enabled ?? true } };
}

function removeUnreferencedRadius(t: TenantState): void {
  const referenced = new Set<string>();
  for (const n of t.networks.all()) {
    if (n.authRadiusId) referenced.add(n.authRadiusId);
    if (n.accountingRadiusId) referenced.add(n.accountingRadiusId);
  }
  for (const pair of t.radius.filter((p) => !referenced.has(p.id))) t.radius.delete(pair.id);
}

export const networkSpec: KindSpec<"networks", NetworkShallowInput> = {
  kind: "networks",
  noun: "network",
  idParam: "networkId",
  schema: networkShallowInputSchema,
  unique: {
    key: (n) => n.name,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "a network with this name already exists",
  },

  build: (_ctx, input, id) => ({ record: { ...withDefaults(input), id } }),

  check(t, network) {
    for (const field of ["authRadiusId", "accountingRadiusId"] as const) {
      const radiusId = network[field];
      if (radiusId !== undefined && !t.radius.has(radiusId)) throw relatedNotFound("RADIUS server", field, radiusId);
    }
  },

  guardDelete(t, network) {
    if (t.activations.some((a) => a.networkId === network.id)) {
      throw new ApiError("NMS-IN-USE", { message: "network is still activated on a venue", object: "networkId", value: network.id });
    }
  },

  onDelete: removeUnreferencedRadius,
  afterPut: removeUnreferencedRadius,

  view: (_t, network) => network,
};

/** A pair from a deep input, keeping the IDs of the pair it replaces so that reads stay stable. */
function radiusRecord(ctx: WriteContext, pair: RadiusPair, existing: RadiusRecord | undefined): RadiusRecord {
  const record: RadiusRecord = { id: existing?.id ?? ctx.newId(), primary: { ...pair.primary, id: existing?.primary.id ?? ctx.newId() } };
  if (pair.secondary) record.secondary = { ...pair.secondary, id: existing?.secondary?.id ?? ctx.newId() };
  return record;
}

export const networkDeepSpec: KindSpec<"networks", NetworkDeepInput> = {
  ...networkSpec,
  schema: networkDeepInputSchema,

  build(ctx, input, id, previous) {
    const { authRadius, accountingRadius, ...rest } = input;
    const record: NetworkRecord = { ...withDefaults(rest), id };
    const related: RelatedPut[] = [];
    const place = (pair: RadiusPair | undefined, previousId: string | undefined): string | undefined => {
      if (!pair) return undefined;
      // Two fields naming one pair (possible through shallow writes) must not become one pair here.
      const reusable = previousId !== undefined && !related.some((r) => r.record.id === previousId);
      const radius = radiusRecord(ctx, pair, reusable ? ctx.t.radius.get(previousId) : undefined);
      related.push({ kind: "radius", record: radius });
      return radius.id;
    };
    const authRadiusId = place(authRadius, previous?.authRadiusId);
    const accountingRadiusId = place(accountingRadius, previous?.accountingRadiusId);
    if (authRadiusId) record.authRadiusId = authRadiusId;
    if (accountingRadiusId) record.accountingRadiusId = accountingRadiusId;
    return { record, related };
  },

  // The pairs come with the write, so there is no reference to check.
  check: undefined,

  view: (t, network, related) => networkDeepView(t, network, t.activations.filter((a) => a.networkId === network.id), related),
};

/** W57's form: RADIUS pairs resolved (from the draft's related objects while not stored yet), activations as `venues`. */
export function networkDeepView(t: TenantState, network: NetworkRecord, activations: readonly ActivationRecord[], related?: readonly RelatedPut[]): unknown {
  const pair = (id: string | undefined) =>
    id === undefined ? undefined : (related?.find((r) => r.kind === "radius" && r.record.id === id)?.record ?? t.radius.get(id));
  const { authRadiusId, accountingRadiusId, ...rest } = network;
  return {
    ...rest,
    authRadius: pair(authRadiusId),
    accountingRadius: pair(accountingRadiusId),
    venues: activations.map((a) => activationView(t, a)),
  };
}
