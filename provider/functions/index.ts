// Every function of the SDK, one row each (see spec.ts). `npm run generate` writes the SDK's
// Promise and Output forms from this table.
import { z } from "zod";
import { newerOnly, perVariant } from "../../contract/meta";
import {
  pingFromApArgsSchema,
  pingFromApResultSchema,
  rebootApArgsSchema,
  rebootApResultSchema,
} from "../../contract/schemas/actions";
import { apResultSchema, tenantDetailsResultSchema, tenantResultSchema } from "./readForms";
import type { FunctionAnswer, FunctionSpec } from "./spec";
// Wi-Fi devices and venue Wi-Fi settings
import { objectOf } from "../../contract/meta";
import {
  apArgsSchema,
  apLogFileResultSchema,
  deleteApsArgsSchema,
  listApGroupApsArgsSchema,
  requestOnlyResultSchema,
  traceRouteFromApArgsSchema,
  traceRouteResultSchema,
  venueArgsSchema,
} from "../../contract/schemas/deviceFunctions";
import { venueRadioReadSchema } from "../../contract/schemas/venueRadio";
import { venueWifiSettingsReadSchema } from "../../contract/schemas/venueWifiSettings";
// Switches
import { SWITCH_FUNCTIONS } from "./switches";
import { WIFI_SERVICE_FUNCTIONS } from "./wifiServices";
// Account
import { ACCOUNT_FUNCTIONS } from "./account";
// List and get functions of every kind a program may need to find
import { LOOKUP_FUNCTIONS } from "./lookups";
// Operations of the real service beyond its API documentation
import { VENUE_CHANNEL_FUNCTIONS } from "./venueChannels";

export type { FunctionAnswer, FunctionSpec } from "./spec";
export { argsOf, describeArgForms, operationsOfFunction } from "./spec";

const noArgs = () => z.object({}).strict();

const listApsArgs = perVariant((variant) =>
  z
    .object({
      operational: newerOnly(
        variant,
        z.boolean().optional().describe("`true`: only the APs in operation; `false`: only the others."),
      ),
    })
    .strict(),
);

const FUNCTIONS: FunctionSpec[] = [
  {
    name: "getTenant",
    description:
      "The tenant (the configured one, or the one `tenantId` names), with its administrators, delegations and notification recipients (read with deep=true).",
    op: "getTenant",
    args: noArgs,
    fixedQuery: { deep: true },
    result: tenantResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "getTenantDetails",
    description: "The postal details of the tenant the provider is configured for.",
    op: "getTenantDetails",
    args: noArgs,
    result: tenantDetailsResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "listAps",
    description: "Every access point of the tenant.",
    op: "listAps",
    args: listApsArgs,
    result: apResultSchema,
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "rebootAp",
    description: "Reboots an access point, and waits until the service reports the request done.",
    op: "rebootAp",
    args: () => rebootApArgsSchema,
    result: rebootApResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ requestId }: FunctionAnswer) => ({ requestId }),
  },
  {
    name: "pingFromAp",
    description:
      "Pings a host from an access point, waits until the service reports the request done, and returns what the ping printed.",
    op: "pingFromAp",
    args: () => pingFromApArgsSchema,
    result: pingFromApResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ body, requestId }: FunctionAnswer) => ({ requestId, response: responseText(body) }),
  },
  // Wi-Fi devices and venue Wi-Fi settings
  {
    name: "listApGroupAps",
    description: "Every access point of an AP group.",
    op: "listApGroupAps",
    args: () => listApGroupApsArgsSchema,
    result: apResultSchema,
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "getVenueWifiSettings",
    description: "The Wi-Fi settings of a venue: band balancing, mesh, radio, syslog and (newer variant) DHCP service.",
    op: "getVenueWifiSettings",
    args: () => venueArgsSchema,
    result: venueWifiSettingsReadSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "listVenueWifiSettings",
    description: "The Wi-Fi settings of every venue of the tenant.",
    op: "listVenueWifiSettings",
    args: noArgs,
    result: venueWifiSettingsReadSchema,
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "getVenueRadioDefaults",
    description:
      "The radio settings a venue gets back when its radio is reset (what destroying a VenueRadio restores).",
    op: "getVenueRadioDefaults",
    args: () => venueArgsSchema,
    result: objectOf(venueRadioReadSchema),
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "getApLogFileUrl",
    description: "Where the log file of an access point can be downloaded.",
    op: "downloadApLog",
    args: () => apArgsSchema,
    result: apLogFileResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "factoryResetAp",
    description:
      "Resets an access point to its factory settings (its own radio, LAN-port and mDNS settings are forgotten; it stays registered), " +
      "and waits until the service reports the request done.",
    op: "factoryResetAp",
    args: () => apArgsSchema,
    result: requestOnlyResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ requestId }: FunctionAnswer) => ({ requestId }),
  },
  {
    name: "traceRouteFromAp",
    description:
      "Traces the route from an access point to a host, waits until the service reports the request done, and returns what it printed.",
    op: "traceRouteFromAp",
    args: () => traceRouteFromApArgsSchema,
    result: traceRouteResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ body, requestId }: FunctionAnswer) => ({ requestId, response: responseText(body) }),
  },
  {
    name: "deleteAps",
    description:
      "Deletes several access points at once, all or none (for scripts; APs a stack manages are deleted by removing them from it).",
    op: "deleteAps",
    args: () => deleteApsArgsSchema,
    bodyOf: (args) => args.serialNumbers,
    result: requestOnlyResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: ({ requestId }: FunctionAnswer) => ({ requestId }),
  },
  // Switches
  ...SWITCH_FUNCTIONS,
  // Account
  ...ACCOUNT_FUNCTIONS,
];

// Wi-Fi services
FUNCTIONS.push(...WIFI_SERVICE_FUNCTIONS);
FUNCTIONS.push(...LOOKUP_FUNCTIONS);
// Operations of the real service beyond its API documentation
FUNCTIONS.push(...VENUE_CHANNEL_FUNCTIONS);

/** Every function, by SDK name. */
export const FUNCTION_SPECS: Readonly<Record<string, FunctionSpec>> = Object.fromEntries(
  FUNCTIONS.map((f) => [f.name, f]),
);

/** pingFromAp and traceRouteFromAp answer the envelope {requestId, response: {response: string}}. */
function responseText(body: unknown): string {
  const text = typeof body === "object" && body !== null ? (body as { response?: unknown }).response : undefined;
  if (typeof text !== "string") throw new Error(`the answer carried no response text: ${JSON.stringify(body)}`);
  return text;
}
