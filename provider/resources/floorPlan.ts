import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { z } from "zod";
import { floorPlanInputSchema } from "../../contract/schemas/floorPlan";
import { isUnknown } from "../../contract/validators";
import type { ResourceSpec } from "../spec";
import { findInList } from "./find";

const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", svg: "image/svg+xml" };

export const floorPlanSpec: ResourceSpec = {
  kind: "FloorPlan",
  description:
    "A floor plan of a venue (F1–F5) with its image. The provider uploads the image file at `imagePath` (U1 gives a file " +
    "ID and an upload address) and creates the floor plan with that file ID; a changed image (its content, not only its " +
    "path) is uploaded again. `imageUrl` is where the image is downloaded (see getFileDownloadUrl).",
  inputSchema: () =>
    floorPlanInputSchema.omit({ imageId: true }).extend({
      imagePath: z.string().min(1, "must not be empty").optional().describe("Local path of the image file (png, jpg, gif or svg)."),
      imageSha256: z
        .string()
        .optional()
        .describe("Set by the provider at preview from the content of imagePath, so that a changed image is uploaded again; leave it out."),
    }),
  bodySchema: () => floorPlanInputSchema,
  toApi: ({ imagePath: _path, imageSha256: _hash, ...rest }) => rest,
  // The service holds the uploaded file's ID, not where the program read it from.
  notEchoed: ["imagePath", "imageSha256"],
  outputSchema: z.object({
    imageId: z.string().describe("File ID of the uploaded image."),
    imageUrl: z.string().describe("Where the image is downloaded (U2's path)."),
    createdDate: z.string().describe("When the floor plan was created (ISO 8601 UTC)."),
    updatedDate: z.string().describe("When it last changed (ISO 8601 UTC)."),
  }),
  identity: { idParam: "floorPlanId", parents: { venueId: "venueId" } },
  ops: { create: "F2", read: "F3", update: "F4", delete: "F5" },
  destroy: "delete",
  readFromList: { op: "F1" },
  findByName: (client, inputs) => findInList(client, "F1", { venueId: String(inputs.venueId) }, (plan) => plan.name === inputs.name),

  completeInputs(inputs) {
    const path = inputs.imagePath;
    if (typeof path !== "string" || isUnknown(path) || path === "") return { inputs, failures: [] };
    try {
      return { inputs: { ...inputs, imageSha256: createHash("sha256").update(readFileSync(path)).digest("hex") }, failures: [] };
    } catch (error) {
      return { inputs, failures: [{ property: "imagePath", reason: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` }] };
    }
  },

  async beforeWrite(client, inputs, previous) {
    const path = inputs.imagePath;
    if (typeof path !== "string") return {};
    if (previous && previous.imageSha256 === inputs.imageSha256 && typeof previous.imageId === "string") return { imageId: previous.imageId };
    const extension = extname(path).slice(1).toLowerCase() || "png";
    const { fileId, signedUrl } = await client.call<{ fileId: string; signedUrl: string }>("U1", {}, { body: { fileExtension: extension } });
    await client.uploadTo(signedUrl, readFileSync(path), IMAGE_TYPES[extension] ?? "application/octet-stream");
    return { imageId: fileId };
  },
};
