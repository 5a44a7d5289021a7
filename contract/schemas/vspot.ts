// vSPoT server (the Wi-Fi API documentation, "vSPoT server"; W86–W90), per Wi-Fi API variant: the
// older variant takes venues by name only on input ("older variant shows name only on input"), the
// newer by {id, name}.
import { z } from "zod";
import { filledByService, perVariant, secret } from "../meta";
import { ipv4OrHostname, port, shellSafeName } from "../validators";

/** 8 to 63 printable ASCII characters, not beginning with a backtick or a dollar sign. */
export const vspotPassword = z
  .string()
  .min(8, "must be 8 to 63 characters")
  .max(63, "must be 8 to 63 characters")
  .refine((s) => /^[\x20-\x7e]*$/.test(s), "must be printable ASCII")
  .refine((s) => !s.startsWith("`") && !s.startsWith("$"), "must not begin with a backtick or a dollar sign");

const venueRefFor = perVariant((variant) =>
  variant === "older"
    ? z.object({ name: z.string().min(1, "is required").describe("Name of the venue.") })
    : z.object({
        id: z.string().min(1, "is required").describe("ID of the venue."),
        name: z.string().describe("Name of the venue (the service fills it in from the venue).").optional(),
      }),
);

/** Body of W87 (create) and W89 (update). */
export const vspotServerInputSchemaFor = perVariant((variant) =>
  z.object({
    serverName: shellSafeName(2, 32).describe('2 to 32 characters, no backtick or "$(", no leading or trailing blank.'),
    serverAddress: ipv4OrHostname.describe("IPv4 address or host name of the server."),
    port: port.describe("Port, 1 to 65535 (default 8883).").default(8883),
    password: secret(vspotPassword).describe(
      '8 to 63 printable ASCII characters, not beginning with a backtick or "$" (secret).',
    ),
    // A venue's binding (W99-W101) changes this list too: left out, a write keeps the venues the
    // server serves.
    venues: filledByService(
      z
        .array(venueRefFor(variant))
        .describe(
          variant === "older"
            ? "Venues the server serves, by name; left out, the server keeps its venues (bound with VenueVspotBinding)."
            : "Venues the server serves, by ID (the name is filled in); left out, the server keeps its venues (bound with VenueVspotBinding).",
        )
        .optional(),
    ),
    vspotGlobalId: z.string().describe("Global ID of the vSPoT.").optional(),
  }),
);
export const vspotServerInputSchema = vspotServerInputSchemaFor("newer");
export type VspotServerInput = z.output<typeof vspotServerInputSchema>;

/** W88's answer (W87/W89 responses, W86 items): venues with ID and name in both variants. */
export const vspotServerReadSchema = z.object({
  id: z.string().min(1, "is required").describe("The server's ID."),
  serverName: z.string().describe("Name of the server."),
  serverAddress: z.string().describe("IPv4 address or host name of the server."),
  port: port.describe("Port of the server."),
  password: secret(z.string()).describe("Password of the server (secret)."),
  venues: z
    .array(
      z.object({ id: z.string().min(1).describe("ID of the venue."), name: z.string().describe("Name of the venue.") }),
    )
    .describe("Venues the server serves.")
    .optional(),
  vspotGlobalId: z.string().describe("Global ID of the vSPoT.").optional(),
});

/**
 * A venue's vSPoT binding (beyond the API documentation): W99 makes it from its two IDs (the path's), W100
 * answers it and W99's envelope holds it. A venue has one at most; the server's `venues` (W88) list
 * the venue as long as it is bound.
 */
export const venueVspotBindingSchema = z.object({
  venueId: z.string().min(1, "is required").describe("The venue the vSPoT server serves."),
  vspotId: z.string().min(1, "is required").describe("The vSPoT server (W87) that serves it."),
});
export type VenueVspotBinding = z.infer<typeof venueVspotBindingSchema>;

/**
 * W99's envelope response: the bound server as W88 reads it, the venue among its venues (the vendor's public
 * generated client reads the answer as its vSPoT server model, which requires the password), with the binding's
 * two IDs beside it.
 */
export const venueVspotBoundSchema = vspotServerReadSchema.merge(venueVspotBindingSchema);
