// Floor plans of a venue (F1–F5) and their calibration points (C1, C2). A floor plan's image is
// a file of the tenant's file store (U1), named by imageId; imageUrl is U2's path for it. The
// calibration points are kept on the floor plan: C1 reads them, C2 replaces them (exactly two,
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
    C1: { answer: () => z.array(calibrationPointReadSchema) },
    C2: {
      body: () => calibrationPointsSchema,
      answer: () => acceptedAnswerSchema(z.array(calibrationPointReadSchema)),
    },
  },
  ops: { lists: [{ op: "F1" }], create: "F2", get: "F3", update: "F4", delete: "F5" },

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
    C1: (c) => ok(c.model.existing(floorPlans, c.tenant, c.params.floorPlanId, c.params).calibrationPoints),
    C2: (c) => {
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

/** The read form: without the calibration points (C1 reads them), with imageUrl for an image. */
export function floorPlanView(tenantId: string, plan: FloorPlanRecord): Record<string, unknown> {
  const { calibrationPoints: _points, venueId: _venue, ...shown } = plan;
  return plan.imageId === undefined ? shown : { ...shown, imageUrl: pathFor("U2", { tenantId, fileId: plan.imageId }) };
}
