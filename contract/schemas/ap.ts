// Access point (document 2, "AP (write form)", "AP (read form)", "AP position"; W1–W7).
import { z } from "zod";
import { filledByService } from "../meta";
import { apSerialNumber, lengthBetween, percent, safeName } from "../validators";

export const apPositionSchema = z.object({
  floorplanId: z.string().optional().describe("Floor plan the AP is placed on."),
  xPercent: percent.optional().describe("Horizontal position, 0 to 100 percent of the floor plan."),
  yPercent: percent.optional().describe("Vertical position, 0 to 100 percent of the floor plan."),
});

/** Body of W6 and each entry of W2's array. */
export const apInputSchema = z.object({
  serialNumber: apSerialNumber.describe("12 digits, the first 1 to 9. Names the AP; a new serial number replaces it."),
  name: safeName(2, 32).describe("2 to 32 printable ASCII characters, no backtick or \"$(\", no leading or trailing blank; unique in the tenant."),
  venueId: z.string().min(1, "is required").describe("The venue the AP belongs to."),
  apGroupId: filledByService(z.string().optional()).describe("The AP group; the venue's default group when left out."),
  description: lengthBetween(0, 180).optional().describe("0 to 180 characters."),
  position: apPositionSchema.optional().describe("Position on a floor plan."),
  tags: z.array(z.string()).optional().describe("Free-form tags."),
});

export type ApInput = z.infer<typeof apInputSchema>;

/** The read form (W1, W4, W5): the write form plus the device's state as the service sees it. */
export const apReadSchema = apInputSchema.extend({
  apGroupId: z.string().min(1).describe("The AP group."),
  externalIp: z.string().describe("Public address the AP reaches the cloud from (empty until contacted)."),
  firmware: z.string().describe("Firmware version."),
  ip: z.string().describe("LAN address (empty until contacted)."),
  mac: z.string().describe("Base MAC address."),
  meshRole: z.string().describe("Mesh role."),
  model: z.string().describe("Hardware model."),
  clientCount: z.number().int().describe("Connected clients."),
  indoorModel: z.boolean().describe("Whether the model is an indoor AP."),
  lastContacted: z.string().describe("When the AP last contacted the cloud (empty when never)."),
  lastUpdated: z.string().describe("When the AP's record last changed."),
  state: z.string().describe("Device state."),
  subState: z.string().describe("Device sub-state."),
  uptime_seconds: z.number().int().describe("Seconds since the AP booted (0 when never contacted)."),
});

/** W5 adds the AP's own settings to the read form; (newer) its cellular settings. */
export const apDetailReadSchema = apReadSchema.extend({
  bonjourGateway: z.object({ rules: z.array(z.unknown()) }).passthrough(),
  lanPorts: z.object({ lanPorts: z.array(z.unknown()) }).passthrough(),
  cellularSettings: z.record(z.unknown()).optional(),
});

export type ApRecord = z.infer<typeof apDetailReadSchema>;
