// Floor plans of a venue (F1–F5), their calibration points (C1, C2) and the file transfer that
// carries a floor plan's image (U1, U2), from the account and venues API documentation.
import { z } from "zod";
import { issueWithCode, percent } from "../validators";

/**
 * F2, F4: every field optional, as the API documentation gives them; imageId comes from U1 (an ID of no uploaded
 * file is 404). A name given is not empty: a floor plan is picked by its name.
 */
export const floorPlanInputSchema = z.object({
  name: z.string().min(1, "must not be empty").optional().describe("The floor plan's name."),
  floorNumber: z
    .number()
    .int("must be an integer")
    .min(-2147483648)
    .max(2147483647)
    .optional()
    .describe("The floor (int32)."),
  imageId: z.string().optional().describe("File ID of the image, from the file upload operation (U1)."),
});
export type FloorPlanInput = z.infer<typeof floorPlanInputSchema>;

// The read form (F1, F3, and a venue's floorPlans) is floorPlanReadSchema in venue.ts.

export const calibrationPointSchema = z.object({
  xPercent: percent.describe("Horizontal position on the image, 0 to 100 %."),
  yPercent: percent.describe("Vertical position on the image, 0 to 100 %."),
  latitude: z.string().min(1, "is required").describe("Latitude of that spot, as a string."),
  longitude: z.string().min(1, "is required").describe("Longitude of that spot, as a string."),
});

/** C2's body: exactly two points (VENUE-10203). */
export const calibrationPointsSchema = z.array(calibrationPointSchema).superRefine((points, ctx) => {
  if (points.length !== 2) issueWithCode(ctx, "VENUE-10203", "exactly two calibration points are required", []);
});

export const calibrationPointReadSchema = calibrationPointSchema.extend({ id: z.string().describe("The point's ID.") });

/** U1's body. */
export const uploadUrlRequestSchema = z.object({
  fileExtension: z
    .string()
    .regex(/^\.?[A-Za-z0-9]{1,10}$/, "must be a file extension such as png or .jpg")
    .describe("The extension of the file to upload (png, jpg)."),
});

/** U1's answer: the file ID to use, and the address the raw bytes are PUT to. */
export const uploadUrlReadSchema = z.object({
  fileId: z.string().describe("The file's ID, for operations that take one (a floor plan's imageId)."),
  signedUrl: z.string().describe("The absolute address to PUT the file's raw bytes to."),
});
