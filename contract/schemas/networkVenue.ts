// Network-venue activation (document 2, §2 and W59/W62).
import { z } from "zod";
import { newerOnly, perVariant } from "../meta";
import { vlanId } from "../validators";

export const RADIO_BANDS = ["Both", "2.4-GHz", "5-GHz"] as const;

export const activationApGroupSchemaFor = perVariant((variant) =>
  z.object({
    apGroupId: z.string().min(1, "is required"),
    radio: z.enum(RADIO_BANDS).optional(),
    vlanId: vlanId.optional(),
    vlanPoolId: newerOnly(variant, z.string().optional()),
    vlanPoolName: newerOnly(variant, z.string().optional()),
  }),
);
export const activationApGroupSchema = activationApGroupSchemaFor("newer");

export const schedulerSchema = z.object({
  type: z.string(),
  mon: z.string().optional(),
  tue: z.string().optional(),
  wed: z.string().optional(),
  thu: z.string().optional(),
  fri: z.string().optional(),
  sat: z.string().optional(),
  sun: z.string().optional(),
});

/** Defaults the service fills in (document 2: isAllAPGroups true, allAPGroupsRadio Both). */
export const NETWORK_VENUE_DEFAULTS = { isAllAPGroups: true, allAPGroupsRadio: "Both" } as const;

/** Body of W59 (create) and W62 (update). */
export const networkVenueInputSchemaFor = perVariant((variant) =>
  z.object({
  networkId: z.string().min(1, "is required"),
  venueId: z.string().min(1, "is required"),
  isAllAPGroups: z.boolean().default(NETWORK_VENUE_DEFAULTS.isAllAPGroups).describe("Activate on every AP group of the venue (default true)."),
  allAPGroupsRadio: z.enum(RADIO_BANDS).default(NETWORK_VENUE_DEFAULTS.allAPGroupsRadio).describe("Radio band when all AP groups are used: Both (default), 2.4-GHz or 5-GHz."),
  allAPGroupsVlanId: vlanId.optional(),
  apGroups: z.array(activationApGroupSchemaFor(variant)).optional(),
  scheduler: schedulerSchema.optional(),
  vlanPoolId: newerOnly(variant, z.string().optional()),
  }),
);
export const networkVenueInputSchema = networkVenueInputSchemaFor("newer");

export type NetworkVenueInput = z.infer<typeof networkVenueInputSchema>;


export interface ActivationApGroup {
  apGroupId: string;
  apGroupName: string;
  id: string;
  isDefault: boolean;
  radio: (typeof RADIO_BANDS)[number];
  vlanId?: number;
  validationError: boolean;
  validationErrorReachedMaxConnectedCaptiveNetworksLimit: boolean;
  validationErrorReachedMaxConnectedNetworksLimit: boolean;
  validationErrorSsidAlreadyActiveted: boolean;
}

export interface NetworkVenue extends Omit<NetworkVenueInput, "apGroups"> {
  id: string;
  isAllAPGroups: boolean;
  allAPGroupsRadio: (typeof RADIO_BANDS)[number];
  apGroups: ActivationApGroup[];
}
