// Administrators, delegations, recipients, user profile, floor plans, calibration points.
import * as fs from "node:fs";
import * as path from "node:path";
import { expectGone, type KindCase, type Props } from "./types";

/** Floor-plan images the stack uploads (absolute: the stack program runs elsewhere). */
export const FLOOR_IMAGES = {
  a: path.join(__dirname, "..", "fixtures", "images", "floor-a.png"),
  b: path.join(__dirname, "..", "fixtures", "images", "floor-b.png"),
};

/** Secret config values the cases refer to as "${secret:key}". */
export const ACCOUNT_SECRETS: Record<string, string> = {};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const ACCOUNT_SUPPORT: Props[] = [
  {
    name: "hq-plan",
    kind: "FloorPlan",
    args: { venueId: "${hq}", name: "HQ ground floor", floorNumber: 0, imagePath: FLOOR_IMAGES.b },
  },
];

const point = (xPercent: number, yPercent: number, latitude: string, longitude: string) => ({
  xPercent,
  yPercent,
  latitude,
  longitude,
});

export const ACCOUNT_CASES: KindCase[] = [
  {
    name: "ops-admin",
    kind: "Admin",
    args: { role: "ADMIN", email: "ops@demo.example" },
    // externalId names a person of the support directory instead of an email: the one or the other.
    full: { externalId: null },
    update: { field: "detailLevel", value: "debug" },
    // A different person: the email names the administrator.
    replace: { field: "email", value: "ops2@demo.example" },
    drift: {
      async make({ admin, id }) {
        const current = await admin.call<Props>("getAdmin", { adminId: id });
        await admin.execute(
          "updateAdminRole",
          {},
          { body: { role: "READ_ONLY", email: current.email, detailLevel: current.detailLevel } },
        );
      },
      path: "role",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteAdmin", { adminId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getAdmin", { adminId: id })),
  },
  {
    name: "oncall",
    kind: "NotificationRecipient",
    args: { description: "On-call", endpoints: [{ type: "EMAIL", destination: "oncall@demo.example" }] },
    update: { field: "description", value: "On-call team" },
    drift: {
      async make({ admin, id }) {
        const current = await admin.call<Props>("getNotificationRecipient", { notificationRecipientId: id });
        await admin.execute(
          "updateNotificationRecipient",
          { notificationRecipientId: id },
          { body: { description: "edited in the dashboard", endpoints: current.endpoints } },
        );
      },
      path: "description",
    },
    removed: {
      make: ({ admin, id }) =>
        admin.execute("deleteNotificationRecipient", { notificationRecipientId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) =>
      expectGone(() => admin.call("getNotificationRecipient", { notificationRecipientId: id })),
  },
  {
    name: "my-profile",
    kind: "UserProfile",
    args: { dateFormat: "dd/mm/yyyy", detailLevel: "su" },
    update: { field: "detailLevel", value: "debug" },
    drift: {
      async make({ admin }) {
        const current = await admin.call<Props>("getUserProfile");
        await admin.execute(
          "updateUserProfile",
          {},
          { body: { dateFormat: "yyyy/mm/dd", detailLevel: current.detailLevel } },
        );
      },
      path: "dateFormat",
    },
    removed: {
      make: ({ admin }) =>
        admin
          .execute("updateUserProfile", {}, { body: { dateFormat: "mm/dd/yyyy", detailLevel: "it" } })
          .then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin }) {
      expect(await admin.call("getUserProfile")).toMatchObject({ dateFormat: "mm/dd/yyyy", detailLevel: "it" });
    },
  },
  {
    name: "partner-var",
    kind: "VarDelegation",
    args: { username: "var@partner.example" },
    replace: { field: "username", value: "pat.lee@partner.example" },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteDelegation", { delegationId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getDelegation", { delegationId: id })),
  },
  {
    name: "vendor-support",
    kind: "SupportAccess",
    args: {},
    removed: { make: ({ admin }) => admin.execute("deleteSupportDelegation").then(() => undefined), refresh: "delete" },
    async destroyed({ admin }) {
      expect(await admin.call("listDelegations", {}, { query: { type: "SUPPORT" } })).toEqual([]);
    },
  },
  {
    name: "first-floor",
    kind: "FloorPlan",
    // The image as a Pulumi asset (FileAsset), through the SDK, the engine and the provider host.
    args: { venueId: "${hq}", name: "First floor", floorNumber: 1, image: "${asset:file:" + FLOOR_IMAGES.a + "}" },
    // The image comes as an asset or as a local path, not both.
    full: { imagePath: null },
    async created({ admin, id, ids }) {
      const plan = await admin.call<Props>("getFloorPlan", { venueId: ids.hq, floorPlanId: id });
      const bytes = await admin.download(await admin.redirectTarget("getDownloadUrl", { fileId: plan.imageId }));
      expect(bytes).toEqual(fs.readFileSync(FLOOR_IMAGES.a));
    },
    update: { field: "floorNumber", value: 2 },
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id, ids }) {
        const plan = await admin
          .call<Props>("getFloorPlan", { venueId: ids.hq, floorPlanId: id })
          .catch(() => undefined);
        const venueId = plan ? ids.hq : ids.branch;
        const current = plan ?? (await admin.call<Props>("getFloorPlan", { venueId, floorPlanId: id }));
        await admin.execute(
          "updateFloorPlan",
          { venueId, floorPlanId: id },
          { body: { name: "Renamed in the dashboard", floorNumber: current.floorNumber, imageId: current.imageId } },
        );
      },
      path: "name",
    },
    removed: {
      make: ({ admin, id, ids }) =>
        admin.execute("deleteFloorPlan", { venueId: ids.hq, floorPlanId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id, ids }) =>
      expectGone(() => admin.call("getFloorPlan", { venueId: ids.hq, floorPlanId: id })),
  },
  {
    name: "hq-plan-points",
    kind: "CalibrationPoints",
    args: {
      venueId: "${hq}",
      floorPlanId: "${hq-plan}",
      points: [point(10, 10, "38.7223", "-9.1393"), point(90, 80, "38.7230", "-9.1380")],
    },
    update: { field: "points", value: [point(10, 10, "38.7223", "-9.1393"), point(95, 85, "38.7231", "-9.1379")] },
    drift: {
      async make({ admin, ids }) {
        const points = await admin.call<Props[]>("listCalibrationPoints", {
          venueId: ids.hq,
          floorPlanId: ids["hq-plan"],
        });
        await admin.execute(
          "replaceCalibrationPoints",
          { venueId: ids.hq, floorPlanId: ids["hq-plan"] },
          { body: [{ ...points[0], latitude: "38.0000" }, points[1]] },
        );
      },
      path: "points[0].latitude",
    },
    removed: {
      make: ({ admin, ids }) =>
        admin
          .execute(
            "replaceCalibrationPoints",
            { venueId: ids.hq, floorPlanId: ids["hq-plan"] },
            { body: [point(0, 0, "0", "0"), point(100, 100, "1", "1")] },
          )
          .then(() => undefined),
      refresh: "update",
    },
    // Forgotten: the points stay on the floor plan.
    async destroyed({ admin, ids }) {
      expect(await admin.call("listCalibrationPoints", { venueId: ids.hq, floorPlanId: ids["hq-plan"] })).toHaveLength(
        2,
      );
    },
  },
];
