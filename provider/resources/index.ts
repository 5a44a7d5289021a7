import type { ResourceSpec } from "../spec";
// Venues, their floor plans, and the account
import { adminSpec } from "./admin";
import { calibrationPointsSpec } from "./calibrationPoints";
import { supportAccessSpec, varDelegationSpec } from "./delegations";
import { floorPlanSpec } from "./floorPlan";
import { notificationRecipientSpec } from "./notificationRecipient";
import { userProfileSpec } from "./userProfile";
import { venueSpec } from "./venue";
// Wi-Fi networks
import { networkSpec } from "./network";
import { networkVenueActivationSpec } from "./networkVenueActivation";
// Wi-Fi devices (APs, their groups and settings)
import { apSpec } from "./ap";
import { apGroupSpec } from "./apGroup";
import { apLanPortsSpec, apMdnsGatewaySpec, apRadioSpec } from "./apSettings";
// A venue's Wi-Fi settings
import { venueRadioSpec } from "./venueRadio";
import { venueSyslogSpec } from "./venueSyslog";
import { venueCellularSpec, venueDhcpBindingSpec, venueLanPortsSpec, venueLedsSpec, venueMeshSpec } from "./venueWifiSettings";
// Wi-Fi services (guests, passphrases, calling, vSPoT, device policies)
import { devicePolicySpec } from "./devicePolicy";
import { dpskPassphraseSpec } from "./dpskPassphrase";
import { guestUserSpec } from "./guestUser";
import { recoveryPskSpec } from "./recoveryPsk";
import { venueVspotBindingSpec } from "./venueVspotBinding";
import { vspotServerSpec } from "./vspotServer";
import { wifiCallingProfileSpec } from "./wifiCallingProfile";
// Switches
import { switchSpec } from "./switch";
import { switchAclSpec } from "./switchAcl";
import { switchIpPortSpec, switchVePortSpec } from "./switchIpPort";
import { switchLagSpec } from "./switchLag";
import { switchPortSettingsSpec } from "./switchPortSettings";
import { switchProfileSpec } from "./switchProfile";
import { switchTrustedPortSpec } from "./switchTrustedPort";
import { switchVlanSpec } from "./switchVlan";
import { venueSwitchSettingsSpec } from "./venueSwitchSettings";

/** Every resource of the provider, by SDK class name. */
export const RESOURCE_SPECS: Record<string, ResourceSpec> = Object.fromEntries(
  [
    // Venues, their floor plans, and the account
    venueSpec,
    floorPlanSpec,
    calibrationPointsSpec,
    adminSpec,
    notificationRecipientSpec,
    userProfileSpec,
    varDelegationSpec,
    supportAccessSpec,
    // Wi-Fi networks
    networkSpec,
    networkVenueActivationSpec,
    // Wi-Fi devices
    apSpec,
    apGroupSpec,
    apRadioSpec,
    apLanPortsSpec,
    apMdnsGatewaySpec,
    // A venue's Wi-Fi settings
    venueRadioSpec,
    venueSyslogSpec,
    venueMeshSpec,
    venueLanPortsSpec,
    venueLedsSpec,
    venueCellularSpec,
    venueDhcpBindingSpec,
    // Wi-Fi services
    guestUserSpec,
    dpskPassphraseSpec,
    wifiCallingProfileSpec,
    vspotServerSpec,
    venueVspotBindingSpec,
    devicePolicySpec,
    recoveryPskSpec,
    // Switches
    switchProfileSpec,
    switchVlanSpec,
    switchAclSpec,
    switchTrustedPortSpec,
    switchSpec,
    switchPortSettingsSpec,
    switchLagSpec,
    switchIpPortSpec,
    switchVePortSpec,
    venueSwitchSettingsSpec,
  ].map((spec) => [spec.kind, spec]),
);
