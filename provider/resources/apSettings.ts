// An AP's own settings: they exist as long as the AP does, named by
// its serial number; creating the resource takes them over, destroying it resets them.
import { z } from "zod";
import {
  apLanPortsInputSchema,
  apMdnsGatewayInputSchema,
  apRadioBandStatusSchema,
  apRadioInputSchema,
} from "../../contract/schemas/apSettings";
import { pick, type Props, resourceSpec } from "../spec";

const identity = { idField: "serialNumber", idParam: "serialNumber", idFromInput: "serialNumber" } as const;
/** The service deletes an AP's own settings with the AP. */
const ofAp = { input: "serialNumber", kind: "Ap" } as const;
const RADIO_INPUTS = ["apRadioParams24G", "apRadioParams50G", "enable24G", "enable50G", "useVenueSettings"];

/** What a band's radio is doing now (getApRadio's read-only extras), apart from the band's settings. */
function bandStatus(band: unknown): Props | undefined {
  return band !== null && typeof band === "object"
    ? pick(band as Props, ["operativeChannel", "operativeTxPower", "snr_dB"])
    : undefined;
}

export const apRadioSpec = resourceSpec({
  kind: "ApRadio",
  description:
    "The radio settings of an access point: per band the allowed channels, channel width, manual channel, selection " +
    "method and power; whether each radio is on; whether the venue's settings apply instead. They exist as long as the AP " +
    "does; creating the resource takes them over. The channel and power in use are read-only outputs.",
  inputSchema: () => apRadioInputSchema,
  outputSchema: z.object({
    status24G: apRadioBandStatusSchema.describe(
      "What the 2.4 GHz radio is doing now: channel, power, signal-to-noise ratio (read only).",
    ),
    status50G: apRadioBandStatusSchema.describe(
      "What the 5 GHz radio is doing now: channel, power, signal-to-noise ratio (read only).",
    ),
  }),
  identity,
  ops: { read: "getApRadio", update: "updateApRadio", reset: "resetApRadio" },
  fromApi: (api) => ({
    ...pick(api, RADIO_INPUTS),
    status24G: bandStatus(api.apRadioParams24G),
    status50G: bandStatus(api.apRadioParams50G),
  }),
  destroy: "reset",
  deletedWithParent: ofAp,
  destroyNote:
    "Destroy resets the AP's radio to the service's defaults (resetApRadio): the venue's settings apply again. The AP keeps existing.",
});

export const apLanPortsSpec = resourceSpec({
  kind: "ApLanPorts",
  description:
    "The LAN ports of an access point: per port whether it is on, its type (ACCESS or Trunk), untagged VLAN and VLAN " +
    "members; PoE out; whether the venue's settings apply. They exist as long as the AP does; creating the resource takes them over.",
  inputSchema: () => apLanPortsInputSchema,
  identity,
  ops: { read: "getApLanPorts", update: "updateApLanPorts", reset: "resetApLanPorts" },
  destroy: "reset",
  deletedWithParent: ofAp,
  destroyNote:
    "Destroy resets the AP's LAN ports to the service's defaults (resetApLanPorts): no port overrides, PoE out unset.",
});

export const apMdnsGatewaySpec = resourceSpec({
  kind: "ApMdnsGateway",
  description:
    "The mDNS (Bonjour) gateway rules of an access point: which mDNS services are bridged from one VLAN to another. " +
    "They exist as long as the AP does; creating the resource takes them over.",
  inputSchema: () => apMdnsGatewayInputSchema,
  identity,
  ops: { read: "getApBonjourGateway", update: "updateApBonjourGateway", reset: "resetApBonjourGateway" },
  destroy: "reset",
  deletedWithParent: ofAp,
  destroyNote: "Destroy resets the AP's mDNS gateway (resetApBonjourGateway): no rules.",
});
