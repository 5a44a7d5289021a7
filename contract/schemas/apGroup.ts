// AP group (the Wi-Fi API documentation, "AP group"; W23–W30).
import { z } from "zod";
import { apSerialNumber, lengthBetween } from "../validators";
import { apReadSchema } from "./ap";

/** The API documentation's AP group name: 2 to 64 characters, in writes and in answers alike. */
export const apGroupName = lengthBetween(2, 64);

/** Body of W24 (create) and W27 (update). venueId may not change after creation. */
export const apGroupInputSchema = z.object({
  name: apGroupName.describe("2 to 64 characters; unique in the venue."),
  description: lengthBetween(2, 180).optional().describe("2 to 180 characters."),
  venueId: z.string().min(1, "is required").describe("The venue of the group; a new venue replaces the group."),
  apSerialNumbers: z
    .array(z.object({ serialNumber: apSerialNumber.describe("12 digits, the first 1 to 9.") }))
    .optional()
    .describe("APs to place in the group, by serial number."),
});

export type ApGroupInput = z.infer<typeof apGroupInputSchema>;

/**
 * An AP of a group's `aps`: the AP's read form (the API documentation: "array of AP (detail form)"), so that a
 * client can take an AP from it and send it back to W6.
 */
export const apGroupMemberReadSchema = apReadSchema;

/**
 * W26's answer (and W24/W27 responses, W23/W29 items, W30). The name rule holds for the default
 * group too: every venue's default AP group answers with a name of 2 to 64 characters.
 */
export const apGroupReadSchema = apGroupInputSchema.extend({
  id: z.string().min(1, "is required").describe("The group's ID."),
  isDefault: z.boolean().describe("Whether this is the venue's default AP group."),
  aps: z.array(apGroupMemberReadSchema).describe("APs in the group."),
});

export interface ApGroup extends ApGroupInput {
  id: string;
  isDefault: boolean;
  aps: unknown[];
}
