import { z } from "zod";
import { calibrationPointsSchema } from "../../contract/schemas/floorPlan";
import { type Props, resourceSpec } from "../spec";

export const calibrationPointsSpec = resourceSpec({
  kind: "CalibrationPoints",
  description:
    "The two calibration points of a floor plan (listCalibrationPoints, replaceCalibrationPoints): where two spots of the image (x and y in percent) are on the " +
    "map (latitude and longitude, as strings). They exist with the floor plan; creating the resource writes the program's points.",
  inputSchema: () => z.object({ points: calibrationPointsSchema.describe("Exactly two points (VENUE-10203).") }),
  // replaceCalibrationPoints's body is the array of points itself.
  bodySchema: () => calibrationPointsSchema,
  toApi: (inputs) => inputs.points as Props,
  fromApi: (api) => ({ points: Array.isArray(api) ? api : [] }),
  inputPathOf: (bodyPath) => (bodyPath === "" ? "points" : `points${bodyPath.startsWith("[") ? "" : "."}${bodyPath}`),
  identity: { idParam: "floorPlanId", idFromInput: "floorPlanId", parents: { venueId: "venueId" } },
  ops: { read: "listCalibrationPoints", update: "replaceCalibrationPoints" },
  destroy: "forget",
  destroyNote:
    "The service has no delete for calibration points and takes exactly two: destroy leaves them on the floor plan, and " +
    "they go when the floor plan is deleted.",
});
