// A switch (the switch API documentation, "Switch"; S9–S24). The switch is identified by its serial
// number, which is its `id` (the API documentation's ID rule); every `{serialNumber}` path slot
// takes that same value.
import { z } from "zod";
import { answerOf, filledByService } from "../meta";
import { isoDateTime, percent } from "../validators";
import { IGMP_SNOOPING_MODES } from "./switchVlan";

/** The API documentation's allowed three-letter prefixes of a switch ID. */
export const SWITCH_ID_PREFIXES = [
  "FEG",
  "FEM",
  "FEA",
  "FEB",
  "FEH",
  "FEJ",
  "FEE",
  "FEF",
  "FEC",
  "FED",
  "FEK",
  "FEL",
  "FJN",
  "FJP",
  "FMD",
  "FME",
  "FMF",
  "FMG",
  "FMU",
  "FMH",
  "FMJ",
  "EZC",
  "EZD",
  "EZE",
  "FLU",
  "FLV",
  "FLW",
  "FLX",
] as const;

/**
 * Prefix, two of 0-9A-Z, a number 01 to 54, one letter of A-H J-N P-Z, three of 0-9 A-H J-N P R S T V-Z.
 * Example: FEK3224R0AB.
 */
export const SWITCH_ID_PATTERN = new RegExp(
  `^(${SWITCH_ID_PREFIXES.join("|")})[0-9A-Z]{2}(0[1-9]|[1-4][0-9]|5[0-4])[A-HJ-NP-Z][0-9A-HJ-NPRSTV-Z]{3}$`,
);

export const switchId = z
  .string()
  .regex(
    SWITCH_ID_PATTERN,
    "must be an allowed three-letter prefix, two of 0-9A-Z, a number 01 to 54, one letter of A-H J-N P-Z and three of 0-9 A-H J-N P R S T V-Z (e.g. FEK3224R0AB)",
  );

/** Empty, or 1 to 5 comma-separated tags of 2 to 58 characters without comma, "!", "-" or space. */
export const switchTags = z.string().refine((s) => {
  if (s === "") return true;
  const tags = s.split(",");
  return tags.length <= 5 && tags.every((tag) => tag.length >= 2 && tag.length <= 58 && !/[,!\- ]/.test(tag));
}, "must be empty, or 1 to 5 comma-separated tags of 2 to 58 characters, none containing a comma, !, - or space");

export const switchName = z
  .string()
  .min(1, "must be 1 to 255 characters")
  .max(255, "must be 1 to 255 characters")
  .refine((s) => !s.includes('"'), "must not contain a double quote");

/** Body of S19 (and a switch's `position`). */
export const switchPositionSchema = z.object({
  floorplanId: z.string().optional().describe("ID of the floor plan."),
  xPercent: percent.optional().describe("Horizontal position on the floor plan, 0 to 100."),
  yPercent: percent.optional().describe("Vertical position on the floor plan, 0 to 100."),
});

export const stackMemberSchema = z.object({ id: switchId.describe("Serial number of the member switch.") });

/** Body of S10, S11 and S23. */
export const switchInputSchema = z.object({
  id: switchId.describe("The switch's serial number (its ID and the serialNumber of its paths)."),
  venueId: z.string().min(1, "is required").describe("ID of the venue the switch is in."),
  name: switchName.optional().describe("1 to 255 characters, no double quote."),
  description: z.string().max(255, "must be 0 to 255 characters").optional().describe("0 to 255 characters."),
  defaultGateway: z.string().optional().describe("Default gateway."),
  ipAddress: z.string().optional().describe("Management IP address."),
  subnetMask: z.string().optional().describe("Subnet mask."),
  enableStack: z.boolean().describe("Whether the switch is a stack (default false).").default(false),
  jumboMode: z.boolean().describe("Jumbo frames (default false).").default(false),
  igmpSnooping: z.enum(IGMP_SNOOPING_MODES).optional().describe("IGMP snooping: active, passive or none."),
  tags: switchTags
    .optional()
    .describe("Empty, or 1 to 5 comma-separated tags of 2 to 58 characters without comma, !, - or space."),
  // S19 and S16 write these, and an S11 without them keeps them: a program that leaves one out
  // leaves it as the switch has it.
  position: filledByService(switchPositionSchema.optional()).describe(
    "Position on a floor plan (written with S19); left out, the switch stays where it is.",
  ),
  stackMembers: filledByService(z.array(stackMemberSchema).optional()).describe(
    "Member switches of the stack (changed with S16 and S17); left out, the stack keeps the members it has.",
  ),
});

export type SwitchInput = z.output<typeof switchInputSchema>;

/** What the service adds: the soft-delete flags. */
export const switchStateSchema = z.object({
  softDeleted: z.boolean().describe("Whether the switch is soft-deleted (read-only)."),
  softDeletedDate: isoDateTime.optional().describe("When it was soft-deleted (read-only)."),
  isPrimaryDeleted: z.boolean().describe("Whether the stack's primary member was deleted (read-only)."),
});

/** S14's answer (S9, S13 items; S10, S11 responses; S23's array). */
export const switchReadSchema = answerOf(switchInputSchema).merge(switchStateSchema);

/** Body of S16: serial numbers of stack members to add and to remove. */
export const stackMembersChangeSchema = z.object({
  add: z.array(switchId).describe("Serial numbers to add to the stack (default none).").default([]),
  remove: z.array(switchId).describe("Serial numbers to remove from the stack (default none).").default([]),
});

/** S1 and S60: the switch API documentation's "Switch reference record" (coreId under the API documentation's neutral name). */
export const switchReferenceReadSchema = z.object({
  coreId: z.string().min(1, "is required").describe("ID of the object referred to."),
  szNameId: z.string().describe("Its name (a VLAN without a name: its VLAN ID)."),
  venueId: z.string().min(1, "is required").describe("The venue that sees it."),
});
