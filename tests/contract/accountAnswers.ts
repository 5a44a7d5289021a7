// The answers of the account and venues operations (A1-A35, F1-F5, C1, C2, U1, U2): their read
// schemas, and the drives through them that answers.test.ts runs for a tenant of each Wi-Fi API
// variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  adminEmbeddedReadSchema,
  adminListReadSchema,
  calibrationPointReadSchema,
  delegationReadSchema,
  entitlementReadSchema,
  entitlementSummaryReadSchema,
  floorPlanReadSchema,
  notificationRecipientReadSchema,
  uploadUrlReadSchema,
  userProfileReadSchema,
  venueReadSchema,
} from "../../contract";
import { admin, Client, venueBody } from "../support/emulatorClient";
import {
  answerProblems,
  strictLoginReadSchema,
  strictRequestRecordReadSchema,
  strictTenantDetailsReadSchema,
  strictTenantReadSchema,
} from "../support/answerChecks";
import type { AnswerRun } from "./answerRun";

export function accountAnswerSchemas() {
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
    A12: z.array(adminListReadSchema),
    A13: acceptedAnswerSchema(adminEmbeddedReadSchema),
    A14: acceptedAnswerSchema(adminEmbeddedReadSchema),
    A15: acceptedRequestSchema,
    A16: adminListReadSchema,
    A17: acceptedRequestSchema,
    A18: z.array(delegationReadSchema),
    A19: acceptedAnswerSchema(delegationReadSchema),
    A20: acceptedAnswerSchema(delegationReadSchema),
    A21: acceptedRequestSchema,
    A22: delegationReadSchema,
    A23: acceptedAnswerSchema(delegationReadSchema),
    A24: acceptedRequestSchema,
    A25: z.array(notificationRecipientReadSchema),
    A26: acceptedAnswerSchema(notificationRecipientReadSchema),
    A27: acceptedRequestSchema,
    A28: notificationRecipientReadSchema,
    A29: acceptedAnswerSchema(notificationRecipientReadSchema),
    A30: acceptedRequestSchema,
    A31: userProfileReadSchema,
    A32: acceptedAnswerSchema(userProfileReadSchema),
    A33: z.array(entitlementReadSchema),
    A34: z.array(entitlementSummaryReadSchema),
    A35: z.object({ entitlements: z.array(entitlementReadSchema), summary: z.array(entitlementSummaryReadSchema) }),
    F1: z.array(floorPlanReadSchema),
    F2: acceptedAnswerSchema(floorPlanReadSchema),
    F3: floorPlanReadSchema,
    F4: acceptedAnswerSchema(floorPlanReadSchema),
    F5: acceptedRequestSchema,
    C1: z.array(calibrationPointReadSchema),
    C2: acceptedAnswerSchema(z.array(calibrationPointReadSchema)),
    U1: uploadUrlReadSchema,
    // A redirect: no body, the address in Location.
    U2: z.undefined(),
  };
}

/** administrators, delegations, recipients, user profile and licences (A12-A35) */
export async function driveAccountOperations({ emu, client, variant, check, schemas, seen }: AnswerRun): Promise<void> {
  const tag = `${variant}-${Date.now()}`;
  const varTenant = await admin(emu, "POST", "/tenants", { name: `VAR ${variant}` });
  await admin(emu, "POST", "/support-directory", {
    externalId: `ext-${tag}`,
    username: `person-${tag}@support.example`,
    name: "Pat",
    lastName: "Lee",
  });
  await admin(emu, "POST", "/support-directory", {
    externalId: `var-${tag}`,
    username: `var-${tag}@var.example`,
    tenantId: varTenant.body.tenantId,
  });
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
  const answered = await varClient.call(
    "A23",
    { delegationId: invited.id },
    { accept: true, fromTenantId: client.tenantId },
  );
  expect({ status: answered.status, problems: answerProblems(schemas.A23, answered.body) }).toEqual({
    status: 202,
    problems: [],
  });
  seen.add("A23");
  expect((await varClient.waitFor(answered.body.requestId)).status).toBe("SUCCESS");
  await check("A21");
  await check("A24", { delegationId: invited.id });
  const recipient = (
    await check(
      "A26",
      {},
      { description: "On-call", endpoints: [{ type: "EMAIL", destination: `oncall-${tag}@example.com` }] },
    )
  ).response;
  const other = (await check("A26", {}, { description: "NOC", endpoints: [] })).response;
  await check("A25");
  await check("A28", { notificationRecipientId: recipient.id });
  await check(
    "A29",
    { notificationRecipientId: recipient.id },
    { description: "On-call team", endpoints: [{ type: "SMS", destination: "+15550100", active: false }] },
  );
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
}

/** floor plans, calibration points and files (F1-F5, C1, C2, U1, U2) */
export async function driveFloorPlanOperations({ emu, client, variant, check, seen }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody(`Plans ${variant}`))).id;
  const { fileId, signedUrl } = await check("U1", {}, { fileExtension: "png" });
  expect((await fetch(signedUrl, { method: "PUT", body: new Uint8Array([137, 80, 78, 71]) })).status).toBe(200);
  const plan = (await check("F2", { venueId }, { name: "Ground", floorNumber: 0, imageId: fileId })).response;
  const spare = (await check("F2", { venueId }, { name: "Roof" })).response;
  await check("F1", { venueId });
  await check("F3", { venueId, floorPlanId: plan.id });
  await check("F4", { venueId, floorPlanId: plan.id }, { name: "Ground floor", floorNumber: 0, imageId: fileId });
  const points = [
    { xPercent: 1, yPercent: 2, latitude: "38.7", longitude: "-9.1" },
    { xPercent: 99, yPercent: 98, latitude: "38.8", longitude: "-9.2" },
  ];
  await check("C2", { venueId, floorPlanId: plan.id }, points);
  await check("C1", { venueId, floorPlanId: plan.id });
  await check("A9", { venueId });
  const redirect = await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, {
    headers: { cookie: client.cookie! },
    redirect: "manual",
  });
  expect({ status: redirect.status, location: redirect.headers.get("location"), body: await redirect.text() }).toEqual({
    status: 302,
    location: expect.stringContaining(fileId),
    body: "",
  });
  seen.add("U2");
  await check("F5", { venueId, floorPlanId: spare.id });
}

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
