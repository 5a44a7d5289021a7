// contract/schemas/switchProfile.ts: the update names its profile in the body (updateSwitchProfile).
import { switchProfileUpdateSchema, validateBody } from "../../../contract";
import { golden } from "../goldenCases";

test("updateSwitchProfile needs the id, and takes the create body with it", () => {
  const body = golden("S43").request;
  expect(validateBody(switchProfileUpdateSchema, body)).toMatchObject({
    ok: false,
    failures: [{ path: "id", message: "is required" }],
  });
  expect(
    validateBody(switchProfileUpdateSchema, { ...(body as object), id: "7f8091a2b3c44d5e6f708192a3b4c5d6" }).ok,
  ).toBe(true);
});
