import type { ResourceSpec } from "../spec";
import { apGroupSpec } from "./apGroup";
import { networkSpec } from "./network";
import { networkVenueActivationSpec } from "./networkVenueActivation";
import { venueSpec } from "./venue";

/** Every resource of the provider, by SDK class name. */
export const RESOURCE_SPECS: Record<string, ResourceSpec> = Object.fromEntries(
  [venueSpec, apGroupSpec, networkSpec, networkVenueActivationSpec].map((spec) => [spec.kind, spec]),
);
