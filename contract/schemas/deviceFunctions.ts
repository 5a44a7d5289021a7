// Arguments and results of the SDK functions on APs and venue Wi-Fi settings (the Wi-Fi API
// documentation: W3, W4, W11, W12, W22, W31, W32, W46), with the API documentation's rules. The SDK's
// functions are generated from these (provider/functions/index.ts).
import { z } from "zod";
import { apSerialNumber } from "../validators";
import { targetHost } from "./actions";

const serialNumber = apSerialNumber.describe("The access point's serial number.");
const venueId = z.string().min(1, "is required").describe("The venue's ID.");
const requestId = z.string().describe("The service's request ID of the action, whose record reached SUCCESS.");

/** W4: the APs of an AP group. */
export const listApGroupApsArgsSchema = z
  .object({ apGroupId: z.string().min(1, "is required").describe("The AP group's ID.") })
  .strict();

/** W32, W46: one venue. */
export const venueArgsSchema = z.object({ venueId }).strict();

/** W11, W12: one AP. */
export const apArgsSchema = z.object({ serialNumber }).strict();

/** W22: a trace route from an AP, to the same targets as W16's ping. */
export const traceRouteFromApArgsSchema = z.object({ serialNumber, targetHost }).strict();

/** W3: several APs at once (all or nothing). */
export const deleteApsArgsSchema = z
  .object({
    serialNumbers: z
      .array(serialNumber)
      .min(1, "must name at least one AP")
      .describe("The serial numbers of the APs to delete."),
  })
  .strict();

export const apLogFileResultSchema = z.object({
  fileURL: z.string().describe("Where the AP's log file can be downloaded."),
});
export const requestOnlyResultSchema = z.object({ requestId });
export const traceRouteResultSchema = z.object({
  requestId,
  response: z.string().describe("What the access point's trace route printed."),
});
