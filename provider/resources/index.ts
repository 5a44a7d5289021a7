import type { ResourceSpec } from "../spec";
import { apSpec } from "./ap";
import { apGroupSpec } from "./apGroup";
import { dpskPassphraseSpec } from "./dpskPassphrase";
import { guestUserSpec } from "./guestUser";
import { networkSpec } from "./network";
import { networkVenueActivationSpec } from "./networkVenueActivation";
import { switchProfileSpec } from "./switchProfile";
import { switchVlanSpec } from "./switchVlan";
import { venueSpec } from "./venue";
import { venueRadioSpec } from "./venueRadio";
import { venueSyslogSpec } from "./venueSyslog";
// Account (issue 11)
import { adminSpec } from "./admin";
import { supportAccessSpec, varDelegationSpec } from "./delegations";
import { notificationRecipientSpec } from "./notificationRecipient";
import { userProfileSpec } from "./userProfile";
import { calibrationPointsSpec } from "./calibrationPoints";
import { floorPlanSpec } from "./floorPlan";

/** Every resource of the provider, by SDK class name. */
export const RESOURCE_SPECS: Record<string, ResourceSpec> = Object.fromEntries(
  [
    venueSpec,
    apGroupSpec,
    networkSpec,
    networkVenueActivationSpec,
    venueRadioSpec,
    venueSyslogSpec,
    apSpec,
    guestUserSpec,
    dpskPassphraseSpec,
    switchProfileSpec,
    switchVlanSpec,
    // Account (issue 11)
    adminSpec,
    notificationRecipientSpec,
    userProfileSpec,
    varDelegationSpec,
    supportAccessSpec,
    floorPlanSpec,
    calibrationPointsSpec,
  ].map((spec) => [spec.kind, spec]),
);
