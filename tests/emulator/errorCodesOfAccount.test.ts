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

const usernames = async () => (await client.call("A12")).body.map((a: { email?: string }) => a.email);

describe("administrators (A13, A14)", () => {
  test("TNT-10303: the same person twice is 400, and nothing is added", async () => {
    await client.ok("A13", {}, { role: "ADMIN", email: "twice@demo.example" });
    const before = await usernames();
    const entry = await refusal(client.call("A13", {}, { role: "ADMIN", email: "twice@demo.example" }), 400);
    expect(entry).toMatchObject({ code: "TNT-10303", object: "email", value: "twice@demo.example" });
    expect(await usernames()).toEqual(before);
  });

  test("TNT-10300: an administrator of another tenant is 400", async () => {
    const other = await admin(emu, "POST", "/tenants", { name: "Elsewhere" });
    const entry = await refusal(client.call("A13", {}, { role: "ADMIN", email: other.body.username }), 400);
    expect(entry).toMatchObject({ code: "TNT-10300", object: "email", value: other.body.username });
  });

  test("TNT-10302: a person with a support account is refused by email (400), and taken by externalId", async () => {
    await admin(emu, "POST", "/support-directory", {
      externalId: "ext-302",
      username: "supported@partner.example",
      name: "Sam",
    });
    const entry = await refusal(client.call("A13", {}, { role: "ADMIN", email: "supported@partner.example" }), 400);
    expect(entry).toMatchObject({ code: "TNT-10302", object: "email" });
    const added = await client.ok("A13", {}, { role: "ADMIN", externalId: "ext-302" });
    expect(added).toMatchObject({
      username: "supported@partner.example",
      externalId: "ext-302",
      detailLevel: "it",
      adminRoles: [{ role: "ADMIN" }],
    });
    const listed = (await client.call("A16", { adminId: added.id })).body;
    expect(listed).toMatchObject({ externalId: "ext-302", name: "Sam", role: "ADMIN" });
    expect(listed).not.toHaveProperty("email");
  });

  test("email or externalId is required (422 naming email); an unknown externalId is 404", async () => {
    expect(await refusal(client.call("A13", {}, { role: "ADMIN" }), 422)).toMatchObject({
      code: "NMS-VALIDATION",
      object: "email",
    });
    expect(await refusal(client.call("A13", {}, { role: "ADMIN", externalId: "nobody" }), 404)).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "externalId",
    });
    expect(await refusal(client.call("A13", {}, { role: "KING", email: "k@demo.example" }), 422)).toMatchObject({
      object: "role",
    });
  });

  test("A14 changes the role of the administrator its body names; the tenant's last PRIME_ADMIN cannot be deleted", async () => {
    const added = await client.ok("A13", {}, { role: "ADMIN", email: "promoted@demo.example" });
    const changed = await client.ok(
      "A14",
      {},
      { role: "OFFICE_ADMIN", email: "promoted@demo.example", detailLevel: "debug" },
    );
    expect(changed).toMatchObject({ id: added.id, adminRoles: [{ role: "OFFICE_ADMIN" }], detailLevel: "debug" });
    expect(await refusal(client.call("A14", {}, { role: "ADMIN", email: "ghost@demo.example" }), 404)).toMatchObject({
      object: "email",
    });
    const prime = (await client.call("A12")).body.find((a: { role: string }) => a.role === "PRIME_ADMIN");
    expect(await refusal(client.call("A17", { adminId: prime.id }), 409)).toMatchObject({ code: "NMS-IN-USE" });
  });

  test("a READ_ONLY administrator added through the API logs in with the password the admin API sets, reads, and is refused writes", async () => {
    await client.ok("A13", {}, { role: "READ_ONLY", email: "auditor@demo.example" });
    expect(
      (await admin(emu, "POST", "/passwords", { username: "auditor@demo.example", password: "auditor-pass" })).status,
    ).toBe(204);
    const auditor = await Client.login(emu, "auditor@demo.example", "auditor-pass");
    expect((await auditor.call("A6")).status).toBe(200);
    expect((await auditor.call("A7", {}, venueBody("Not allowed"))).status).toBe(403);
    const listed = (await client.call("A12")).body.find((a: { email?: string }) => a.email === "auditor@demo.example");
    expect(listed.lastLogin).toEqual(expect.any(String));
  });

  test("an administrator with no password set cannot log in; a deleted one no longer can", async () => {
    const added = await client.ok("A13", {}, { role: "ADMIN", email: "leaver@demo.example" });
    expect((await client.call("A16", { adminId: added.id })).status).toBe(200);
    await admin(emu, "POST", "/passwords", { username: "leaver@demo.example", password: "leaver-pass" });
    await Client.login(emu, "leaver@demo.example", "leaver-pass");
    await client.ok("A17", { adminId: added.id });
    await expect(Client.login(emu, "leaver@demo.example", "leaver-pass")).rejects.toThrow(/401/);
  });
});

describe("delegations (A19-A24)", () => {
  test("TNT-10301: a VAR the support directory does not know is 404", async () => {
    expect(await refusal(client.call("A19", {}, { username: "unknown@var.example" }), 404)).toMatchObject({
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
    expect(await refusal(client.call("A19", {}, { username: "helper@support.example" }), 400)).toMatchObject({
      code: "TNT-10304",
      object: "username",
    });
  });

  test("a VAR accepts from its own tenant, naming the inviting tenant: INVITED becomes ACCEPTED and valid; A4 shows it", async () => {
    const varTenant = await admin(emu, "POST", "/tenants", { name: "Partner VAR" });
    await admin(emu, "POST", "/support-directory", {
      externalId: "ext-var",
      username: "reseller@var.example",
      tenantId: varTenant.body.tenantId,
    });
    const invited = await client.ok("A19", {}, { username: "reseller@var.example" });
    expect(invited).toMatchObject({
      type: "VAR",
      status: "INVITED",
      isValid: false,
      delegatedTo: varTenant.body.tenantId,
    });
    const reseller = await Client.login(emu, varTenant.body.username, varTenant.body.password);
    const wrong = await reseller.call(
      "A23",
      { delegationId: invited.id },
      { accept: true, fromTenantId: varTenant.body.tenantId },
    );
    expect(wrong.status).toBe(404);
    const answered = await reseller.ok(
      "A23",
      { delegationId: invited.id },
      { accept: true, fromTenantId: client.tenantId },
    );
    expect(answered).toMatchObject({ status: "ACCEPTED", isValid: true });
    expect((await client.call("A22", { delegationId: invited.id })).body).toMatchObject({
      status: "ACCEPTED",
      isValid: true,
    });
    const again = await reseller.call(
      "A23",
      { delegationId: invited.id },
      { accept: false, fromTenantId: client.tenantId },
    );
    expect(again.status).toBe(422);
    const deep = (await client.call("A4", {}, undefined, "deep=true")).body;
    expect(deep.delegationsTo).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invited.id, status: "ACCEPTED" })]),
    );
  });

  test("support access: granted once (a second grant is 409), listed by type, revoked by A21 (then 404)", async () => {
    const granted = await client.ok("A20");
    expect(granted).toMatchObject({
      type: "SUPPORT",
      status: "ACCEPTED",
      isValid: true,
      expiryDate: expect.any(String),
    });
    expect((await client.call("A20")).status).toBe(409);
    expect((await client.call("A18", {}, undefined, "type=SUPPORT")).body).toEqual([granted]);
    expect((await client.call("A18", {}, undefined, "type=BOSS")).status).toBe(400);
    await client.ok("A21");
    expect((await client.call("A21")).status).toBe(404);
  });
});

describe("notification recipients (A26, A29)", () => {
  test("TNT-10100: an endpoint twice in one body is 400 naming the second", async () => {
    const endpoints = [
      { type: "EMAIL", destination: "a@demo.example" },
      { type: "email", destination: "A@demo.example" },
    ];
    const entry = await refusal(client.call("A26", {}, { description: "Twice", endpoints }), 400);
    expect(entry).toMatchObject({ code: "TNT-10100", object: "endpoints[1].destination" });
  });

  test("TNT-10100: an endpoint another recipient has is 400 on create and on update", async () => {
    const first = await client.ok(
      "A26",
      {},
      { description: "First", endpoints: [{ type: "SMS", destination: "+15550111" }] },
    );
    const second = await client.ok("A26", {}, { description: "Second", endpoints: [] });
    const taken = { description: "Taken", endpoints: [{ type: "SMS", destination: "+15550111" }] };
    expect(await refusal(client.call("A26", {}, taken), 400)).toMatchObject({
      code: "TNT-10100",
      object: "endpoints[0].destination",
    });
    expect(await refusal(client.call("A29", { notificationRecipientId: second.id }, taken), 400)).toMatchObject({
      code: "TNT-10100",
    });
    // The recipient that has it may keep it.
    await client.ok("A29", { notificationRecipientId: first.id }, { ...taken, description: "First, renamed" });
  });

  test("description and endpoints are required (422 naming each)", async () => {
    const { body } = await client.call("A26", {}, {});
    expect(body.errors.map((e: { object: string }) => e.object).sort()).toEqual(["description", "endpoints"]);
  });

  test("A27 deletes the recipients its body lists, by their id", async () => {
    const gone = await client.ok("A26", {}, { description: "Bulk", endpoints: [] });
    await client.ok("A27", {}, [gone]);
    expect((await client.call("A28", { notificationRecipientId: gone.id })).status).toBe(404);
    expect((await client.call("A27", {}, [{ description: "no id" }])).status).toBe(400);
  });
});

describe("out-of-sync and component codes, through fault injection", () => {
  test.each([
    ["VENUE-10001", "A7"],
    ["CFGC-10000", "A7"],
    ["WIFI-10000", "A7"],
    ["SWITCH-10000", "A7"],
    ["LTE-10000", "A7"],
    ["TNT-10001", "A26"],
  ])("%s answered on %s by an http-5xx fault, with the error body", async (code, op) => {
    await admin(emu, "POST", "/faults", { kind: "http-5xx", op, code, count: 1 });
    const body = op === "A7" ? venueBody(`Fault ${code}`) : { description: "Fault", endpoints: [] };
    expect(await refusal(client.call(op as "A7", {}, body), 500)).toMatchObject({ code });
  });

  test.each([
    ["VENUE-10001", "A10"],
    ["TNT-10001", "A13"],
    ["TNT-10001", "A32"],
  ])("%s ends the record of %s FAIL through a fail-request fault", async (code, op) => {
    await admin(emu, "POST", "/faults", { kind: "fail-request", op, code, count: 1 });
    const venue = op === "A10" ? await client.ok("A7", {}, venueBody(`Synced ${code}`)) : undefined;
    const body =
      op === "A10"
        ? venueBody(`Synced ${code}`)
        : op === "A13"
          ? { role: "ADMIN", email: `fault-${op}@demo.example` }
          : { dateFormat: "dd/mm/yyyy", detailLevel: "ba" };
    const { record } = await client.write(op as "A13", venue ? { venueId: venue.id } : {}, body);
    expect(record).toMatchObject({ status: "FAIL", errors: [expect.objectContaining({ code })] });
  });
});

describe("delegated access and licences", () => {
  test("an MSP manages its end customer's tenant with the tenant header; any other tenant is 403", async () => {
    const customer = await admin(emu, "POST", "/tenants", { name: "End Customer" });
    const ecId = customer.body.tenantId;
    const asMsp = new Client(emu, ecId, client.cookie);
    expect((await asMsp.call("A6")).status).toBe(403);
    await admin(emu, "PUT", `/tenants/${ecId}/msp`, { mspTenantId: client.tenantId });
    expect((await asMsp.call("A6")).status).toBe(400);
    expect((await asMsp.call("A6", {}, undefined, undefined, { "x-rks-tenantid": client.tenantId })).status).toBe(403);
    const header = { "x-rks-tenantid": ecId };
    const accepted = await asMsp.call("A7", {}, venueBody("Customer site"), undefined, header);
    expect(accepted.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      (await asMsp.call("A6", {}, undefined, undefined, header)).body.map((v: { name: string }) => v.name),
    ).toEqual(["Customer site"]);
    const tenant = (await asMsp.call("A4", {}, undefined, undefined, header)).body;
    expect(tenant.mspEc).toMatchObject({ parentMspId: client.tenantId });
    const ec = await Client.login(emu, customer.body.username, customer.body.password);
    expect((await ec.call("A6", { tenantId: client.tenantId })).status).toBe(403);
    const refreshed = (await client.call("A35", {}, undefined, `mspEcTenantId=${ecId}&type=WIFI`)).body;
    expect(refreshed.summary).toEqual([
      expect.objectContaining({ deviceType: "WIFI", quantity: 1000, deviceCount: 0 }),
    ]);
    expect((await ec.call("A35", {}, undefined, `mspEcTenantId=${client.tenantId}`)).status).toBe(403);
  });

  test("a summary's remaining devices falls as APs are added, and the entitlement is the licence count that gates them", async () => {
    const small = await tenantWith(emu, { wifiLicenses: 3 });
    const venueId = (await small.ok("A7", {}, venueBody("Licensed"))).id;
    const remaining = async () => (await small.call("A34", {}, undefined, "type=WIFI")).body[0].remainingDevices;
    expect(await remaining()).toBe(3);
    await small.ok("W2", {}, [apBody(venueId, 901), apBody(venueId, 902)]);
    expect(await remaining()).toBe(1);
    expect((await small.call("A33", {}, undefined, "type=WIFI")).body).toEqual([
      expect.objectContaining({ deviceType: "WIFI", quantity: 3 }),
    ]);
    expect((await small.call("W2", {}, [apBody(venueId, 903), apBody(venueId, 904)])).status).toBe(402);
  });

  test("the user profile is the caller's: A32 changes it, A4 shows the same values, regions are listed", async () => {
    await client.ok("A32", {}, { dateFormat: "yyyy/mm/dd", detailLevel: "debug" });
    const profile = (await client.call("A31")).body;
    expect(profile).toMatchObject({
      username: emu.demo.username,
      dateFormat: "yyyy/mm/dd",
      detailLevel: "debug",
      roles: ["PRIME_ADMIN"],
    });
    expect(profile.allowedRegions.map((r: { name: string }) => r.name)).toEqual(["na", "eu"]);
    const me = (await client.call("A4", {}, undefined, "deep=true")).body.admins.find(
      (a: { username: string }) => a.username === emu.demo.username,
    );
    expect(me).toMatchObject({ dateFormat: "yyyy/mm/dd", detailLevel: "debug" });
    expect((await client.call("A32", {}, { dateFormat: "yyyy/mm/dd" })).status).toBe(422);
  });
});

describe("floor plans, calibration points and the file store (F2, C2, U1, U2)", () => {
  async function uploaded(bytes: Uint8Array): Promise<string> {
    const { fileId, signedUrl } = (await client.call("U1", {}, { fileExtension: "png" })).body;
    expect((await fetch(signedUrl, { method: "PUT", body: bytes })).status).toBe(200);
    return fileId;
  }

  test("VENUE-10203: one or three calibration points are 422 naming the list, and the stored points stay", async () => {
    const venueId = (await client.ok("A7", {}, venueBody("Calibrated"))).id;
    const plan = await client.ok("F2", { venueId }, { name: "Ground" });
    const point = { xPercent: 50, yPercent: 50, latitude: "38.7", longitude: "-9.1" };
    await client.ok("C2", { venueId, floorPlanId: plan.id }, [point, { ...point, xPercent: 60 }]);
    for (const points of [[point], [point, point, point]]) {
      expect(await refusal(client.call("C2", { venueId, floorPlanId: plan.id }, points), 422)).toMatchObject({
        code: "VENUE-10203",
      });
    }
    expect(
      await refusal(client.call("C2", { venueId, floorPlanId: plan.id }, [point, { ...point, yPercent: 101 }]), 422),
    ).toMatchObject({ object: "[1].yPercent" });
    expect((await client.call("C1", { venueId, floorPlanId: plan.id })).body).toHaveLength(2);
  });

  test("an image round trip: U1, PUT of the raw bytes, the floor plan's imageUrl, U2's redirect followed without the service's headers", async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 250]);
    const fileId = await uploaded(bytes);
    const venueId = (await client.ok("A7", {}, venueBody("Imaged"))).id;
    const plan = await client.ok("F2", { venueId }, { name: "With image", imageId: fileId });
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
  ])("U2's target refuses a request carrying %s (403)", async (_what, headers) => {
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
    const { fileId, signedUrl } = (await client.call("U1", {}, { fileExtension: ".jpg" })).body;
    expect(
      (await fetch(signedUrl.replace(/signature=\w+/, "signature=forged"), { method: "PUT", body: "x" })).status,
    ).toBe(403);
    expect((await client.call("U2", { fileId })).status).toBe(404);
    expect((await client.call("U2", { fileId: "nope" })).status).toBe(404);
    expect((await client.call("U1", {}, { fileExtension: "not an extension" })).status).toBe(422);
    const venueId = (await client.ok("A7", {}, venueBody("No image"))).id;
    expect(await refusal(client.call("F2", { venueId }, { name: "Bad image", imageId: "missing" }), 404)).toMatchObject(
      { code: "NMS-RELATED-NOT-FOUND", object: "imageId" },
    );
  });

  test.each([
    ["VENUE-10001", "F2"],
    ["WIFI-10000", "F4"],
    ["SWITCH-10000", "F5"],
    ["LTE-10000", "C2"],
  ])("%s on %s through an http-5xx fault", async (code, op) => {
    const venueId = (await client.ok("A7", {}, venueBody(`Fault plan ${code}`))).id;
    const plan = await client.ok("F2", { venueId }, { name: "Faulty" });
    await admin(emu, "POST", "/faults", { kind: "http-5xx", op, code, count: 1 });
    const body = op === "C2" ? [] : { name: "Faulty" };
    expect(await refusal(client.call(op as "F4", { venueId, floorPlanId: plan.id }, body), 500)).toMatchObject({
      code,
    });
  });
});
