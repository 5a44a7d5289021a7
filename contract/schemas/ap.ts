// Access point (the Wi-Fi API documentation, "AP (write form)", "AP (read form)", "AP position",
// "AP radio", "AP LAN ports", "mDNS gateway rules", "AP cellular settings"; W1–W7). The API
// documentation gives state, subState, meshRole, channelBandwidth, method, txPower, mdnsProtocol
// and service with example values only, so they are strings here, not enumerations.
import { z } from "zod";
import { filledByService, newerOnly, perVariant, type WifiApiVariant } from "../meta";
import { apName, apSerialNumber, lengthBetween, macAddress, percent } from "../validators";

const int = (what: string) => z.number().int("must be an integer").describe(what);

export const apPositionSchema = z.object({
  floorplanId: z.string().optional().describe("Floor plan the AP is placed on."),
  xPercent: percent.optional().describe("Horizontal position, 0 to 100 percent of the floor plan."),
  yPercent: percent.optional().describe("Vertical position, 0 to 100 percent of the floor plan."),
});

/** Body of W6 and each entry of W2's array. */
export const apInputSchema = z.object({
  serialNumber: apSerialNumber.describe("12 digits, the first 1 to 9. Names the AP; a new serial number replaces it."),
  name: apName.describe(
    '2 to 32 printable ASCII characters, no backtick or "$(", no leading or trailing blank; unique in the tenant.',
  ),
  venueId: z.string().min(1, "is required").describe("The venue the AP belongs to."),
  apGroupId: filledByService(z.string().optional()).describe("The AP group; the venue's default group when left out."),
  description: lengthBetween(0, 180).optional().describe("0 to 180 characters."),
  // W17 writes the position; a W6 without one keeps it, so a program that leaves it out leaves the
  // AP where it is.
  position: filledByService(apPositionSchema.optional()).describe(
    "Position on a floor plan (written with W17); left out, the AP stays where it is.",
  ),
  tags: z.array(z.string()).optional().describe("Free-form tags."),
});

export type ApInput = z.infer<typeof apInputSchema>;

const apRadioBandSchema = z
  .object({
    allowedChannels: z.array(z.string()).optional().describe("Channels the AP may use."),
    changeInterval: int("Minutes between automatic channel changes.").optional(),
    channelBandwidth: z.string().optional().describe("Channel width, e.g. AUTO."),
    manualChannel: int("Channel set by hand (0 for automatic).").optional(),
    method: z.string().optional().describe("Channel selection method."),
    txPower: z.string().optional().describe("Transmit power."),
    operativeChannel: int("Channel in use (read only).").optional(),
    operativeTxPower: z.string().optional().describe("Transmit power in use (read only)."),
    snr_dB: z.number().optional().describe("Signal-to-noise ratio in dB (read only)."),
  })
  .passthrough();

/** AP radio (W18–W20, and `radio` of the read form). */
export const apRadioSchema = z
  .object({
    apRadioParams24G: apRadioBandSchema.optional().describe("2.4 GHz band."),
    apRadioParams50G: apRadioBandSchema.optional().describe("5 GHz band."),
    enable24G: z.boolean().nullable().optional().describe("Whether the 2.4 GHz radio is on (null: as the venue says)."),
    enable50G: z.boolean().nullable().optional().describe("Whether the 5 GHz radio is on (null: as the venue says)."),
    useVenueSettings: z.boolean().optional().describe("Whether the venue's radio settings apply (default true)."),
  })
  .passthrough();

/** AP LAN ports (W13–W15, and `lanPorts` of W5). WIFI-10108/10109 belong to W14, not served yet. */
export const apLanPortsSchema = z.object({
  lanPorts: z
    .array(
      z.object({
        enabled: z.boolean().optional().describe("Whether the port is on."),
        portId: z.string().optional().describe("The port's ID."),
        type: z.string().optional().describe("ACCESS or Trunk."),
        untagId: int("Untagged VLAN.").optional(),
        vlanMembers: z.string().optional().describe("VLANs of the port."),
      }),
    )
    .describe("The AP's LAN ports."),
  poeOut: z.boolean().nullable().optional().describe("Whether PoE out is on (null: not set)."),
  useVenueSettings: z.boolean().optional().describe("Whether the venue's PoE settings apply (default false)."),
});

/** mDNS gateway rules (W8–W10, and `bonjourGateway` of W5); rules are required on update. */
export const apBonjourGatewaySchema = z.object({
  rules: z
    .array(
      z.object({
        enabled: z.boolean().optional().describe("Whether the rule applies."),
        fromVlan: int("VLAN the service is announced on.").optional(),
        toVlan: int("VLAN it is bridged to.").optional(),
        mdnsName: z.string().optional().describe("Name of the rule."),
        mdnsProtocol: z.string().optional().describe("mDNS protocol."),
        service: z.string().optional().describe("mDNS service."),
      }),
    )
    .describe("The gateway's rules."),
});

export const CELLULAR_NETWORK_SELECTIONS = ["AUTO", "LTE", "ThreeG"] as const;
export const WAN_CONNECTIONS = ["ETH_WITH_CELLULAR_FAILOVER", "CELLULAR_WITH_ETH_FAILOVER", "ETH", "CELLULAR"] as const;

/** AP cellular settings (newer; `cellularSettings` of W5). */
export const apCellularSettingsSchema = z.object({
  primaryWanRecoveryTimer: int("Seconds before falling back to the primary WAN.").optional(),
  simCardPrimaryApn: z.string().optional().describe("APN of the primary SIM."),
  simCardSecondaryApn: z.string().optional().describe("APN of the secondary SIM."),
  simCardPrimaryCellularNetworkSelection: z
    .enum(CELLULAR_NETWORK_SELECTIONS)
    .optional()
    .describe("AUTO, LTE or ThreeG."),
  simCardSecondaryCellularNetworkSelection: z
    .enum(CELLULAR_NETWORK_SELECTIONS)
    .optional()
    .describe("AUTO, LTE or ThreeG."),
  simCardPrimaryEnabled: z.boolean().optional().describe("Whether the primary SIM is used."),
  simCardPrimaryRoaming: z.boolean().optional().describe("Whether the primary SIM may roam."),
  simCardSecondaryEnabled: z.boolean().optional().describe("Whether the secondary SIM is used."),
  simCardSecondaryRoaming: z.boolean().optional().describe("Whether the secondary SIM may roam."),
  useVenueSettings: z.boolean().optional().describe("Whether the venue's cellular settings apply."),
  wanConnection: z.enum(WAN_CONNECTIONS).optional().describe("Which uplink is primary, and the failover."),
});

/**
 * Read-form fields that describe the device's operation. The newer variant's W1 leaves them out
 * when `operational=false` (the API documentation names the flag, not its effect: this is the project's
 * reading of it).
 */
export const AP_OPERATIONAL_FIELDS = [
  "clientCount",
  "uptime_seconds",
  "lastContacted",
  "state",
  "subState",
  "ip",
  "externalIp",
] as const;

/**
 * The read form (W1, W4, and W2/W6 answers): the write form, the AP group the service chose when
 * none was given, and the device as the service sees it. The API documentation does not mark read fields
 * required; the service always knows a registered AP's device fields, so they are required here,
 * while description, position, radio and tags may be absent.
 */
export const apReadSchema = apInputSchema.extend({
  apGroupId: z.string().min(1, "is required").describe("The AP group."),
  externalIp: z.string().describe("Public address the AP reaches the cloud from (empty until contacted)."),
  firmware: z.string().describe("Firmware version."),
  ip: z.string().describe("LAN address (empty until contacted)."),
  mac: macAddress.describe("Base MAC address."),
  meshRole: z.string().describe("Mesh role."),
  model: z.string().min(1, "is required").describe("Hardware model."),
  clientCount: z.number().int("must be an integer").min(0, "must not be negative").describe("Connected clients."),
  indoorModel: z.boolean().describe("Whether the model is an indoor AP."),
  lastContacted: z.string().describe("When the AP last contacted the cloud (empty when never)."),
  lastUpdated: z.string().describe("When the AP's record last changed."),
  radio: apRadioSchema.optional().describe("Radio settings of the AP."),
  state: z.string().describe("Device state."),
  subState: z.string().describe("Device sub-state."),
  uptime_seconds: z
    .number()
    .int("must be an integer")
    .min(0, "must not be negative")
    .describe("Seconds since the AP booted (0 when never contacted)."),
});

export type Ap = z.infer<typeof apReadSchema>;

/** An item of W1 or W4: with `operational=false` (newer variant) the operational fields may be absent. */
export function apListItemReadSchema(operational: boolean) {
  if (operational) return apReadSchema;
  return apReadSchema.partial(
    Object.fromEntries(AP_OPERATIONAL_FIELDS.map((f) => [f, true])) as {
      [K in (typeof AP_OPERATIONAL_FIELDS)[number]]: true;
    },
  );
}

const detailExtras = {
  bonjourGateway: apBonjourGatewaySchema.describe("The AP's mDNS gateway rules."),
  lanPorts: apLanPortsSchema.describe("The AP's LAN ports."),
};

/** W5 adds the AP's own settings to the read form; (newer) its cellular settings. Variant-neutral: cellularSettings optional. */
export const apDetailReadSchema = apReadSchema.extend({
  ...detailExtras,
  cellularSettings: apCellularSettingsSchema.optional().describe("Cellular settings (newer variant only)."),
});

/** W5 per variant: the newer answers cellularSettings, the older must not. */
export const apDetailReadSchemaFor = perVariant((variant: WifiApiVariant) =>
  apReadSchema.extend({
    ...detailExtras,
    cellularSettings: newerOnly(variant, apCellularSettingsSchema).describe("Cellular settings (newer variant only)."),
  }),
);

export type ApRecord = z.infer<typeof apDetailReadSchema>;
