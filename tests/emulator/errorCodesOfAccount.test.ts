// Every documented error code of the account operations (administrators, delegations,
// notification recipients), the out-of-sync and component codes through fault injection, and
// the account decisions: a READ_ONLY administrator added through the API, delegation answers,
// delegated access by an MSP, licences that fall as APs are added. Straight against the emulator.
import type { RunningEmulator } from "../../emulator";
import { admin, apBody, Client, start, tenantWith, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

async function refusal(reply: Promise<{ status: number; body: any }>, status: number) {
  const { status: got, body } = await reply;
  expect({ status: got, body }).toEqual({
    status,
    body: { errors: [expect.any(Object)], requestId: expect.any(String) },
  });
  return body.errors[0];
}

const usernames = async () => (await client.call("listAdmins")).body.map((a: { email?: string }) => a.email);

describe("administrators (createAdmin, updateAdminRole)", () => {
  test("TNT-10303: the same person twice is 400, and nothing is added", async () => {
    await client.ok("createAdmin", {}, { role: "ADMIN", email: "twice@demo.example" });
    const before = await usernames();
    const entry = await refusal(client.call("createAdmin", {}, { role: "ADMIN", email: "twice@demo.example" }), 400);
    expect(entry).toMatchObject({ code: "TNT-10303", object: "email", value: "twice@demo.example" });
    expect(await usernames()).toEqual(before);
  });

  test("TNT-10300: an administrator of another tenant is 400", async () => {
    const other = await admin(emu, "POST", "/tenants", { name: "Elsewhere" });
    const entry = await refusal(client.call("createAdmin", {}, { role: "ADMIN", email: other.body.username }), 400);
    expect(entry).toMatchObject({ code: "TNT-10300", object: "email", value: other.body.username });
  });

  test("TNT-10302: a person with a support account is refused by email (400), and taken by externalId", async () => {
    await admin(emu, "POST", "/support-directory", {
      externalId: "ext-302",
      username: "supported@partner.example",
      name: "Sam",
    });
    const entry = await refusal(
      client.call("createAdmin", {}, { role: "ADMIN", email: "supported@partner.example" }),
      400,
    );
    expect(entry).toMatchObject({ code: "TNT-10302", object: "email" });
    const added = await client.ok("createAdmin", {}, { role: "ADMIN", externalId: "ext-302" });
    expect(added).toMatchObject({
      username: "supported@partner.example",
      externalId: "ext-302",
      detailLevel: "it",
      adminRoles: [{ role: "ADMIN" }],
    });
    const listed = (await client.call("getAdmin", { adminId: added.id })).body;
    expect(listed).toMatchObject({ externalId: "ext-302", name: "Sam", role: "ADMIN" });
    expect(listed).not.toHaveProperty("email");
  });

  test("email or externalId is required (422 naming email); an unknown externalId is 404", async () => {
    expect(await refusal(client.call("createAdmin", {}, { role: "ADMIN" }), 422)).toMatchObject({
      code: "NMS-VALIDATION",
      object: "email",
    });
    expect(await refusal(client.call("createAdmin", {}, { role: "ADMIN", externalId: "nobody" }), 404)).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "externalId",
    });
    expect(await refusal(client.call("createAdmin", {}, { role: "KING", email: "k@demo.example" }), 422)).toMatchObject(
      {
        object: "role",
      },
    );
  });

  test("updateAdminRole changes the role of the administrator its body names; the tenant's last PRIME_ADMIN cannot be deleted", async () => {
    const added = await client.ok("createAdmin", {}, { role: "ADMIN", email: "promoted@demo.example" });
    const changed = await client.ok(
      "updateAdminRole",
      {},
      { role: "OFFICE_ADMIN", email: "promoted@demo.example", detailLevel: "debug" },
    );
    expect(changed).toMatchObject({ id: added.id, adminRoles: [{ role: "OFFICE_ADMIN" }], detailLevel: "debug" });
    expect(
      await refusal(client.call("updateAdminRole", {}, { role: "ADMIN", email: "ghost@demo.example" }), 404),
    ).toMatchObject({
      object: "email",
    });
    const prime = (await client.call("listAdmins")).body.find((a: { role: string }) => a.role === "PRIME_ADMIN");
    expect(await refusal(client.call("deleteAdmin", { adminId: prime.id }), 409)).toMatchObject({ code: "NMS-IN-USE" });
  });

  test("a READ_ONLY administrator added through the API logs in with the password the admin API sets, reads, and is refused writes", async () => {
    await client.ok("createAdmin", {}, { role: "READ_ONLY", email: "auditor@demo.example" });
    expect(
      (await admin(emu, "POST", "/passwords", { username: "auditor@demo.example", password: "auditor-pass" })).status,
    ).toBe(204);
    const auditor = await Client.login(emu, "auditor@demo.example", "auditor-pass");
    expect((await auditor.call("listVenues")).status).toBe(200);
    expect((await auditor.call("createVenue", {}, venueBody("Not allowed"))).status).toBe(403);
    const listed = (await client.call("listAdmins")).body.find(
      (a: { email?: string }) => a.email === "auditor@demo.example",
    );
    expect(listed.lastLogin).toEqual(expect.any(String));
  });

  test("an administrator with no password set cannot log in; a deleted one no longer can", async () => {
    const added = await client.ok("createAdmin", {}, { role: "ADMIN", email: "leaver@demo.example" });
    expect((await client.call("getAdmin", { adminId: added.id })).status).toBe(200);
    await admin(emu, "POST", "/passwords", { username: "leaver@demo.example", password: "leaver-pass" });
    await Client.login(emu, "leaver@demo.example", "leaver-pass");
    await client.ok("deleteAdmin", { adminId: added.id });
    await expect(Client.login(emu, "leaver@demo.example", "leaver-pass")).rejects.toThrow(/401/);
  });
});

describe("delegations", () => {
  test("TNT-10301: a VAR the support directory does not know is 404", async () => {
    expect(await refusal(client.call("inviteVar", {}, { username: "unknown@var.example" }), 404)).toMatchObject({
      code: "TNT-10301",
      object: "username",
    });
  });

  test("TNT-10304: a member of the vendor's support team cannot be a VAR (400)", async () => {
    await admin(emu, "POST", "/support-directory", {
      externalId: "ext-304",
      username: "helper@support.example",
      supportUser: true,
    });
    expect(await refusal(client.call("inviteVar", {}, { username: "helper@support.example" }), 400)).toMatchObject({
      code: "TNT-10304",
      object: "username",
    });
  });

  test("a VAR accepts from its own tenant, naming the inviting tenant: INVITED becomes ACCEPTED and valid; getTenant shows it", async () => {
    const varTenant = await admin(emu, "POST", "/tenants", { name: "Partner VAR" });
    await admin(emu, "POST", "/support-directory", {
      externalId: "ext-var",
      username: "reseller@var.example",
      tenantId: varTenant.body.tenantId,
    });
    const invited = await client.ok("inviteVar", {}, { username: "reseller@var.example" });
    expect(invited).toMatchObject({
      type: "VAR",
      status: "INVITED",
      isValid: false,
      delegatedTo: varTenant.body.tenantId,
    });
    const reseller = await Client.login(emu, varTenant.body.username, varTenant.body.password);
    const wrong = await reseller.call(
      "updateDelegation",
      { delegationId: invited.id },
      { accept: true, fromTenantId: varTenant.body.tenantId },
    );
    expect(wrong.status).toBe(404);
    const answered = await reseller.ok(
      "updateDelegation",
      { delegationId: invited.id },
      { accept: true, fromTenantId: client.tenantId },
    );
    expect(answered).toMatchObject({ status: "ACCEPTED", isValid: true });
    expect((await client.call("getDelegation", { delegationId: invited.id })).body).toMatchObject({
      status: "ACCEPTED",
      isValid: true,
    });
    const again = await reseller.call(
      "updateDelegation",
      { delegationId: invited.id },
      { accept: false, fromTenantId: client.tenantId },
    );
    expect(again.status).toBe(422);
    const deep = (await client.call("getTenant", {}, undefined, "deep=true")).body;
    expect(deep.delegationsTo).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invited.id, status: "ACCEPTED" })]),
    );
  });

  test("support access: granted once (a second grant is 409), listed by type, revoked by deleteSupportDelegation (then 404)", async () => {
    const granted = await client.ok("createSupportDelegation");
    expect(granted).toMatchObject({
      type: "SUPPORT",
      status: "ACCEPTED",
      isValid: true,
      expiryDate: expect.any(String),
    });
    expect((await client.call("createSupportDelegation")).status).toBe(409);
    expect((await client.call("listDelegations", {}, undefined, "type=SUPPORT")).body).toEqual([granted]);
    expect((await client.call("listDelegations", {}, undefined, "type=BOSS")).status).toBe(400);
    await client.ok("deleteSupportDelegation");
    expect((await client.call("deleteSupportDelegation")).status).toBe(404);
  });
});

describe("notification recipients (createNotificationRecipient, updateNotificationRecipient)", () => {
  test("TNT-10100: an endpoint twice in one body is 400 naming the second", async () => {
    const endpoints = [
      { type: "EMAIL", destination: "a@demo.example" },
      { type: "email", destination: "A@demo.example" },
    ];
    const entry = await refusal(
      client.call("createNotificationRecipient", {}, { description: "Twice", endpoints }),
      400,
    );
    expect(entry).toMatchObject({ code: "TNT-10100", object: "endpoints[1].destination" });
  });

  test("TNT-10100: an endpoint another recipient has is 400 on create and on update", async () => {
    const first = await client.ok(
      "createNotificationRecipient",
      {},
      { description: "First", endpoints: [{ type: "SMS", destination: "+15550111" }] },
    );
    const second = await client.ok("createNotificationRecipient", {}, { description: "Second", endpoints: [] });
    const taken = { description: "Taken", endpoints: [{ type: "SMS", destination: "+15550111" }] };
    expect(await refusal(client.call("createNotificationRecipient", {}, taken), 400)).toMatchObject({
      code: "TNT-10100",
      object: "endpoints[0].destination",
    });
    expect(
      await refusal(client.call("updateNotificationRecipient", { notificationRecipientId: second.id }, taken), 400),
    ).toMatchObject({
      code: "TNT-10100",
    });
    // The recipient that has it may keep it.
    await client.ok(
      "updateNotificationRecipient",
      { notificationRecipientId: first.id },
      { ...taken, description: "First, renamed" },
    );
  });

  test("description and endpoints are required (422 naming each)", async () => {
    const { body } = await client.call("createNotificationRecipient", {}, {});
    expect(body.errors.map((e: { object: string }) => e.object).sort()).toEqual(["description", "endpoints"]);
  });

  test("deleteNotificationRecipients deletes the recipients its body lists, by their id", async () => {
    const gone = await client.ok("createNotificationRecipient", {}, { description: "Bulk", endpoints: [] });
    await client.ok("deleteNotificationRecipients", {}, [gone]);
    expect((await client.call("getNotificationRecipient", { notificationRecipientId: gone.id })).status).toBe(404);
    expect((await client.call("deleteNotificationRecipients", {}, [{ description: "no id" }])).status).toBe(400);
  });
});

describe("out-of-sync and component codes, through fault injection", () => {
  test.each([
    ["VENUE-10001", "createVenue"],
    ["CFGC-10000", "createVenue"],
    ["WIFI-10000", "createVenue"],
    ["SWITCH-10000", "createVenue"],
    ["LTE-10000", "createVenue"],
    ["TNT-10001", "createNotificationRecipient"],
  ])("%s answered on %s by an http-5xx fault, with the error body", async (code, op) => {
    await admin(emu, "POST", "/faults", { kind: "http-5xx", op, code, count: 1 });
    const body = op === "createVenue" ? venueBody(`Fault ${code}`) : { description: "Fault", endpoints: [] };
    expect(await refusal(client.call(op as "createVenue", {}, body), 500)).toMatchObject({ code });
  });

  test.each([
    ["VENUE-10001", "updateVenue"],
    ["TNT-10001", "createAdmin"],
    ["TNT-10001", "updateUserProfile"],
  ])("%s ends the record of %s FAIL through a fail-request fault", async (code, op) => {
    await admin(emu, "POST", "/faults", { kind: "fail-request", op, code, count: 1 });
    const venue = op === "updateVenue" ? await client.ok("createVenue", {}, venueBody(`Synced ${code}`)) : undefined;
    const body =
      op === "updateVenue"
        ? venueBody(`Synced ${code}`)
        : op === "createAdmin"
          ? { role: "ADMIN", email: `fault-${op}@demo.example` }
          : { dateFormat: "dd/mm/yyyy", detailLevel: "ba" };
    const { record } = await client.write(op as "createAdmin", venue ? { venueId: venue.id } : {}, body);
    expect(record).toMatchObject({ status: "FAIL", errors: [expect.objectContaining({ code })] });
  });
});

describe("delegated access and licences", () => {
  test("an MSP manages its end customer's tenant with the tenant header; any other tenant is 403", async () => {
    const customer = await admin(emu, "POST", "/tenants", { name: "End Customer" });
    const ecId = customer.body.tenantId;
    const asMsp = new Client(emu, ecId, client.cookie);
    expect((await asMsp.call("listVenues")).status).toBe(403);
    await admin(emu, "PUT", `/tenants/${ecId}/msp`, { mspTenantId: client.tenantId });
    expect((await asMsp.call("listVenues")).status).toBe(400);
    expect(
      (await asMsp.call("listVenues", {}, undefined, undefined, { "x-rks-tenantid": client.tenantId })).status,
    ).toBe(403);
    const header = { "x-rks-tenantid": ecId };
    const accepted = await asMsp.call("createVenue", {}, venueBody("Customer site"), undefined, header);
    expect(accepted.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      (await asMsp.call("listVenues", {}, undefined, undefined, header)).body.map((v: { name: string }) => v.name),
    ).toEqual(["Customer site"]);
    const tenant = (await asMsp.call("getTenant", {}, undefined, undefined, header)).body;
    expect(tenant.mspEc).toMatchObject({ parentMspId: client.tenantId });
    const ec = await Client.login(emu, customer.body.username, customer.body.password);
    expect((await ec.call("listVenues", { tenantId: client.tenantId })).status).toBe(403);
    const refreshed = (
      await client.call("getEndCustomerEntitlements", {}, undefined, `mspEcTenantId=${ecId}&type=WIFI`)
    ).body;
    expect(refreshed.summary).toEqual([
      expect.objectContaining({ deviceType: "WIFI", quantity: 1000, deviceCount: 0 }),
    ]);
    expect(
      (await ec.call("getEndCustomerEntitlements", {}, undefined, `mspEcTenantId=${client.tenantId}`)).status,
    ).toBe(403);
  });

  test("a summary's remaining devices falls as APs are added, and the entitlement is the licence count that gates them", async () => {
    const small = await tenantWith(emu, { wifiLicenses: 3 });
    const venueId = (await small.ok("createVenue", {}, venueBody("Licensed"))).id;
    const remaining = async () =>
      (await small.call("listEntitlementSummaries", {}, undefined, "type=WIFI")).body[0].remainingDevices;
    expect(await remaining()).toBe(3);
    await small.ok("createAps", {}, [apBody(venueId, 901), apBody(venueId, 902)]);
    expect(await remaining()).toBe(1);
    expect((await small.call("listEntitlements", {}, undefined, "type=WIFI")).body).toEqual([
      expect.objectContaining({ deviceType: "WIFI", quantity: 3 }),
    ]);
    expect((await small.call("createAps", {}, [apBody(venueId, 903), apBody(venueId, 904)])).status).toBe(402);
  });

  test("the user profile is the caller's: updateUserProfile changes it, getTenant shows the same values, regions are listed", async () => {
    await client.ok("updateUserProfile", {}, { dateFormat: "yyyy/mm/dd", detailLevel: "debug" });
    const profile = (await client.call("getUserProfile")).body;
    expect(profile).toMatchObject({
      username: emu.demo.username,
      dateFormat: "yyyy/mm/dd",
      detailLevel: "debug",
      roles: ["PRIME_ADMIN"],
    });
    expect(profile.allowedRegions.map((r: { name: string }) => r.name)).toEqual(["na", "eu"]);
    const me = (await client.call("getTenant", {}, undefined, "deep=true")).body.admins.find(
      (a: { username: string }) => a.username === emu.demo.username,
    );
    expect(me).toMatchObject({ dateFormat: "yyyy/mm/dd", detailLevel: "debug" });
    expect((await client.call("updateUserProfile", {}, { dateFormat: "yyyy/mm/dd" })).status).toBe(422);
  });
});

describe("floor plans, calibration points and the file store (createFloorPlan, replaceCalibrationPoints, getUploadUrl, getDownloadUrl)", () => {
  async function uploaded(bytes: Uint8Array): Promise<string> {
    const { fileId, signedUrl } = (await client.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    expect((await fetch(signedUrl, { method: "PUT", body: bytes })).status).toBe(200);
    return fileId;
  }

  test("VENUE-10203: one or three calibration points are 422 naming the list, and the stored points stay", async () => {
    const venueId = (await client.ok("createVenue", {}, venueBody("Calibrated"))).id;
    const plan = await client.ok("createFloorPlan", { venueId }, { name: "Ground" });
    const point = { xPercent: 50, yPercent: 50, latitude: "38.7", longitude: "-9.1" };
    await client.ok("replaceCalibrationPoints", { venueId, floorPlanId: plan.id }, [point, { ...point, xPercent: 60 }]);
    for (const points of [[point], [point, point, point]]) {
      expect(
        await refusal(client.call("replaceCalibrationPoints", { venueId, floorPlanId: plan.id }, points), 422),
      ).toMatchObject({
        code: "VENUE-10203",
      });
    }
    expect(
      await refusal(
        client.call("replaceCalibrationPoints", { venueId, floorPlanId: plan.id }, [
          point,
          { ...point, yPercent: 101 },
        ]),
        422,
      ),
    ).toMatchObject({ object: "[1].yPercent" });
    expect((await client.call("listCalibrationPoints", { venueId, floorPlanId: plan.id })).body).toHaveLength(2);
  });

  test("an image round trip: getUploadUrl, PUT of the raw bytes, the floor plan's imageUrl, getDownloadUrl's redirect followed without the service's headers", async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 250]);
    const fileId = await uploaded(bytes);
    const venueId = (await client.ok("createVenue", {}, venueBody("Imaged"))).id;
    const plan = await client.ok("createFloorPlan", { venueId }, { name: "With image", imageId: fileId });
    expect(plan.imageUrl).toBe(`/api/file/tenant/${client.tenantId}/${fileId}`);
    const redirect = await fetch(`${emu.url}${plan.imageUrl}`, {
      headers: { cookie: client.cookie! },
      redirect: "manual",
    });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location")!;
    const plain = await fetch(location);
    expect({ status: plain.status, type: plain.headers.get("content-type") }).toEqual({
      status: 200,
      type: "image/png",
    });
    expect(new Uint8Array(await plain.arrayBuffer())).toEqual(bytes);
  });

  test.each([
    ["the service's cookie", { cookie: "API-KEY=whatever" }],
    ["the tenant header", { "x-rks-tenantid": "0".repeat(32) }],
    ["the request-ID header", { "x-request-id": "abc" }],
    ["a bearer token", { authorization: "Bearer x" }],
  ])("getDownloadUrl's target refuses a request carrying %s (403)", async (_what, headers) => {
    const fileId = await uploaded(new Uint8Array([1, 2, 3]));
    const redirect = await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, {
      headers: { cookie: client.cookie! },
      redirect: "manual",
    });
    expect((await fetch(redirect.headers.get("location")!, { headers })).status).toBe(403);
    // A client that follows the redirect with the service's cookie meets the same 403.
    expect(
      (await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, { headers: { cookie: client.cookie! } }))
        .status,
    ).toBe(403);
  });

  test("file rules: a wrong signature is 403, an unknown or never uploaded file is 404, an imageId of no file is 404", async () => {
    const { fileId, signedUrl } = (await client.call("getUploadUrl", {}, { fileExtension: ".jpg" })).body;
    expect(
      (await fetch(signedUrl.replace(/signature=\w+/, "signature=forged"), { method: "PUT", body: "x" })).status,
    ).toBe(403);
    expect((await client.call("getDownloadUrl", { fileId })).status).toBe(404);
    expect((await client.call("getDownloadUrl", { fileId: "nope" })).status).toBe(404);
    expect((await client.call("getUploadUrl", {}, { fileExtension: "not an extension" })).status).toBe(422);
    const venueId = (await client.ok("createVenue", {}, venueBody("No image"))).id;
    expect(
      await refusal(client.call("createFloorPlan", { venueId }, { name: "Bad image", imageId: "missing" }), 404),
    ).toMatchObject({ code: "NMS-RELATED-NOT-FOUND", object: "imageId" });
  });

  test.each([
    ["VENUE-10001", "createFloorPlan"],
    ["WIFI-10000", "updateFloorPlan"],
    ["SWITCH-10000", "deleteFloorPlan"],
    ["LTE-10000", "replaceCalibrationPoints"],
  ])("%s on %s through an http-5xx fault", async (code, op) => {
    const venueId = (await client.ok("createVenue", {}, venueBody(`Fault plan ${code}`))).id;
    const plan = await client.ok("createFloorPlan", { venueId }, { name: "Faulty" });
    await admin(emu, "POST", "/faults", { kind: "http-5xx", op, code, count: 1 });
    const body = op === "replaceCalibrationPoints" ? [] : { name: "Faulty" };
    expect(
      await refusal(client.call(op as "updateFloorPlan", { venueId, floorPlanId: plan.id }, body), 500),
    ).toMatchObject({
      code,
    });
  });
});
