// Every operation of the route table, driven once per Wi-Fi API variant against the emulator,
// with each success answer read the way a generated client would: against the contract's read
// schema where one exists (contract/schemas), else the one written from the seeds in
// tests/support/readSchemas.ts, with no fields the read form does not know. Every async write's
// request record is read too, and must be SUCCESS and name the operation's service.
import { z } from "zod";
import {
  answerOf,
  apDetailReadSchema,
  apReadSchema,
  dpskPassphraseReadSchema,
  guestUserReadSchema,
  OPERATION_IDS,
  OperationId,
  ROUTES,
  switchProfileReadSchema,
  switchVlanReadSchema,
  venueRadioReadSchema,
  venueSyslogReadSchema,
  WIFI_API_VARIANTS,
  WifiApiVariant,
  // Wi-Fi devices and venue Wi-Fi settings (issue 8)
  apLanPortsInputSchema,
  apMdnsGatewayInputSchema,
  apPositionSchema,
  apRadioReadSchema,
  venueCellularSettingSchema,
  venueDhcpBindingSchema,
  venueLanPortSettingSchema,
  venueLedSettingSchema,
  venueMeshInputSchema,
  venueWifiSettingsReadSchema,
  // Wi-Fi services (issue 9)
  devicePolicyReadSchema,
  guestImportReadSchema,
  recoveryPskReadSchema,
  vspotServerReadSchema,
  wifiCallingProfileReadSchema,
  // Account (issue 11)
  adminEmbeddedReadSchema,
  adminListReadSchema,
  delegationReadSchema,
  entitlementReadSchema,
  entitlementSummaryReadSchema,
  notificationRecipientReadSchema,
  userProfileReadSchema,
  calibrationPointReadSchema,
  floorPlanReadSchema,
  uploadUrlReadSchema,
} from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { DEFAULT_DHCP_SERVICE_PROFILE_ID } from "../../emulator/services/wifi/dhcpService";
import {
  admin,
  apBody,
  Client,
  deepNetworkBody,
  dpskBody,
  guestUserBody,
  pskNetworkBody,
  start,
  switchProfileBody,
  venueBody,
  vlanBody,
} from "../support/emulatorClient";
import {
  acceptedBare,
  acceptedWith,
  activationReadSchemaFor,
  answerProblems,
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
// Switches (issue 10)
import { driveSwitchOperations, switchAnswerSchemas } from "./switchAnswers";

/** The whole success answer of each operation, for a tenant of the variant. */
function answerSchemas(variant: WifiApiVariant) {
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
    // Wi-Fi devices and venue Wi-Fi settings (issue 8)
    W8: apMdnsGatewayInputSchema,
    W9: acceptedWith(apMdnsGatewayInputSchema),
    W10: acceptedBare,
    W11: z.object({ fileURL: z.string().min(1) }),
    W12: acceptedBare,
    W13: answerOf(apLanPortsInputSchema),
    W14: acceptedWith(answerOf(apLanPortsInputSchema)),
    W15: acceptedBare,
    W17: acceptedWith(apPositionSchema),
    W18: apRadioReadSchema,
    W19: acceptedWith(apRadioReadSchema),
    W20: acceptedWith(apRadioReadSchema),
    W22: acceptedWith(pingReadSchema),
    W31: z.array(venueWifiSettingsReadSchema),
    W32: venueWifiSettingsReadSchema,
    W33: z.array(answerOf(venueCellularSettingSchema)),
    W34: acceptedWith(z.array(answerOf(venueCellularSettingSchema))),
    W35: z.array(venueDhcpBindingSchema),
    W36: acceptedWith(venueDhcpBindingSchema),
    W37: acceptedBare,
    W38: z.array(venueLanPortSettingSchema),
    W39: acceptedWith(z.array(venueLanPortSettingSchema)),
    W40: z.array(venueLedSettingSchema),
    W41: acceptedWith(z.array(venueLedSettingSchema)),
    W42: acceptedWith(answerOf(venueMeshInputSchema)),
    // Switches (issue 10)
    ...switchAnswerSchemas(),
    // Wi-Fi services (issue 9)
    W67: acceptedBare,
    W68: z.array(devicePolicyReadSchema),
    W69: acceptedWith(devicePolicyReadSchema),
    W70: acceptedBare,
    W71: devicePolicyReadSchema,
    W72: acceptedWith(devicePolicyReadSchema),
    W76: acceptedWith(guestImportReadSchema),
    W82: recoveryPskReadSchema,
    W83: acceptedWith(recoveryPskReadSchema),
    W86: z.array(vspotServerReadSchema),
    W87: acceptedWith(vspotServerReadSchema),
    W88: vspotServerReadSchema,
    W89: acceptedWith(vspotServerReadSchema),
    W90: acceptedBare,
    W91: z.array(wifiCallingProfileReadSchema),
    W92: acceptedWith(wifiCallingProfileReadSchema),
    W93: acceptedBare,
    W94: wifiCallingProfileReadSchema,
    W95: acceptedWith(wifiCallingProfileReadSchema),
    W96: acceptedBare,
    // Account (issue 11)
    A12: z.array(adminListReadSchema),
    A13: acceptedWith(adminEmbeddedReadSchema),
    A14: acceptedWith(adminEmbeddedReadSchema),
    A15: acceptedBare,
    A16: adminListReadSchema,
    A17: acceptedBare,
    A18: z.array(delegationReadSchema),
    A19: acceptedWith(delegationReadSchema),
    A20: acceptedWith(delegationReadSchema),
    A21: acceptedBare,
    A22: delegationReadSchema,
    A23: acceptedWith(delegationReadSchema),
    A24: acceptedBare,
    A25: z.array(notificationRecipientReadSchema),
    A26: acceptedWith(notificationRecipientReadSchema),
    A27: acceptedBare,
    A28: notificationRecipientReadSchema,
    A29: acceptedWith(notificationRecipientReadSchema),
    A30: acceptedBare,
    A31: userProfileReadSchema,
    A32: acceptedWith(userProfileReadSchema),
    A33: z.array(entitlementReadSchema),
    A34: z.array(entitlementSummaryReadSchema),
    A35: z.object({ entitlements: z.array(entitlementReadSchema), summary: z.array(entitlementSummaryReadSchema) }),
    F1: z.array(floorPlanReadSchema),
    F2: acceptedWith(floorPlanReadSchema),
    F3: floorPlanReadSchema,
    F4: acceptedWith(floorPlanReadSchema),
    F5: acceptedBare,
    C1: z.array(calibrationPointReadSchema),
    C2: acceptedWith(z.array(calibrationPointReadSchema)),
    U1: uploadUrlReadSchema,
    // A redirect: no body, the address in Location.
    U2: z.undefined(),
  } satisfies Record<OperationId, z.ZodTypeAny>;
}

/** The newer variant's W1/W5 with operational=false: the same read form without the live device fields. */
const LIVE_FIELDS = { clientCount: true, uptime_seconds: true, lastContacted: true, state: true, subState: true, ip: true, externalIp: true } as const;
const apNotOperationalSchema = apReadSchema.omit(LIVE_FIELDS);
const apDetailNotOperationalSchema = apDetailReadSchema.omit(LIVE_FIELDS);

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.close());

const called = new Map<WifiApiVariant, Set<OperationId>>();

describe.each(WIFI_API_VARIANTS)("every operation for a tenant of the %s variant", (variant) => {
  const schemas = answerSchemas(variant);
  const seen = new Set<OperationId>();
  called.set(variant, seen);
  let client: Client;
  let credentials: { username: string; password: string };

  /** Calls an operation, holds its answer against its read schema, and (async) waits for its record. */
  async function check(op: OperationId, params: Record<string, string> = {}, body?: unknown, query?: string, schema: z.ZodTypeAny = schemas[op]): Promise<any> {
    const reply = await client.call(op, params, body, query);
    const route = ROUTES[op];
    expect({ op, status: reply.status, problems: answerProblems(schema, reply.body) }).toEqual({ op, status: route.success, problems: [] });
    seen.add(op);
    if (route.success === 202 || route.success === 201) {
      const record = await client.waitFor(reply.body.requestId);
      const problems = answerProblems(requestRecordReadSchema, record);
      expect({ op, record: { status: record.status, serviceName: record.serviceName, method: record.method }, problems }).toEqual({
        op,
        record: { status: "SUCCESS", serviceName: route.service, method: route.method },
        problems: [],
      });
    }
    return reply.body;
  }

  beforeAll(async () => {
    const created = await admin(emu, "POST", "/tenants", { name: `Answers ${variant}`, wifiApiVariant: variant });
    credentials = { username: created.body.username, password: created.body.password };
    client = await Client.login(emu, credentials.username, credentials.password);
  });

  test("account and venues (A1-A11)", async () => {
    await check("A1", {}, credentials);
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
  });

  test("AP groups and APs (W1-W7, W16, W21, W23-W30)", async () => {
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
  });

  test("venue radio and syslog (W43-W48)", async () => {
    const venueId = (await client.ok("A7", {}, venueBody("Settings site"))).id;
    const defaults = await check("W46", { venueId });
    await check("W43", { venueId });
    await check("W44", { venueId }, { ...defaults, radioParams24G: { allowedChannels: ["1", "6", "11"], txPower: "MIN" } });
    await check("W43", { venueId });
    await check("W45", { venueId });
    await check("W47", { venueId });
    await check("W48", { venueId }, { enabled: true, server: "192.0.2.20", secondaryServer: "logs.example.com" });
    await check("W47", { venueId });
  });

  test("networks and activations (W49-W66)", async () => {
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
  });

  test("guest users and DPSK passphrases (W73-W85)", async () => {
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
  });

  test("AP settings and venue Wi-Fi settings (W8-W22, W31-W42)", async () => {
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
  });

  // Wi-Fi services (issue 9)
  test("client disconnect, device policies, guest import, recovery PSK, vSPoT and Wi-Fi calling (W67-W96)", async () => {
    const venueId = (await client.ok("A7", {}, venueBody("Services site"))).id;
    const ap = (await client.ok("W2", {}, [apBody(venueId, 71)]))[0];
    await admin(emu, "POST", `/tenants/${client.tenantId}/clients`, { apMac: ap.mac, clientMac: "02:00:00:00:00:01" });
    await check("W67", {}, [{ apMac: ap.mac, clientMac: "02:00:00:00:00:01" }]);
    const policy = { name: "Phones", description: "Phones only", rules: [{ name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 }] };
    if (variant === "newer") {
      const created = (await check("W69", {}, policy)).response;
      const spare = (await check("W69", {}, { ...policy, name: "Spare policy" })).response;
      await check("W68");
      await check("W71", { devicePolicyId: created.id });
      await check("W72", { devicePolicyId: created.id }, { ...policy, defaultAccess: "BLOCK" });
      await check("W70", {}, [created.id, spare.id]);
    } else {
      // The older variant has no device policies: each operation is 404 NMS-NOT-IN-VARIANT.
      for (const [op, params, body] of [["W68", {}], ["W69", {}, policy], ["W70", {}, ["x"]], ["W71", { devicePolicyId: "x" }], ["W72", { devicePolicyId: "x" }, policy]] as const) {
        const reply = await client.call(op, params, body);
        expect({ op, status: reply.status, code: reply.body.errors[0].code }).toEqual({ op, status: 404, code: "NMS-NOT-IN-VARIANT" });
        seen.add(op);
      }
    }
    const networkId = (await client.ok("W50", {}, { name: "Import answers", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } })).id;
    const form = new FormData();
    for (const [name, value] of Object.entries({ deliveryMethods: "PRINT", "expiration.activationType": "Creation", "expiration.duration": "2", "expiration.unit": "Day", maxDevices: "1" })) form.append(name, value);
    form.append("file", new Blob(["name,mobilePhoneNumber,email\nAna,+351910000071,ana@example.com\nRui,+351910000072,\n"], { type: "text/csv" }), "guests.csv");
    const imported = await fetch(`${emu.url}${ROUTES.W76.path.replace("{tenantId}", client.tenantId)}?networkId=${networkId}`, { method: "POST", body: form, headers: { cookie: client.cookie! } });
    const importBody = await imported.json();
    expect({ status: imported.status, problems: answerProblems(schemas.W76, importBody), count: importBody.response?.data?.length }).toEqual({ status: 201, problems: [], count: 2 });
    expect((await client.waitFor(importBody.requestId)).status).toBe("SUCCESS");
    seen.add("W76");
    await check("W82");
    await check("W83", {}, { psk: "1234567890123456" });
    await check("W82");
    const venues = variant === "newer" ? [{ id: venueId }] : [{ name: "Services site" }];
    const vspot = (await check("W87", {}, { serverName: "Hotspot", serverAddress: "vspot.example.com", password: "vspot-password", venues })).response;
    await check("W86", {}, undefined, "page=0&size=10");
    await check("W88", { vspotId: vspot.id });
    await check("W89", { vspotId: vspot.id }, { serverName: "Hotspot", serverAddress: "192.0.2.40", port: 9883, password: "vspot-password" });
    await check("W90", { vspotId: vspot.id });
    const calling = { profileName: "Carrier", description: "Carrier ePDGs", ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.60" }] };
    const profile = (await check("W92", {}, calling)).response;
    const spareProfile = (await check("W92", {}, { ...calling, profileName: "Carrier 2", qosPriority: "WIFICALLING_PRI_VIDEO" })).response;
    await check("W91", {}, undefined, "page=0&size=10");
    await check("W94", { wifiCallingProfileId: profile.id });
    await check("W95", { wifiCallingProfileId: profile.id }, { ...calling, qosPriority: "WIFICALLING_PRI_BE" });
    await check("W96", { wifiCallingProfileId: profile.id });
    await check("W93", {}, [spareProfile.id]);
  });

  test("switch profiles and VLANs (S43-S55)", async () => {
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
  });

  // Switches (issue 10)
  test("switches, ACLs, trusted ports, ports, LAGs, IP and VE ports, venue switch settings (S1-S42, S48, S49, S56-S69)", () => driveSwitchOperations(client, check));
  // Account (issue 11)
  test("administrators, delegations, recipients, user profile and licences (A12-A35)", async () => {
    const tag = `${variant}-${Date.now()}`;
    const varTenant = await admin(emu, "POST", "/tenants", { name: `VAR ${variant}` });
    await admin(emu, "POST", "/support-directory", { externalId: `ext-${tag}`, username: `person-${tag}@support.example`, name: "Pat", lastName: "Lee" });
    await admin(emu, "POST", "/support-directory", { externalId: `var-${tag}`, username: `var-${tag}@var.example`, tenantId: varTenant.body.tenantId });
    const byEmail = (await check("A13", {}, { role: "ADMIN", email: `ops-${tag}@example.com` })).response;
    const byId = (await check("A13", {}, { role: "READ_ONLY", externalId: `ext-${tag}`, detailLevel: "su" })).response;
    const spare = (await check("A13", {}, { role: "ADMIN", email: `spare-${tag}@example.com` })).response;
    await check("A14", {}, { role: "OFFICE_ADMIN", email: `ops-${tag}@example.com`, detailLevel: "debug" });
    await check("A12");
    await check("A16", { adminId: byId.id });
    await check("A15", {}, [spare.id]);
    await check("A17", { adminId: byEmail.id });
    const invited = (await check("A19", {}, { username: `var-${tag}@var.example` })).response;
    const support = (await check("A20")).response;
    await check("A18");
    await check("A18", {}, undefined, "type=SUPPORT");
    await check("A22", { delegationId: support.id });
    const varClient = await Client.login(emu, varTenant.body.username, varTenant.body.password);
    const answered = await varClient.call("A23", { delegationId: invited.id }, { accept: true, fromTenantId: client.tenantId });
    expect({ status: answered.status, problems: answerProblems(schemas.A23, answered.body) }).toEqual({ status: 202, problems: [] });
    seen.add("A23");
    expect((await varClient.waitFor(answered.body.requestId)).status).toBe("SUCCESS");
    await check("A21");
    await check("A24", { delegationId: invited.id });
    const recipient = (await check("A26", {}, { description: "On-call", endpoints: [{ type: "EMAIL", destination: `oncall-${tag}@example.com` }] })).response;
    const other = (await check("A26", {}, { description: "NOC", endpoints: [] })).response;
    await check("A25");
    await check("A28", { notificationRecipientId: recipient.id });
    await check("A29", { notificationRecipientId: recipient.id }, { description: "On-call team", endpoints: [{ type: "SMS", destination: "+15550100", active: false }] });
    await check("A27", {}, [other]);
    await check("A30", { notificationRecipientId: recipient.id });
    await check("A4", {}, undefined, "deep=true");
    await check("A31");
    await check("A32", {}, { dateFormat: "dd/mm/yyyy", detailLevel: "ba" });
    await check("A33");
    await check("A34", {}, undefined, "type=WIFI");
    const customer = await admin(emu, "POST", "/tenants", { name: `Customer ${variant}` });
    await admin(emu, "PUT", `/tenants/${customer.body.tenantId}/msp`, { mspTenantId: client.tenantId });
    await check("A35", {}, undefined, `mspEcTenantId=${customer.body.tenantId}&type=WIFI`);
  });

  test("floor plans, calibration points and files (F1-F5, C1, C2, U1, U2)", async () => {
    const venueId = (await client.ok("A7", {}, venueBody(`Plans ${variant}`))).id;
    const { fileId, signedUrl } = await check("U1", {}, { fileExtension: "png" });
    expect((await fetch(signedUrl, { method: "PUT", body: new Uint8Array([137, 80, 78, 71]) })).status).toBe(200);
    const plan = (await check("F2", { venueId }, { name: "Ground", floorNumber: 0, imageId: fileId })).response;
    const spare = (await check("F2", { venueId }, { name: "Roof" })).response;
    await check("F1", { venueId });
    await check("F3", { venueId, floorPlanId: plan.id });
    await check("F4", { venueId, floorPlanId: plan.id }, { name: "Ground floor", floorNumber: 0, imageId: fileId });
    const points = [{ xPercent: 1, yPercent: 2, latitude: "38.7", longitude: "-9.1" }, { xPercent: 99, yPercent: 98, latitude: "38.8", longitude: "-9.2" }];
    await check("C2", { venueId, floorPlanId: plan.id }, points);
    await check("C1", { venueId, floorPlanId: plan.id });
    await check("A9", { venueId });
    const redirect = await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, { headers: { cookie: client.cookie! }, redirect: "manual" });
    expect({ status: redirect.status, location: redirect.headers.get("location"), body: await redirect.text() }).toEqual({ status: 302, location: expect.stringContaining(fileId), body: "" });
    seen.add("U2");
    await check("F5", { venueId, floorPlanId: spare.id });
  });
});

test.each(WIFI_API_VARIANTS)("the %s variant's run called every operation of the route table", (variant) => {
  expect([...(called.get(variant) ?? [])].sort()).toEqual([...OPERATION_IDS].sort());
});
