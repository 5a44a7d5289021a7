// The answers of the AP settings and venue Wi-Fi settings operations (W8-W22, W31-W42), driven by
// answers.test.ts for a tenant of each Wi-Fi API variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  answerOf,
  apLogFileResultSchema,
  apLanPortsInputSchema,
  apMdnsGatewayInputSchema,
  apPositionSchema,
  apRadioReadSchema,
  type OperationId,
  venueCellularSettingSchema,
  venueDhcpBindingSchema,
  venueLanPortSettingSchema,
  venueLedSettingSchema,
  venueMeshInputSchema,
  venueWifiSettingsReadSchema,
} from "../../contract";
import { DEFAULT_DHCP_SERVICE_PROFILE_ID } from "../../emulator/services/wifi/dhcpService";
import { apBody, venueBody } from "../support/emulatorClient";
import type { AnswerRun } from "./answerRun";

export function wifiDeviceAnswerSchemas() {
  return {
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
  const serialNumber = apBody(venueId, 40).serialNumber;
  await client.ok("W2", {}, [apBody(venueId, 40)]);
  const serial = { serialNumber };
  await check("W8", serial);
  await check("W9", serial, { rules: [{ enabled: false, fromVlan: 1, toVlan: 2, mdnsName: "tv", mdnsProtocol: "TCP", service: "AIRPLAY" }] });
  await check("W8", serial);
  await check("W10", serial);
  await check("W11", serial);
  await check("W13", serial);
  await check("W14", serial, { lanPorts: [{ portId: "1", type: "ACCESS", untagId: 10, vlanMembers: "10", enabled: true }], poeOut: true });
  await check("W13", serial);
  await check("W15", serial);
  await check("W17", serial, { floorplanId: "fp", xPercent: 1.5, yPercent: 99 });
  await check("W18", serial);
  await check("W19", serial, { useVenueSettings: false, enable24G: true, apRadioParams24G: { allowedChannels: ["1", "6"], manualChannel: 6 } });
  await check("W18", serial);
  await check("W20", serial);
  await check("W22", serial, { targetHost: "192.0.2.1" });
  await check("W12", serial);
  await check("W31", {}, undefined, "page=0&size=5");
  await check("W32", { venueId });
  await check("W38", { venueId });
  await check("W39", { venueId }, [{ model: "R550", poeMode: "802.3at", poeOut: true, lanPorts: [{ portId: "1", type: "Trunk", untagId: 1, vlanMembers: "1-4094" }] }, { model: "R750" }]);
  await check("W38", { venueId });
  await check("W40", { venueId });
  await check("W41", { venueId }, [{ model: "R550", ledEnabled: false }]);
  await check("W40", { venueId });
  await check("W42", { venueId }, { enabled: true });
  await check("W32", { venueId });
  const newerOnly: [OperationId, Record<string, string>, unknown][] = [
    ["W33", { venueId }, undefined],
    ["W34", { venueId }, [{ model: "M510", primaryWanRecoveryTimer: 30, simCardPrimaryCellularNetworkSelection: "LTE", simCardSecondaryCellularNetworkSelection: "AUTO", wanConnection: "CELLULAR" }]],
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
      expect({ op, status: reply.status, code: reply.body.errors[0].code }).toEqual({ op, status: 404, code: "NMS-NOT-IN-VARIANT" });
      seen.add(op);
    }
  }
}
