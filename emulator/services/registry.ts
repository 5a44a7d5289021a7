// Every kind the emulator serves, and the operations that belong to no kind. A new kind is a
// file in its service's folder and a line here; its handlers are derived (handlers.ts).
import {
  loginBodySchema,
  loginReadSchema,
  uploadUrlReadSchema,
  uploadUrlRequestSchema,
  type OperationName,
} from "../../contract";
import type { Handler, KindDef, OperationSchemas } from "../model/kind";
import { SWITCH_LOOKUP_SCHEMAS, SWITCH_LOOKUPS } from "./switch/lookups";
import { switchAcls, switchProfiles, switchTrustedPorts, switchVlans } from "./switch/profiles";
import { switchIpPorts, switchLags, switchPorts, switchVePorts } from "./switch/switchPorts";
import { switches } from "./switch/switches";
import { venueSwitchSettings } from "./switch/venueSwitchSettings";
import { ACCOUNT_OPERATIONS, ACCOUNT_SCHEMAS } from "./tenant/account";
import { venues } from "./tenant/venues";
// Account
import { admins, adminsEmbedded } from "./tenant/admins";
import { delegations } from "./tenant/delegations";
import { PROFILE_OPERATIONS, PROFILE_SCHEMAS } from "./tenant/profile";
import { notificationRecipients } from "./tenant/recipients";
import { FILE_OPERATIONS } from "./file/files";
import { floorPlans } from "./tenant/floorPlans";
import { activations } from "./wifi/activations";
import { apGroups } from "./wifi/apGroups";
import { aps } from "./wifi/aps";
import { dpskPassphrases } from "./wifi/dpskPassphrases";
import { GUEST_IMPORT_OPERATIONS, GUEST_IMPORT_SCHEMAS } from "./wifi/guestImport";
import { guestUsers } from "./wifi/guestUsers";
import { networks, networksDeep, networksDeepCreate, radius } from "./wifi/networks";
import { venueRadio, venueSyslog } from "./wifi/venueSettings";
// Wi-Fi devices and venue Wi-Fi settings
import { apLanPorts, apMdnsGateway, apRadio } from "./wifi/apSettings";
import { venueDhcpBindings } from "./wifi/dhcpService";
import { venueCellular, venueLanPorts, venueLeds, venueMesh } from "./wifi/venueWifiSettings";
// Wi-Fi services
import { devicePolicies, recoveryPsk, vspotServers, wifiCallingProfiles } from "./wifi/wifiServices";
import { wifiClients } from "./wifi/wifiClients";

// Kinds that share a collection (the three forms of a network) come in a row; the last one's read form is the
// admin API's.
export const KINDS: readonly KindDef[] = [
  venues,
  apGroups,
  aps,
  venueRadio,
  venueSyslog,
  networks,
  networksDeepCreate,
  networksDeep,
  radius,
  activations,
  guestUsers,
  dpskPassphrases,
  switchProfiles,
  switchVlans,
  // Wi-Fi devices and venue Wi-Fi settings
  apRadio,
  apLanPorts,
  apMdnsGateway,
  venueMesh,
  venueLanPorts,
  venueLeds,
  venueCellular,
  venueDhcpBindings,
  // Switches
  switchAcls,
  switchTrustedPorts,
  switches,
  switchPorts,
  switchLags,
  switchIpPorts,
  switchVePorts,
  venueSwitchSettings,
  // Wi-Fi services
  wifiCallingProfiles,
  vspotServers,
  devicePolicies,
  recoveryPsk,
  wifiClients,
  // Account: the embedded form of administrators first, the list form last (the admin API's listing).
  adminsEmbedded,
  admins,
  delegations,
  notificationRecipients,
  floorPlans,
] as readonly KindDef[] as KindDef[];

export const SERVICE_OPERATIONS: Partial<Record<OperationName, Handler>> = {
  ...ACCOUNT_OPERATIONS,
  // Switches
  ...SWITCH_LOOKUPS,
  // Account
  ...PROFILE_OPERATIONS,
  ...FILE_OPERATIONS,
  ...GUEST_IMPORT_OPERATIONS,
};

/** Bodies and answers of the operations of no kind (emulator/operations/operationSchemas.ts); login is the server's own. */
export const SERVICE_SCHEMAS: Partial<Record<OperationName, OperationSchemas>> = {
  login: { body: () => loginBodySchema, answer: () => loginReadSchema },
  ...ACCOUNT_SCHEMAS,
  ...SWITCH_LOOKUP_SCHEMAS,
  ...PROFILE_SCHEMAS,
  ...GUEST_IMPORT_SCHEMAS,
  getUploadUrl: { body: () => uploadUrlRequestSchema, answer: () => uploadUrlReadSchema },
  // getDownloadUrl answers a redirect, with no body.
  getDownloadUrl: {},
};
