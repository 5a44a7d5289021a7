// The answers of the account and venues operations: their read
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
    login: strictLoginReadSchema,
    getRequest: strictRequestRecordReadSchema,
    listRequestsByStatus: z.array(strictRequestRecordReadSchema),
    getTenant: strictTenantReadSchema,
    getTenantDetails: strictTenantDetailsReadSchema,
    listVenues: z.array(venueReadSchema),
    createVenue: acceptedAnswerSchema(venueReadSchema),
    deleteVenues: acceptedRequestSchema,
    getVenue: venueReadSchema,
    updateVenue: acceptedAnswerSchema(venueReadSchema),
    deleteVenue: acceptedRequestSchema,
    listAdmins: z.array(adminListReadSchema),
    createAdmin: acceptedAnswerSchema(adminEmbeddedReadSchema),
    updateAdminRole: acceptedAnswerSchema(adminEmbeddedReadSchema),
    deleteAdmins: acceptedRequestSchema,
    getAdmin: adminListReadSchema,
    deleteAdmin: acceptedRequestSchema,
    listDelegations: z.array(delegationReadSchema),
    inviteVar: acceptedAnswerSchema(delegationReadSchema),
    createSupportDelegation: acceptedAnswerSchema(delegationReadSchema),
    deleteSupportDelegation: acceptedRequestSchema,
    getDelegation: delegationReadSchema,
    updateDelegation: acceptedAnswerSchema(delegationReadSchema),
    deleteDelegation: acceptedRequestSchema,
    listNotificationRecipients: z.array(notificationRecipientReadSchema),
    createNotificationRecipient: acceptedAnswerSchema(notificationRecipientReadSchema),
    deleteNotificationRecipients: acceptedRequestSchema,
    getNotificationRecipient: notificationRecipientReadSchema,
    updateNotificationRecipient: acceptedAnswerSchema(notificationRecipientReadSchema),
    deleteNotificationRecipient: acceptedRequestSchema,
    getUserProfile: userProfileReadSchema,
    updateUserProfile: acceptedAnswerSchema(userProfileReadSchema),
    listEntitlements: z.array(entitlementReadSchema),
    listEntitlementSummaries: z.array(entitlementSummaryReadSchema),
    getEndCustomerEntitlements: z.object({
      entitlements: z.array(entitlementReadSchema),
      summary: z.array(entitlementSummaryReadSchema),
    }),
    listFloorPlans: z.array(floorPlanReadSchema),
    createFloorPlan: acceptedAnswerSchema(floorPlanReadSchema),
    getFloorPlan: floorPlanReadSchema,
    updateFloorPlan: acceptedAnswerSchema(floorPlanReadSchema),
    deleteFloorPlan: acceptedRequestSchema,
    listCalibrationPoints: z.array(calibrationPointReadSchema),
    replaceCalibrationPoints: acceptedAnswerSchema(z.array(calibrationPointReadSchema)),
    getUploadUrl: uploadUrlReadSchema,
    // A redirect: no body, the address in Location.
    getDownloadUrl: z.undefined(),
  };
}

/** administrators, delegations, recipients, user profile and licences */
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
  const byEmail = (await check("createAdmin", {}, { role: "ADMIN", email: `ops-${tag}@example.com` })).response;
  const byId = (await check("createAdmin", {}, { role: "READ_ONLY", externalId: `ext-${tag}`, detailLevel: "su" }))
    .response;
  const spare = (await check("createAdmin", {}, { role: "ADMIN", email: `spare-${tag}@example.com` })).response;
  await check("updateAdminRole", {}, { role: "OFFICE_ADMIN", email: `ops-${tag}@example.com`, detailLevel: "debug" });
  await check("listAdmins");
  await check("getAdmin", { adminId: byId.id });
  await check("deleteAdmins", {}, [spare.id]);
  await check("deleteAdmin", { adminId: byEmail.id });
  const invited = (await check("inviteVar", {}, { username: `var-${tag}@var.example` })).response;
  const support = (await check("createSupportDelegation")).response;
  await check("listDelegations");
  await check("listDelegations", {}, undefined, "type=SUPPORT");
  await check("getDelegation", { delegationId: support.id });
  const varClient = await Client.login(emu, varTenant.body.username, varTenant.body.password);
  const answered = await varClient.call(
    "updateDelegation",
    { delegationId: invited.id },
    { accept: true, fromTenantId: client.tenantId },
  );
  expect({ status: answered.status, problems: answerProblems(schemas.updateDelegation, answered.body) }).toEqual({
    status: 202,
    problems: [],
  });
  seen.add("updateDelegation");
  expect((await varClient.waitFor(answered.body.requestId)).status).toBe("SUCCESS");
  await check("deleteSupportDelegation");
  await check("deleteDelegation", { delegationId: invited.id });
  const recipient = (
    await check(
      "createNotificationRecipient",
      {},
      { description: "On-call", endpoints: [{ type: "EMAIL", destination: `oncall-${tag}@example.com` }] },
    )
  ).response;
  const other = (await check("createNotificationRecipient", {}, { description: "NOC", endpoints: [] })).response;
  await check("listNotificationRecipients");
  await check("getNotificationRecipient", { notificationRecipientId: recipient.id });
  await check(
    "updateNotificationRecipient",
    { notificationRecipientId: recipient.id },
    { description: "On-call team", endpoints: [{ type: "SMS", destination: "+15550100", active: false }] },
  );
  await check("deleteNotificationRecipients", {}, [other]);
  await check("deleteNotificationRecipient", { notificationRecipientId: recipient.id });
  await check("getTenant", {}, undefined, "deep=true");
  await check("getUserProfile");
  await check("updateUserProfile", {}, { dateFormat: "dd/mm/yyyy", detailLevel: "ba" });
  await check("listEntitlements");
  await check("listEntitlementSummaries", {}, undefined, "type=WIFI");
  const customer = await admin(emu, "POST", "/tenants", { name: `Customer ${variant}` });
  await admin(emu, "PUT", `/tenants/${customer.body.tenantId}/msp`, { mspTenantId: client.tenantId });
  await check("getEndCustomerEntitlements", {}, undefined, `mspEcTenantId=${customer.body.tenantId}&type=WIFI`);
}

/** floor plans, calibration points and files */
export async function driveFloorPlanOperations({ emu, client, variant, check, seen }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody(`Plans ${variant}`))).id;
  const { fileId, signedUrl } = await check("getUploadUrl", {}, { fileExtension: "png" });
  expect((await fetch(signedUrl, { method: "PUT", body: new Uint8Array([137, 80, 78, 71]) })).status).toBe(200);
  const plan = (await check("createFloorPlan", { venueId }, { name: "Ground", floorNumber: 0, imageId: fileId }))
    .response;
  const spare = (await check("createFloorPlan", { venueId }, { name: "Roof" })).response;
  await check("listFloorPlans", { venueId });
  await check("getFloorPlan", { venueId, floorPlanId: plan.id });
  await check(
    "updateFloorPlan",
    { venueId, floorPlanId: plan.id },
    { name: "Ground floor", floorNumber: 0, imageId: fileId },
  );
  const points = [
    { xPercent: 1, yPercent: 2, latitude: "38.7", longitude: "-9.1" },
    { xPercent: 99, yPercent: 98, latitude: "38.8", longitude: "-9.2" },
  ];
  await check("replaceCalibrationPoints", { venueId, floorPlanId: plan.id }, points);
  await check("listCalibrationPoints", { venueId, floorPlanId: plan.id });
  await check("getVenue", { venueId });
  const redirect = await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, {
    headers: { cookie: client.cookie! },
    redirect: "manual",
  });
  expect({ status: redirect.status, location: redirect.headers.get("location"), body: await redirect.text() }).toEqual({
    status: 302,
    location: expect.stringContaining(fileId),
    body: "",
  });
  seen.add("getDownloadUrl");
  await check("deleteFloorPlan", { venueId, floorPlanId: spare.id });
}

/** account and venues */
export async function driveAccountAndVenues({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  await check("login", {}, credentials!);
  await check("getTenant");
  await check("getTenant", {}, undefined, "deep=true");
  await check("getTenantDetails");
  const venue = (await check("createVenue", {}, venueBody("Answers"))).response;
  const spare = (await check("createVenue", {}, venueBody("Spare"))).response;
  await check("listVenues");
  await check("getVenue", { venueId: venue.id });
  await check("updateVenue", { venueId: venue.id }, { ...venueBody("Answers"), description: "Updated" });
  await check("deleteVenues", {}, [spare.id]);
  const last = (await check("createVenue", {}, venueBody("Last"))).response;
  await check("deleteVenue", { venueId: last.id });
  await check("getRequest", {
    requestId: (await client.call("createVenue", {}, venueBody("Recorded"))).body.requestId,
  });
  await check("listRequestsByStatus", { status: "SUCCESS" }, undefined, "page=0&size=50");
}
