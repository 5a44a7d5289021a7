import type { ResourceSpec } from "../spec";
// Venues, Wi-Fi networks and devices, guests and passphrases, switch profiles: the kinds the others refer to, first
// (nms-import declares resources in this order, so that a reference names a resource declared before it)
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
// Wi-Fi devices' and venues' Wi-Fi settings
import { apLanPortsSpec, apMdnsGatewaySpec, apRadioSpec } from "./apSettings";
import {
  venueCellularSpec,
  venueDhcpBindingSpec,
  venueLanPortsSpec,
  venueLedsSpec,
  venueMeshSpec,
} from "./venueWifiSettings";
// Switches
import { switchSpec } from "./switch";
import { switchAclSpec } from "./switchAcl";
import { switchIpPortSpec, switchVePortSpec } from "./switchIpPort";
import { switchLagSpec } from "./switchLag";
import { switchPortSettingsSpec } from "./switchPortSettings";
import { switchTrustedPortSpec } from "./switchTrustedPort";
import { venueSwitchSettingsSpec } from "./venueSwitchSettings";
// Wi-Fi services
import { devicePolicySpec } from "./devicePolicy";
import { recoveryPskSpec } from "./recoveryPsk";
import { vspotServerSpec } from "./vspotServer";
import { wifiCallingProfileSpec } from "./wifiCallingProfile";
// Account
import { adminSpec } from "./admin";
import { supportAccessSpec, varDelegationSpec } from "./delegations";
import { notificationRecipientSpec } from "./notificationRecipient";
import { userProfileSpec } from "./userProfile";
import { calibrationPointsSpec } from "./calibrationPoints";
import { floorPlanSpec } from "./floorPlan";
// Operations of the real service beyond its API documentation
import { venueVspotBindingSpec } from "./venueVspotBinding";

/** Every resource of the provider, by SDK class name. */
export const RESOURCE_SPECS: Record<string, ResourceSpec> = Object.fromEntries(
  [
    // The kinds the others refer to, first (nms-import declares resources in this order)
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
    // Wi-Fi devices' and venues' Wi-Fi settings
    apRadioSpec,
    apLanPortsSpec,
    apMdnsGatewaySpec,
    venueMeshSpec,
    venueLanPortsSpec,
    venueLedsSpec,
    venueCellularSpec,
    venueDhcpBindingSpec,
    // Switches
    switchSpec,
    switchAclSpec,
    switchPortSettingsSpec,
    switchLagSpec,
    switchIpPortSpec,
    switchVePortSpec,
    venueSwitchSettingsSpec,
    switchTrustedPortSpec,
    // Wi-Fi services
    wifiCallingProfileSpec,
    vspotServerSpec,
    devicePolicySpec,
    recoveryPskSpec,
    // Account
    adminSpec,
    notificationRecipientSpec,
    userProfileSpec,
    varDelegationSpec,
    supportAccessSpec,
    floorPlanSpec,
    calibrationPointsSpec,
    // Operations of the real service beyond its API documentation
    venueVspotBindingSpec,
  ].map((spec) => [spec.kind, spec]),
);
