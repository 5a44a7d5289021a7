// AP group (document 2, §2 "AP group" and W24/W27).
import { z } from "zod";
import { apSerialNumber, lengthBetween } from "../validators";

/** Body of W24 (create) and W27 (update). venueId may not change after creation. */
export const apGroupInputSchema = z.object({
  name: lengthBetween(2, 64),
  description: lengthBetween(2, 180).optional(),
  venueId: z.string().min(1, "is required"),
  apSerialNumbers: z.array(z.object({ serialNumber: apSerialNumber })).optional(),
});

export type ApGroupInput = z.infer<typeof apGroupInputSchema>;

export interface ApGroup extends ApGroupInput {
  id: string;
  isDefault: boolean;
  aps: unknown[];
}
