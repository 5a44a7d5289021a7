// Venue (document 1, §2 and A7/A10).
import { z } from "zod";
import { lengthBetween } from "../validators";

export const addressSchema = z.object({
  addressLine: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  notes: z.string().optional(),
  timezone: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});

/** Body of A7 (add) and A10 (update). */
export const venueInputSchema = z.object({
  name: lengthBetween(2, 32),
  description: z.string().optional(),
  address: addressSchema.optional(),
});

export type VenueInput = z.infer<typeof venueInputSchema>;
export type Address = z.infer<typeof addressSchema>;

export interface Venue extends VenueInput {
  id: string;
  floorPlans: unknown[];
  createdDate: string;
  updatedDate: string;
}
