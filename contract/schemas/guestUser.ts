// Guest user (the Wi-Fi API documentation, "Guest user"; W73–W81). The duration range 1 to 8760 is
// given for the import (W76, and the limits of the account and venues API documentation); create
// takes the same expiration object, so the same range applies to it here. maxDevices: the API
// documentation says only that -1 means unlimited; zero devices would make an account nobody can
// use, so the rule is -1 or at least 1.
import { z } from "zod";
import { secret } from "../meta";
import { epochMillis, intBetween, lengthBetween } from "../validators";
import { contentPageSchema } from "./envelopes";

export const GUEST_DELIVERY_METHODS = ["MAIL", "SMS", "STUB", "PRINT"] as const;
export const GUEST_ACTIVATION_TYPES = ["Creation", "Login"] as const;
export const GUEST_DURATION_UNITS = ["Minute", "Hour", "Day", "Week", "Month", "Year", "Never"] as const;

/** deliveryMethods of a guest, and the body of W81 (regenerate credentials). */
export const deliveryMethodsSchema = z
  .array(z.enum(GUEST_DELIVERY_METHODS))
  .min(1, "must name at least one delivery method")
  .describe("How the credentials reach the guest: MAIL, SMS, STUB or PRINT (at least one).");

export const guestExpirationSchema = z.object({
  activationType: z.enum(GUEST_ACTIVATION_TYPES).describe("When the validity starts: at Creation or at first Login."),
  duration: intBetween(1, 8760).describe("How long the guest may use the network, 1 to 8760 units."),
  unit: z.enum(GUEST_DURATION_UNITS).describe("Unit of the duration."),
});

/** Each entry of W74's array. */
export const guestUserInputSchema = z.object({
  name: z.string().min(1, "is required").describe("The guest's name."),
  mobilePhoneNumber: z.string().min(1, "is required").describe("The guest's mobile number."),
  email: z.string().optional().describe("The guest's e-mail address."),
  networkId: z.string().min(1, "is required").describe("The guest network the guest may join."),
  deliveryMethods: deliveryMethodsSchema,
  expiration: guestExpirationSchema.describe("How long the guest account stays valid."),
  maxDevices: z
    .number()
    .int("must be an integer")
    .refine((n) => n === -1 || n >= 1, "must be -1 (unlimited) or at least 1")
    .describe("Devices the guest may connect; -1 means unlimited."),
  notes: lengthBetween(0, 180).optional().describe("0 to 180 characters."),
  disabled: z
    .boolean()
    .describe("Whether the account is disabled (W79/W80 when it changes; default false).")
    .default(false),
});

export type GuestUserInput = z.output<typeof guestUserInputSchema>;

/** A guest of W76's file: the import takes deliveryMethods as optional (the API documentation requires it on W74's create only). */
export const importedGuestUserSchema = guestUserInputSchema.extend({
  deliveryMethods: deliveryMethodsSchema.optional(),
});

/** Body of W74: an array of guests, at least one. */
export const guestUserCreateBodySchema = z.array(guestUserInputSchema).min(1, "must hold at least one guest user");

/** The read form (W74 answer, W77, W73 content). */
export const guestUserReadSchema = guestUserInputSchema.extend({
  id: z.string().min(1, "is required").describe("The guest's ID."),
  deliveryMethods: deliveryMethodsSchema
    .optional()
    .describe("How the credentials reach the guest (absent for a guest imported without them)."),
  disabled: z.boolean().describe("Whether the account is disabled."),
  createdDate: epochMillis.describe("Creation time (epoch milliseconds)."),
  expirationDate: epochMillis.describe(
    "When the account expires (epoch milliseconds; 0 until a Login activation, or never).",
  ),
  lastModified: epochMillis.describe("Last change (epoch milliseconds)."),
  guestUserType: z.string().describe("Kind of guest account (the API documentation gives no value set)."),
  macAddresses: z.array(z.string()).describe("Devices the guest has connected."),
  password: secret(z.string().min(1, "is required")).describe("The generated password (secret)."),
  ssid: z.string().describe("SSID of the guest network."),
});

export type GuestUser = z.infer<typeof guestUserReadSchema>;

/** W73's answer: a page object (page from 1, size 50 by default). */
export const guestUserListReadSchema = contentPageSchema(guestUserReadSchema);
