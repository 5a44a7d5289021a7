// The list and get functions: one pair for every kind a program may need to find (the objects it
// adopts, references or exports), each the service's read as it answers, typed by the contract's
// read schema. Settings that always exist get a `get` by their parent. A list takes the service's
// filters (its per-parent lists: listApGroups({ venueId }) reads listVenueApGroups); a get takes the object's ID,
// or its unique name where it has one (getVenue({ name }) finds it in listVenues). Rows of the function
// table (index.ts); `npm run generate` writes the SDK's forms and reference pages.
import { z } from "zod";
import { answerOf, newerOnly, objectOf, perVariant, rangeRuleOf, type WifiApiVariant } from "../../contract/meta";
import type { OperationName } from "../../contract/routes";
import { adminListReadSchema } from "../../contract/schemas/account";
import { apDetailReadSchema } from "../../contract/schemas/ap";
import { apGroupReadSchema } from "../../contract/schemas/apGroup";
import { apLanPortsInputSchema, apMdnsGatewayInputSchema, apRadioReadSchema } from "../../contract/schemas/apSettings";
import { devicePolicyReadSchema } from "../../contract/schemas/devicePolicy";
import { calibrationPointReadSchema } from "../../contract/schemas/floorPlan";
import { guestUserReadSchema } from "../../contract/schemas/guestUser";
import { networkDeepReadSchema } from "../../contract/schemas/network";
import { networkVenueReadSchema } from "../../contract/schemas/networkVenue";
import { recoveryPskReadSchema } from "../../contract/schemas/recoveryPsk";
import { switchId, switchReadSchema } from "../../contract/schemas/switch";
import { switchVlanInputSchema } from "../../contract/schemas/switchVlan";
import {
  switchIpPortReadSchema,
  switchLagReadSchema,
  switchPortReadSchema,
  switchVePortReadSchema,
} from "../../contract/schemas/switchPort";
import {
  switchAclReadSchema,
  switchProfileReadSchema,
  switchVlanReadSchema,
  trustedPortSchema,
} from "../../contract/schemas/switchProfile";
import { delegationReadSchema, notificationRecipientReadSchema } from "../../contract/schemas/tenant";
import { floorPlanReadSchema, venueReadSchema } from "../../contract/schemas/venue";
import { venueRadioReadSchema } from "../../contract/schemas/venueRadio";
import { venueSwitchSettingsReadSchema } from "../../contract/schemas/venueSwitchSettings";
import { venueSyslogReadSchema } from "../../contract/schemas/venueSyslog";
import {
  venueCellularSettingSchema,
  venueDhcpBindingSchema,
  venueLanPortSettingSchema,
  venueLedSettingSchema,
} from "../../contract/schemas/venueWifiSettings";
import { vspotServerReadSchema } from "../../contract/schemas/vspot";
import { wifiCallingProfileReadSchema } from "../../contract/schemas/wifiCalling";
import { apSerialNumber } from "../../contract/validators";
import type { FunctionAnswer, FunctionCall, FunctionSpec } from "./spec";

const id = (description: string) => z.string().min(1, "is required").describe(description);
const optionalId = (description: string) => id(description).optional();
const name = (field: string, scope: string) =>
  z
    .string()
    .min(1, "is required")
    .optional()
    .describe(`The ${field}, unique ${scope}: the object is found by it in the list.`);

const venueId = () => id("The venue's ID.");
const apSerial = () => apSerialNumber.describe("The access point's serial number.");
const switchSerial = () => switchId.describe("The switch's serial number (its ID).");
const profileId = () => id("The switch profile's ID.");

interface Lookup {
  name: string;
  description: string;
  op: OperationName;
  result: z.AnyZodObject;
  args?: (variant?: WifiApiVariant) => z.AnyZodObject;
  argForms?: FunctionSpec["argForms"];
  otherCalls?: readonly FunctionCall[];
  fixedQuery?: FunctionSpec["fixedQuery"];
  resultOf?: FunctionSpec["resultOf"];
}

const noArgs = () => z.object({}).strict();

function lookup(returns: FunctionSpec["returns"], row: Lookup): FunctionSpec {
  return { args: noArgs, ...row, returns, runsInPreview: true };
}

/** Every object of a kind (its items: a list function's result is an array). */
const list = (row: Lookup) => lookup("list", row);
/** One object, or one parent's settings. */
const get = (row: Lookup) => lookup("one", row);

/** `findBy` through a list: the get by unique name. */
const byName = (
  op: OperationName,
  arg: string,
  given: readonly string[] = [arg],
  field = arg,
  query?: FunctionCall["query"],
): FunctionCall => ({
  given,
  op,
  findBy: { arg, field },
  ...(query ? { query } : {}),
});

/** Settings of a venue kept per AP model: getVenueCellularSettings, getVenueLanPorts and getVenueLeds answer a bare array, given as `models` as the resources take it. */
function perModel(name: string, description: string, op: OperationName, entry: z.AnyZodObject): FunctionSpec {
  return get({
    name,
    description,
    op,
    args: () => z.object({ venueId: venueId() }).strict(),
    result: z.object({
      models: z
        .array(entry)
        .describe("One entry per AP model that has a setting of its own, as the service answers them."),
    }),
    resultOf: ({ body }: FunctionAnswer) => ({ models: body }),
  });
}

/** A kind whose name is unique in the tenant: its list, and its get by ID or by that name (found in the list). */
function namedInTenant(kind: {
  list: [name: string, op: OperationName];
  get: [name: string, op: OperationName];
  /** The kind in words: "venue", "Wi-Fi calling profile". */
  noun: string;
  idArg: string;
  nameField: string;
  result: z.AnyZodObject;
  /** Said of both ("; newer variant"). */
  note?: string;
}): FunctionSpec[] {
  const [listName, listOp] = kind.list;
  const [getName, getOp] = kind.get;
  const note = kind.note ?? "";
  return [
    list({
      name: listName,
      description: `Every ${kind.noun} of the tenant (${listOp}${note}).`,
      op: listOp,
      result: kind.result,
    }),
    get({
      name: getName,
      description: `A ${kind.noun}, by its ID (${getOp}) or by its ${kind.nameField}, unique in the tenant (found in ${listOp})${note}.`,
      op: getOp,
      args: () =>
        z
          .object({
            [kind.idArg]: optionalId(`The ${kind.noun}'s ID.`),
            [kind.nameField]: name(`${kind.noun}'s ${kind.nameField}`, "in the tenant"),
          })
          .strict(),
      argForms: [[kind.idArg], [kind.nameField]],
      otherCalls: [byName(listOp, kind.nameField)],
      result: kind.result,
    }),
  ];
}

const ACCOUNT: FunctionSpec[] = [
  ...namedInTenant({
    list: ["listVenues", "listVenues"],
    get: ["getVenue", "getVenue"],
    noun: "venue",
    idArg: "venueId",
    nameField: "name",
    result: venueReadSchema,
  }),
  list({
    name: "listAdmins",
    description: "Every administrator of the tenant (listAdmins).",
    op: "listAdmins",
    result: adminListReadSchema,
  }),
  get({
    name: "getAdmin",
    description: "An administrator, by its ID (getAdmin).",
    op: "getAdmin",
    args: () => z.object({ adminId: id("The administrator's ID.") }).strict(),
    result: adminListReadSchema,
  }),
  get({
    name: "getDelegation",
    description: "A delegation (a VAR invited, vendor support access, an MSP delegation), by its ID (getDelegation).",
    op: "getDelegation",
    args: () => z.object({ delegationId: id("The delegation's ID.") }).strict(),
    result: delegationReadSchema,
  }),
  list({
    name: "listNotificationRecipients",
    description: "Every notification recipient of the tenant (listNotificationRecipients).",
    op: "listNotificationRecipients",
    result: notificationRecipientReadSchema,
  }),
  get({
    name: "getNotificationRecipient",
    description: "A notification recipient, by its ID (getNotificationRecipient).",
    op: "getNotificationRecipient",
    args: () => z.object({ notificationRecipientId: id("The recipient's ID.") }).strict(),
    result: notificationRecipientReadSchema,
  }),
  list({
    name: "listFloorPlans",
    description: "The floor plans of a venue (listFloorPlans).",
    op: "listFloorPlans",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: floorPlanReadSchema,
  }),
  get({
    name: "getFloorPlan",
    description:
      "A floor plan of a venue, by its ID (getFloorPlan) or by its name in the venue (found in listFloorPlans).",
    op: "getFloorPlan",
    args: () =>
      z
        .object({
          venueId: venueId(),
          floorPlanId: optionalId("The floor plan's ID."),
          name: name("floor plan's name", "in its venue"),
        })
        .strict(),
    argForms: [["floorPlanId"], ["name"]],
    otherCalls: [byName("listFloorPlans", "name")],
    result: floorPlanReadSchema,
  }),
  get({
    name: "getCalibrationPoints",
    description:
      "The calibration points of a floor plan (listCalibrationPoints): the array the service answers, empty or two points.",
    op: "listCalibrationPoints",
    args: () => z.object({ venueId: venueId(), floorPlanId: id("The floor plan's ID.") }).strict(),
    result: z.object({ points: z.array(calibrationPointReadSchema).describe("The points, each with its ID.") }),
    resultOf: ({ body }: FunctionAnswer) => ({ points: body }),
  }),
];

const WIFI: FunctionSpec[] = [
  get({
    name: "getAp",
    description: "An access point with its configuration, by its serial number (getAp).",
    op: "getAp",
    args: perVariant((variant) =>
      z
        .object({
          serialNumber: apSerial(),
          operational: newerOnly(
            variant,
            z.boolean().optional().describe("The service's `operational` query parameter of getAp (default true)."),
          ),
        })
        .strict(),
    ),
    result: apDetailReadSchema,
  }),
  list({
    name: "listApGroups",
    description:
      "Every AP group of the tenant (listApGroups), or of one venue (listVenueApGroups), its default group included.",
    op: "listApGroups",
    args: () => z.object({ venueId: optionalId("Only the groups of this venue (listVenueApGroups).") }).strict(),
    otherCalls: [{ given: ["venueId"], op: "listVenueApGroups" }],
    result: apGroupReadSchema,
  }),
  get({
    name: "getApGroup",
    description: "An AP group, by its ID (getApGroup) or by its name in its venue (found in listVenueApGroups).",
    op: "getApGroup",
    args: () =>
      z
        .object({
          apGroupId: optionalId("The AP group's ID."),
          venueId: optionalId("The venue, with name."),
          name: name("AP group's name", "in its venue"),
        })
        .strict(),
    argForms: [["apGroupId"], ["venueId", "name"]],
    otherCalls: [byName("listVenueApGroups", "name", ["venueId", "name"])],
    result: apGroupReadSchema,
  }),
  get({
    name: "getVenueDefaultApGroup",
    description:
      "The default AP group of a venue (getVenueDefaultApGroup): the group of its APs that no other group holds.",
    op: "getVenueDefaultApGroup",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: apGroupReadSchema,
  }),
  get({
    name: "getApRadio",
    description: "The radio settings of an access point (getApRadio), what an ApRadio resource manages.",
    op: "getApRadio",
    args: () => z.object({ serialNumber: apSerial() }).strict(),
    result: apRadioReadSchema,
  }),
  get({
    name: "getApLanPorts",
    description: "The LAN-port settings of an access point (getApLanPorts), what an ApLanPorts resource manages.",
    op: "getApLanPorts",
    args: () => z.object({ serialNumber: apSerial() }).strict(),
    result: answerOf(apLanPortsInputSchema),
  }),
  get({
    name: "getApMdnsGateway",
    description:
      "The mDNS gateway rules of an access point (getApBonjourGateway), what an ApMdnsGateway resource manages.",
    op: "getApBonjourGateway",
    args: () => z.object({ serialNumber: apSerial() }).strict(),
    result: answerOf(apMdnsGatewayInputSchema),
  }),
  get({
    name: "getVenueRadio",
    description: "The radio settings of a venue (getVenueRadio), what a VenueRadio resource manages.",
    op: "getVenueRadio",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: objectOf(venueRadioReadSchema),
  }),
  get({
    name: "getVenueSyslog",
    description: "The syslog settings of a venue (getVenueSyslog), what a VenueSyslog resource manages.",
    op: "getVenueSyslog",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: venueSyslogReadSchema,
  }),
  perModel(
    "getVenueCellular",
    "The cellular settings of a venue (getVenueCellularSettings, newer variant), what a VenueCellular resource manages.",
    "getVenueCellularSettings",
    answerOf(venueCellularSettingSchema),
  ),
  perModel(
    "getVenueLanPorts",
    "The LAN-port settings of a venue (getVenueLanPorts), what a VenueLanPorts resource manages.",
    "getVenueLanPorts",
    answerOf(venueLanPortSettingSchema),
  ),
  perModel(
    "getVenueLeds",
    "The LED settings of a venue (getVenueLeds), what a VenueLeds resource manages.",
    "getVenueLeds",
    venueLedSettingSchema,
  ),
  get({
    name: "getVenueDhcpBindings",
    description:
      "The DHCP service profiles a venue is bound to (listVenueDhcpServiceProfiles, newer variant), each binding what a VenueDhcpBinding resource manages.",
    op: "listVenueDhcpServiceProfiles",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: z.object({
      bindings: z
        .array(venueDhcpBindingSchema)
        .describe("The venue's bindings, as listVenueDhcpServiceProfiles answers them."),
    }),
    resultOf: ({ body }: FunctionAnswer) => ({ bindings: body }),
  }),
  list({
    name: "listNetworks",
    description:
      "Every Wi-Fi network of the tenant with its nested details (listNetworks with deep=true: each as getNetworkDeep answers it, activations included).",
    op: "listNetworks",
    fixedQuery: { deep: true },
    result: objectOf(networkDeepReadSchema),
  }),
  get({
    name: "getNetwork",
    description:
      "A Wi-Fi network with its nested details, by its ID (getNetworkDeep) or by its name, unique in the tenant (found in listNetworks).",
    op: "getNetworkDeep",
    args: () =>
      z.object({ networkId: optionalId("The network's ID."), name: name("network's name", "in the tenant") }).strict(),
    argForms: [["networkId"], ["name"]],
    otherCalls: [byName("listNetworks", "name", ["name"], "name", { deep: true })],
    result: objectOf(networkDeepReadSchema),
  }),
  list({
    name: "listNetworkVenueActivations",
    description:
      "Network-venue activations: of one network (listNetworkActivations), of one venue (listVenueNetworkActivations), or, with neither, of the whole tenant (the activations of listNetworks's deep networks).",
    op: "listNetworks",
    fixedQuery: { deep: true },
    args: () =>
      z
        .object({
          networkId: optionalId("Only the activations of this network (listNetworkActivations)."),
          venueId: optionalId("Only the activations on this venue (listVenueNetworkActivations)."),
        })
        .strict(),
    argForms: [[], ["networkId"], ["venueId"]],
    otherCalls: [
      { given: ["networkId"], op: "listNetworkActivations" },
      { given: ["venueId"], op: "listVenueNetworkActivations" },
    ],
    result: networkVenueReadSchema,
    resultOf: ({ body }: FunctionAnswer) =>
      (body as { venues?: unknown[] }[]).flatMap((network) => network.venues ?? []),
  }),
  get({
    name: "getNetworkVenueActivation",
    description:
      "A network-venue activation, by its ID (getNetworkActivation) or by its network and venue (getNetworkActivationByVenue).",
    op: "getNetworkActivation",
    args: () =>
      z
        .object({
          networkVenueId: optionalId("The activation's ID."),
          networkId: optionalId("The network, with venueId."),
          venueId: optionalId("The venue, with networkId."),
        })
        .strict(),
    argForms: [["networkVenueId"], ["networkId", "venueId"]],
    otherCalls: [{ given: ["networkId", "venueId"], op: "getNetworkActivationByVenue" }],
    result: networkVenueReadSchema,
  }),
  get({
    name: "getGuestUser",
    description: "A guest user with its generated password, by its ID (getGuestUser).",
    op: "getGuestUser",
    args: () => z.object({ guestUserId: id("The guest user's ID.") }).strict(),
    result: guestUserReadSchema,
  }),
  ...namedInTenant({
    list: ["listDevicePolicies", "listDevicePolicies"],
    get: ["getDevicePolicy", "getDevicePolicy"],
    noun: "device policy",
    idArg: "devicePolicyId",
    nameField: "name",
    result: devicePolicyReadSchema,
    note: ", newer variant",
  }),
  get({
    name: "getRecoveryPsk",
    description: "The tenant's recovery PSK (getRecoveryPsk), what the RecoveryPsk resource manages.",
    op: "getRecoveryPsk",
    result: recoveryPskReadSchema,
  }),
  ...namedInTenant({
    list: ["listVspotServers", "listVspots"],
    get: ["getVspotServer", "getVspot"],
    noun: "vSPoT server",
    idArg: "vspotId",
    nameField: "serverName",
    result: vspotServerReadSchema,
  }),
  ...namedInTenant({
    list: ["listWifiCallingProfiles", "listWifiCallingProfiles"],
    get: ["getWifiCallingProfile", "getWifiCallingProfile"],
    noun: "Wi-Fi calling profile",
    idArg: "wifiCallingProfileId",
    nameField: "profileName",
    result: wifiCallingProfileReadSchema,
  }),
];

const SWITCHES: FunctionSpec[] = [
  list({
    name: "listSwitches",
    description: "Every switch of the tenant (listSwitches), or of one venue (listVenueSwitches).",
    op: "listSwitches",
    args: () => z.object({ venueId: optionalId("Only the switches of this venue (listVenueSwitches).") }).strict(),
    otherCalls: [{ given: ["venueId"], op: "listVenueSwitches" }],
    result: switchReadSchema,
  }),
  get({
    name: "getSwitch",
    description: "A switch, by its serial number (getSwitch).",
    op: "getSwitch",
    args: () => z.object({ serialNumber: switchSerial() }).strict(),
    result: switchReadSchema,
  }),
  ...namedInTenant({
    list: ["listSwitchProfiles", "listSwitchProfiles"],
    get: ["getSwitchProfile", "getSwitchProfile"],
    noun: "switch profile",
    idArg: "profileId",
    nameField: "name",
    result: switchProfileReadSchema,
  }),
  list({
    name: "listSwitchVlans",
    description: "The VLANs of a switch profile (listProfileVlans).",
    op: "listProfileVlans",
    args: () => z.object({ profileId: profileId() }).strict(),
    result: switchVlanReadSchema,
  }),
  get({
    name: "getSwitchVlan",
    description:
      "A VLAN of a switch profile, by its UUID (getVlan) or by its VLAN ID, unique in the profile (found in listProfileVlans).",
    op: "getVlan",
    args: () =>
      z
        .object({
          profileId: profileId(),
          vlanUuid: optionalId("The VLAN's UUID (its `id`)."),
          vlanId: switchVlanInputSchema.shape.vlanId
            .optional()
            .describe(
              `The VLAN ID (${rangeRuleOf(switchVlanInputSchema.shape.vlanId)}), unique in the profile: the VLAN is found by it in the list.`,
            ),
        })
        .strict(),
    argForms: [["vlanUuid"], ["vlanId"]],
    otherCalls: [byName("listProfileVlans", "vlanId")],
    result: switchVlanReadSchema,
  }),
  list({
    name: "listSwitchAcls",
    description: "The ACLs of a switch profile (listProfileAcls).",
    op: "listProfileAcls",
    args: () => z.object({ profileId: profileId() }).strict(),
    result: switchAclReadSchema,
  }),
  get({
    name: "getSwitchAcl",
    description:
      "An ACL of a switch profile, by its ID (getAcl) or by its name, unique in the profile (found in listProfileAcls).",
    op: "getAcl",
    args: () =>
      z
        .object({
          profileId: profileId(),
          aclId: optionalId("The ACL's ID."),
          name: name("ACL's name", "in its profile"),
        })
        .strict(),
    argForms: [["aclId"], ["name"]],
    otherCalls: [byName("listProfileAcls", "name")],
    result: switchAclReadSchema,
  }),
  get({
    name: "getSwitchTrustedPort",
    description:
      "A trusted-port entry of a switch profile, by its ID (getTrustedPort); the profile's `trustedPorts` lists them all.",
    op: "getTrustedPort",
    args: () => z.object({ profileId: profileId(), trustedPortId: id("The trusted-port entry's ID.") }).strict(),
    result: trustedPortSchema,
  }),
  list({
    name: "listSwitchPorts",
    description: "The ports of a switch with their settings (listSwitchPorts).",
    op: "listSwitchPorts",
    args: () => z.object({ serialNumber: switchSerial() }).strict(),
    result: switchPortReadSchema,
  }),
  get({
    name: "getSwitchPort",
    description:
      "One port of a switch, by unit, slot and port number (getSwitchPort; the port 1/1/8 is unitNum 1, slotNum 1, portNum 8).",
    op: "getSwitchPort",
    args: () =>
      z
        .object({
          serialNumber: switchSerial(),
          unitNum: z
            .number()
            .int("must be an integer")
            .min(1, "must be at least 1")
            .describe("Unit (stack member) number."),
          slotNum: z.number().int("must be an integer").min(1, "must be at least 1").describe("Slot number."),
          portNum: z.number().int("must be an integer").min(1, "must be at least 1").describe("Port number."),
        })
        .strict(),
    result: switchPortReadSchema,
  }),
  list({
    name: "listSwitchLags",
    description: "The LAGs of a switch (listSwitchLags).",
    op: "listSwitchLags",
    args: () => z.object({ serialNumber: switchSerial() }).strict(),
    result: switchLagReadSchema,
  }),
  get({
    name: "getSwitchLag",
    description: "A LAG, by its ID (getLag).",
    op: "getLag",
    args: () => z.object({ lagId: id("The LAG's ID.") }).strict(),
    result: switchLagReadSchema,
  }),
  list({
    name: "listSwitchIpPorts",
    description: "The IP ports (layer-3 interfaces) of a switch (listSwitchIpPorts).",
    op: "listSwitchIpPorts",
    args: () => z.object({ serialNumber: switchSerial() }).strict(),
    result: switchIpPortReadSchema,
  }),
  get({
    name: "getSwitchIpPort",
    description: "An IP port, by its ID (getIpPort).",
    op: "getIpPort",
    args: () => z.object({ ipPortId: id("The IP port's ID.") }).strict(),
    result: switchIpPortReadSchema,
  }),
  list({
    name: "listSwitchVePorts",
    description: "The VE ports (virtual-Ethernet interfaces) of a switch (listSwitchVePorts).",
    op: "listSwitchVePorts",
    args: () => z.object({ serialNumber: switchSerial() }).strict(),
    result: switchVePortReadSchema,
  }),
  get({
    name: "getSwitchVePort",
    description: "A VE port, by its ID (getVePort).",
    op: "getVePort",
    args: () => z.object({ vePortId: id("The VE port's ID.") }).strict(),
    result: switchVePortReadSchema,
  }),
  get({
    name: "getVenueSwitchSettings",
    description:
      "The switch settings of a venue (getVenueSwitchSettings), what a VenueSwitchSettings resource manages.",
    op: "getVenueSwitchSettings",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: venueSwitchSettingsReadSchema,
  }),
];

/** Every list and get function, in the order of the reference index. */
export const LOOKUP_FUNCTIONS: FunctionSpec[] = [...ACCOUNT, ...WIFI, ...SWITCHES];
