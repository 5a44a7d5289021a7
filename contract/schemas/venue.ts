// Venue (the account and venues API documentation, "Venue" and A6–A11).
import { z } from "zod";
import { isoDateTime, lengthBetween } from "../validators";

export const addressSchema = z.object({
  addressLine: z.string().optional().describe("Street and number."),
  city: z.string().optional().describe("City."),
  country: z.string().optional().describe("Country, by name or ISO 3166 code; APs need a supported one (WIFI-10114)."),
  notes: z.string().optional().describe("Free text."),
  timezone: z.string().optional().describe("Time zone, e.g. Europe/Lisbon."),
  latitude: z.number().optional().describe("Latitude in degrees."),
  longitude: z.number().optional().describe("Longitude in degrees."),
});

/** Body of A7 (add) and A10 (update). */
export const venueInputSchema = z.object({
  name: lengthBetween(2, 32).describe("2 to 32 characters; unique in the tenant."),
  description: z.string().optional().describe("Free text."),
  address: addressSchema.optional().describe("Postal address and position."),
});

export type VenueInput = z.infer<typeof venueInputSchema>;
export type Address = z.infer<typeof addressSchema>;

/** A floor plan of a venue (the account and venues API documentation, "FloorPlan"): F1, F3, and a venue's floorPlans. */
export const floorPlanReadSchema = z.object({
  id: z.string().min(1, "is required").describe("The floor plan's ID."),
  name: z.string().optional().describe("Name of the floor plan."),
  floorNumber: z.number().int("must be an integer").optional().describe("Floor number."),
  imageId: z.string().optional().describe("File ID of the plan's image."),
  imageUrl: z.string().optional().describe("Address of the image (read only)."),
  createdDate: isoDateTime.optional().describe("When the plan was created."),
  updatedDate: isoDateTime.optional().describe("When the plan last changed."),
});

/** A9's answer (and A7/A10 responses, A6 items). */
export const venueReadSchema = venueInputSchema.extend({
  id: z.string().min(1, "is required").describe("The venue's ID."),
  floorPlans: z.array(floorPlanReadSchema).describe("Floor plans of the venue (read only)."),
  createdDate: isoDateTime.describe("When the venue was created (ISO 8601 UTC)."),
  updatedDate: isoDateTime.describe("When the venue was last changed (ISO 8601 UTC)."),
});

export interface Venue extends VenueInput {
  id: string;
  floorPlans: unknown[];
  createdDate: string;
  updatedDate: string;
}
