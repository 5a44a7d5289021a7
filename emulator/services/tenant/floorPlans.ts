// Floor plans of a venue and their calibration points (listCalibrationPoints, replaceCalibrationPoints). A floor plan's image is
// a file of the tenant's file store (getUploadUrl), named by imageId; imageUrl is getDownloadUrl's path for it. The
// calibration points are kept on the floor plan: listCalibrationPoints reads them, replaceCalibrationPoints replaces them (exactly two,
// VENUE-10203), and they go with the floor plan.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  calibrationPointReadSchema,
  calibrationPointsSchema,
  type FloorPlanInput,
  floorPlanInputSchema,
  floorPlanReadSchema,
  pathFor,
  validateBody,
} from "../../../contract";
import { relatedNotFound, validationError } from "../../model/errors";
import { ok } from "../../operations/handlers";
import type { KindDef } from "../../model/kind";
import { fileStoreOf } from "../file/store";

export interface CalibrationPoint {
  id: string;
  xPercent: number;
  yPercent: number;
  latitude: string;
  longitude: string;
}

export interface FloorPlanRecord extends FloorPlanInput {
  id: string;
  venueId: string;
  calibrationPoints: CalibrationPoint[];
  createdDate: string;
  updatedDate: string;
}

export const floorPlans: KindDef<FloorPlanRecord, FloorPlanInput> = {
  name: "floorPlans",
  noun: "floor plan",
  idParam: "floorPlanId",
  parents: { venueId: { field: "venueId", kind: "venues", noun: "venue" } },
  schema: () => floorPlanInputSchema,
  readSchema: () => floorPlanReadSchema,
  schemasOf: {
    listCalibrationPoints: { answer: () => z.array(calibrationPointReadSchema) },
    replaceCalibrationPoints: {
      body: () => calibrationPointsSchema,
      answer: () => acceptedAnswerSchema(z.array(calibrationPointReadSchema)),
    },
  },
  ops: {
    lists: [{ op: "listFloorPlans" }],
    create: "createFloorPlan",
    get: "getFloorPlan",
    update: "updateFloorPlan",
    delete: "deleteFloorPlan",
  },

  build(ctx, input, id, previous) {
    const record = {
      ...input,
      id,
      venueId: previous?.venueId ?? "",
      calibrationPoints: previous?.calibrationPoints ?? [],
      createdDate: previous?.createdDate ?? ctx.now,
      updatedDate: ctx.now,
    };
    return { record };
  },

  check(t, plan) {
    if (plan.imageId !== undefined && !fileStoreOf(t.directory).of(t.id, plan.imageId))
      throw relatedNotFound("file", "imageId", plan.imageId);
  },

  view: (t, plan) => floorPlanView(t.id, plan),

  extra: {
    listCalibrationPoints: (c) =>
      ok(c.model.existing(floorPlans, c.tenant, c.params.floorPlanId, c.params).calibrationPoints),
    replaceCalibrationPoints: (c) => {
      const plan = c.model.existing(floorPlans, c.tenant, c.params.floorPlanId, c.params);
      const parsed = validateBody(calibrationPointsSchema, c.body);
      if (!parsed.ok) throw validationError(parsed.failures, c.body);
      const ctx = c.model.context(c.tenant);
      const points = parsed.value.map((point) => ({ id: ctx.newId(), ...point }));
      return c.finish(
        c.model.action(plan.id, points, () => {
          const current = c.tenant.of<FloorPlanRecord>("floorPlans").get(plan.id);
          if (current) current.calibrationPoints = points;
        }),
      );
    },
  },
};

/** The read form: without the calibration points (listCalibrationPoints reads them), with imageUrl for an image. */
export function floorPlanView(tenantId: string, plan: FloorPlanRecord): Record<string, unknown> {
  const { calibrationPoints: _points, venueId: _venue, ...shown } = plan;
  return plan.imageId === undefined
    ? shown
    : { ...shown, imageUrl: pathFor("getDownloadUrl", { tenantId, fileId: plan.imageId }) };
}
