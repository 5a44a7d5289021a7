// The answers of the access point, AP group and venue Wi-Fi settings operations (W1-W48): their
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
  type OperationId,
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
    W1: z.array(apReadSchema),
    W2: acceptedAnswerSchema(z.array(apReadSchema)),
    W3: acceptedRequestSchema,
    W4: z.array(apReadSchema),
    W5: apDetailReadSchema,
    W6: acceptedAnswerSchema(apReadSchema),
    W7: acceptedRequestSchema,
    W16: acceptedAnswerSchema(actionTextReadSchema),
    W21: acceptedRequestSchema,
    W23: z.array(apGroupReadSchema),
    W24: acceptedAnswerSchema(apGroupReadSchema),
    W25: acceptedRequestSchema,
    W26: apGroupReadSchema,
    W27: acceptedAnswerSchema(apGroupReadSchema),
    W28: acceptedRequestSchema,
    W29: z.array(apGroupReadSchema),
    W30: apGroupReadSchema,
    W43: venueRadioReadSchema,
    W44: acceptedAnswerSchema(venueRadioReadSchema),
    W45: acceptedAnswerSchema(venueRadioReadSchema),
    W46: venueRadioReadSchema,
    W47: venueSyslogReadSchema,
    W48: acceptedAnswerSchema(venueSyslogReadSchema),
    W8: apMdnsGatewayInputSchema,
    W9: acceptedAnswerSchema(apMdnsGatewayInputSchema),
    W10: acceptedRequestSchema,
    // The emulator always gives an address.
    W11: apLogFileResultSchema.extend({ fileURL: z.string().min(1) }),
    W12: acceptedRequestSchema,
    W13: answerOf(apLanPortsInputSchema),
    W14: acceptedAnswerSchema(answerOf(apLanPortsInputSchema)),
    W15: acceptedRequestSchema,
    W17: acceptedAnswerSchema(apPositionSchema),
    W18: apRadioReadSchema,
    W19: acceptedAnswerSchema(apRadioReadSchema),
    W20: acceptedAnswerSchema(apRadioReadSchema),
    W22: acceptedAnswerSchema(actionTextReadSchema),
    W31: z.array(venueWifiSettingsReadSchema),
    W32: venueWifiSettingsReadSchema,
    W33: z.array(answerOf(venueCellularSettingSchema)),
    W34: acceptedAnswerSchema(z.array(answerOf(venueCellularSettingSchema))),
    W35: z.array(venueDhcpBindingSchema),
    W36: acceptedAnswerSchema(venueDhcpBindingSchema),
    W37: acceptedRequestSchema,
    W38: z.array(venueLanPortSettingSchema),
    W39: acceptedAnswerSchema(z.array(venueLanPortSettingSchema)),
    W40: z.array(venueLedSettingSchema),
    W41: acceptedAnswerSchema(z.array(venueLedSettingSchema)),
    W42: acceptedAnswerSchema(answerOf(venueMeshInputSchema)),
  };
}

/** AP settings and venue Wi-Fi settings (W8-W22, W31-W42) */
export async function driveWifiDeviceOperations({ client, variant, check, seen }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Device answers"))).id;
  // One serial per variant: both variants' tenants share the emulator, and a serial belongs to one tenant.
  const ap = apBody(venueId, variant === "newer" ? 40 : 140);
  const serialNumber = ap.serialNumber;
  await client.ok("W2", {}, [ap]);
  const serial = { serialNumber };
  await check("W8", serial);
  await check("W9", serial, {
    rules: [{ enabled: false, fromVlan: 1, toVlan: 2, mdnsName: "tv", mdnsProtocol: "TCP", service: "AIRPLAY" }],
  });
  await check("W8", serial);
  await check("W10", serial);
  await check("W11", serial);
  await check("W13", serial);
  await check("W14", serial, {
    lanPorts: [{ portId: "1", type: "ACCESS", untagId: 10, vlanMembers: "10", enabled: true }],
    poeOut: true,
  });
  await check("W13", serial);
  await check("W15", serial);
  await check("W17", serial, { floorplanId: "fp", xPercent: 1.5, yPercent: 99 });
  await check("W18", serial);
  await check("W19", serial, {
    useVenueSettings: false,
    enable24G: true,
    apRadioParams24G: { allowedChannels: ["1", "6"], manualChannel: 6 },
  });
  await check("W18", serial);
  await check("W20", serial);
  await check("W22", serial, { targetHost: "192.0.2.1" });
  await check("W12", serial);
  await check("W31", {}, undefined, "page=0&size=5");
  await check("W32", { venueId });
  await check("W38", { venueId });
  await check("W39", { venueId }, [
    {
      model: "R550",
      poeMode: "802.3at",
      poeOut: true,
      lanPorts: [{ portId: "1", type: "Trunk", untagId: 1, vlanMembers: "1-4094" }],
    },
    { model: "R750" },
  ]);
  await check("W38", { venueId });
  await check("W40", { venueId });
  await check("W41", { venueId }, [{ model: "R550", ledEnabled: false }]);
  await check("W40", { venueId });
  await check("W42", { venueId }, { enabled: true });
  await check("W32", { venueId });
  const newerOnly: [OperationId, Record<string, string>, unknown][] = [
    ["W33", { venueId }, undefined],
    [
      "W34",
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
    ["W33", { venueId }, undefined],
    ["W35", { venueId }, undefined],
    ["W36", { venueId, dhcpServiceProfileId: DEFAULT_DHCP_SERVICE_PROFILE_ID }, undefined],
    ["W35", { venueId }, undefined],
    ["W37", { venueId, dhcpServiceProfileId: DEFAULT_DHCP_SERVICE_PROFILE_ID }, undefined],
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

/** The newer variant's W1/W5 with operational=false: the same read form without the live device fields. */
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

/** AP groups and APs (W1-W7, W16, W21, W23-W30) */
export async function driveApsAndGroups({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("AP site"))).id;
  const defaultGroup = await check("W30", { venueId });
  const group = (await check("W24", {}, { name: "Answers group", venueId })).response;
  const spare = (await check("W24", {}, { name: "Spare group", venueId })).response;
  await check("W2", {}, [
    apBody(venueId, 1),
    { ...apBody(venueId, 2), apGroupId: group.id, tags: ["t"] },
    apBody(venueId, 3),
  ]);
  await check("W23");
  await check("W26", { apGroupId: group.id });
  await check("W26", { apGroupId: defaultGroup.id });
  await check("W27", { apGroupId: group.id }, { name: "Answers group 2", venueId, description: "Renamed" });
  await check("W29", { venueId });
  await check("W1", {}, undefined, "page=0&size=10");
  await check("W4", { apGroupId: group.id });
  await check("W5", { serialNumber: apBody(venueId, 2).serialNumber });
  await check(
    "W6",
    { serialNumber: apBody(venueId, 1).serialNumber },
    { ...apBody(venueId, 1, "Renamed AP"), position: { xPercent: 10, yPercent: 90 } },
  );
  await check("W16", { serialNumber: apBody(venueId, 1).serialNumber }, { targetHost: "ap.example.com" });
  await check("W21", { serialNumber: apBody(venueId, 1).serialNumber });
  if (variant === "newer") {
    await check("W1", {}, undefined, "operational=false", z.array(apNotOperationalSchema));
    await check(
      "W5",
      { serialNumber: apBody(venueId, 1).serialNumber },
      undefined,
      "operational=false",
      apDetailNotOperationalSchema,
    );
  }
  await check("W7", { serialNumber: apBody(venueId, 2).serialNumber });
  await check("W3", {}, [apBody(venueId, 1).serialNumber, apBody(venueId, 3).serialNumber]);
  await check("W28", { apGroupId: group.id });
  await check("W25", {}, [spare.id]);
}

/** venue radio and syslog (W43-W48) */
export async function driveVenueRadioAndSyslog({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Settings site"))).id;
  const defaults = await check("W46", { venueId });
  await check("W43", { venueId });
  await check(
    "W44",
    { venueId },
    { ...defaults, radioParams24G: { allowedChannels: ["1", "6", "11"], txPower: "MIN" } },
  );
  await check("W43", { venueId });
  await check("W45", { venueId });
  await check("W47", { venueId });
  await check("W48", { venueId }, { enabled: true, server: "192.0.2.20", secondaryServer: "logs.example.com" });
  await check("W47", { venueId });
}
