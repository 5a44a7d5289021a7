// Wi-Fi network, shallow (createNetwork/getNetwork/updateNetwork) and deep (createNetworkDeep/getNetworkDeep/updateNetworkDeep): one collection, two input forms.
// RADIUS server pairs are objects of their own: a deep write creates them (or updates in place
// the pairs the network already references, keeping their IDs), a shallow write references them
// by ID, and a pair no network references any more is removed.
import {
  type DpskPassphraseFormat,
  type NetworkDeepInput,
  networkDeepCreateSchemaFor,
  networkDeepInputSchemaFor,
  networkDeepReadSchemaFor,
  dpskPassphraseFormatReadSchema,
  networkShallowReadSchemaFor,
  type NetworkShallow,
  type NetworkShallowInput,
  networkShallowInputSchemaFor,
  type RadiusPair,
  type RadiusPairOut,
  type WifiApiVariant,
} from "../../../contract";
import { z } from "zod";
import { ApiError, relatedNotFound } from "../../model/errors";
import { listAnswer, ok, pageOf } from "../../operations/handlers";
import type { KindDef, RelatedPut, WriteContext } from "../../model/kind";
import { slicePage } from "../../model/model";
import type { TenantState } from "../../model/tenant";
import { activationView, type ActivationRecord } from "./activations";
import { requireDhcpServiceForCellularAps } from "./dhcpService";

/** The shallow form: RADIUS pairs are referenced by authRadiusId and accountingRadiusId. */
export type NetworkRecord = NetworkShallow;
export type RadiusRecord = RadiusPairOut;

const DPSK_PASSPHRASE_FORMATS: readonly DpskPassphraseFormat[] = [
  {
    id: "most-secured",
    name: "Most secured",
    dpskGenerationParams: {
      passphraseExpirationEnum: "UNLIMITED",
      passphraseFormatEnum: "MOST_SECURED",
      passphraseLength: 18,
    },
  },
  {
    id: "keyboard-friendly",
    name: "Keyboard friendly",
    dpskGenerationParams: {
      passphraseExpirationEnum: "UNLIMITED",
      passphraseFormatEnum: "KEYBOARD_FRIENDLY",
      passphraseLength: 12,
    },
  },
  {
    id: "numbers-only",
    name: "Numbers only",
    dpskGenerationParams: {
      passphraseExpirationEnum: "UNLIMITED",
      passphraseFormatEnum: "NUMBERS_ONLY",
      passphraseLength: 12,
    },
  },
];

type NetworkBase = Omit<NetworkShallowInput, "authRadiusId" | "accountingRadiusId">;

/** Server defaults: the SSID is the network's name, and a WLAN is enabled. */
function withDefaults<T extends NetworkBase>(input: T): T {
  return {
    ...input,
    wlan: { ...input.wlan, ssid: input.wlan.ssid ?? input.name, enabled: input.wlan.enabled ?? true },
  };
}

function removeUnreferencedRadius(t: TenantState): void {
  const referenced = new Set<string>();
  for (const n of t.of<NetworkRecord>("networks").all()) {
    if (n.authRadiusId) referenced.add(n.authRadiusId);
    if (n.accountingRadiusId) referenced.add(n.accountingRadiusId);
  }
  for (const pair of t.of("radius").filter((p) => !referenced.has(p.id))) t.of("radius").delete(pair.id);
}

/** RADIUS server pairs, written by deep network writes; no operation reaches them directly. */
export const radius: KindDef<RadiusRecord, never> = {
  name: "radius",
  noun: "RADIUS server pair",
  idParam: "radiusId",
  schema: () => {
    throw new Error("RADIUS pairs are written through deep network writes only");
  },
  ops: {},
  build: () => {
    throw new Error("RADIUS pairs are built by deep network writes");
  },
  view: (_t, pair) => pair,
};

/** The network types' input schemas are unions; the kinds store what the type's schema let through. */
const asInput = <I>(schemaFor: (variant: WifiApiVariant) => z.ZodTypeAny) =>
  schemaFor as (variant: WifiApiVariant) => z.ZodType<I, z.ZodTypeDef, unknown>;

/**
 * Objects a network's WLAN names must exist: Wi-Fi calling profiles and (newer) the device policy. The VLAN pool
 * (newer) is an object the Wi-Fi API documentation gives no operation for: it is stored as given.
 */
function checkReferences(t: TenantState, network: NetworkRecord): void {
  const advanced = (network.wlan?.advancedCustomization ?? {}) as {
    wifiCallingIds?: string[];
    devicePolicyId?: string;
  };
  (advanced.wifiCallingIds ?? []).forEach((id, i) => {
    if (!t.of("wifiCallingProfiles").has(id))
      throw relatedNotFound("Wi-Fi calling profile", `wlan.advancedCustomization.wifiCallingIds[${i}]`, id);
  });
  if (advanced.devicePolicyId !== undefined && !t.of("devicePolicies").has(advanced.devicePolicyId)) {
    throw relatedNotFound("device policy", "wlan.advancedCustomization.devicePolicyId", advanced.devicePolicyId);
  }
}

const shared = {
  name: "networks",
  noun: "network",
  idParam: "networkId",
  unique: {
    key: (n: NetworkRecord) => n.name,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "a network with this name already exists",
  },
  guardDelete(t: TenantState, network: NetworkRecord) {
    if (t.of("activations").some((a) => a.networkId === network.id)) {
      throw new ApiError("NMS-IN-USE", {
        message: "network is still activated on a venue",
        object: "networkId",
        value: network.id,
      });
    }
  },
  onDelete: removeUnreferencedRadius,
  afterPut: removeUnreferencedRadius,
  check(t: TenantState, network: NetworkRecord) {
    checkReferences(t, network);
    requireDhcpServiceForCellularAps(t, network);
  },
} as const;

/** The shallow form; it owns the collection, so the list, delete and shared operations live here. */
export const networks: KindDef<NetworkRecord, NetworkShallowInput> = {
  ...shared,
  schema: asInput<NetworkShallowInput>(networkShallowInputSchemaFor),
  readSchema: networkShallowReadSchemaFor,
  schemasOf: {
    // deep=true answers getNetworkDeep's form.
    listNetworks: {
      answer: (variant) => z.array(z.union([networkShallowReadSchemaFor(variant), networkDeepReadSchemaFor(variant)])),
    },
    listDpskPassphraseFormats: { answer: () => z.array(dpskPassphraseFormatReadSchema) },
  },
  ops: {
    create: "createNetwork",
    bulkDelete: "deleteNetworks",
    get: "getNetwork",
    update: "updateNetwork",
    delete: "deleteNetwork",
  },
  build: (_ctx, input, id) => ({ record: { ...withDefaults(input), id } }),
  check(t, network) {
    checkReferences(t, network);
    for (const field of ["authRadiusId", "accountingRadiusId"] as const) {
      const radiusId = network[field];
      if (radiusId !== undefined && !t.of("radius").has(radiusId))
        throw relatedNotFound("RADIUS server", field, radiusId);
    }
  },
  view: (_t, network) => network,
  extra: {
    // deep=true gives each network in getNetworkDeep's form, so a whole tenant reads in a few calls.
    listNetworks: (c) => {
      const all = c.tenant.of<NetworkRecord>("networks").all();
      const page = slicePage(all, pageOf(c.query, c.route));
      if (c.query.get("deep") !== "true") return listAnswer(c.route, page, all.length);
      // One pass over the activations instead of one per network.
      const byNetwork = new Map<string, ActivationRecord[]>();
      for (const a of c.tenant.of<ActivationRecord>("activations").all())
        byNetwork.set(a.networkId, [...(byNetwork.get(a.networkId) ?? []), a]);
      return listAnswer(
        c.route,
        page.map((n) => networkDeepView(c.tenant, n, byNetwork.get(n.id) ?? [])),
        all.length,
      );
    },
    // The Wi-Fi API documentation gives the shape of a DPSK passphrase format, not the values: these are the emulator's catalogue.
    listDpskPassphraseFormats: () =>
      ok(DPSK_PASSPHRASE_FORMATS.map((f) => ({ ...f, dpskGenerationParams: { ...f.dpskGenerationParams } }))),
  },
};

/** A pair from a deep input, keeping the IDs of the pair it replaces so that reads stay stable. */
function radiusRecord(ctx: WriteContext, pair: RadiusPair, existing: RadiusRecord | undefined): RadiusRecord {
  const record: RadiusRecord = {
    id: existing?.id ?? ctx.newId(),
    primary: { ...pair.primary, id: existing?.primary.id ?? ctx.newId() },
  };
  if (pair.secondary) record.secondary = { ...pair.secondary, id: existing?.secondary?.id ?? ctx.newId() };
  return record;
}

function deepBuild(ctx: WriteContext, input: NetworkDeepInput, id: string, previous: NetworkRecord | undefined) {
  const { authRadius, accountingRadius, ...rest } = input;
  const record: NetworkRecord = { ...withDefaults(rest), id } as NetworkRecord;
  const related: RelatedPut[] = [];
  const place = (pair: RadiusPair | undefined, previousId: string | undefined): string | undefined => {
    if (!pair) return undefined;
    // Two fields naming one pair (possible through shallow writes) must not become one pair here.
    const reusable = previousId !== undefined && !related.some((r) => r.record.id === previousId);
    const placed = radiusRecord(ctx, pair, reusable ? ctx.t.of<RadiusRecord>("radius").get(previousId) : undefined);
    related.push({ kind: "radius", record: placed });
    return placed.id;
  };
  const authRadiusId = place(authRadius, previous?.authRadiusId);
  const accountingRadiusId = place(accountingRadius, previous?.accountingRadiusId);
  if (authRadiusId) record.authRadiusId = authRadiusId;
  if (accountingRadiusId) record.accountingRadiusId = accountingRadiusId;
  return { record, related };
}

const deepView = (t: TenantState, network: NetworkRecord, related?: readonly RelatedPut[]) =>
  networkDeepView(
    t,
    network,
    t.of<ActivationRecord>("activations").filter((a) => a.networkId === network.id),
    related,
  );

/** The deep create (createNetworkDeep): in the older variant it does not check the RADIUS ports (the Wi-Fi API documentation: updateNetworkDeep only). */
export const networksDeepCreate: KindDef<NetworkRecord, NetworkDeepInput> = {
  ...shared,
  name: "networks",
  schema: asInput<NetworkDeepInput>(networkDeepCreateSchemaFor),
  readSchema: networkDeepReadSchemaFor,
  ops: { create: "createNetworkDeep" },
  build: deepBuild,
  view: deepView,
};

/** The deep read and update (getNetworkDeep, updateNetworkDeep). */
export const networksDeep: KindDef<NetworkRecord, NetworkDeepInput> = {
  ...shared,
  schema: asInput<NetworkDeepInput>(networkDeepInputSchemaFor),
  readSchema: networkDeepReadSchemaFor,
  ops: { get: "getNetworkDeep", update: "updateNetworkDeep" },
  build: deepBuild,
  view: deepView,
};

/** getNetworkDeep's form: RADIUS pairs resolved (from the draft's related objects while not stored yet), activations as `venues`. */
function networkDeepView(
  t: TenantState,
  network: NetworkRecord,
  activations: readonly ActivationRecord[],
  related?: readonly RelatedPut[],
): unknown {
  const pair = (id: string | undefined) =>
    id === undefined
      ? undefined
      : (related?.find((r) => r.kind === "radius" && r.record.id === id)?.record ?? t.of("radius").get(id));
  const { authRadiusId, accountingRadiusId, ...rest } = network;
  return {
    ...rest,
    authRadius: pair(authRadiusId),
    accountingRadius: pair(accountingRadiusId),
    venues: activations.map((a) => activationView(t, a)),
  };
}
