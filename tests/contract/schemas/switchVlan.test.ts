// contract/schemas/switchVlan.ts: the update names its VLAN in the body (updateVlan).
import { switchVlanUpdateSchema, validateBody } from "../../../contract";
import { golden } from "../goldenCases";

test("updateVlan needs the id, and takes the create body with it", () => {
  const body = golden("S50").request;
  expect(validateBody(switchVlanUpdateSchema, body)).toMatchObject({
    ok: false,
    failures: [{ path: "id", message: "is required" }],
  });
  expect(validateBody(switchVlanUpdateSchema, { ...(body as object), id: "7f8091a2b3c44d5e6f708192a3b4c5d6" }).ok).toBe(
    true,
  );
});
