// The answers of the account, venue, AP, AP group, venue radio and syslog, network, activation,
// guest user, DPSK and switch profile operations (A1-A11, W1-W85, S43-S55): their read schemas,
// written from the documents, and one drive through all of them (run once per Wi-Fi API variant by
// the answer harness, answerHarness.ts).
import { z } from "zod";
import {
  answerOf,
  apDetailReadSchema,
  apReadSchema,
  dpskPassphraseReadSchema,
  guestUserReadSchema,
  OperationId,
  switchProfileReadSchema,
  switchVlanReadSchema,
  venueRadioReadSchema,
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
  acceptedBare,
  acceptedWith,
  activationReadSchemaFor,
  apGroupReadSchema,
  contentPage,
  dpskFormatReadSchema,
  loginReadSchema,
  networkDeepReadSchemaFor,
  networkShallowReadSchemaFor,
  pingReadSchema,
  requestRecordReadSchema,
  tenantDetailsReadSchema,
  tenantReadSchema,
  venueReadSchema,
} from "../support/readSchemas";
import { accountAnswerSchemas } from "./accountAnswers";
import type { AnswerRun } from "./answerRun";
import { beyondDocumentsAnswerSchemas } from "./beyondDocumentsAnswers";
import { switchAnswerSchemas } from "./switchAnswers";
import { wifiDeviceAnswerSchemas } from "./wifiDeviceAnswers";
import { wifiServiceAnswerSchemas } from "./wifiServiceAnswers";

/** The whole success answer of each operation, for a tenant of the variant. */
export function answerSchemas(variant: WifiApiVariant): Record<OperationId, z.ZodTypeAny> {
  const network = networkShallowReadSchemaFor(variant);
  const deep = networkDeepReadSchemaFor(variant);
  const activation = activationReadSchemaFor(variant);
  // A field with a default in the write form is always filled in the answer.
  const dpsk = answerOf(dpskPassphraseReadSchema);
  return {
    A1: loginReadSchema,
    A2: requestRecordReadSchema,
    A3: z.array(requestRecordReadSchema),
    A4: tenantReadSchema,
    A5: tenantDetailsReadSchema,
    A6: z.array(venueReadSchema),
    A7: acceptedWith(venueReadSchema),
    A8: acceptedBare,
    A9: venueReadSchema,
    A10: acceptedWith(venueReadSchema),
    A11: acceptedBare,
    W1: z.array(apReadSchema),
    W2: acceptedWith(z.array(apReadSchema)),
    W3: acceptedBare,
    W4: z.array(apReadSchema),
    W5: apDetailReadSchema,
    W6: acceptedWith(apReadSchema),
    W7: acceptedBare,
    W16: acceptedWith(pingReadSchema),
    W21: acceptedBare,
    W23: z.array(apGroupReadSchema),
    W24: acceptedWith(apGroupReadSchema),
    W25: acceptedBare,
    W26: apGroupReadSchema,
    W27: acceptedWith(apGroupReadSchema),
    W28: acceptedBare,
    W29: z.array(apGroupReadSchema),
    W30: apGroupReadSchema,
    W43: venueRadioReadSchema,
    W44: acceptedWith(venueRadioReadSchema),
    W45: acceptedWith(venueRadioReadSchema),
    W46: venueRadioReadSchema,
    W47: venueSyslogReadSchema,
    W48: acceptedWith(venueSyslogReadSchema),
    W49: z.array(network),
    W50: acceptedWith(network),
    W51: acceptedBare,
    W52: acceptedWith(deep),
    W53: z.array(dpskFormatReadSchema),
    W54: network,
    W55: acceptedWith(network),
    W56: acceptedBare,
    W57: deep,
    W58: acceptedWith(deep),
    W59: acceptedWith(activation),
    W60: acceptedBare,
    W61: activation,
    W62: acceptedWith(activation),
    W63: acceptedBare,
    W64: z.array(activation),
    W65: activation,
    W66: z.array(activation),
    W73: contentPage(guestUserReadSchema),
    W74: acceptedWith(z.array(guestUserReadSchema)),
    W75: acceptedBare,
    W77: guestUserReadSchema,
    W78: acceptedBare,
    W79: acceptedBare,
    W80: acceptedBare,
    W81: acceptedWith(guestUserReadSchema),
    W84: acceptedWith(dpsk),
    W85: acceptedBare,
    S43: acceptedWith(switchProfileReadSchema),
    S44: acceptedWith(switchProfileReadSchema),
    S45: switchProfileReadSchema,
    S46: acceptedBare,
    S47: z.array(switchProfileReadSchema),
    S50: acceptedWith(switchVlanReadSchema),
    S51: acceptedWith(switchVlanReadSchema),
    S52: switchVlanReadSchema,
    S53: acceptedBare,
    S54: z.array(switchVlanReadSchema),
    S55: acceptedBare,
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
  await check("W49", {}, undefined, "deep=true", z.array(networkDeepReadSchemaFor(variant)));
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
