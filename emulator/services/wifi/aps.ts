// Access points, keyed by serial number. Names are unique in the tenant
// (WIFI-10120), a serial number is registered once (APR-10130), APs beyond the tenant's Wi-Fi
// licences are refused (ENT-10003), and a venue whose country is outside SUPPORTED_COUNTRIES
// takes no APs (WIFI-10114). A new AP has never contacted the cloud; its device fields say so.
import {
  AP_OPERATIONAL_FIELDS,
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  type ApGroup,
  type ApInput,
  apInputSchema,
  apReadSchema,
  targetHost,
  validateBody,
} from "../../../contract";
import { z } from "zod";
import { ApiError, relatedNotFound, validationError } from "../../model/errors";
import type { KindDef } from "../../model/kind";
import type { TenantState } from "../../model/tenant";

export interface ApRecord extends ApInput {
  id: string;
  apGroupId: string;
  externalIp: string;
  firmware: string;
  ip: string;
  mac: string;
  meshRole: string;
  model: string;
  clientCount: number;
  indoorModel: boolean;
  lastContacted: string;
  lastUpdated: string;
  state: string;
  subState: string;
  uptime_seconds: number;
}

/**
 * Countries the emulated service supports APs in, by name or ISO 3166 alpha-2 code, compared
 * without regard to case. The Wi-Fi API documentation names the rule (WIFI-10114), not the list.
 */
const SUPPORTED_COUNTRIES: ReadonlyMap<string, string> = new Map(
  (
    [
      ["US", "United States"],
      ["CA", "Canada"],
      ["MX", "Mexico"],
      ["BR", "Brazil"],
      ["GB", "United Kingdom"],
      ["IE", "Ireland"],
      ["PT", "Portugal"],
      ["ES", "Spain"],
      ["FR", "France"],
      ["DE", "Germany"],
      ["IT", "Italy"],
      ["NL", "Netherlands"],
      ["BE", "Belgium"],
      ["CH", "Switzerland"],
      ["AT", "Austria"],
      ["SE", "Sweden"],
      ["NO", "Norway"],
      ["DK", "Denmark"],
      ["FI", "Finland"],
      ["PL", "Poland"],
      ["JP", "Japan"],
      ["AU", "Australia"],
      ["NZ", "New Zealand"],
      ["IN", "India"],
      ["SG", "Singapore"],
      ["ZA", "South Africa"],
    ] as const
  ).flatMap(
    ([code, name]) =>
      [
        [code.toLowerCase(), name],
        [name.toLowerCase(), name],
      ] as [string, string][],
  ),
);

/** Hardware models, chosen from the serial number so that an AP keeps its model. */
const MODELS = ["R350", "R550", "R650", "R750", "R850", "T350", "T750", "H550"] as const;
const FIRMWARE = "6.1.2.0.1145";

/** Body of pingFromAp (ping) and traceRouteFromAp (trace route, services/wifi/apSettings.ts). */
export const apTargetBodySchema = z.object({
  targetHost: targetHost.describe("IPv4 address whose first octet is 1 to 223, or a host name."),
});

function macOf(serial: string): string {
  const hex = BigInt(serial).toString(16).padStart(12, "0").slice(-6);
  return `94:b3:4f:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/**
 * The cellular-capable model: an AP whose serial number ends in 510 is an M510 (the Wi-Fi API documentation names
 * cellular APs, not their models; WIFI-10171 and the venue's cellular settings concern them).
 */
const CELLULAR_MODEL = "M510";
export const isCellular = (ap: { model: string }) => ap.model === CELLULAR_MODEL;

/** The device fields the service keeps for an AP it knows by serial number only. */
function deviceFields(serial: string, now: string) {
  const model = serial.endsWith("510") ? CELLULAR_MODEL : MODELS[Number(serial.slice(-2)) % MODELS.length];
  return {
    externalIp: "",
    firmware: FIRMWARE,
    ip: "",
    mac: macOf(serial),
    meshRole: "DISABLED",
    model,
    clientCount: 0,
    indoorModel: !model.startsWith("T"),
    lastContacted: "",
    lastUpdated: now,
    state: "InSetupPhase",
    subState: "NeverContactedCloud",
    uptime_seconds: 0,
  };
}

/** An AP's read form (listAps, listApGroupAps, an AP group's `aps`); getAp adds the AP's settings to it (services/wifi/apSettings.ts). */
export function apView(t: TenantState, ap: ApRecord, query?: URLSearchParams): Record<string, unknown> {
  const { id: _id, ...view } = ap;
  if (t.variant === "newer" && query?.get("operational") === "false")
    for (const field of AP_OPERATIONAL_FIELDS) delete (view as Record<string, unknown>)[field];
  return { position: {}, tags: [], ...view };
}

function defaultGroupOf(t: TenantState, venueId: string): string | undefined {
  return t.of<ApGroup>("apGroups").find((g) => g.venueId === venueId && g.isDefault)?.id;
}

export const aps: KindDef<ApRecord, ApInput> = {
  name: "aps",
  noun: "AP",
  idParam: "serialNumber",
  idFrom: { field: "serialNumber", takenCode: "APR-10130" },
  schema: () => apInputSchema,
  readSchema: () => apReadSchema,
  schemasOf: {
    pingFromAp: { body: () => apTargetBodySchema, answer: () => acceptedAnswerSchema(actionTextReadSchema) },
    rebootAp: { answer: () => acceptedRequestSchema },
  },
  unique: { key: (ap) => ap.name, code: "WIFI-10120", object: "name", message: "AP name is not unique" },
  ops: {
    lists: [
      { op: "listAps" },
      { op: "listApGroupAps", where: { param: "apGroupId", field: "apGroupId", kind: "apGroups", noun: "AP group" } },
    ],
    createMany: "createAps",
    bulkDelete: "deleteAps",
    update: "updateAp",
    delete: "deleteAp",
  },

  build(ctx, input, id, previous) {
    const device = previous ? { ...previous, lastUpdated: ctx.now } : deviceFields(id, ctx.now);
    const apGroupId =
      input.apGroupId ??
      (previous?.venueId === input.venueId ? previous.apGroupId : undefined) ??
      defaultGroupOf(ctx.t, input.venueId) ??
      "";
    // The position has an operation of its own (updateApPosition): a updateAp body without one keeps it.
    const position = input.position ?? previous?.position;
    return { record: { ...device, ...input, id, serialNumber: id, apGroupId, ...(position ? { position } : {}) } };
  },

  checkBatch(t, records, previous) {
    const added = records.filter((_, i) => previous[i] === undefined).length;
    const held = t.of("aps").size;
    if (added > 0 && held + added > t.settings.wifiLicenses) {
      const first = Math.max(0, t.settings.wifiLicenses - held);
      throw Object.assign(
        new ApiError("ENT-10003", {
          message: `insufficient licences: ${t.settings.wifiLicenses} Wi-Fi licences, ${held} APs held`,
          object: "serialNumber",
          value: records[first]?.serialNumber,
        }),
        { index: first },
      );
    }
  },

  check(t, ap, previous) {
    // One tenant's AP: another tenant gets the answer of a serial number registered twice (README "Roles and devices").
    if (!previous && t.directory.deviceHeldElsewhere("ap", ap.id, t.id))
      throw new ApiError("APR-10130", { object: "serialNumber", value: ap.id });
    const venue = t.of("venues").get(ap.venueId);
    if (!venue) throw relatedNotFound("venue", "venueId", ap.venueId);
    const country = venue.address?.country;
    if (
      typeof country === "string" &&
      country.trim() !== "" &&
      !SUPPORTED_COUNTRIES.has(country.trim().toLowerCase())
    ) {
      throw new ApiError("WIFI-10114", {
        message: `the service is not supported in the venue's country (${country})`,
        object: "venueId",
        value: ap.venueId,
      });
    }
    const group = t.of("apGroups").get(ap.apGroupId);
    if (!group) throw relatedNotFound("AP group", "apGroupId", ap.apGroupId);
    if (group.venueId !== ap.venueId)
      throw new ApiError("NMS-VALIDATION", {
        message: "AP group does not belong to the AP's venue",
        object: "apGroupId",
        value: ap.apGroupId,
      });
  },

  afterPut: (t, ap) => t.directory.holdDevice("ap", ap.id, t.id),
  onDelete: (t, ap) => t.directory.releaseDevice("ap", ap.id, t.id),

  view: (t, ap, _related, query) => apView(t, ap, query),

  extra: {
    rebootAp: (c) => {
      const ap = c.model.existing(aps, c.tenant, c.params.serialNumber);
      return c.finish(
        c.model.action(ap.id, undefined, () => {
          const now = c.tenant.of<ApRecord>("aps").get(ap.id);
          if (now)
            c.tenant.of<ApRecord>("aps").put({ ...now, uptime_seconds: 0, lastUpdated: new Date().toISOString() });
        }),
      );
    },
    pingFromAp: (c) => {
      const ap = c.model.existing(aps, c.tenant, c.params.serialNumber);
      const parsed = validateBody(apTargetBodySchema, c.body);
      if (!parsed.ok) throw validationError(parsed.failures, c.body);
      const host = parsed.value.targetHost;
      const text =
        ap.lastContacted === ""
          ? `PING ${host}: 56 data bytes\n--- ${host} ping statistics ---\n5 packets transmitted, 0 packets received, 100% packet loss (the AP has not contacted the cloud)`
          : `PING ${host}: 56 data bytes\n--- ${host} ping statistics ---\n5 packets transmitted, 5 packets received, 0% packet loss`;
      return c.finish(c.model.action(ap.id, { response: text }));
    },
  },
};
