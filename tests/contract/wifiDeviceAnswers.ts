// The answers of the access point, AP group and venue Wi-Fi settings operations: their
// read schemas, and the drives through them that answers.test.ts runs for a tenant of each Wi-Fi
// API variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  answerOf,
  apDetailReadSchema,
  apGroupReadSchema,
  apLanPortsInputSchema,
  apLogFileResultSchema,
  apMdnsGatewayInputSchema,
  apPositionSchema,
  apRadioReadSchema,
  apReadSchema,
  type OperationName,
  venueCellularSettingSchema,
  venueDhcpBindingSchema,
  venueLanPortSettingSchema,
  venueLedSettingSchema,
  venueMeshInputSchema,
  venueRadioReadSchema,
  venueSyslogReadSchema,
  venueWifiSettingsReadSchema,
} from "../../contract";
import { DEFAULT_DHCP_SERVICE_PROFILE_ID } from "../../emulator/services/wifi/dhcpService";
import { apBody, venueBody } from "../support/emulatorClient";
import type { AnswerRun } from "./answerRun";

export function wifiDeviceAnswerSchemas() {
  return {
    listAps: z.array(apReadSchema),
    createAps: acceptedAnswerSchema(z.array(apReadSchema)),
    deleteAps: acceptedRequestSchema,
    listApGroupAps: z.array(apReadSchema),
    getAp: apDetailReadSchema,
    updateAp: acceptedAnswerSchema(apReadSchema),
    deleteAp: acceptedRequestSchema,
    pingFromAp: acceptedAnswerSchema(actionTextReadSchema),
    rebootAp: acceptedRequestSchema,
    listApGroups: z.array(apGroupReadSchema),
    createApGroup: acceptedAnswerSchema(apGroupReadSchema),
    deleteApGroups: acceptedRequestSchema,
    getApGroup: apGroupReadSchema,
    updateApGroup: acceptedAnswerSchema(apGroupReadSchema),
    deleteApGroup: acceptedRequestSchema,
    listVenueApGroups: z.array(apGroupReadSchema),
    getVenueDefaultApGroup: apGroupReadSchema,
    getVenueRadio: venueRadioReadSchema,
    updateVenueRadio: acceptedAnswerSchema(venueRadioReadSchema),
    resetVenueRadio: acceptedAnswerSchema(venueRadioReadSchema),
    getVenueRadioDefaults: venueRadioReadSchema,
    getVenueSyslog: venueSyslogReadSchema,
    updateVenueSyslog: acceptedAnswerSchema(venueSyslogReadSchema),
    getApBonjourGateway: apMdnsGatewayInputSchema,
    updateApBonjourGateway: acceptedAnswerSchema(apMdnsGatewayInputSchema),
    resetApBonjourGateway: acceptedRequestSchema,
    // The emulator always gives an address.
    downloadApLog: apLogFileResultSchema.extend({ fileURL: z.string().min(1) }),
    factoryResetAp: acceptedRequestSchema,
    getApLanPorts: answerOf(apLanPortsInputSchema),
    updateApLanPorts: acceptedAnswerSchema(answerOf(apLanPortsInputSchema)),
    resetApLanPorts: acceptedRequestSchema,
    updateApPosition: acceptedAnswerSchema(apPositionSchema),
    getApRadio: apRadioReadSchema,
    updateApRadio: acceptedAnswerSchema(apRadioReadSchema),
    resetApRadio: acceptedAnswerSchema(apRadioReadSchema),
    traceRouteFromAp: acceptedAnswerSchema(actionTextReadSchema),
    listVenueWifiSettings: z.array(venueWifiSettingsReadSchema),
    getVenueWifiSettings: venueWifiSettingsReadSchema,
    getVenueCellularSettings: z.array(answerOf(venueCellularSettingSchema)),
    updateVenueCellularSettings: acceptedAnswerSchema(z.array(answerOf(venueCellularSettingSchema))),
    listVenueDhcpServiceProfiles: z.array(venueDhcpBindingSchema),
    bindVenueDhcpServiceProfile: acceptedAnswerSchema(venueDhcpBindingSchema),
    unbindVenueDhcpServiceProfile: acceptedRequestSchema,
    getVenueLanPorts: z.array(venueLanPortSettingSchema),
    updateVenueLanPorts: acceptedAnswerSchema(z.array(venueLanPortSettingSchema)),
    getVenueLeds: z.array(venueLedSettingSchema),
    updateVenueLeds: acceptedAnswerSchema(z.array(venueLedSettingSchema)),
    updateVenueMesh: acceptedAnswerSchema(answerOf(venueMeshInputSchema)),
  };
}

/** AP settings and venue Wi-Fi settings */
export async function driveWifiDeviceOperations({ client, variant, check, seen }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("Device answers"))).id;
  // One serial per variant: both variants' tenants share the emulator, and a serial belongs to one tenant.
  const ap = apBody(venueId, variant === "newer" ? 40 : 140);
  const serialNumber = ap.serialNumber;
  await client.ok("createAps", {}, [ap]);
  const serial = { serialNumber };
  await check("getApBonjourGateway", serial);
  await check("updateApBonjourGateway", serial, {
    rules: [{ enabled: false, fromVlan: 1, toVlan: 2, mdnsName: "tv", mdnsProtocol: "TCP", service: "AIRPLAY" }],
  });
  await check("getApBonjourGateway", serial);
  await check("resetApBonjourGateway", serial);
  await check("downloadApLog", serial);
  await check("getApLanPorts", serial);
  await check("updateApLanPorts", serial, {
    lanPorts: [{ portId: "1", type: "ACCESS", untagId: 10, vlanMembers: "10", enabled: true }],
    poeOut: true,
  });
  await check("getApLanPorts", serial);
  await check("resetApLanPorts", serial);
  await check("updateApPosition", serial, { floorplanId: "fp", xPercent: 1.5, yPercent: 99 });
  await check("getApRadio", serial);
  await check("updateApRadio", serial, {
    useVenueSettings: false,
    enable24G: true,
    apRadioParams24G: { allowedChannels: ["1", "6"], manualChannel: 6 },
  });
  await check("getApRadio", serial);
  await check("resetApRadio", serial);
  await check("traceRouteFromAp", serial, { targetHost: "192.0.2.1" });
  await check("factoryResetAp", serial);
  await check("listVenueWifiSettings", {}, undefined, "page=0&size=5");
  await check("getVenueWifiSettings", { venueId });
  await check("getVenueLanPorts", { venueId });
  await check("updateVenueLanPorts", { venueId }, [
    {
      model: "R550",
      poeMode: "802.3at",
      poeOut: true,
      lanPorts: [{ portId: "1", type: "Trunk", untagId: 1, vlanMembers: "1-4094" }],
    },
    { model: "R750" },
  ]);
  await check("getVenueLanPorts", { venueId });
  await check("getVenueLeds", { venueId });
  await check("updateVenueLeds", { venueId }, [{ model: "R550", ledEnabled: false }]);
  await check("getVenueLeds", { venueId });
  await check("updateVenueMesh", { venueId }, { enabled: true });
  await check("getVenueWifiSettings", { venueId });
  const newerOnly: [OperationName, Record<string, string>, unknown][] = [
    ["getVenueCellularSettings", { venueId }, undefined],
    [
      "updateVenueCellularSettings",
      { venueId },
      [
        {
          model: "M510",
          primaryWanRecoveryTimer: 30,
          simCardPrimaryCellularNetworkSelection: "LTE",
          simCardSecondaryCellularNetworkSelection: "AUTO",
          wanConnection: "CELLULAR",
        },
      ],
    ],
    ["getVenueCellularSettings", { venueId }, undefined],
    ["listVenueDhcpServiceProfiles", { venueId }, undefined],
    ["bindVenueDhcpServiceProfile", { venueId, dhcpServiceProfileId: DEFAULT_DHCP_SERVICE_PROFILE_ID }, undefined],
    ["listVenueDhcpServiceProfiles", { venueId }, undefined],
    ["unbindVenueDhcpServiceProfile", { venueId, dhcpServiceProfileId: DEFAULT_DHCP_SERVICE_PROFILE_ID }, undefined],
  ];
  for (const [op, params, body] of newerOnly) {
    if (variant === "newer") {
      await check(op, params, body);
    } else {
      // The older variant has no such operation: it answers 404 NMS-NOT-IN-VARIANT.
      const reply = await client.call(op, params, body);
      expect({ op, status: reply.status, code: reply.body.errors[0].code }).toEqual({
        op,
        status: 404,
        code: "NMS-NOT-IN-VARIANT",
      });
      seen.add(op);
    }
  }
}

/** The newer variant's listAps/getAp with operational=false: the same read form without the live device fields. */
const LIVE_FIELDS = {
  clientCount: true,
  uptime_seconds: true,
  lastContacted: true,
  state: true,
  subState: true,
  ip: true,
  externalIp: true,
} as const;
const apNotOperationalSchema = apReadSchema.omit(LIVE_FIELDS);
const apDetailNotOperationalSchema = apDetailReadSchema.omit(LIVE_FIELDS);

/** AP groups and APs */
export async function driveApsAndGroups({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("AP site"))).id;
  const defaultGroup = await check("getVenueDefaultApGroup", { venueId });
  const group = (await check("createApGroup", {}, { name: "Answers group", venueId })).response;
  const spare = (await check("createApGroup", {}, { name: "Spare group", venueId })).response;
  await check("createAps", {}, [
    apBody(venueId, 1),
    { ...apBody(venueId, 2), apGroupId: group.id, tags: ["t"] },
    apBody(venueId, 3),
  ]);
  await check("listApGroups");
  await check("getApGroup", { apGroupId: group.id });
  await check("getApGroup", { apGroupId: defaultGroup.id });
  await check("updateApGroup", { apGroupId: group.id }, { name: "Answers group 2", venueId, description: "Renamed" });
  await check("listVenueApGroups", { venueId });
  await check("listAps", {}, undefined, "page=0&size=10");
  await check("listApGroupAps", { apGroupId: group.id });
  await check("getAp", { serialNumber: apBody(venueId, 2).serialNumber });
  await check(
    "updateAp",
    { serialNumber: apBody(venueId, 1).serialNumber },
    { ...apBody(venueId, 1, "Renamed AP"), position: { xPercent: 10, yPercent: 90 } },
  );
  await check("pingFromAp", { serialNumber: apBody(venueId, 1).serialNumber }, { targetHost: "ap.example.com" });
  await check("rebootAp", { serialNumber: apBody(venueId, 1).serialNumber });
  if (variant === "newer") {
    await check("listAps", {}, undefined, "operational=false", z.array(apNotOperationalSchema));
    await check(
      "getAp",
      { serialNumber: apBody(venueId, 1).serialNumber },
      undefined,
      "operational=false",
      apDetailNotOperationalSchema,
    );
  }
  await check("deleteAp", { serialNumber: apBody(venueId, 2).serialNumber });
  await check("deleteAps", {}, [apBody(venueId, 1).serialNumber, apBody(venueId, 3).serialNumber]);
  await check("deleteApGroup", { apGroupId: group.id });
  await check("deleteApGroups", {}, [spare.id]);
}

/** venue radio and syslog */
export async function driveVenueRadioAndSyslog({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("Settings site"))).id;
  const defaults = await check("getVenueRadioDefaults", { venueId });
  await check("getVenueRadio", { venueId });
  await check(
    "updateVenueRadio",
    { venueId },
    { ...defaults, radioParams24G: { allowedChannels: ["1", "6", "11"], txPower: "MIN" } },
  );
  await check("getVenueRadio", { venueId });
  await check("resetVenueRadio", { venueId });
  await check("getVenueSyslog", { venueId });
  await check(
    "updateVenueSyslog",
    { venueId },
    { enabled: true, server: "192.0.2.20", secondaryServer: "logs.example.com" },
  );
  await check("getVenueSyslog", { venueId });
}
