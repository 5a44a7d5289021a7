// The answers of the client, device policy, guest user, DPSK, recovery PSK, vSPoT and Wi-Fi calling
// operations (W67-W96): their read schemas, and the drives through them that answers.test.ts runs
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
    W73: contentPageSchema(guestUserReadSchema),
    W74: acceptedAnswerSchema(z.array(guestUserReadSchema)),
    W75: acceptedRequestSchema,
    W77: guestUserReadSchema,
    W78: acceptedRequestSchema,
    W79: acceptedRequestSchema,
    W80: acceptedRequestSchema,
    W81: acceptedAnswerSchema(guestUserReadSchema),
    // A field with a default in the write form is always filled in the answer.
    W84: acceptedAnswerSchema(answerOf(dpskPassphraseReadSchema)),
    W85: acceptedRequestSchema,
    W67: acceptedRequestSchema,
    W68: z.array(devicePolicyReadSchema),
    W69: acceptedAnswerSchema(devicePolicyReadSchema),
    W70: acceptedRequestSchema,
    W71: devicePolicyReadSchema,
    W72: acceptedAnswerSchema(devicePolicyReadSchema),
    W76: acceptedAnswerSchema(guestImportReadSchema),
    W82: recoveryPskReadSchema,
    W83: acceptedAnswerSchema(recoveryPskReadSchema),
    W86: z.array(vspotServerReadSchema),
    W87: acceptedAnswerSchema(vspotServerReadSchema),
    W88: vspotServerReadSchema,
    W89: acceptedAnswerSchema(vspotServerReadSchema),
    W90: acceptedRequestSchema,
    W91: z.array(wifiCallingProfileReadSchema),
    W92: acceptedAnswerSchema(wifiCallingProfileReadSchema),
    W93: acceptedRequestSchema,
    W94: wifiCallingProfileReadSchema,
    W95: acceptedAnswerSchema(wifiCallingProfileReadSchema),
    W96: acceptedRequestSchema,
  };
}

/** client disconnect, device policies, guest import, recovery PSK, vSPoT and Wi-Fi calling (W67-W96) */
export async function driveWifiServiceOperations({
  emu,
  client,
  variant,
  check,
  schemas,
  seen,
}: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Services site"))).id;
  // One serial per variant: both variants' tenants share the emulator, and a serial belongs to one tenant.
  const ap = (await client.ok("W2", {}, [apBody(venueId, variant === "newer" ? 71 : 171)]))[0];
  await admin(emu, "POST", `/tenants/${client.tenantId}/clients`, { apMac: ap.mac, clientMac: "02:00:00:00:00:01" });
  await check("W67", {}, [{ apMac: ap.mac, clientMac: "02:00:00:00:00:01" }]);
  const policy = {
    name: "Phones",
    description: "Phones only",
    rules: [{ name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 }],
  };
  if (variant === "newer") {
    const created = (await check("W69", {}, policy)).response;
    const spare = (await check("W69", {}, { ...policy, name: "Spare policy" })).response;
    await check("W68");
    await check("W71", { devicePolicyId: created.id });
    await check("W72", { devicePolicyId: created.id }, { ...policy, defaultAccess: "BLOCK" });
    await check("W70", {}, [created.id, spare.id]);
  } else {
    // The older variant has no device policies: each operation is 404 NMS-NOT-IN-VARIANT.
    for (const [op, params, body] of [
      ["W68", {}],
      ["W69", {}, policy],
      ["W70", {}, ["x"]],
      ["W71", { devicePolicyId: "x" }],
      ["W72", { devicePolicyId: "x" }, policy],
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
      "W50",
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
    `${emu.url}${ROUTES.W76.path.replace("{tenantId}", client.tenantId)}?networkId=${networkId}`,
    { method: "POST", body: form, headers: { cookie: client.cookie! } },
  );
  const importBody = (await imported.json()) as { requestId: string; response?: { data?: unknown[] } };
  expect({
    status: imported.status,
    problems: answerProblems(schemas.W76, importBody),
    count: importBody.response?.data?.length,
  }).toEqual({ status: 201, problems: [], count: 2 });
  expect((await client.waitFor(importBody.requestId)).status).toBe("SUCCESS");
  seen.add("W76");
  await check("W82");
  await check("W83", {}, { psk: "1234567890123456" });
  await check("W82");
  const venues = variant === "newer" ? [{ id: venueId }] : [{ name: "Services site" }];
  const vspot = (
    await check(
      "W87",
      {},
      { serverName: "Hotspot", serverAddress: "vspot.example.com", password: "vspot-password", venues },
    )
  ).response;
  await check("W86", {}, undefined, "page=0&size=10");
  await check("W88", { vspotId: vspot.id });
  await check(
    "W89",
    { vspotId: vspot.id },
    { serverName: "Hotspot", serverAddress: "192.0.2.40", port: 9883, password: "vspot-password" },
  );
  await check("W90", { vspotId: vspot.id });
  const calling = {
    profileName: "Carrier",
    description: "Carrier ePDGs",
    ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.60" }],
  };
  const profile = (await check("W92", {}, calling)).response;
  const spareProfile = (
    await check("W92", {}, { ...calling, profileName: "Carrier 2", qosPriority: "WIFICALLING_PRI_VIDEO" })
  ).response;
  await check("W91", {}, undefined, "page=0&size=10");
  await check("W94", { wifiCallingProfileId: profile.id });
  await check("W95", { wifiCallingProfileId: profile.id }, { ...calling, qosPriority: "WIFICALLING_PRI_BE" });
  await check("W96", { wifiCallingProfileId: profile.id });
  await check("W93", {}, [spareProfile.id]);
}

/** guest users and DPSK passphrases (W73-W85) */
export async function driveGuestUsersAndDpsk({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const networkId = (
    await client.ok(
      "W50",
      {},
      { name: "Guest answers", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
    )
  ).id;
  const [first, second] = (
    await check("W74", {}, [
      guestUserBody(networkId),
      { ...guestUserBody(networkId, "Second"), email: "s@example.com", notes: "n" },
    ])
  ).response;
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
