// The answers of the account, venue, AP, AP group, venue radio and syslog, network, activation,
// guest user, DPSK and switch profile operations (A1-A11, W1-W85, S43-S55): their read schemas,
// written from the documents, and one drive through all of them (run once per Wi-Fi API variant by
// the answer harness, answerHarness.ts).
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  answerOf,
  apDetailReadSchema,
  apGroupReadSchema,
  apReadSchema,
  contentPageSchema,
  dpskPassphraseFormatReadSchema,
  dpskPassphraseReadSchema,
  guestUserReadSchema,
  OperationId,
  switchProfileReadSchema,
  switchVlanReadSchema,
  venueRadioReadSchema,
  venueReadSchema,
  venueSyslogReadSchema,
  WifiApiVariant,
} from "../../contract";
import {
  apBody,
  deepNetworkBody,
  dpskBody,
  guestUserBody,
  pskNetworkBody,
  switchProfileBody,
  venueBody,
  vlanBody,
} from "../support/emulatorClient";
import {
  networkDeepUnderWriteRulesFor,
  networkShallowUnderWriteRulesFor,
  strictActivationReadSchemaFor,
  strictLoginReadSchema,
  strictRequestRecordReadSchema,
  strictTenantDetailsReadSchema,
  strictTenantReadSchema,
} from "../support/answerChecks";
import { accountAnswerSchemas } from "./accountAnswers";
import type { AnswerRun } from "./answerRun";
import { beyondDocumentsAnswerSchemas } from "./beyondDocumentsAnswers";
import { switchAnswerSchemas } from "./switchAnswers";
import { wifiDeviceAnswerSchemas } from "./wifiDeviceAnswers";
import { wifiServiceAnswerSchemas } from "./wifiServiceAnswers";

/** The whole success answer of each operation, for a tenant of the variant. */
export function answerSchemas(variant: WifiApiVariant): Record<OperationId, z.ZodTypeAny> {
  const network = networkShallowUnderWriteRulesFor(variant);
  const deep = networkDeepUnderWriteRulesFor(variant);
  const activation = strictActivationReadSchemaFor(variant);
  // A field with a default in the write form is always filled in the answer.
  const dpsk = answerOf(dpskPassphraseReadSchema);
  return {
    A1: strictLoginReadSchema,
    A2: strictRequestRecordReadSchema,
    A3: z.array(strictRequestRecordReadSchema),
    A4: strictTenantReadSchema,
    A5: strictTenantDetailsReadSchema,
    A6: z.array(venueReadSchema),
    A7: acceptedAnswerSchema(venueReadSchema),
    A8: acceptedRequestSchema,
    A9: venueReadSchema,
    A10: acceptedAnswerSchema(venueReadSchema),
    A11: acceptedRequestSchema,
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
    W49: z.array(network),
    W50: acceptedAnswerSchema(network),
    W51: acceptedRequestSchema,
    W52: acceptedAnswerSchema(deep),
    W53: z.array(dpskPassphraseFormatReadSchema),
    W54: network,
    W55: acceptedAnswerSchema(network),
    W56: acceptedRequestSchema,
    W57: deep,
    W58: acceptedAnswerSchema(deep),
    W59: acceptedAnswerSchema(activation),
    W60: acceptedRequestSchema,
    W61: activation,
    W62: acceptedAnswerSchema(activation),
    W63: acceptedRequestSchema,
    W64: z.array(activation),
    W65: activation,
    W66: z.array(activation),
    W73: contentPageSchema(guestUserReadSchema),
    W74: acceptedAnswerSchema(z.array(guestUserReadSchema)),
    W75: acceptedRequestSchema,
    W77: guestUserReadSchema,
    W78: acceptedRequestSchema,
    W79: acceptedRequestSchema,
    W80: acceptedRequestSchema,
    W81: acceptedAnswerSchema(guestUserReadSchema),
    W84: acceptedAnswerSchema(dpsk),
    W85: acceptedRequestSchema,
    S43: acceptedAnswerSchema(switchProfileReadSchema),
    S44: acceptedAnswerSchema(switchProfileReadSchema),
    S45: switchProfileReadSchema,
    S46: acceptedRequestSchema,
    S47: z.array(switchProfileReadSchema),
    S50: acceptedAnswerSchema(switchVlanReadSchema),
    S51: acceptedAnswerSchema(switchVlanReadSchema),
    S52: switchVlanReadSchema,
    S53: acceptedRequestSchema,
    S54: z.array(switchVlanReadSchema),
    S55: acceptedRequestSchema,
    // AP settings and venue Wi-Fi settings
    ...wifiDeviceAnswerSchemas(),
    // Switches, ACLs, ports, LAGs, IP and VE ports, venue switch settings
    ...switchAnswerSchemas(),
    // Client disconnect, device policies, guest import, recovery PSK, vSPoT, Wi-Fi calling
    ...wifiServiceAnswerSchemas(),
    // Administrators, delegations, recipients, user profile, licences, floor plans, files
    ...accountAnswerSchemas(),
    // Operations beyond the documents
    ...beyondDocumentsAnswerSchemas(),
  } satisfies Record<OperationId, z.ZodTypeAny>;
}

/** The newer variant's W1/W5 with operational=false: the same read form without the live device fields. */
const LIVE_FIELDS = { clientCount: true, uptime_seconds: true, lastContacted: true, state: true, subState: true, ip: true, externalIp: true } as const;
const apNotOperationalSchema = apReadSchema.omit(LIVE_FIELDS);
const apDetailNotOperationalSchema = apDetailReadSchema.omit(LIVE_FIELDS);

/** account and venues (A1-A11) */
export async function driveAccountAndVenues({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  await check("A1", {}, credentials!);
  await check("A4");
  await check("A4", {}, undefined, "deep=true");
  await check("A5");
  const venue = (await check("A7", {}, venueBody("Answers"))).response;
  const spare = (await check("A7", {}, venueBody("Spare"))).response;
  await check("A6");
  await check("A9", { venueId: venue.id });
  await check("A10", { venueId: venue.id }, { ...venueBody("Answers"), description: "Updated" });
  await check("A8", {}, [spare.id]);
  const last = (await check("A7", {}, venueBody("Last"))).response;
  await check("A11", { venueId: last.id });
  await check("A2", { requestId: (await client.call("A7", {}, venueBody("Recorded"))).body.requestId });
  await check("A3", { status: "SUCCESS" }, undefined, "page=0&size=50");
}

/** AP groups and APs (W1-W7, W16, W21, W23-W30) */
export async function driveApsAndGroups({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("AP site"))).id;
  const defaultGroup = await check("W30", { venueId });
  const group = (await check("W24", {}, { name: "Answers group", venueId })).response;
  const spare = (await check("W24", {}, { name: "Spare group", venueId })).response;
  await check("W2", {}, [apBody(venueId, 1), { ...apBody(venueId, 2), apGroupId: group.id, tags: ["t"] }, apBody(venueId, 3)]);
  await check("W23");
  await check("W26", { apGroupId: group.id });
  await check("W26", { apGroupId: defaultGroup.id });
  await check("W27", { apGroupId: group.id }, { name: "Answers group 2", venueId, description: "Renamed" });
  await check("W29", { venueId });
  await check("W1", {}, undefined, "page=0&size=10");
  await check("W4", { apGroupId: group.id });
  await check("W5", { serialNumber: apBody(venueId, 2).serialNumber });
  await check("W6", { serialNumber: apBody(venueId, 1).serialNumber }, { ...apBody(venueId, 1, "Renamed AP"), position: { xPercent: 10, yPercent: 90 } });
  await check("W16", { serialNumber: apBody(venueId, 1).serialNumber }, { targetHost: "ap.example.com" });
  await check("W21", { serialNumber: apBody(venueId, 1).serialNumber });
  if (variant === "newer") {
    await check("W1", {}, undefined, "operational=false", z.array(apNotOperationalSchema));
    await check("W5", { serialNumber: apBody(venueId, 1).serialNumber }, undefined, "operational=false", apDetailNotOperationalSchema);
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
  await check("W44", { venueId }, { ...defaults, radioParams24G: { allowedChannels: ["1", "6", "11"], txPower: "MIN" } });
  await check("W43", { venueId });
  await check("W45", { venueId });
  await check("W47", { venueId });
  await check("W48", { venueId }, { enabled: true, server: "192.0.2.20", secondaryServer: "logs.example.com" });
  await check("W47", { venueId });
}

/** networks and activations (W49-W66) */
export async function driveNetworksAndActivations({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Network site"))).id;
  const groupId = (await client.ok("W24", {}, { name: "Network group", venueId })).id;
  const deep = (await check("W52", {}, { ...deepNetworkBody("Answers deep"), accountingRadius: { primary: { ip: "192.0.2.11", port: 1813, sharedSecret: "acct" } } })).response;
  const shallow = (await check("W50", {}, pskNetworkBody("Answers psk"))).response;
  const spare = (await check("W50", {}, { name: "Answers open", type: "open", wlan: {} })).response;
  await check("W54", { networkId: shallow.id });
  await check("W55", { networkId: shallow.id }, { ...pskNetworkBody("Answers psk"), description: "Updated" });
  await check("W57", { networkId: deep.id });
  await check("W58", { networkId: deep.id }, { ...deepNetworkBody("Answers deep"), description: "Updated" });
  await check("W53");
  const activation = (await check("W59", {}, { networkId: deep.id, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: groupId, radio: "5-GHz", vlanId: 30 }] })).response;
  const other = (await check("W59", {}, { networkId: shallow.id, venueId, scheduler: { type: "ALWAYS_ON" } })).response;
  await check("W61", { networkVenueId: activation.id });
  await check("W62", { networkVenueId: activation.id }, { networkId: deep.id, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: groupId }] });
  await check("W64", { networkId: deep.id });
  await check("W65", { networkId: deep.id, venueId });
  await check("W66", { venueId });
  await check("W49");
  await check("W49", {}, undefined, "deep=true", z.array(networkDeepUnderWriteRulesFor(variant)));
  await check("W57", { networkId: deep.id });
  await check("W63", { networkVenueId: activation.id });
  await check("W60", {}, [other.id]);
  await check("W56", { networkId: deep.id });
  await check("W51", {}, [shallow.id, spare.id]);
}

/** guest users and DPSK passphrases (W73-W85) */
export async function driveGuestUsersAndDpsk({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const networkId = (await client.ok("W50", {}, { name: "Guest answers", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } })).id;
  const [first, second] = (await check("W74", {}, [guestUserBody(networkId), { ...guestUserBody(networkId, "Second"), email: "s@example.com", notes: "n" }])).response;
  await check("W73");
  await check("W73", {}, undefined, "page=1&size=1");
  await check("W77", { guestUserId: first.id });
  await check("W79", { guestUserId: first.id });
  await check("W80", { guestUserId: first.id });
  await check("W81", { guestUserId: first.id }, ["MAIL", "SMS"]);
  await check("W78", { guestUserId: first.id });
  await check("W75", {}, [second.id]);
  const given = (await check("W84", {}, dpskBody(networkId))).response;
  const generated = (await check("W84", {}, { mac: "aabbccddee09", vlanId: 200 })).response;
  await check("W85", {}, [given.id, generated.id]);
}

/** switch profiles and VLANs (S43-S55) */
export async function driveSwitchProfiles({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Switch site"))).id;
  const profile = (await check("S43", {}, { ...switchProfileBody("Answers profile", [vlanBody(10)]), venues: [venueId] })).response;
  await check("S45", { profileId: profile.id });
  await check("S44", {}, { id: profile.id, name: "Answers profile 2", venues: [venueId] });
  await check("S47");
  const vlan = (await check("S50", { profileId: profile.id }, { ...vlanBody(20), rootBridgeFamilyId: "ICX7850", switchFamilyModels: [{ model: "ICX7850-48F" }] })).response;
  const spare = (await check("S50", { profileId: profile.id }, vlanBody(30))).response;
  await check("S52", { profileId: profile.id, vlanUuid: vlan.id });
  await check("S51", { profileId: profile.id }, { id: vlan.id, ...vlanBody(20, "Renamed") });
  await check("S54", { profileId: profile.id });
  await check("S53", { profileId: profile.id, vlanUuid: vlan.id });
  await check("S55", { profileId: profile.id }, [spare.id]);
  await check("S46", { profileId: profile.id });
}
