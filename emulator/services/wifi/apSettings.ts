// An AP's own settings, which exist while the AP does (radio, LAN ports, mDNS
// gateway), keyed by the AP's serial number; the AP's delete takes them along (model.ts).
// Also the AP operations that are no setting: the AP with its settings (getAp), position (updateApPosition), log
// file (downloadApLog), factory reset (factoryResetAp) and trace route (traceRouteFromAp).
import { z } from "zod";
import {
  AP_LAN_PORTS_DEFAULTS,
  AP_MDNS_GATEWAY_DEFAULTS,
  AP_RADIO_DEFAULTS,
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  answerFormOf,
  apDetailReadSchemaFor,
  apRadioReadSchema,
  apLanPortsInputSchema,
  type ApLanPortsInput,
  apMdnsGatewayInputSchema,
  type ApMdnsGatewayInput,
  apPositionSchema,
  apRadioInputSchema,
  type ApRadioInput,
  validateBody,
} from "../../../contract";
import { ApiError, validationError } from "../../model/errors";
import { ok } from "../../operations/handlers";
import type { KindDef, OpContext } from "../../model/kind";
import type { AnyRecord } from "../../model/collection";
import type { TenantState } from "../../model/tenant";
import { apTargetBodySchema, aps, apView, isCellular, type ApRecord } from "./aps";
import { cellularSettingsOf } from "./venueWifiSettings";

type RadioBand = {
  allowedChannels: string[];
  changeInterval: number;
  channelBandwidth: string;
  manualChannel: number;
  method: string;
  txPower: string;
};
export type ApRadioRecord = {
  id: string;
  apRadioParams24G: RadioBand;
  apRadioParams50G: RadioBand;
  enable24G: boolean | null;
  enable50G: boolean | null;
  useVenueSettings: boolean;
};
export type ApLanPortsRecord = ApLanPortsInput & { id: string };
export type ApMdnsGatewayRecord = ApMdnsGatewayInput & { id: string };

const withoutId = <R extends { id: string }>({ id: _id, ...rest }: R) => rest;
const apOf = (t: TenantState, serial: string) => t.of<ApRecord>("aps").get(serial);
const hasContacted = (ap: ApRecord | undefined) => ap !== undefined && ap.lastContacted !== "";

/** What the radio does now: the channel set by hand or the first allowed one, at the set power; no signal before the AP has contacted the cloud. */
function bandView(band: RadioBand, contacted: boolean) {
  const channel = band.manualChannel > 0 ? band.manualChannel : Number(band.allowedChannels[0] ?? 0);
  return { ...band, operativeChannel: channel, operativeTxPower: band.txPower, snr_dB: contacted ? 32 : 0 };
}

export const apRadio: KindDef<ApRadioRecord, ApRadioInput> = {
  name: "apRadio",
  noun: "AP",
  idParam: "serialNumber",
  idFrom: { param: "serialNumber" },
  schema: () => apRadioInputSchema,
  readSchema: () => apRadioReadSchema,
  schemasOf: {
    getAp: { answer: (variant) => apDetailReadSchemaFor(variant) },
    downloadApLog: {
      answer: () => z.object({ fileURL: z.string().min(1).describe("Where the AP's log file can be downloaded.") }),
    },
    factoryResetAp: { answer: () => acceptedRequestSchema },
    updateApPosition: { body: () => apPositionSchema, answer: () => acceptedAnswerSchema(apPositionSchema) },
    traceRouteFromAp: { body: () => apTargetBodySchema, answer: () => acceptedAnswerSchema(actionTextReadSchema) },
  },
  settingsOf: {
    kind: "aps",
    defaults: (_ctx, serial) => ({
      id: serial,
      ...(structuredClone(AP_RADIO_DEFAULTS) as unknown as Omit<ApRadioRecord, "id">),
    }),
  },
  ops: { get: "getApRadio", update: "updateApRadio", reset: "resetApRadio" },
  // The body replaces the settings whole: updateApRadio's schema fills a band or a band field left out with its default (resetApRadio's value).
  build: (_ctx, input, id) => ({ record: { ...structuredClone(input), id } }),
  // The AP's one 5 GHz list falls under WIFI-10111 on an indoor model and WIFI-10112 on an outdoor one.
  check(t, radio) {
    const channels = radio.apRadioParams50G.allowedChannels;
    if (channels.length >= 2) return;
    const indoor = apOf(t, radio.id)?.indoorModel !== false;
    throw new ApiError(indoor ? "WIFI-10111" : "WIFI-10112", {
      message: `${indoor ? "5 GHz allowed indoor channel list" : "5 GHz allowed outdoor channel list"} needs at least two channels (${indoor ? "WIFI-10111" : "WIFI-10112"})`,
      object: "apRadioParams50G.allowedChannels",
      value: channels,
    });
  },
  view: (t, radio) => {
    const contacted = hasContacted(apOf(t, radio.id));
    return {
      ...withoutId(radio),
      apRadioParams24G: bandView(radio.apRadioParams24G, contacted),
      apRadioParams50G: bandView(radio.apRadioParams50G, contacted),
    };
  },
  extra: {
    getAp: (c) => ok(apDetailView(c.tenant, c.model.existing(aps, c.tenant, c.params.serialNumber), c.query)),
    downloadApLog: (c) =>
      ok({
        fileURL: `/api/file/tenant/${c.tenant.id}/${c.model.existing(aps, c.tenant, c.params.serialNumber).id}-support.log`,
      }),
    factoryResetAp: (c) => {
      const ap = c.model.existing(aps, c.tenant, c.params.serialNumber);
      return c.finish(c.model.action(ap.id, undefined, () => factoryReset(c.tenant, ap.id)));
    },
    updateApPosition: (c) => {
      const ap = c.model.existing(aps, c.tenant, c.params.serialNumber);
      const position = parsed(apPositionSchema, c.body);
      return c.finish(
        c.model.action(ap.id, position, () => {
          const now = apOf(c.tenant, ap.id);
          if (now) c.tenant.of<ApRecord>("aps").put({ ...now, position, lastUpdated: new Date().toISOString() });
        }),
      );
    },
    traceRouteFromAp: (c) => traceRoute(c),
  },
};

export const apLanPorts: KindDef<ApLanPortsRecord, ApLanPortsInput> = {
  name: "apLanPorts",
  noun: "AP",
  idParam: "serialNumber",
  idFrom: { param: "serialNumber" },
  schema: () => apLanPortsInputSchema,
  readSchema: () => answerFormOf(apLanPortsInputSchema),
  schemasOf: { resetApLanPorts: { answer: () => acceptedRequestSchema } },
  settingsOf: { kind: "aps", defaults: (_ctx, serial) => ({ id: serial, ...structuredClone(AP_LAN_PORTS_DEFAULTS) }) },
  ops: { get: "getApLanPorts", update: "updateApLanPorts" },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  view: (_t, record) => withoutId(record),
  // resetApLanPorts answers {requestId} only (the Wi-Fi API documentation), unlike resetApRadio.
  extra: {
    resetApLanPorts: (c) =>
      c.finish({ ...c.model.reset(apLanPorts, c.tenant, c.params.serialNumber), response: undefined }),
  },
};

export const apMdnsGateway: KindDef<ApMdnsGatewayRecord, ApMdnsGatewayInput> = {
  name: "apMdnsGateway",
  noun: "AP",
  idParam: "serialNumber",
  idFrom: { param: "serialNumber" },
  schema: () => apMdnsGatewayInputSchema,
  readSchema: () => answerFormOf(apMdnsGatewayInputSchema),
  schemasOf: { resetApBonjourGateway: { answer: () => acceptedRequestSchema } },
  settingsOf: {
    kind: "aps",
    defaults: (_ctx, serial) => ({ id: serial, ...structuredClone(AP_MDNS_GATEWAY_DEFAULTS) }),
  },
  ops: { get: "getApBonjourGateway", update: "updateApBonjourGateway" },
  build: (_ctx, input, id) => ({ record: { ...input, id } }),
  view: (_t, record) => withoutId(record),
  // resetApBonjourGateway answers {requestId} only (the Wi-Fi API documentation).
  extra: {
    resetApBonjourGateway: (c) =>
      c.finish({ ...c.model.reset(apMdnsGateway, c.tenant, c.params.serialNumber), response: undefined }),
  },
};

/** getAp: the AP's read form with its own settings and (newer) its cellular settings. */
function apDetailView(t: TenantState, ap: ApRecord, query: URLSearchParams): Record<string, unknown> {
  const settings = { ...apView(t, ap, query), ...apSettingsView(t, ap.id) };
  return t.variant === "newer"
    ? { ...settings, cellularSettings: cellularSettingsOf(t, ap, isCellular(ap)) }
    : settings;
}

/** The AP's own settings as getAp shows them: stored, or their defaults. */
function apSettingsView(t: TenantState, serial: string): Record<string, unknown> {
  const stored = <R extends AnyRecord>(kind: string, defaults: Omit<R, "id">) => {
    const record = t.of<R>(kind).get(serial);
    return record ? withoutId(record) : structuredClone(defaults);
  };
  return {
    bonjourGateway: stored("apMdnsGateway", AP_MDNS_GATEWAY_DEFAULTS),
    lanPorts: stored("apLanPorts", AP_LAN_PORTS_DEFAULTS),
    radio: apRadio.view(
      t,
      t.of<ApRadioRecord>("apRadio").get(serial) ?? apRadio.settingsOf!.defaults({} as never, serial),
    ),
  };
}

/** factoryResetAp: the AP forgets its own settings and starts over as a device that has never contacted the cloud; it stays registered. */
function factoryReset(t: TenantState, serial: string): void {
  for (const kind of ["apRadio", "apLanPorts", "apMdnsGateway"]) t.of(kind).delete(serial);
  const ap = apOf(t, serial);
  if (ap)
    t.of<ApRecord>("aps").put({
      ...ap,
      state: "InSetupPhase",
      subState: "NeverContactedCloud",
      lastContacted: "",
      ip: "",
      externalIp: "",
      clientCount: 0,
      uptime_seconds: 0,
      lastUpdated: new Date().toISOString(),
    });
}

function parsed<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): T {
  const result = validateBody(schema, body ?? {});
  if (!result.ok) throw validationError(result.failures, body);
  return result.value;
}

/** traceRouteFromAp: the same target rule as pingFromAp; no hop answers while the AP has never contacted the cloud. */
function traceRoute(c: OpContext) {
  const ap = c.model.existing(aps, c.tenant, c.params.serialNumber);
  const host = parsed(apTargetBodySchema, c.body).targetHost;
  const hops = hasContacted(ap)
    ? ` 1  192.0.2.1  1.1 ms\n 2  ${host}  4.2 ms`
    : " 1  * * *\n(the AP has not contacted the cloud)";
  return c.finish(c.model.action(ap.id, { response: `traceroute to ${host}, 30 hops max\n${hops}` }));
}
