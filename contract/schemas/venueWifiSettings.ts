// Venue Wi-Fi settings (the Wi-Fi API documentation, "Venue Wi-Fi settings"; W31–W42): mesh, the
// per-AP-model LAN-port, LED and (newer) cellular settings, DHCP bindings (newer) and the whole
// settings object W31/W32 answer. The per-model bodies are JSON arrays on the wire; a model named
// twice in one array is refused naming the entry (the API documentation is silent: one setting per
// model is what "per AP model" means).
import { z } from "zod";
import { CELLULAR_NETWORK_SELECTIONS, WAN_CONNECTIONS } from "./ap";
import { lanPortRules, venueLanPortSchema } from "./apSettings";
import { venueRadioReadSchema } from "./venueRadio";
import { venueSyslogReadSchema } from "./venueSyslog";
import { secret } from "../meta";
import { intBetween, issueWithCode, lengthBetween } from "../validators";

const model = lengthBetween(0, 64).describe(
  "The AP model the setting applies to, e.g. R550 (0 to 64 characters; one entry per model).",
);

/** A model named twice in one per-model array: refused on the later entry's `model`. */
function oneEntryPerModel(entries: readonly { model?: string }[], ctx: z.RefinementCtx): void {
  const seen = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (entry.model === undefined) return;
    const first = seen.get(entry.model);
    if (first !== undefined)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `names the model of entry ${first} again: one entry per model`,
        path: [i, "model"],
      });
    else seen.set(entry.model, i);
  });
}

const perModel = <T extends z.ZodTypeAny>(entry: T) => z.array(entry).superRefine(oneEntryPerModel);

// ---- Mesh (W42; read through W32's mesh) ----

export const venueMeshInputSchema = z.object({
  enabled: z.boolean().default(false).describe("Whether APs of the venue form a mesh (default false)."),
});

// ---- LAN ports per AP model (W38/W39) ----

export const POE_MODES = [
  "Auto",
  "802.3af",
  "802.3at",
  "802.3bt-Class_5",
  "802.3bt-Class_6",
  "802.3bt-Class_7",
  "802.3bt-Class_8",
] as const;

export const venueLanPortSettingSchema = z
  .object({
    model,
    lanPorts: z
      .array(venueLanPortSchema)
      .optional()
      .describe("The model's LAN ports, as on an AP (WIFI-10108, WIFI-10109)."),
    poeMode: z.enum(POE_MODES).optional().describe("PoE mode: Auto, 802.3af, 802.3at or 802.3bt-Class_5 to _8."),
    poeOut: z.boolean().nullable().describe("Whether PoE out is on (default null: not set).").default(null),
  })
  .superRefine((value, ctx) => lanPortRules(value.lanPorts, ctx, ["lanPorts"]));

/** Body of W39, answer of W38. */
export const venueLanPortSettingsSchema = perModel(venueLanPortSettingSchema);

// ---- LEDs per AP model (W40/W41) ----

export const venueLedSettingSchema = z.object({
  model,
  ledEnabled: z.boolean().nullable().describe("Whether the model's LEDs are on (default null: not set).").default(null),
});

/** Body of W41, answer of W40. */
export const venueLedSettingsSchema = perModel(venueLedSettingSchema);

// ---- Cellular per AP model (newer; W33/W34) ----

/** 0 to 64 printable ASCII characters, without a space or an at-sign. */
const apn = z
  .string()
  .regex(/^[\x21-\x3f\x41-\x7e]{0,64}$/, "must be 0 to 64 printable ASCII characters without a space or @")
  .optional();

const simBoolean = (what: string) => z.boolean().default(true).describe(`${what} (default true).`);

export const venueCellularSettingSchema = z
  .object({
    model,
    primaryWanRecoveryTimer: intBetween(10, 300).describe("Seconds before going back to the primary WAN, 10 to 300."),
    simCardPrimaryApn: apn.describe("APN of the primary SIM: 0 to 64 printable ASCII characters without a space or @."),
    simCardSecondaryApn: apn.describe(
      "APN of the secondary SIM: 0 to 64 printable ASCII characters without a space or @.",
    ),
    simCardPrimaryCellularNetworkSelection: z.enum(CELLULAR_NETWORK_SELECTIONS).describe("AUTO, LTE or ThreeG."),
    simCardSecondaryCellularNetworkSelection: z.enum(CELLULAR_NETWORK_SELECTIONS).describe("AUTO, LTE or ThreeG."),
    simCardPrimaryEnabled: simBoolean("Whether the primary SIM is used"),
    simCardPrimaryRoaming: simBoolean("Whether the primary SIM may roam"),
    simCardSecondaryEnabled: simBoolean("Whether the secondary SIM is used"),
    simCardSecondaryRoaming: simBoolean("Whether the secondary SIM may roam"),
    wanConnection: z
      .enum(WAN_CONNECTIONS)
      .describe(
        "Primary uplink and failover: ETH_WITH_CELLULAR_FAILOVER, CELLULAR_WITH_ETH_FAILOVER, ETH or CELLULAR.",
      ),
  })
  .superRefine((value, ctx) => {
    if (value.simCardPrimaryEnabled === false && value.simCardSecondaryEnabled === false) {
      issueWithCode(ctx, "WIFI-10170", "at least one SIM card must be enabled", ["simCardPrimaryEnabled"]);
    }
  });

/** Body of W34, answer of W33. */
export const venueCellularSettingsSchema = perModel(venueCellularSettingSchema);
export type VenueCellularSetting = z.output<typeof venueCellularSettingSchema>;

// ---- DHCP bindings (newer; W35–W37) ----

export const venueDhcpBindingSchema = z.object({
  venueId: z.string().min(1, "is required").describe("The venue."),
  dhcpServiceProfileId: z.string().min(1, "is required").describe("The DHCP service profile the venue uses."),
});

// ---- The whole settings object (W31, W32) ----

/** W32's answer and each item of W31: the API documentation lists the fields, not which are always there. */
export const venueWifiSettingsReadSchema = z.object({
  id: z.string().describe("The venue's ID."),
  tenantId: z.string().describe("The tenant's ID."),
  apPassword: secret(z.string()).optional().describe("Password of the APs' local administrator (secret)."),
  bandBalancing: z
    .object({
      clientPercent24: intBetween(0, 100).describe("Share of clients, in percent, kept on the 2.4 GHz band, 0 to 100."),
      enabled: z.boolean().describe("Whether band balancing is on."),
    })
    .describe("Band balancing."),
  dhcpServiceSetting: z
    .object({
      enabled: z
        .boolean()
        .describe("Whether the venue's APs serve DHCP (the venue is bound to a DHCP service profile)."),
      mode: z.string().describe("How the APs serve DHCP, e.g. EnableOnEachAPs."),
      wanPortSelectionMode: z.string().describe("How the WAN port is chosen, e.g. Dynamic."),
    })
    .optional()
    .describe("DHCP service (newer)."),
  mesh: z.object({ enabled: z.boolean().describe("Whether the venue's APs form a mesh.") }).describe("Mesh."),
  radioCustomization: venueRadioReadSchema.describe("Radio settings (W43)."),
  syslog: venueSyslogReadSchema.describe("Syslog settings (W47)."),
});
