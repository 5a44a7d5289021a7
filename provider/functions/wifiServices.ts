// Functions of the Wi-Fi services: guest lists and import, DPSK passphrase formats,
// client disconnect. One row each, added to the table in index.ts.
import { z } from "zod";
import { clientDisconnectSchema } from "../../contract/schemas/wifiClient";
import { dpskPassphraseFormatReadSchema } from "../../contract/schemas/dpsk";
import { GUEST_IMPORT_COLUMNS, guestImportReadSchema } from "../../contract/schemas/guestImport";
import { deliveryMethodsSchema, guestExpirationSchema, guestUserReadSchema } from "../../contract/schemas/guestUser";
import type { FunctionAnswer, FunctionSpec } from "./spec";

const requestId = z.string().describe("The service's request ID of the action, whose record reached SUCCESS.");

const importArgs = () =>
  z
    .object({
      networkId: z.string().min(1, "is required").describe("The guest network the guests may join."),
      csv: z
        .string()
        .min(1, "is required")
        .describe(
          `The guests, as CSV text with a header row; columns ${GUEST_IMPORT_COLUMNS.join(", ")} (name and mobilePhoneNumber required).`,
        ),
      fileName: z.string().min(1).optional().describe("Name of the uploaded file (default guests.csv)."),
      // importGuestUsers leaves the delivery methods optional, unlike a guest's own create.
      deliveryMethods: deliveryMethodsSchema
        .optional()
        .describe("How the imported guests get their credentials; left out, they get none."),
      expiration: guestExpirationSchema.describe("How long the imported guests stay valid (duration 1 to 8760)."),
      maxDevices: z
        .number()
        .int("must be an integer")
        .refine((n) => n === -1 || n >= 1, "must be -1 (unlimited) or at least 1")
        .describe("Devices each guest may connect; -1 means unlimited."),
    })
    .strict();

export const WIFI_SERVICE_FUNCTIONS: FunctionSpec[] = [
  {
    name: "listGuestUsers",
    description:
      "Every guest user of the tenant, with their generated passwords (read page by page from 1, 50 a page by default).",
    op: "listGuestUsers",
    args: () => z.object({}).strict(),
    result: guestUserReadSchema,
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "listDpskPassphraseFormats",
    description:
      "The formats the service generates DPSK passphrases in (listDpskPassphraseFormats answers them all at once, unpaged).",
    op: "listDpskPassphraseFormats",
    args: () => z.object({}).strict(),
    result: z.object({
      formats: z.array(dpskPassphraseFormatReadSchema).describe("Every format: ID, name and generation parameters."),
    }),
    returns: "one",
    runsInPreview: true,
    resultOf: ({ body }: FunctionAnswer) => ({ formats: body }),
  },
  {
    name: "importGuestUsers",
    description:
      "Creates guest users from CSV text (importGuestUsers, a multipart upload): every row a guest of the network, sharing the delivery methods (if any), " +
      "expiration and device count given. Returns the created guests, with the passwords the service made up, and the address of " +
      "the file of their credentials.",
    op: "importGuestUsers",
    args: importArgs,
    result: guestImportReadSchema.extend({ requestId }),
    returns: "one",
    runsInPreview: false,
    toRequest: (args) => {
      const expiration = args.expiration as { activationType: string; duration: number; unit: string };
      return {
        query: { networkId: String(args.networkId) },
        body: {
          fields: {
            ...(args.deliveryMethods === undefined ? {} : { deliveryMethods: args.deliveryMethods as string[] }),
            "expiration.activationType": expiration.activationType,
            "expiration.duration": String(expiration.duration),
            "expiration.unit": expiration.unit,
            maxDevices: String(args.maxDevices),
          },
          files: {
            file: {
              filename: String(args.fileName ?? "guests.csv"),
              contentType: "text/csv",
              content: String(args.csv),
            },
          },
        },
      };
    },
    resultOf: ({ body }: FunctionAnswer) => {
      const envelope = body as { requestId: string; response: { data: unknown[]; downloadUrl: string } };
      return {
        requestId: envelope.requestId,
        data: envelope.response.data,
        downloadUrl: envelope.response.downloadUrl,
      };
    },
  },
  {
    name: "disconnectClients",
    description:
      "Disconnects wireless clients from their access points, and waits until the service reports the request done.",
    op: "disconnectClients",
    args: () =>
      z
        .object({
          clients: z
            .array(clientDisconnectSchema)
            .min(1, "must name at least one client")
            .describe("The clients: each an AP's MAC and the client's MAC."),
        })
        .strict(),
    result: z.object({ requestId }),
    returns: "one",
    runsInPreview: false,
    toRequest: (args) => ({ body: args.clients }),
    resultOf: ({ requestId: id }: FunctionAnswer) => ({ requestId: id }),
  },
];
