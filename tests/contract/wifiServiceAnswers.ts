// The answers of the client, device policy, guest user, DPSK, recovery PSK, vSPoT and Wi-Fi calling
// operations: their read schemas, and the drives through them that answers.test.ts runs
// for a tenant of each Wi-Fi API variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  answerOf,
  contentPageSchema,
  devicePolicyReadSchema,
  dpskPassphraseReadSchema,
  guestImportReadSchema,
  guestUserReadSchema,
  recoveryPskReadSchema,
  ROUTES,
  vspotServerReadSchema,
  wifiCallingProfileReadSchema,
} from "../../contract";
import { admin, apBody, dpskBody, guestUserBody, venueBody } from "../support/emulatorClient";
import { answerProblems } from "../support/answerChecks";
import type { AnswerRun } from "./answerRun";

export function wifiServiceAnswerSchemas() {
  return {
    listGuestUsers: contentPageSchema(guestUserReadSchema),
    createGuestUsers: acceptedAnswerSchema(z.array(guestUserReadSchema)),
    deleteGuestUsers: acceptedRequestSchema,
    getGuestUser: guestUserReadSchema,
    deleteGuestUser: acceptedRequestSchema,
    disableGuestUser: acceptedRequestSchema,
    enableGuestUser: acceptedRequestSchema,
    regenerateGuestUserCredentials: acceptedAnswerSchema(guestUserReadSchema),
    // A field with a default in the write form is always filled in the answer.
    createDpskPassphrase: acceptedAnswerSchema(answerOf(dpskPassphraseReadSchema)),
    deleteDpskPassphrases: acceptedRequestSchema,
    disconnectClients: acceptedRequestSchema,
    listDevicePolicies: z.array(devicePolicyReadSchema),
    createDevicePolicy: acceptedAnswerSchema(devicePolicyReadSchema),
    deleteDevicePolicies: acceptedRequestSchema,
    getDevicePolicy: devicePolicyReadSchema,
    updateDevicePolicy: acceptedAnswerSchema(devicePolicyReadSchema),
    importGuestUsers: acceptedAnswerSchema(guestImportReadSchema),
    getRecoveryPsk: recoveryPskReadSchema,
    updateRecoveryPsk: acceptedAnswerSchema(recoveryPskReadSchema),
    listVspots: z.array(vspotServerReadSchema),
    createVspot: acceptedAnswerSchema(vspotServerReadSchema),
    getVspot: vspotServerReadSchema,
    updateVspot: acceptedAnswerSchema(vspotServerReadSchema),
    deleteVspot: acceptedRequestSchema,
    listWifiCallingProfiles: z.array(wifiCallingProfileReadSchema),
    createWifiCallingProfile: acceptedAnswerSchema(wifiCallingProfileReadSchema),
    deleteWifiCallingProfiles: acceptedRequestSchema,
    getWifiCallingProfile: wifiCallingProfileReadSchema,
    updateWifiCallingProfile: acceptedAnswerSchema(wifiCallingProfileReadSchema),
    deleteWifiCallingProfile: acceptedRequestSchema,
  };
}

/** client disconnect, device policies, guest import, recovery PSK, vSPoT and Wi-Fi calling */
export async function driveWifiServiceOperations({
  emu,
  client,
  variant,
  check,
  schemas,
  seen,
}: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("Services site"))).id;
  // One serial per variant: both variants' tenants share the emulator, and a serial belongs to one tenant.
  const ap = (await client.ok("createAps", {}, [apBody(venueId, variant === "newer" ? 71 : 171)]))[0];
  await admin(emu, "POST", `/tenants/${client.tenantId}/clients`, { apMac: ap.mac, clientMac: "02:00:00:00:00:01" });
  await check("disconnectClients", {}, [{ apMac: ap.mac, clientMac: "02:00:00:00:00:01" }]);
  const policy = {
    name: "Phones",
    description: "Phones only",
    rules: [{ name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 }],
  };
  if (variant === "newer") {
    const created = (await check("createDevicePolicy", {}, policy)).response;
    const spare = (await check("createDevicePolicy", {}, { ...policy, name: "Spare policy" })).response;
    await check("listDevicePolicies");
    await check("getDevicePolicy", { devicePolicyId: created.id });
    await check("updateDevicePolicy", { devicePolicyId: created.id }, { ...policy, defaultAccess: "BLOCK" });
    await check("deleteDevicePolicies", {}, [created.id, spare.id]);
  } else {
    // The older variant has no device policies: each operation is 404 NMS-NOT-IN-VARIANT.
    for (const [op, params, body] of [
      ["listDevicePolicies", {}],
      ["createDevicePolicy", {}, policy],
      ["deleteDevicePolicies", {}, ["x"]],
      ["getDevicePolicy", { devicePolicyId: "x" }],
      ["updateDevicePolicy", { devicePolicyId: "x" }, policy],
    ] as const) {
      const reply = await client.call(op, params, body);
      expect({ op, status: reply.status, code: reply.body.errors[0].code }).toEqual({
        op,
        status: 404,
        code: "NMS-NOT-IN-VARIANT",
      });
      seen.add(op);
    }
  }
  const networkId = (
    await client.ok(
      "createNetwork",
      {},
      { name: "Import answers", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
    )
  ).id;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    deliveryMethods: "PRINT",
    "expiration.activationType": "Creation",
    "expiration.duration": "2",
    "expiration.unit": "Day",
    maxDevices: "1",
  }))
    form.append(name, value);
  form.append(
    "file",
    new Blob(["name,mobilePhoneNumber,email\nAna,+351910000071,ana@example.com\nRui,+351910000072,\n"], {
      type: "text/csv",
    }),
    "guests.csv",
  );
  const imported = await fetch(
    `${emu.url}${ROUTES.importGuestUsers.path.replace("{tenantId}", client.tenantId)}?networkId=${networkId}`,
    { method: "POST", body: form, headers: { cookie: client.cookie! } },
  );
  const importBody = (await imported.json()) as { requestId: string; response?: { data?: unknown[] } };
  expect({
    status: imported.status,
    problems: answerProblems(schemas.importGuestUsers, importBody),
    count: importBody.response?.data?.length,
  }).toEqual({ status: 201, problems: [], count: 2 });
  expect((await client.waitFor(importBody.requestId)).status).toBe("SUCCESS");
  seen.add("importGuestUsers");
  await check("getRecoveryPsk");
  await check("updateRecoveryPsk", {}, { psk: "1234567890123456" });
  await check("getRecoveryPsk");
  const venues = variant === "newer" ? [{ id: venueId }] : [{ name: "Services site" }];
  const vspot = (
    await check(
      "createVspot",
      {},
      { serverName: "Hotspot", serverAddress: "vspot.example.com", password: "vspot-password", venues },
    )
  ).response;
  await check("listVspots", {}, undefined, "page=0&size=10");
  await check("getVspot", { vspotId: vspot.id });
  await check(
    "updateVspot",
    { vspotId: vspot.id },
    { serverName: "Hotspot", serverAddress: "192.0.2.40", port: 9883, password: "vspot-password" },
  );
  await check("deleteVspot", { vspotId: vspot.id });
  const calling = {
    profileName: "Carrier",
    description: "Carrier ePDGs",
    ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.60" }],
  };
  const profile = (await check("createWifiCallingProfile", {}, calling)).response;
  const spareProfile = (
    await check(
      "createWifiCallingProfile",
      {},
      { ...calling, profileName: "Carrier 2", qosPriority: "WIFICALLING_PRI_VIDEO" },
    )
  ).response;
  await check("listWifiCallingProfiles", {}, undefined, "page=0&size=10");
  await check("getWifiCallingProfile", { wifiCallingProfileId: profile.id });
  await check(
    "updateWifiCallingProfile",
    { wifiCallingProfileId: profile.id },
    { ...calling, qosPriority: "WIFICALLING_PRI_BE" },
  );
  await check("deleteWifiCallingProfile", { wifiCallingProfileId: profile.id });
  await check("deleteWifiCallingProfiles", {}, [spareProfile.id]);
}

/** guest users and DPSK passphrases */
export async function driveGuestUsersAndDpsk({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const networkId = (
    await client.ok(
      "createNetwork",
      {},
      { name: "Guest answers", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
    )
  ).id;
  const [first, second] = (
    await check("createGuestUsers", {}, [
      guestUserBody(networkId),
      { ...guestUserBody(networkId, "Second"), email: "s@example.com", notes: "n" },
    ])
  ).response;
  await check("listGuestUsers");
  await check("listGuestUsers", {}, undefined, "page=1&size=1");
  await check("getGuestUser", { guestUserId: first.id });
  await check("disableGuestUser", { guestUserId: first.id });
  await check("enableGuestUser", { guestUserId: first.id });
  await check("regenerateGuestUserCredentials", { guestUserId: first.id }, ["MAIL", "SMS"]);
  await check("deleteGuestUser", { guestUserId: first.id });
  await check("deleteGuestUsers", {}, [second.id]);
  const given = (await check("createDpskPassphrase", {}, dpskBody(networkId))).response;
  const generated = (await check("createDpskPassphrase", {}, { mac: "aabbccddee09", vlanId: 200 })).response;
  await check("deleteDpskPassphrases", {}, [given.id, generated.id]);
}
