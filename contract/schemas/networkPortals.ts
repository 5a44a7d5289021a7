// The per-type parts of a network (the real wire model, from the service's public generated
// client): the guest portal of a guest network, the DPSK generation parameters of a dpsk network,
// the Cloudpath portal and Hotspot 2.0 WLAN of a cloudpath network. Names are the real API's. Two
// rules of the API documentation check fields of the guest portal:
//  - WIFI-10116 "invalid external provider name and region": a WISPr page (wisprPage) that is not
//    a custom provider names a provider of EXTERNAL_PORTAL_PROVIDERS and one of its regions. The
//    API documentation does not list the providers: the catalogue is this project's (emulator/README.md).
//  - WIFI-10209 (newer) "invalid social domains": socialDomains, the e-mail domains whose social
//    logins the portal accepts, must each be a domain name (labels of letters, digits and
//    hyphens, at least two labels).
import { z } from "zod";
import { newerOnly, perVariant, secret, type WifiApiVariant } from "../meta";
import { intBetween, issueWithCode, lengthBetween, vlanId } from "../validators";

const text = (what: string) => z.string().describe(what).optional();
const flag = (what: string) => z.boolean().describe(what).optional();
const strings = (what: string) => z.array(z.string()).describe(what).optional();

/** The most bytes of JSON a free-form object (one the notes give no fields for, kept as given) may hold. */
export const FREE_FORM_MAX_BYTES = 16 * 1024;

/** An object kept as given, up to FREE_FORM_MAX_BYTES of JSON (a state file and every answer carry it). */
function withinFreeFormSize(value: unknown, ctx: z.RefinementCtx): void {
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(value));
  } catch {
    size = Infinity; // nested too deep to encode at all
  }
  if (size > FREE_FORM_MAX_BYTES)
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be at most ${FREE_FORM_MAX_BYTES} bytes of JSON` });
}

const freeForm = () => z.record(z.unknown()).superRefine(withinFreeFormSize);

/** External portal providers and their regions (WIFI-10116). */
export const EXTERNAL_PORTAL_PROVIDERS: Readonly<Record<string, readonly string[]>> = {
  Purple: ["EMEA", "Americas", "APAC"],
  Aislelabs: ["US", "EU"],
  Cloud4Wi: ["US", "EU"],
  GoZone: ["US"],
  Skyfii: ["Global"],
};

const DOMAIN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const wisprPageSchema = z.object({
  captivePortalUrl: text("Address of the external captive portal."),
  integrationKey: secret(z.string()).describe("Key the external portal integrates with (secret).").optional(),
  externalProviderName: text(
    "External portal provider, one of the catalogue unless customExternalProvider (WIFI-10116).",
  ),
  externalProviderRegion: text("Region of that provider (WIFI-10116)."),
  customExternalProvider: flag("A provider outside the catalogue: name and region are not checked."),
  providerName: text("Name of a custom provider."),
});

/**
 * The guest portal. The API documentation gives no field of it; the defaults and ranges are those the service's
 * public generated client declares (models GuestPortal, GuestPage, GuestSmsPasswordDuration).
 */
export const guestPortalSchemaFor = perVariant((variant: WifiApiVariant) =>
  z.object({
    guestNetworkType: z
      .string()
      .min(1, "is required")
      .describe("How guests get on, e.g. ClickThrough, SelfSignIn, HostApproval, GuestPass, WISPr."),
    enableSelfService: z.boolean().describe("Guests may register themselves (default true).").default(true),
    enableSmsLogin: z.boolean().describe("Guests may log in with a code sent by SMS (default false).").default(false),
    endOfDayReauthDelay: z
      .boolean()
      .describe("Guests log in again at the end of the day (default false).")
      .default(false),
    externalPortalKey: secret(z.string()).describe("Key of the external portal (secret).").optional(),
    externalPortalUrl: text("Address of the external portal."),
    guestPage: z
      .object({
        advertImage: text("Advert image."),
        langCode: text("Language of the page."),
        logoImage: text("Logo image."),
        tagLine: lengthBetween(0, 140).describe("Tag line, 0 to 140 characters.").optional(),
        termsAndConditions: lengthBetween(0, 100000)
          .describe("Terms and conditions, 0 to 100000 characters.")
          .optional(),
        title: text("Title."),
        welcomeMessage: lengthBetween(0, 100).describe("Welcome message, 0 to 100 characters.").optional(),
      })
      .describe("What the portal page shows.")
      .optional(),
    hostGuestConfig: z
      .object({
        hostDomains: z.array(z.string()).describe("E-mail domains of the hosts who approve guests."),
        hostDurationChoices: z.array(z.string()).describe("Durations a host may grant."),
      })
      .describe("Host approval settings.")
      .optional(),
    lockoutPeriod: intBetween(1, 65535)
      .describe("Minutes a guest is locked out after failed logins, 1 to 65535 (default 120).")
      .default(120),
    lockoutPeriodEnabled: z
      .boolean()
      .describe("Whether failed logins lock a guest out (default false).")
      .default(false),
    macCredentialsDuration: intBetween(1, 1440)
      .describe("Minutes a device's MAC stays authorised, 1 to 1440 (default 240).")
      .default(240),
    maxDevices: z
      .number()
      .int("must be an integer")
      .min(0, "must be at least 0")
      .describe("Devices per guest, at least 0 (default 1).")
      .default(1),
    redirectUrl: text("Where guests go after logging in."),
    smsPasswordDuration: z
      .object({
        duration: z
          .number()
          .int("must be an integer")
          .min(0, "must be at least 0")
          .describe("How long, at least 0 (default 12).")
          .default(12),
        unit: z.string().describe("Unit of the duration (default HOUR).").default("HOUR"),
      })
      .describe("Validity of SMS passwords.")
      .default({}),
    socialEmails: z
      .boolean()
      .describe("Ask social-login guests for their e-mail address (default false).")
      .default(false),
    socialIdentities: freeForm().describe("Social login providers and their settings.").optional(),
    socialDomains: newerOnly(variant, z.array(z.string()).optional()).describe(
      "E-mail domains whose social logins are accepted (newer variant only; WIFI-10209).",
    ),
    userSessionGracePeriod: intBetween(1, 14399)
      .describe(
        "Minutes a guest may reconnect without logging in again, 1 to 14399 (default 60); at most the session timeout (WIFI-10105).",
      )
      .default(60),
    userSessionTimeout: intBetween(2, 14400)
      .describe("Minutes a guest session lasts, 2 to 14400 (default 1440).")
      .default(1440),
    walledGardens: strings("Addresses guests reach before logging in."),
    wisprPage: wisprPageSchema.describe("External (WISPr) portal provider.").optional(),
  }),
);
export const guestPortalSchema = guestPortalSchemaFor("newer");
type GuestPortal = z.infer<typeof guestPortalSchema>;

/**
 * WIFI-10105 on a guest portal at `path`, and with `deep` (the API documentation lists WIFI-10116 and WIFI-10209 for W52 and W58
 * only) WIFI-10116 and WIFI-10209.
 */
export function guestPortalRules(
  portal: GuestPortal | undefined,
  ctx: z.RefinementCtx,
  deep: boolean,
  path: (string | number)[] = ["guestPortal"],
): void {
  if (!portal) return;
  if (
    portal.userSessionGracePeriod !== undefined &&
    portal.userSessionTimeout !== undefined &&
    portal.userSessionGracePeriod > portal.userSessionTimeout
  ) {
    issueWithCode(ctx, "WIFI-10105", "guest network: session grace period must not exceed the user session timeout", [
      ...path,
      "userSessionGracePeriod",
    ]);
  }
  if (!deep) return;
  const wispr = portal.wisprPage;
  if (
    wispr &&
    wispr.customExternalProvider !== true &&
    (wispr.externalProviderName !== undefined || wispr.externalProviderRegion !== undefined)
  ) {
    const regions = EXTERNAL_PORTAL_PROVIDERS[wispr.externalProviderName ?? ""];
    if (!regions) {
      issueWithCode(
        ctx,
        "WIFI-10116",
        `invalid external provider name and region: no provider ${wispr.externalProviderName ?? "(none)"}`,
        [...path, "wisprPage", "externalProviderName"],
      );
    } else if (!regions.includes(wispr.externalProviderRegion ?? "")) {
      issueWithCode(
        ctx,
        "WIFI-10116",
        `invalid external provider name and region: ${wispr.externalProviderName} serves ${regions.join(", ")}`,
        [...path, "wisprPage", "externalProviderRegion"],
      );
    }
  }
  (portal.socialDomains ?? []).forEach((domain, i) => {
    if (!DOMAIN.test(domain))
      issueWithCode(ctx, "WIFI-10209", "invalid social domains: must be a domain name such as example.com", [
        ...path,
        "socialDomains",
        i,
      ]);
  });
}

export const DPSK_PASSPHRASE_FORMATS = ["MOST_SECURED", "KEYBOARD_FRIENDLY", "NUMBERS_ONLY"] as const;

export const dpskGenerationParamsSchema = z.object({
  passphraseLength: intBetween(8, 63).describe("Length of generated passphrases, 8 to 63 (a WPA passphrase's range)."),
  passphraseFormatEnum: z
    .enum(DPSK_PASSPHRASE_FORMATS)
    .describe("MOST_SECURED, KEYBOARD_FRIENDLY or NUMBERS_ONLY (W53's formats).")
    .optional(),
  passphraseExpirationEnum: text("When generated passphrases expire, e.g. UNLIMITED."),
});

export const cloudpathPortalSchema = z.object({
  externalPortalUrl: z.string().min(1, "is required").describe("Address of the Cloudpath enrolment portal."),
  redirectUrl: text("Where clients go after enrolling."),
  userSessionGracePeriod: intBetween(1, 14399)
    .describe("Minutes a client may reconnect without enrolling again, 1 to 14399.")
    .optional(),
  userSessionTimeout: intBetween(2, 14400).describe("Minutes a session lasts, 2 to 14400.").optional(),
  walledGardens: strings("Addresses clients reach before enrolling."),
});

/**
 * The Hotspot 2.0 WLAN of a cloudpath network. The notes name it without its fields; the service's
 * public generated client declares three of them with defaults (model HotspotWlan). Other fields
 * are kept as given.
 */
export const hotspotWlanSchema = z
  .object({
    bypassCPUsingMacAddressAuthentication: z
      .boolean()
      .describe("Skip the captive portal for MAC-authenticated clients (default false).")
      .default(false),
    enabled: z.boolean().describe("Whether the Hotspot 2.0 WLAN is on (default true).").default(true),
    vlanId: vlanId.describe("VLAN of its clients, 1 to 4094 (default 1).").default(1),
  })
  .passthrough()
  .superRefine(withinFreeFormSize);
