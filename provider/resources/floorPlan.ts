import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { pulumiAsset } from "../../contract/meta";
import { floorPlanInputSchema } from "../../contract/schemas/floorPlan";
import { isUnknown } from "../../contract/validators";
import { extensionOf, readAsset } from "../assets";
import type { NmsClient } from "../client";
import { resourceSpec, type CheckFailure, type Props } from "../spec";
import { listedByName } from "./find";

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
};

interface Image {
  readonly bytes: Buffer;
  readonly extension: string;
}

/** The image's type from its first bytes, else from its name: getUploadUrl needs the extension, the upload its content type. */
function imageType(bytes: Buffer, source: string | undefined): string | undefined {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return "png";
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return "jpg";
  if (bytes.subarray(0, 4).toString("latin1") === "GIF8") return "gif";
  const head = bytes
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "svg";
  const extension = extensionOf(source);
  return IMAGE_TYPES[extension] ? extension : undefined;
}

/** The image the program gives (imagePath or image), the field that gave it, or undefined when there is none (or not yet known). */
async function imageOf(inputs: Props): Promise<{ field: "imagePath" | "image"; image: Image } | undefined> {
  const field = inputs.image !== undefined ? "image" : inputs.imagePath !== undefined ? "imagePath" : undefined;
  if (field === undefined) return undefined;
  const value = inputs[field];
  if (isUnknown(value)) return undefined;
  // A FileAsset whose path comes from another resource's output is not known until that resource exists.
  if (typeof value === "object" && value !== null && Object.values(value).some(isUnknown)) return undefined;
  const content =
    field === "image"
      ? await readAsset(inputs.image)
      : { bytes: await readFile(String(inputs.imagePath)), source: String(inputs.imagePath) };
  const extension = imageType(content.bytes, content.source);
  if (extension === undefined) throw new Error("is not a png, jpg, gif or svg image");
  return { field, image: { bytes: content.bytes, extension } };
}

export const floorPlanSpec = resourceSpec({
  kind: "FloorPlan",
  description:
    "A floor plan of a venue with its image, given as a local file (`imagePath`) or as a Pulumi asset (`image`: " +
    "a FileAsset, StringAsset or RemoteAsset). The provider uploads the image (getUploadUrl gives a file ID and an upload address) " +
    "and creates the floor plan with that file ID; a changed image (its content, not only its path) is uploaded again. " +
    "`imageUrl` is where the image is downloaded (see getFileDownloadUrl).",
  inputSchema: () =>
    floorPlanInputSchema.omit({ imageId: true }).extend({
      imagePath: z
        .string()
        .min(1, "must not be empty")
        .optional()
        .describe("Local path of the image file (png, jpg, gif or svg)."),
      image: pulumiAsset()
        .optional()
        .describe(
          "The image as a Pulumi asset (png, jpg, gif or svg; its type is read from its content, else from its name); instead of imagePath.",
        ),
      imageSha256: z
        .string()
        .optional()
        .describe(
          "Set by the provider at preview from the image's content, so that a changed image is uploaded again; leave it out.",
        ),
    }),
  bodySchema: () => floorPlanInputSchema,
  toApi: ({ imagePath: _path, image: _image, imageSha256: _hash, ...rest }) => rest,
  // The service holds the uploaded file's ID, not where the program read it from.
  notEchoed: ["imagePath", "image", "imageSha256"],
  outputSchema: z.object({
    imageId: z.string().describe("File ID of the uploaded image."),
    imageUrl: z.string().describe("Where the image is downloaded (getDownloadUrl's path)."),
    createdDate: z.string().describe("When the floor plan was created (ISO 8601 UTC)."),
    updatedDate: z.string().describe("When it last changed (ISO 8601 UTC)."),
  }),
  identity: { idParam: "floorPlanId", parents: { venueId: "venueId" } },
  ops: { create: "createFloorPlan", read: "getFloorPlan", update: "updateFloorPlan", delete: "deleteFloorPlan" },
  destroy: "delete",
  readFromList: { op: "listFloorPlans" },
  // The service keeps two plans of one name in a venue (no conflict is documented).
  ...listedByName("listFloorPlans", {
    scope: { venueId: "venueId" },
    name: { name: "name" },
    preview: { notChecked: "the service does not keep floor-plan names unique" },
  }),
  nameIsUnique: false,

  overrides: {
    // The image's hash completes the inputs, from the provider's machine, so that a changed file shows as a change.
    async check(inputs, check) {
      const { completed, failures } = await withImageHash(inputs);
      return check(completed, failures);
    },
    writeBody: {
      calls: ["getUploadUrl"],
      // The image is uploaded (getUploadUrl) for its file ID, unless the previous write's file holds the same content.
      async build(client, inputs, previous, body) {
        const uploaded = await uploadedImage(client, inputs, previous);
        return { ...(body as Props), ...uploaded };
      },
    },
  },
});

/** The inputs with the image's hash (imageSha256), or what keeps the image from being read. Calls no service. */
async function withImageHash(inputs: Props): Promise<{ completed: Props; failures: CheckFailure[] }> {
  if (inputs.image !== undefined && inputs.imagePath !== undefined) {
    return { completed: inputs, failures: [{ property: "image", reason: "set either image or imagePath, not both" }] };
  }
  const field = inputs.image !== undefined ? "image" : "imagePath";
  try {
    const given = await imageOf(inputs);
    if (given === undefined) return { completed: inputs, failures: [] };
    return {
      completed: { ...inputs, imageSha256: createHash("sha256").update(given.image.bytes).digest("hex") },
      failures: [],
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code ? `cannot be read: ${code}` : (error as Error).message;
    return { completed: inputs, failures: [{ property: field, reason }] };
  }
}

/** The body fields of the image: the file ID of the previous write when the content is the same, else of a new upload. */
async function uploadedImage(client: NmsClient, inputs: Props, previous: Props | undefined): Promise<Props> {
  if (previous && previous.imageSha256 === inputs.imageSha256 && typeof previous.imageId === "string")
    return { imageId: previous.imageId };
  const given = await imageOf(inputs);
  if (given === undefined) return {};
  const { bytes, extension } = given.image;
  const { fileId, signedUrl } = await client.call<{ fileId: string; signedUrl: string }>(
    "getUploadUrl",
    {},
    { body: { fileExtension: extension } },
  );
  await client.uploadTo(signedUrl, bytes, IMAGE_TYPES[extension] ?? "application/octet-stream");
  return { imageId: fileId };
}
