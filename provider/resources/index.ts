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
// Wi-Fi devices and venue Wi-Fi settings (issue 8)
import { apLanPortsSpec, apMdnsGatewaySpec, apRadioSpec } from "./apSettings";
import { venueCellularSpec, venueDhcpBindingSpec, venueLanPortsSpec, venueLedsSpec, venueMeshSpec } from "./venueWifiSettings";
// Switches (issue 10)
import { switchSpec } from "./switch";
import { switchAclSpec } from "./switchAcl";
import { switchIpPortSpec, switchVePortSpec } from "./switchIpPort";
import { switchLagSpec } from "./switchLag";
import { switchPortSettingsSpec } from "./switchPortSettings";
import { switchTrustedPortSpec } from "./switchTrustedPort";
import { venueSwitchSettingsSpec } from "./venueSwitchSettings";
// Wi-Fi services (issue 9)
import { devicePolicySpec } from "./devicePolicy";
import { recoveryPskSpec } from "./recoveryPsk";
import { vspotServerSpec } from "./vspotServer";
import { wifiCallingProfileSpec } from "./wifiCallingProfile";
// Account (issue 11)
import { adminSpec } from "./admin";
import { supportAccessSpec, varDelegationSpec } from "./delegations";
import { notificationRecipientSpec } from "./notificationRecipient";
import { userProfileSpec } from "./userProfile";
import { calibrationPointsSpec } from "./calibrationPoints";
import { floorPlanSpec } from "./floorPlan";
// Operations beyond the seeds
import { venueVspotBindingSpec } from "./venueVspotBinding";

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
    // Wi-Fi devices and venue Wi-Fi settings (issue 8)
    apRadioSpec,
    apLanPortsSpec,
    apMdnsGatewaySpec,
    venueMeshSpec,
    venueLanPortsSpec,
    venueLedsSpec,
    venueCellularSpec,
    venueDhcpBindingSpec,
    // Switches (issue 10)
    switchSpec,
    switchAclSpec,
    switchPortSettingsSpec,
    switchLagSpec,
    switchIpPortSpec,
    switchVePortSpec,
    venueSwitchSettingsSpec,
    switchTrustedPortSpec,
    // Wi-Fi services (issue 9)
    wifiCallingProfileSpec,
    vspotServerSpec,
    devicePolicySpec,
    recoveryPskSpec,
    // Account (issue 11)
    adminSpec,
    notificationRecipientSpec,
    userProfileSpec,
    varDelegationSpec,
    supportAccessSpec,
    floorPlanSpec,
    calibrationPointsSpec,
    // Operations beyond the seeds
    venueVspotBindingSpec,
  ].map((spec) => [spec.kind, spec]),
);
