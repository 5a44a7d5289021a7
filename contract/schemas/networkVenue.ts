// Network-venue activation (the Wi-Fi API documentation, "Network-venue activation"; W59–W66), per
// Wi-Fi API variant: the older refuses vlanPoolId and the AP group entries' vlanPoolId and
// vlanPoolName.
import { z } from "zod";
import { answerFormOf, newerOnly, perVariant } from "../meta";
import { vlanId } from "../validators";

export const RADIO_BANDS = ["Both", "2.4-GHz", "5-GHz"] as const;

const radio = z.enum(RADIO_BANDS);

export const activationApGroupSchemaFor = perVariant((variant) =>
  z.object({
    // The API documentation does not mark it required: an entry without a group is stored as given.
    apGroupId: z.string().min(1, "must not be empty").describe("The AP group of the venue to activate on.").optional(),
    radio: radio.describe("Radio band on this group: Both (default), 2.4-GHz or 5-GHz.").default("Both"),
    vlanId: vlanId.describe("VLAN on this group, 1 to 4094.").optional(),
    vlanPoolId: newerOnly(variant, z.string().optional()).describe("VLAN pool on this group (newer variant only)."),
    vlanPoolName: newerOnly(variant, z.string().optional()).describe("Name of that VLAN pool (newer variant only)."),
  }),
);
export const activationApGroupSchema = activationApGroupSchemaFor("newer");

const day = (name: string) => z.string().describe(`When the network is on, ${name}.`).optional();

/** When the network is on. The type's default, ALWAYS_ON, is the service's public generated client's (model NetworkVenueScheduler). */
export const schedulerSchema = z.object({
  type: z
    .string()
    .describe("Kind of schedule, e.g. ALWAYS_ON (the default; the API documentation gives no value set).")
    .default("ALWAYS_ON"),
  mon: day("Mondays"),
  tue: day("Tuesdays"),
  wed: day("Wednesdays"),
  thu: day("Thursdays"),
  fri: day("Fridays"),
  sat: day("Saturdays"),
  sun: day("Sundays"),
});

/** Defaults the service fills in (the Wi-Fi API documentation: isAllAPGroups true, allAPGroupsRadio Both). */
export const NETWORK_VENUE_DEFAULTS = { isAllAPGroups: true, allAPGroupsRadio: "Both" } as const;

const activationCommon = (variant: "older" | "newer") => ({
  networkId: z.string().min(1, "is required").describe("The network to activate."),
  venueId: z.string().min(1, "is required").describe("The venue to activate it on."),
  allAPGroupsVlanId: vlanId.describe("VLAN when all AP groups are used, 1 to 4094.").optional(),
  scheduler: schedulerSchema.describe("When the network is on (default: always).").default({}),
  vlanPoolId: newerOnly(variant, z.string().optional()).describe("VLAN pool of the activation (newer variant only)."),
});

/** Body of W59 (create) and W62 (update). */
export const networkVenueInputSchemaFor = perVariant((variant) =>
  z.object({
    ...activationCommon(variant),
    isAllAPGroups: z
      .boolean()
      .describe("Activate on every AP group of the venue (default true).")
      .default(NETWORK_VENUE_DEFAULTS.isAllAPGroups),
    allAPGroupsRadio: radio
      .describe("Radio band when all AP groups are used: Both (default), 2.4-GHz or 5-GHz.")
      .default(NETWORK_VENUE_DEFAULTS.allAPGroupsRadio),
    apGroups: z
      .array(activationApGroupSchemaFor(variant))
      .describe("The AP groups to activate on, when not all.")
      .optional(),
  }),
);
export const networkVenueInputSchema = networkVenueInputSchemaFor("newer");

export type NetworkVenueInput = z.infer<typeof networkVenueInputSchema>;

/** An AP group entry as the service answers it: the group's name and default flag, and the validation flags. */
export const activationApGroupReadSchemaFor = perVariant((variant) =>
  activationApGroupSchemaFor(variant).extend({
    id: z.string().min(1, "is required").describe("ID of the entry."),
    apGroupName: z.string().describe("Name of the AP group."),
    isDefault: z.boolean().describe("Whether it is the venue's default AP group."),
    radio: radio.describe("Radio band on this group."),
    validationError: z.boolean().describe("Whether the activation on this group has a problem."),
    validationErrorReachedMaxConnectedCaptiveNetworksLimit: z
      .boolean()
      .describe("The group has the most captive-portal networks it may."),
    validationErrorReachedMaxConnectedNetworksLimit: z.boolean().describe("The group has the most networks it may."),
    validationErrorSsidAlreadyActiveted: z
      .boolean()
      .describe("The SSID is already active on the group (the service's spelling)."),
  }),
);

/** W61's answer (and W59/W62 responses, W64/W66 items, the deep network's `venues`). */
export const networkVenueReadSchemaFor = perVariant(
  (variant) =>
    answerFormOf(
      z.object({
        ...activationCommon(variant),
        id: z.string().min(1, "is required").describe("The activation's ID."),
        isAllAPGroups: z.boolean().describe("Whether every AP group of the venue is used."),
        allAPGroupsRadio: radio.describe("Radio band when all AP groups are used."),
        apGroups: z.array(activationApGroupReadSchemaFor(variant)).describe("The AP groups, when not all."),
      }),
    ) as z.AnyZodObject,
);
export const networkVenueReadSchema = networkVenueReadSchemaFor("newer");

export const activationApGroupReadSchema = activationApGroupReadSchemaFor("newer");
export type ActivationApGroup = z.infer<typeof activationApGroupReadSchema>;

export interface NetworkVenue extends Omit<NetworkVenueInput, "apGroups"> {
  id: string;
  isAllAPGroups: boolean;
  allAPGroupsRadio: (typeof RADIO_BANDS)[number];
  apGroups: ActivationApGroup[];
}
