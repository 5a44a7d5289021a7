// Names for the shapes inside the resources' inputs, exported by earlier versions of the SDK and
// kept for programs that use them. They are the contract's types, as the generated classes are.
import type { z } from "zod";
import type { guestPortalSchema, NETWORK_TYPES, RadiusPair, wlanSchema } from "../contract/schemas/network";
import type { activationApGroupSchema, RADIO_BANDS, schedulerSchema } from "../contract/schemas/networkVenue";

export type NetworkType = (typeof NETWORK_TYPES)[number];
/** The WLAN without its secrets, which are top-level inputs of Network. */
export type Wlan = Omit<z.infer<typeof wlanSchema>, "passphrase" | "wepHexKey">;
export type GuestPortal = z.infer<typeof guestPortalSchema>;
export type { RadiusPair };
export type RadioBand = (typeof RADIO_BANDS)[number];
export type ActivationApGroup = z.infer<typeof activationApGroupSchema>;
export type Scheduler = z.infer<typeof schedulerSchema>;
